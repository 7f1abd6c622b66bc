/**
 * The history's Export CSV and Print, as the reports do: the CSV is the server's file of the whole
 * filtered log (bounded like the reports' exports), saved through the reports' export flow; Print
 * prints the filters in words and the rows on this page in the reports' print look (the print view
 * loads on first Print; each press prints again).
 */
import { lazy, Suspense, useState } from 'react';
import { toolbar } from 'styled-system/recipes';
import { Button } from '../../components/ui/Button';
import { toast } from '../../components/ui/Toaster';
import { downloadNotificationLogCsv } from '../../lib/api/notifications';
import { saveFile } from '../../lib/download';
import { callErrorMessage } from '../../lib/errors';
import { logExportQuery, logFiltersInWords, type LogFilter } from '../../lib/notification-log';
import { NOTICES } from '../../lib/notices';
import { exportReportCsv } from '../../lib/report-page-flow';
import type { NotificationLogRow } from '../../lib/schemas/notifications';
import type { TableState } from '../../lib/table-query';
import { notificationLogFileName } from '#shared/notification-log';
import type { LogPrintFormat } from './NotificationLogPrint';

const NotificationLogPrint = lazy(() => import('./NotificationLogPrint'));
const actions = toolbar();

export function LogActions({ state, rows, count, format }: { state: TableState<LogFilter>; rows: readonly NotificationLogRow[]; count: number; format: LogPrintFormat }) {
  const [exporting, setExporting] = useState(false);
  const [printRequest, setPrintRequest] = useState(0);
  const [printing, setPrinting] = useState(false);

  async function exportCsv(): Promise<void> {
    setExporting(true);
    await exportReportCsv(notificationLogFileName(state.filters.date_from || undefined, state.filters.date_to || undefined), {
      download: () => downloadNotificationLogCsv(logExportQuery(state)),
      save: saveFile,
      saved: (fileName) => toast.success(NOTICES.reportExported(fileName)),
      failed: (failure) => toast.error(callErrorMessage('report-export', failure)),
    });
    setExporting(false);
  }

  // The member's name from a row of his (the URL holds only his id).
  const memberName = (id: string) => {
    const user = rows.find((row) => row.user && String(row.user.id) === id)?.user;
    return user ? user.full_name || user.username : null;
  };

  return (
    <div className={actions} data-print-hide="">
      <Button variant="outline" onClick={() => void exportCsv()} loading={exporting} loadingText="Exporting..." aria-label="Export the notification history as CSV">
        Export CSV
      </Button>
      <Button
        variant="outline"
        loading={printing}
        loadingText="Preparing..."
        onClick={() => {
          setPrinting(true);
          setPrintRequest((n) => n + 1);
        }}
      >
        Print
      </Button>
      <Suspense fallback={null}>
        {printRequest > 0 && (
          <NotificationLogPrint request={printRequest} rows={rows} count={count} state={state} format={format} filters={logFiltersInWords(state, format.date_format, memberName)} onPrinted={() => setPrinting(false)} />
        )}
      </Suspense>
    </div>
  );
}
