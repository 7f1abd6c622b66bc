/**
 * reports/notifications, the Notification History Panel (view_notificationlog): every notice on
 * every channel on the shared data table, newest first, filtered by member, notice type, status,
 * channel and a date range (all in the URL, answered by the server). A row's notice opens the
 * message; a failed e-mail may be sent again by a holder of change_notificationsettings (confirm,
 * toast, the list reloads). Export CSV and Print as the reports do (`LogActions`).
 */
import { useStore } from '@nanostores/react';
import { useCallback, useMemo, useState } from 'react';
import { css } from 'styled-system/css';
import { badge, table, textLink } from 'styled-system/recipes';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DataTable, type DataTableColumn } from '../../components/data-table/DataTable';
import { TableLoadProblem } from '../../components/data-table/TableLoadProblem';
import { usePageLoader } from '../../components/data-table/use-page-loader';
import { tablePaging, useUrlTableState } from '../../components/data-table/use-url-table-state';
import { Button } from '../../components/ui/Button';
import { toast } from '../../components/ui/Toaster';
import { fetchNotificationLog, resendNotification } from '../../lib/api/notifications';
import { callErrorMessage } from '../../lib/errors';
import { NOTIFICATION_LOG_SPEC, canResend, channelLabel, logQueryFromState, noticeLabel, statusBadge, type LogFilter } from '../../lib/notification-log';
import { momentText } from '#shared/dates';
import { NOTICES } from '../../lib/notices';
import { holdsPermission } from '../../lib/permissions';
import type { NotificationLogRow } from '../../lib/schemas/notifications';
import { isFiltered, type TableState } from '../../lib/table-query';
import { $librarySettings } from '../../stores/library-settings';
import { $session } from '../../stores/session';
import { LogActions } from './LogActions';
import { LogFilters } from './LogFilters';
import { LogMessageDialog } from './LogMessageDialog';

const { cellStack: who, cellDetail: muted, cellNumber: when } = table();
const errorText = css({ fontSize: 'xs', color: 'danger.fg', lineClamp: '2', overflowWrap: 'anywhere' });

type Format = Parameters<typeof momentText>[1];

const columnsFor = (format: Format, open: (row: NotificationLogRow) => void): DataTableColumn<NotificationLogRow>[] => [
  { id: 'when', header: 'When', cell: (row) => <span className={when}>{momentText(row.created_at, format)}</span> },
  {
    id: 'member',
    header: 'Member',
    cell: (row) => (
      <span className={who}>
        <span>{row.user ? row.user.full_name || row.user.username : (row.recipient ?? '—')}</span>
        {row.user && <span className={muted}>@{row.user.username}{row.user.member_id ? ` · ${row.user.member_id}` : ''}</span>}
      </span>
    ),
  },
  {
    id: 'notice',
    header: 'Notice',
    rowHeader: true,
    cell: (row) => (
      <button type="button" className={textLink()} onClick={() => open(row)} aria-label={`Open the message: ${noticeLabel(row.notice_type, row.kind)}, ${momentText(row.created_at, format)}`}>
        {noticeLabel(row.notice_type, row.kind)}
      </button>
    ),
  },
  { id: 'channel', header: 'Channel', cell: (row) => channelLabel(row.channel) },
  {
    id: 'status',
    header: 'Status',
    cell: (row) => {
      const shown = statusBadge(row.status);
      return <span className={badge({ tone: shown.tone })}>{shown.label}</span>;
    },
  },
  { id: 'attempts', header: 'Attempts', align: 'end', hideBelow: 'lg', cell: (row) => row.attempts ?? 0 },
  { id: 'error', header: 'Error', hideBelow: 'xl', cell: (row) => (row.error ? <span className={errorText} title={row.error}>{row.error}</span> : '—') },
];

export default function NotificationHistory() {
  const session = useStore($session);
  const settings = useStore($librarySettings);
  const mayResend = holdsPermission(session, 'change_notificationsettings');
  const [state, update] = useUrlTableState(NOTIFICATION_LOG_SPEC);
  const [opened, setOpened] = useState<NotificationLogRow | null>(null);
  const [resending, setResending] = useState<NotificationLogRow | null>(null);
  const query = useMemo(() => logQueryFromState(state), [state]);
  const format = useMemo<Format>(() => settings ?? {}, [settings]);
  const columns = useMemo(() => columnsFor(format, setOpened), [format]);

  const { page, loading, loadError, reload } = usePageLoader<NotificationLogRow>({
    key: JSON.stringify(query),
    load: () => fetchNotificationLog(query),
    pageNumber: state.page,
    toFirstPage: () => update((current) => ({ ...current, page: 1 }), 'replace'),
    errorMessage: (failure) => callErrorMessage('notification-log', failure),
  });

  const change = useCallback(
    (next: (current: TableState<LogFilter>) => TableState<LogFilter>, mode?: 'push' | 'replace') => update((current) => ({ ...next(current), page: 1 }), mode),
    [update],
  );

  async function resend(): Promise<void> {
    if (!resending) return;
    try {
      await resendNotification(resending.id);
      toast.success(NOTICES.notificationResent(resending.recipient));
      reload();
    } catch (error) {
      toast.error(callErrorMessage('notification-resend', error));
      throw error;
    }
  }

  const rows = loadError ? [] : (page?.rows ?? []);
  return (
    <div>
      <DataTable
        caption="Notification history"
        captionHidden
        columns={columns}
        rows={rows}
        rowKey={(row) => row.id}
        loading={loading}
        toolbar={<LogFilters state={state} onChange={change} actions={<LogActions state={state} rows={rows} count={loadError ? 0 : (page?.count ?? 0)} format={format} />} />}
        notice={loadError && <TableLoadProblem title="The notification history could not be loaded" message={loadError} onRetry={reload} />}
        emptyText={loadError ? 'No notifications to show.' : isFiltered(state) ? 'No notifications match these filters.' : 'No notifications have been sent yet.'}
        pagination={tablePaging(state, update, loadError ? 0 : (page?.count ?? 0))}
        rowActions={(row) =>
          canResend(row, mayResend) ? (
            <Button size="sm" variant="outline" aria-label={`Resend the e-mail to ${row.recipient ?? 'the member'}`} onClick={() => setResending(row)}>
              Resend
            </Button>
          ) : null
        }
      />
      {opened && <LogMessageDialog row={opened} format={format} onClose={() => setOpened(null)} />}
      <ConfirmDialog
        open={resending !== null}
        onOpenChange={(next) => {
          if (!next) setResending(null);
        }}
        title="Send this e-mail again?"
        description={resending ? `A fresh copy of “${resending.subject ?? noticeLabel(resending.notice_type, resending.kind)}” goes to ${resending.recipient ?? 'the member'}.` : undefined}
        confirmLabel="Resend"
        busyLabel="Sending..."
        tone="neutral"
        onConfirm={resend}
      />
    </div>
  );
}
