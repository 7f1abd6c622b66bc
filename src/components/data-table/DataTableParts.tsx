/** The data table's head (sort buttons with aria-sort, the selection header) and body (skeleton, empty row, rows). */
import { cx } from 'styled-system/css';
import { nextOrdering, sortDirection } from '../../lib/table-query';
import { SortIcon } from '../ui/table-icons';
import { SelectAllHeader, SelectRowCell } from './SelectionCells';
import * as s from './styles';
import type { DataTableProps } from './types';

type PartProps<Row> = Pick<DataTableProps<Row>, 'columns' | 'rows' | 'rowKey' | 'sort' | 'rowActions' | 'selection'>;
const cellClass = cx(s.cell, s.hideable);

/** The header row: a sort button in each sortable column's header. */
export function DataTableHead<Row>({ columns, rows, rowKey, sort, rowActions, selection, actionsHeader }: PartProps<Row> & { actionsHeader: string }) {
  return (
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
                <button type="button" className={s.sortButton} data-active={direction !== 'none' ? '' : undefined} onClick={() => sort.onOrderingChange(nextOrdering(sort.ordering, column.sortKey!))}>
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
  );
}

/** Skeleton rows the first time a page loads. */
function SkeletonRows<Row>({ columns, rowActions, selection, count }: PartProps<Row> & { count: number }) {
  return Array.from({ length: count }, (_, index) => (
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
  ));
}

/** The rows of the page (labelled cards on phones), skeletons while the first page loads, or the empty text. */
export function DataTableBody<Row>(props: PartProps<Row> & { skeleton: number; emptyText: DataTableProps<Row>['emptyText']; columnCount: number }) {
  const { columns, rows, rowKey, rowActions, selection, skeleton, emptyText, columnCount } = props;
  return (
    <tbody className={s.tbody} role="rowgroup">
      {skeleton > 0 && <SkeletonRows {...props} count={skeleton} />}
      {skeleton === 0 && rows.length === 0 && (
        <tr role="row" className={s.row}>
          <td colSpan={columnCount} role="cell" className={s.emptyCell}>
            {emptyText}
          </td>
        </tr>
      )}
      {rows.map((row) => (
        <tr key={rowKey(row)} role="row" className={s.row}>
          {selection && <SelectRowCell row={row} rowKey={rowKey} selection={selection} />}
          {columns.map((column) =>
            column.rowHeader ? (
              <th key={column.id} scope="row" role="rowheader" data-row-header="" className={cellClass} data-align={column.align} data-hide-below={column.hideBelow}>
                <span className={s.rowHeaderText}>{column.cell(row)}</span>
              </th>
            ) : (
              <td key={column.id} role="cell" className={cellClass} data-label={column.headerHidden ? undefined : column.header} data-align={column.align} data-hide-below={column.hideBelow}>
                {column.cell(row)}
              </td>
            ),
          )}
          {rowActions && (
            <td role="cell" className={s.cell} data-actions="">
              <div className={s.actionsRow}>{rowActions(row)}</div>
            </td>
          )}
        </tr>
      ))}
    </tbody>
  );
}
