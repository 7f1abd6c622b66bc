/**
 * reports/books, reports/members, reports/financial and reports/audit: one island drawn from the
 * report catalogue (`src/lib/report-catalogue.ts`). A filter bar (date range, the section's search
 * and filters, all in the URL), the summary's figures and charts, then the active section's table
 * as tabs: sortable, paged by the server, cells formatted by column kind. Export CSV downloads
 * the server's CSV of the section's whole filtered list; Print prints the title, the filters in
 * words, the figures, the chart tables and the section's rows on their own (`ReportPrint`).
 * The audit trail's before/after open side by side in a dialog. Dialogs and the print view load
 * on first use. The route table and the guard keep the page to holders of the report's code.
 */
import { useStore } from '@nanostores/react';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { css } from 'styled-system/css';
import { DataTable, type DataTableColumn } from '../../components/data-table/DataTable';
import { TableLoadProblem } from '../../components/data-table/TableLoadProblem';
import { usePageLoader } from '../../components/data-table/use-page-loader';
import { Button } from '../../components/ui/Button';
import { toast } from '../../components/ui/Toaster';
import { downloadReportCsv, fetchReportPage, fetchReportSummary } from '../../lib/api/reports';
import { formatDate, todayIn } from '#shared/dates';
import { saveFile } from '../../lib/download';
import { callErrorMessage } from '../../lib/errors';
import { personLabel } from '../../lib/member-picker';
import { NOTICES } from '../../lib/notices';
import { REPORTS, sectionOf, type ReportColumn, type ReportKey } from '#shared/report-catalogue';
import { changeSummary, columnText } from '../../lib/report-cells';
import { exportQuery, filtersInWords, rangeLabel, reportFileName, sectionQuery, summaryQuery, withSection } from '../../lib/report-query';
import type { ReportRow, ReportSummary } from '#shared/schemas/reports';
import { $librarySettings } from '../../stores/library-settings';
import { ReportFilters, type PickedPeople } from './ReportFilters';
import { ReportSummaryView } from './ReportSummaryView';
import { SectionTabs, tabId } from './SectionTabs';
import { optionNames, useFilterOptions } from './use-filter-options';
import { useReportState } from './use-report-state';

const AuditChangeDialog = lazy(() => import('./AuditChangeDialog'));
const ReportPrint = lazy(() => import('./ReportPrint'));

const page = css({ display: 'flex', flexDirection: 'column', gap: '5', minW: '0' });
const head = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', justifyContent: 'space-between', gap: '3' });
const title = css({ fontSize: { base: 'xl', md: '2xl' }, fontWeight: 'bold', lineHeight: '1.2' });
const subtitle = css({ mt: '1', color: 'fg.muted', fontSize: 'sm' });
const filterPanel = css({ bg: 'bg.surface', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'lg', p: { base: '3', md: '4' } });
const sectionHead = css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'flex-end', justifyContent: 'space-between', w: 'full' });
const description = css({ color: 'fg.muted', fontSize: 'sm', maxW: '60ch', flex: '1 1 20rem' });
const nowrap = css({ whiteSpace: 'nowrap' });
const changeCell = css({ display: 'flex', alignItems: 'center', gap: '2', justifyContent: { base: 'flex-end', sm: 'space-between' } });
const changeText = css({ minW: '0', maxW: '12rem', fontSize: 'xs', color: 'fg.muted', overflowWrap: 'anywhere' });

/** A row with its place on the page, for a stable key (rows have no common id column). */
interface IndexedRow {
  index: number;
  cells: ReportRow;
}

type Format = { timezone?: string | null | undefined; date_format?: string | null | undefined; time_format?: string | null | undefined };

/** Columns that name a row (the card's title on phones), in order of preference. */
const NAMING = ['title', 'name', 'member', 'receipt_no', 'period', 'day', 'user'];
/** Columns narrow windows can do without (lg), and those only wide screens show (2xl): all are in the CSV and the print; ids of rows phones do without (their cards are named otherwise). */
const SECONDARY = new Set(['member_no', 'entity_id']);
const WIDE_ONLY = new Set(['username', 'discount_reason', 'session']);
const ROW_IDS = new Set(['loan_id', 'book_id', 'user_id', 'id']);

