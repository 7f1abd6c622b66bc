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
import { lazy, Suspense, useMemo } from 'react';
import { css } from 'styled-system/css';
import { flex } from 'styled-system/patterns';
import { card, toolbar } from 'styled-system/recipes';
import { DataTable } from '../../components/data-table/DataTable';
import { TableLoadProblem } from '../../components/data-table/TableLoadProblem';
import { Button } from '../../components/ui/Button';
import { formatDate, todayIn } from '#shared/dates';
import { personLabel } from '../../lib/member-picker';
import { REPORTS, sectionOf, type ReportKey } from '#shared/report-catalogue';
import { filtersInWords, rangeLabel, reportFilters, withSection } from '../../lib/report-query';
import { $librarySettings } from '../../stores/library-settings';
import { reportColumns, type Format } from './report-columns';
import { ReportFilters } from './ReportFilters';
import { ReportSummaryView } from './ReportSummaryView';
import { SectionTabs, tabId } from './SectionTabs';
import { optionNames, useFilterOptions } from './use-filter-options';
import { useReportPage } from './use-report-page';
import { useReportState } from './use-report-state';

const AuditChangeDialog = lazy(() => import('./AuditChangeDialog'));
const ReportPrint = lazy(() => import('./ReportPrint'));

const page = flex({ direction: 'column', gap: '5', minW: '0' });
const head = toolbar({ justify: 'between' });
const title = css({ fontSize: { base: 'xl', md: '2xl' }, fontWeight: 'bold', lineHeight: '1.2', '& + p': { mt: '1', color: 'fg.muted', fontSize: 'sm' } });
const filterPanel = card({ padding: 'sm' });
const sectionHead = toolbar({ justify: 'between', full: true });
const description = css({ color: 'fg.muted', fontSize: 'sm', maxW: '60ch', flex: '1 1 20rem' });
const sectionActions = toolbar();
const tabPanel = css({ pt: '4' });

export default function ReportPage({ report: key }: { report: ReportKey }) {
  const report = REPORTS[key];
  const settings = useStore($librarySettings);
  const today = todayIn(settings?.timezone);
  const format = useMemo<Format>(() => ({ timezone: settings?.timezone, date_format: settings?.date_format, time_format: settings?.time_format }), [settings?.timezone, settings?.date_format, settings?.time_format]);
  const [state, update] = useReportState(report, today);
  const section = sectionOf(report, state.section) ?? report.sections[0]!;
  const options = useFilterOptions(useMemo(() => reportFilters(report), [report]));
  const { flow, dispatch, rows, rowsLoader, exportCsv } = useReportPage(report, section, state, update);
  const { page: rowsPage, loading, loadError, reload } = rowsLoader;
  const { people, summary } = flow;
  const columns = useMemo(() => reportColumns(section.columns, format, (row) => dispatch({ type: 'open-change', row })), [section, format]);

  const day = (date: string) => formatDate(date, format.date_format) ?? date;
  const names = { ...optionNames(options), user: () => (people.user ? personLabel(people.user) : null), staff: () => (people.staff ? personLabel(people.staff) : null) };
  const panelId = `report-panel-${report.key}`;
  const tabbed = report.sections.length > 1;

  return (
    <div className={page}>
      <header className={head}>
        <div>
          <h2 className={title}>{report.title}</h2>
          <p>
            {rangeLabel(state.range)}: {day(state.from)} – {day(state.to)}
          </p>
        </div>
        <Button variant="outline" onClick={() => dispatch({ type: 'print' })} loading={flow.printing} loadingText="Preparing..." disabled={!rowsPage && !summary}>
          Print
        </Button>
      </header>

      <div className={filterPanel}>
        <ReportFilters report={report} section={section} state={state} today={today} options={options} people={people} onPeople={(next) => dispatch({ type: 'pick-people', people: next })} onChange={update} />
      </div>

      <ReportSummaryView summary={summary} loading={flow.summaryLoading} error={flow.summaryError} onRetry={() => dispatch({ type: 'summary-retry' })} />

      <div>
        {tabbed && <SectionTabs sections={report.sections} active={section.key} panelId={panelId} onSelect={(next) => update((current) => withSection(report, current, next))} />}
        <div id={panelId} role={tabbed ? 'tabpanel' : undefined} aria-labelledby={tabbed ? tabId(section.key) : undefined} className={tabbed ? tabPanel : undefined}>
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
                <div className={sectionActions}>
                  {sortSelect}
                  <Button variant="outline" onClick={() => void exportCsv()} loading={flow.exporting} loadingText="Exporting..." aria-label={`Export ${section.title} as CSV`}>
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
        {flow.opened && <AuditChangeDialog row={flow.opened} format={format} onClose={() => dispatch({ type: 'close-change' })} />}
        {flow.printRequest > 0 && (
          <ReportPrint
            request={flow.printRequest}
            report={report}
            section={section}
            libraryName={settings?.library_name ?? null}
            filters={filtersInWords(report, state, format.date_format, names)}
            summary={summary}
            rows={rowsPage?.rows ?? []}
            count={rowsPage?.count ?? 0}
            state={state}
            format={format}
            onPrinted={() => dispatch({ type: 'printed' })}
          />
        )}
      </Suspense>
    </div>
  );
}
