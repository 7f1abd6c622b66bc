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
import { useId, type ReactNode } from 'react';
import { cx } from 'styled-system/css';
import { input } from 'styled-system/recipes';
import { LoadingState } from '../ui/Spinner';
import { nextOrdering, sortDirection } from '../../lib/table-query';
import { Pagination, type PaginationProps } from './Pagination';
import { SelectAllHeader, SelectRowCell, type DataTableSelection } from './SelectionCells';
import { SortIcon } from '../ui/table-icons';
import * as s from './styles';

export interface DataTableColumn<Row> {
  id: string;
  /** The header text; also each cell's label on phones. */
  header: string;
  /** Keep the header for screen readers only (e.g. a cover column); no label on phones either. */
  headerHidden?: boolean;
  cell: (row: Row) => ReactNode;
  /** The server's ordering key; the header becomes a sort button. */
  sortKey?: string;
  /** A CSS width such as '6rem'. */
  width?: string;
  align?: 'start' | 'end';
  /** Hide the column below this breakpoint (and on phone cards): 'sm' = phones only. */
  hideBelow?: s.Breakpoint;
  /** The cell that names the row (a `th scope="row"`; the card's title on phones). */
  rowHeader?: boolean;
}

export interface DataTableSort {
  /** The current ordering: a key, '-key' for descending, '' for the default order. */
  ordering: string;
  onOrderingChange: (ordering: string) => void;
}

export interface DataTableProps<Row> {
  /** The table's name (its caption), e.g. 'Books'. */
  caption: string;
  /** Show the caption only to screen readers (the page heading already names it). */
  captionHidden?: boolean;
  columns: readonly DataTableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  /** A request is under way: skeleton rows when there are none yet, else an overlay on the old rows. */
  loading?: boolean;
  /** Shown in the table when there are no rows and nothing is loading. */
  emptyText?: ReactNode;
  sort?: DataTableSort;
  pagination?: Omit<PaginationProps, 'label'>;
  /**
   * Search, filters and table actions, above the table. As a function it is handed the "Sort by"
   * select to place among the filters; otherwise the select follows the toolbar.
   */
  toolbar?: ReactNode | ((sortSelect: ReactNode) => ReactNode);
  /** Buttons or links for one row, in a last 'Actions' column. */
  rowActions?: (row: Row) => ReactNode;
  actionsHeader?: string;
  /** Shown between the toolbar and the table (e.g. an error Alert with a Retry button). */
  notice?: ReactNode;
  /** Row checkboxes for bulk actions; the island keeps the selected keys. */
  selection?: DataTableSelection<Row>;
}

export type { DataTableSelection };

function SortSelect<Row>({ columns, sort }: { columns: readonly DataTableColumn<Row>[]; sort: DataTableSort }) {
  const id = useId();
  const sortable = columns.filter((column) => column.sortKey);
  if (sortable.length === 0) return null;
  return (
    <div className={s.sortSelect}>
      <label htmlFor={id}>Sort by</label>
      <select id={id} className={input()} value={sort.ordering} onChange={(event) => sort.onOrderingChange(event.target.value)}>
        <option value="">Default order</option>
        {sortable.flatMap((column) => [
          <option key={column.sortKey} value={column.sortKey}>
            {column.header}, ascending
          </option>,
          <option key={`-${column.sortKey}`} value={`-${column.sortKey}`}>
            {column.header}, descending
          </option>,
        ])}
      </select>
    </div>
  );
}

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
  const skeleton = loading && rows.length === 0;
  const sortSelect = sort ? <SortSelect columns={columns} sort={sort} /> : null;
  const skeletonCount = Math.min(pagination?.pageSize ?? 5, 8);

  const cellClass = cx(s.cell, s.hideable);

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
      <div className={s.scroller}>
        <table className={s.table} role="table" aria-busy={loading || undefined}>
          <caption className={captionHidden ? s.srOnly : undefined}>{caption}</caption>
          <thead className={s.thead} role="rowgroup">
            <tr role="row">
              {selection && <SelectAllHeader rows={rows} rowKey={rowKey} selection={selection} />}
              {columns.map((column) => {
                const direction = sort && column.sortKey ? sortDirection(sort.ordering, column.sortKey) : undefined;
                return (
                  <th
                    key={column.id}
                    scope="col"
                    role="columnheader"
                    className={cx(s.headerCell, s.hideable)}
                    data-hide-below={column.hideBelow}
                    style={column.width ? { width: column.width } : undefined}
                    data-align={column.align}
                    aria-sort={direction && direction !== 'none' ? direction : undefined}
                  >
                    {sort && column.sortKey ? (
                      <button
                        type="button"
                        className={s.sortButton}
                        data-active={direction !== 'none' ? '' : undefined}
                        onClick={() => sort.onOrderingChange(nextOrdering(sort.ordering, column.sortKey!))}
                      >
                        {column.header}
                        <SortIcon className={s.sortIcon} direction={direction ?? 'none'} />
                      </button>
                    ) : (
                      <span className={column.headerHidden ? s.srOnly : undefined}>{column.header}</span>
                    )}
                  </th>
                );
              })}
              {rowActions && (
                <th scope="col" role="columnheader" className={s.headerCell} data-align="end">
                  {actionsHeader}
                </th>
              )}
            </tr>
          </thead>
          <tbody className={s.tbody} role="rowgroup">
            {skeleton &&
              Array.from({ length: skeletonCount }, (_, index) => (
                <tr key={`skeleton-${index}`} role="row" className={cx(s.row, s.skeletonRow)} aria-hidden="true">
                  {selection && <td className={s.cell} />}
                  {columns.map((column) => (
                    <td key={column.id} className={cellClass} data-hide-below={column.hideBelow}>
                      <span className={s.skeletonBar} />
                    </td>
                  ))}
                  {rowActions && (
                    <td className={s.cell} data-actions="">
                      <span className={s.skeletonBar} />
                    </td>
                  )}
                </tr>
              ))}
            {!skeleton && rows.length === 0 && (
              <tr role="row" className={s.row}>
                <td colSpan={columnCount} role="cell" className={s.emptyCell}>
                  {emptyText}
                </td>
              </tr>
            )}
            {rows.map((row) => (
              <tr key={rowKey(row)} role="row" className={s.row}>
                {selection && <SelectRowCell row={row} rowKey={rowKey} selection={selection} />}
                {columns.map((column) => {
                  const label = column.headerHidden || column.rowHeader ? undefined : column.header;
                  return column.rowHeader ? (
                    <th key={column.id} scope="row" role="rowheader" data-row-header="" className={cellClass} data-align={column.align} data-hide-below={column.hideBelow}>
                      <span className={s.rowHeaderText}>{column.cell(row)}</span>
                    </th>
                  ) : (
                    <td key={column.id} role="cell" className={cellClass} data-label={label} data-align={column.align} data-hide-below={column.hideBelow}>
                      {column.cell(row)}
                    </td>
                  );
                })}
                {rowActions && (
                  <td role="cell" className={s.cell} data-actions="">
                    <div className={s.actionsRow}>{rowActions(row)}</div>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
        {loading && <LoadingState overlay text="Loading..." />}
      </div>
      {pagination && <Pagination {...pagination} label={caption} />}
    </div>
  );
}