function columnsFor(columns: readonly ReportColumn[], format: Format, openChange: (row: ReportRow) => void): DataTableColumn<IndexedRow>[] {
  const naming = NAMING.find((key) => columns.some((column) => column.key === key));
  const plain = columns.filter((column) => column.kind !== 'json');
  const table: DataTableColumn<IndexedRow>[] = plain.map((column) => ({
    id: column.key,
    header: column.label,
    ...(column.sort ? { sortKey: column.key } : {}),
    ...(column.kind === 'money' || column.kind === 'count' ? { align: 'end' as const } : {}),
    ...(column.key === naming ? { rowHeader: true } : {}),
    ...(WIDE_ONLY.has(column.key) ? { hideBelow: '2xl' as const } : SECONDARY.has(column.key) ? { hideBelow: 'lg' as const } : ROW_IDS.has(column.key) ? { hideBelow: 'sm' as const } : {}),
    cell: (row: IndexedRow) => {
      const text = columnText(column, row.cells[column.key], format);
      return column.kind === 'moment' || column.kind === 'date' || column.kind === 'money' ? <span className={nowrap}>{text}</span> : text;
    },
  }));
  if (plain.length < columns.length) {
    // Before and after (JSON snapshots): what changed, compactly, and View for the two side by side.
    table.push({
      id: 'change',
      header: 'Before / after',
      cell: (row) => (
        <span className={changeCell}>
          <span className={changeText}>{changeSummary(row.cells.before, row.cells.after)}</span>
          {(row.cells.before || row.cells.after) && (
            <Button size="sm" variant="outline" aria-label={`View before and after of entry ${row.cells.id ?? row.index + 1}`} onClick={() => openChange(row.cells)}>
              View
            </Button>
          )}
        </span>
      ),
    });
  }
  return table;
}

