/** The "Sort by" select: every sortable column, ascending and descending, and the default order. */
import { useId } from 'react';
import { input } from 'styled-system/recipes';
import * as s from './styles';
import type { DataTableColumn, DataTableSort } from './types';

export function SortSelect<Row>({ columns, sort }: { columns: readonly DataTableColumn<Row>[]; sort: DataTableSort }) {
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
