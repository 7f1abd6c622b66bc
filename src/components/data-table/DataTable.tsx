/**
 * The one table of the dashboard (books, members, loans, fines, reservations). It renders what it
 * is given and owns no data: the page holds the rows of ONE page, the sort and the paging (all on
 * the server), so it stays fast with any number of records.
 *
 * - Columns: header, cell renderer, optional sort key (the header becomes a button; aria-sort),
 *   width, alignment, hidden on phones, and one row-header column (the row's name).
 * - Loading: skeleton rows the first time; afterwards the old rows stay under a 'Loading...'
 *   overlay, so nothing jumps while the next page comes.
 * - A "Sort by" select beside the toolbar offers every sortable column, also those hidden on
 *   narrow screens; on phones (< 640 px) it is the only sort control, as rows become labelled cards.
 * - Slots: a toolbar (search, filters, actions) and per-row actions.
 * - Optional row selection for bulk actions (a checkbox column first; `SelectionCells.tsx`).
 */
import { LoadingState } from '../ui/Spinner';
import { useTableScroll } from '../use-table-scroll';
import { DataTableBody, DataTableHead } from './DataTableParts';
import { Pagination } from './Pagination';
import { SortSelect } from './SortSelect';
import * as s from './styles';
import type { DataTableProps } from './types';

export type { DataTableColumn, DataTableProps, DataTableSort } from './types';
export type { DataTableSelection } from './SelectionCells';

export function DataTable<Row>({
  caption,
  captionHidden = false,
  columns,
  rows,
  rowKey,
  loading = false,
  emptyText = 'Nothing to show.',
  sort,
  pagination,
  toolbar,
  rowActions,
  actionsHeader = 'Actions',
  notice,
  selection,
}: DataTableProps<Row>) {
  const columnCount = columns.length + (rowActions ? 1 : 0) + (selection ? 1 : 0);
  const skeleton = loading && rows.length === 0 ? Math.min(pagination?.pageSize ?? 5, 8) : 0;
  const sortSelect = sort ? <SortSelect columns={columns} sort={sort} /> : null;
  const scrollBox = useTableScroll();
  const parts = { columns, rows, rowKey, sort, rowActions, selection };
  return (
    <div className={s.frame}>
      {(toolbar || sort) && (
        <div className={s.toolbarClass}>
          {typeof toolbar === 'function' ? (
            toolbar(sortSelect)
          ) : (
            <>
              {toolbar}
              {sortSelect}
            </>
          )}
        </div>
      )}
      {notice}
      <div className={s.scroller} {...scrollBox}>
        <table className={s.table} role="table" aria-busy={loading || undefined}>
          <caption className={captionHidden ? s.srOnly : undefined}>{caption}</caption>
          <DataTableHead {...parts} actionsHeader={actionsHeader} />
          <DataTableBody {...parts} skeleton={skeleton} emptyText={emptyText} columnCount={columnCount} />
        </table>
        {loading && <LoadingState overlay text="Loading..." />}
      </div>
      {pagination && <Pagination {...pagination} label={caption} />}
    </div>
  );
}
