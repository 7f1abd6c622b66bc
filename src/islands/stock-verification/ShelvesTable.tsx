/** The report by shelf: expected, seen and not seen per shelf, paged here (the server sends every shelf). */
import { useEffect, useMemo, useState } from 'react';
import { css } from 'styled-system/css';
import { DataTable, type DataTableColumn } from '../../components/data-table/DataTable';
import { TableLoadProblem } from '../../components/data-table/TableLoadProblem';
import { fetchStockShelves } from '../../lib/api/stock-verification';
import type { StockShelf } from '../../lib/schemas/stock-verification';
import { STOCK_MESSAGES, stockErrorMessage } from '../../lib/stock-verification';

const title = css({ fontSize: 'lg', fontWeight: 'semibold' });

const COLUMNS: DataTableColumn<StockShelf>[] = [
  { id: 'shelf', header: 'Shelf', rowHeader: true, cell: (row) => row.shelf || 'No shelf' },
  { id: 'expected', header: 'Expected', align: 'end', cell: (row) => String(row.expected) },
  { id: 'seen', header: 'Seen', align: 'end', cell: (row) => String(row.seen) },
  { id: 'not-seen', header: 'Not seen', align: 'end', cell: (row) => String(row.not_seen) },
];

/** Loads the shelves once per session and version. */
export function useShelves(sessionId: string | number, version: string) {
  const [shelves, setShelves] = useState<StockShelf[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let current = true;
    fetchStockShelves(sessionId)
      .then((loaded) => current && (setShelves(loaded), setError(null)))
      .catch((failure: unknown) => current && setError(stockErrorMessage(failure, STOCK_MESSAGES.reportFailed)));
    return () => {
      current = false;
    };
  }, [sessionId, version, attempt]);
  return { shelves, error, retry: () => setAttempt((n) => n + 1) };
}

export function ShelvesTable({ sessionId, version }: { sessionId: string | number; version: string }) {
  const { shelves, error, retry } = useShelves(sessionId, version);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const rows = useMemo(() => (shelves ?? []).slice((page - 1) * pageSize, page * pageSize), [shelves, page, pageSize]);
  return (
    <section aria-label="By shelf">
      <DataTable
        caption="By shelf"
        captionHidden
        columns={COLUMNS}
        rows={rows}
        rowKey={(row) => row.shelf ?? ''}
        loading={!shelves && !error}
        toolbar={<h3 className={title}>By shelf</h3>}
        notice={error && <TableLoadProblem title="The shelves could not be loaded" message={error} onRetry={retry} />}
        emptyText="No shelves: this verification expected no copies."
        pagination={{
          page,
          pageSize,
          count: shelves?.length ?? 0,
          onPageChange: setPage,
          onPageSizeChange: (size) => {
            setPageSize(size);
            setPage(1);
          },
        }}
      />
    </section>
  );
}
