/**
 * The notification history as printed (loaded on the first Print), in the reports' print look
 * (`components/print/report-print`): the library's name, the title, the filters in words and the
 * rows on this page. A copy placed in <body>, the only thing printed; each new `request` prints again.
 */
import { useStore } from '@nanostores/react';
import { createPortal } from 'react-dom';
import { table } from 'styled-system/recipes';
import { REPORT_PAGE_RULE, reportPrintCopy, usePrintHost, usePrintOnce } from '../../components/print/report-print';
import { momentText, type MomentFormat } from '#shared/dates';
import { channelLabel, logStatusLabel, noticeLabel } from '#shared/notification-log';
import type { LogFilter } from '../../lib/notification-log';
import type { NotificationLogRow } from '../../lib/schemas/notifications';
import { showingText, type TableState } from '../../lib/table-query';
import { $librarySettings } from '../../stores/library-settings';

const rowsTable = table({ frame: 'boxed', density: 'snug' }).table;

export type LogPrintFormat = MomentFormat & { date_format?: string | null | undefined };

export interface NotificationLogPrintProps {
  request: number;
  rows: readonly NotificationLogRow[];
  count: number;
  state: TableState<LogFilter>;
  format: LogPrintFormat;
  filters: string[];
  onPrinted: () => void;
}

const HEADERS = ['When', 'Member', 'Recipient', 'Notice', 'Channel', 'Status', 'Attempts', 'Error'];

export default function NotificationLogPrint({ request, rows, count, state, format, filters, onPrinted }: NotificationLogPrintProps) {
  usePrintHost();
  usePrintOnce(request, onPrinted);
  const libraryName = useStore($librarySettings)?.library_name;

  return createPortal(
    <div className={reportPrintCopy} data-report-print="">
      <style>{REPORT_PAGE_RULE}</style>
      {libraryName && <p>{libraryName}</p>}
      <h1>Notification History</h1>
      <p>Every notice and account mail sent, newest first. Printed {momentText(new Date().toISOString(), format)}.</p>
      <ul>
        {filters.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <h2>Notifications · {showingText(state.page, state.pageSize, count)}</h2>
      <table className={rowsTable}>
        <thead>
          <tr>
            {HEADERS.map((header) => (
              <th key={header} scope="col" className={header === 'Attempts' ? 'num' : undefined}>
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={HEADERS.length}>No notifications match these filters.</td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={row.id}>
                <td>{momentText(row.created_at, format)}</td>
                <td>{row.user ? row.user.full_name || row.user.username : '—'}</td>
                <td>{row.recipient ?? '—'}</td>
                <td>{noticeLabel(row.notice_type, row.kind)}</td>
                <td>{channelLabel(row.channel)}</td>
                <td>{logStatusLabel(row.status)}</td>
                <td className="num">{row.attempts ?? 0}</td>
                <td>{row.error ?? '—'}</td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>,
    document.body,
  );
}
