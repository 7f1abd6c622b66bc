/** One group of the report as a paged table, with its CSV export (the server's file). */
import { useMemo } from 'react';
import { css } from 'styled-system/css';
import { toolbar } from 'styled-system/recipes';
import { DataTable, type DataTableColumn } from '../../components/data-table/DataTable';
import { TableLoadProblem } from '../../components/data-table/TableLoadProblem';
import { Button } from '../../components/ui/Button';
import { COPY_STATUS_LABELS } from '#shared/copies';
import type { StockReportRow } from '../../lib/schemas/stock-verification';
import { REPORT_GROUP_TEXT, scanCue, type ReportGroup } from '../../lib/stock-verification';
import { useReportGroup } from './use-report-group';

const head = toolbar({ justify: 'between', full: true });
const headText = css({ flex: '1 1 20rem', minW: '0' });
const description = css({ color: 'fg.muted', fontSize: 'sm', maxW: '60ch' });
const title = css({ fontSize: 'lg', fontWeight: 'semibold' });
const mono = css({ fontFamily: 'mono' });

export function ReportGroupTable({ sessionId, group, version }: { sessionId: string | number; group: ReportGroup; version: string }) {
  const text = REPORT_GROUP_TEXT[group];
  const rows = useReportGroup(sessionId, group, version);
  const columns = useMemo<DataTableColumn<StockReportRow>[]>(
    () => [
      { id: 'accession', header: 'Accession no.', cell: (row) => <span className={mono}>{row.accession_no ?? row.barcode ?? '—'}</span> },
      { id: 'title', header: 'Title', rowHeader: true, cell: (row) => row.title ?? 'No copy has this barcode' },
      { id: 'call', header: 'Call number', cell: (row) => row.call_number ?? '—', hideBelow: 'md' },
      { id: 'shelf', header: 'Shelf', cell: (row) => row.shelf_location ?? '—' },
      { id: 'status', header: 'Status', cell: (row) => (row.status ? COPY_STATUS_LABELS[row.status] : '—') },
      ...(group === 'not_seen' ? [] : [{ id: 'result', header: 'Scan', cell: (row: StockReportRow) => (row.result ? scanCue(row.result).word : '—') }]),
    ],
    [group],
  );
  return (
    <section aria-label={text.title}>
      <DataTable
        caption={text.title}
        captionHidden
        columns={columns}
        rows={rows.page?.rows ?? []}
        rowKey={(row) => (rows.page?.rows ?? []).indexOf(row)}
        loading={rows.loading}
        toolbar={
          <div className={head}>
            <div className={headText}>
              <h3 className={title}>
                {text.title}
                {rows.page ? ` (${rows.page.count})` : ''}
              </h3>
              <p className={description}>{text.description}</p>
            </div>
            <Button variant="outline" onClick={() => void rows.exportCsv()} loading={rows.exporting} loadingText="Exporting..." aria-label={`Export ${text.title} as CSV`}>
              Export CSV
            </Button>
          </div>
        }
        notice={rows.loadError && <TableLoadProblem title="The report could not be loaded" message={rows.loadError} onRetry={rows.reload} />}
        emptyText={text.empty}
        pagination={rows.paging}
      />
    </section>
  );
}
