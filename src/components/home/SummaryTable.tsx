/**
 * The home screens' short tables, one frame for all of them: a sentence when there is nothing to
 * list, else a compact table (scrolling sideways on phones) with a hidden caption, a header row,
 * and each row named by its first cell (a row header). Columns say their heading, their cell and
 * a class of the table recipe (`num` for figures, `wide` for cells phones leave out, `nowrap`).
 */
import type { Key, ReactNode } from 'react';
import { css } from 'styled-system/css';
import { muted, table, tableWrap } from './styles';

const hidden = css({ srOnly: true });

export interface SummaryColumn<Row> {
  header: string;
  /** `num`, `wide`, `nowrap` or several of them. */
  className?: string;
  cell: (row: Row) => ReactNode;
}

interface SummaryTableProps<Row> {
  caption: string;
  columns: readonly [SummaryColumn<Row>, ...SummaryColumn<Row>[]];
  rows: readonly Row[];
  rowKey: (row: Row) => Key;
  /** What shows instead of an empty table. */
  empty: ReactNode;
}

export function SummaryTable<Row>({ caption, columns, rows, rowKey, empty }: SummaryTableProps<Row>) {
  if (rows.length === 0) return <p className={muted}>{empty}</p>;
  const [first, ...rest] = columns;
  return (
    <div className={tableWrap}>
      <table className={table}>
        <caption className={hidden}>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col" className={column.className}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              <th scope="row" className={first.className}>
                {first.cell(row)}
              </th>
              {rest.map((column) => (
                <td key={column.header} className={column.className}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
