/**
 * The data table's row selection (bulk actions): a checkbox per row and one in the header that
 * selects or clears every row of the page shown. Selection is the page's state, kept by the island
 * as row keys, so it holds only rows the user has seen.
 */
import { useEffect, useRef } from 'react';
import { css, cx } from 'styled-system/css';
import * as s from './styles';

/** What a table needs to offer row selection. */
export interface DataTableSelection<Row> {
  /** Keys (as `rowKey` gives them) of the selected rows. */
  selected: ReadonlySet<string | number>;
  onChange: (selected: Set<string | number>) => void;
  /** The row's name for its checkbox's label, e.g. 'Select jane.doe'. */
  rowLabel: (row: Row) => string;
}

const box = css({ w: '5', h: '5', accentColor: 'accent.default', cursor: 'pointer', flexShrink: 0, verticalAlign: 'middle' });
const selectCell = css({ w: { sm: '3rem' }, '&[data-label]::before': { content: 'attr(data-label)' } });

/** The header cell: all rows of the page selected, some (indeterminate), or none. */
export function SelectAllHeader<Row>({ rows, rowKey, selection }: { rows: readonly Row[]; rowKey: (row: Row) => string | number; selection: DataTableSelection<Row> }) {
  const ref = useRef<HTMLInputElement>(null);
  const keys = rows.map(rowKey);
  const chosen = keys.filter((key) => selection.selected.has(key)).length;
  const all = keys.length > 0 && chosen === keys.length;
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = chosen > 0 && !all;
  }, [chosen, all]);
  return (
    <th scope="col" role="columnheader" className={cx(s.headerCell, selectCell)}>
      <input
        ref={ref}
        type="checkbox"
        className={box}
        aria-label="Select every row on this page"
        checked={all}
        disabled={keys.length === 0}
        onChange={() => selection.onChange(all ? new Set() : new Set(keys))}
      />
    </th>
  );
}

/** One row's checkbox cell (labelled 'Select' on phone cards). */
export function SelectRowCell<Row>({ row, rowKey, selection }: { row: Row; rowKey: (row: Row) => string | number; selection: DataTableSelection<Row> }) {
  const key = rowKey(row);
  const checked = selection.selected.has(key);
  return (
    <td role="cell" className={cx(s.cell, selectCell)} data-label="Select">
      <input
        type="checkbox"
        className={box}
        aria-label={selection.rowLabel(row)}
        checked={checked}
        onChange={() => {
          const next = new Set(selection.selected);
          if (checked) next.delete(key);
          else next.add(key);
          selection.onChange(next);
        }}
      />
    </td>
  );
}
