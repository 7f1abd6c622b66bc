/**
 * A report page's calls and flow (`src/lib/report-page-flow.ts`): the summary for the range and
 * the section's filters (Retry asks again), the section's page of rows (latest request wins),
 * and the CSV export of the whole filtered section.
 */
import { useCallback, useEffect, useMemo, useReducer } from 'react';
import { usePageLoader } from '../../components/data-table/use-page-loader';
import { toast } from '../../components/ui/Toaster';
import { downloadReportCsv, fetchReportPage, fetchReportSummary } from '../../lib/api/reports';
import { saveFile } from '../../lib/download';
import { callErrorMessage } from '../../lib/errors';
import { NOTICES } from '../../lib/notices';
import { exportReportCsv, initialReportPageFlow, reportPageFlow } from '../../lib/report-page-flow';
import { exportQuery, reportFileName, sectionQuery, summaryQuery, type ReportState } from '../../lib/report-query';
import type { ReportDefinition, ReportSection } from '#shared/report-catalogue';
import type { ReportRow } from '#shared/schemas/reports';
import type { ReportStateUpdate } from './use-report-state';

/** A row with its place on the page, for a stable key (rows have no common id column). */
export interface IndexedRow {
  index: number;
  cells: ReportRow;
}

export function useReportPage(report: ReportDefinition, section: ReportSection, state: ReportState, update: ReportStateUpdate) {
  const [flow, dispatch] = useReducer(reportPageFlow, initialReportPageFlow);

  const summaryKey = JSON.stringify(summaryQuery(report, state));
  useEffect(() => {
    let live = true;
    dispatch({ type: 'summary-requested' });
    fetchReportSummary(report.key, JSON.parse(summaryKey) as Record<string, string>)
      .then((summary) => live && dispatch({ type: 'summary-loaded', summary }))
      .catch((failure: unknown) => live && dispatch({ type: 'summary-failed', message: callErrorMessage('report', failure) }))
      .finally(() => live && dispatch({ type: 'summary-settled' }));
    return () => {
      live = false;
    };
  }, [report.key, summaryKey, flow.summaryAttempt]);

  const query = useMemo(() => sectionQuery(report, state), [report, state]);
  const rowsLoader = usePageLoader<ReportRow>({
    key: `${section.key}?${JSON.stringify(query)}`,
    load: () => fetchReportPage(report.key, section.key, query),
    pageNumber: state.page,
    toFirstPage: () => update((current) => ({ ...current, page: 1 }), 'replace'),
    errorMessage: (failure) => callErrorMessage('report', failure),
  });
  const { page: rowsPage, loadError } = rowsLoader;
  const rows = useMemo<IndexedRow[]>(() => (loadError ? [] : (rowsPage?.rows ?? [])).map((cells, index) => ({ index, cells })), [rowsPage, loadError]);

  const exportCsv = useCallback(async () => {
    dispatch({ type: 'export-started' });
    await exportReportCsv(reportFileName(report, state), {
      download: () => downloadReportCsv(report.key, section.key, exportQuery(report, state)),
      save: saveFile,
      saved: (fileName) => toast.success(NOTICES.reportExported(fileName)),
      failed: (failure) => toast.error(callErrorMessage('report-export', failure)),
    });
    dispatch({ type: 'export-ended' });
  }, [report, section.key, state]);

  return { flow, dispatch, rows, rowsLoader, exportCsv };
}