export default function ReportPage({ report: key }: { report: ReportKey }) {
  const report = REPORTS[key];
  const settings = useStore($librarySettings);
  const today = todayIn(settings?.timezone);
  const format = useMemo<Format>(() => ({ timezone: settings?.timezone, date_format: settings?.date_format, time_format: settings?.time_format }), [settings?.timezone, settings?.date_format, settings?.time_format]);
  const [state, update] = useReportState(report, today);
  const section = sectionOf(report, state.section) ?? report.sections[0]!;
  const options = useFilterOptions(section.filters);
  const [people, setPeople] = useState<PickedPeople>({ user: null, staff: null });
  const [opened, setOpened] = useState<ReportRow | null>(null);
  const [printing, setPrinting] = useState(false);
  const [printRequest, setPrintRequest] = useState(0);
  const [exporting, setExporting] = useState(false);
  const columns = useMemo(() => columnsFor(section.columns, format, setOpened), [section, format]);

  // The summary: figures and charts for the range and the section's filters.
  const summaryParams = useMemo(() => summaryQuery(report, state), [report, state]);
  const summaryKey = JSON.stringify(summaryParams);
  const [summary, setSummary] = useState<ReportSummary | null>(null);
  const [summaryLoading, setSummaryLoading] = useState(true);
  const [summaryError, setSummaryError] = useState<string | null>(null);
  const [summaryAttempt, setSummaryAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    setSummaryLoading(true);
    fetchReportSummary(report.key, JSON.parse(summaryKey) as Record<string, string>)
      .then((answer) => {
        if (!live) return;
        setSummary(answer);
        setSummaryError(null);
      })
      .catch((failure: unknown) => live && setSummaryError(callErrorMessage('report', failure)))
      .finally(() => live && setSummaryLoading(false));
    return () => {
      live = false;
    };
  }, [report.key, summaryKey, summaryAttempt]);

  // The section's page of rows.
  const query = useMemo(() => sectionQuery(report, state), [report, state]);
  const { page: rowsPage, loading, loadError, reload } = usePageLoader<ReportRow>({
    key: `${section.key}?${JSON.stringify(query)}`,
    load: () => fetchReportPage(report.key, section.key, query),
    pageNumber: state.page,
    toFirstPage: () => update((current) => ({ ...current, page: 1 }), 'replace'),
    errorMessage: (failure) => callErrorMessage('report', failure),
  });
  const rows = useMemo<IndexedRow[]>(() => (loadError ? [] : (rowsPage?.rows ?? [])).map((cells, index) => ({ index, cells })), [rowsPage, loadError]);

  const exportCsv = useCallback(async () => {
    setExporting(true);
    try {
      const answer = await downloadReportCsv(report.key, section.key, exportQuery(report, state));
      const fileName = answer.fileName ?? reportFileName(report, state);
      saveFile(answer.blob, fileName, 'text/csv;charset=utf-8');
      toast.success(NOTICES.reportExported(fileName));
    } catch (failure) {
      toast.error(callErrorMessage('report-export', failure));
    } finally {
      setExporting(false);
    }
  }, [report, section.key, state]);

  const day = (date: string) => formatDate(date, format.date_format) ?? date;
  const names = { ...optionNames(options), user: () => (people.user ? personLabel(people.user) : null), staff: () => (people.staff ? personLabel(people.staff) : null) };
  const panelId = `report-panel-${report.key}`;

  return (
    <div className={page}>
      <header className={head}>
        <div>
          <h2 className={title}>{report.title}</h2>
          <p className={subtitle}>
            {rangeLabel(state.range)}: {day(state.from)} – {day(state.to)}
          </p>
        </div>
        <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap' })}>
          <Button variant="outline" onClick={() => {
              setPrinting(true);
              setPrintRequest((n) => n + 1);
            }}
            loading={printing} loadingText="Preparing..." disabled={!rowsPage && !summary}>
            Print
          </Button>
        </div>
      </header>

      <div className={filterPanel}>
        <ReportFilters section={section} state={state} today={today} options={options} people={people} onPeople={setPeople} onChange={update} />
      </div>

      <ReportSummaryView summary={summary} loading={summaryLoading} error={summaryError} onRetry={() => setSummaryAttempt((n) => n + 1)} />

      <div>
        {report.sections.length > 1 && <SectionTabs sections={report.sections} active={section.key} panelId={panelId} onSelect={(next) => update((current) => withSection(report, current, next))} />}
        <div id={panelId} role={report.sections.length > 1 ? 'tabpanel' : undefined} aria-labelledby={report.sections.length > 1 ? tabId(section.key) : undefined} className={css({ pt: report.sections.length > 1 ? '4' : '0' })}>
          <DataTable
            caption={`${report.title}: ${section.title}`}
            captionHidden
            columns={columns}
            rows={rows}
            rowKey={(row) => row.index}
            loading={loading}
            sort={{ ordering: state.ordering, onOrderingChange: (ordering) => update((current) => ({ ...current, ordering, page: 1 })) }}
            toolbar={(sortSelect) => (
              <div className={sectionHead}>
                <p className={description}>{section.description}</p>
                <div className={css({ display: 'flex', gap: '3', alignItems: 'flex-end', flexWrap: 'wrap' })}>
                  {sortSelect}
                  <Button variant="outline" onClick={() => void exportCsv()} loading={exporting} loadingText="Exporting..." aria-label={`Export ${section.title} as CSV`}>
                    Export CSV
                  </Button>
                </div>
              </div>
            )}
            notice={loadError && <TableLoadProblem title="The report could not be loaded" message={loadError} onRetry={reload} />}
            emptyText={loadError ? 'No rows to show.' : 'No rows for these filters'}
            pagination={{
              page: state.page,
              pageSize: state.pageSize,
              count: loadError ? 0 : (rowsPage?.count ?? 0),
              onPageChange: (next) => update((current) => ({ ...current, page: next })),
              onPageSizeChange: (size) => update((current) => ({ ...current, pageSize: size, page: 1 })),
            }}
          />
        </div>
      </div>

      <Suspense fallback={null}>
        {opened && <AuditChangeDialog row={opened} format={format} onClose={() => setOpened(null)} />}
        {printRequest > 0 && (
          <ReportPrint
            request={printRequest}
            report={report}
            section={section}
            libraryName={settings?.library_name ?? null}
            filters={filtersInWords(report, state, format.date_format, names)}
            summary={summary}
            rows={rowsPage?.rows ?? []}
            count={rowsPage?.count ?? 0}
            state={state}
            format={format}
            onPrinted={() => setPrinting(false)}
          />
        )}
      </Suspense>
    </div>
  );
}
