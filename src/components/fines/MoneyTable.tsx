/**
 * The fines screens' one money table: a text column (the book, a receipt) then amount columns,
 * right-aligned in tabular figures; used by the collection preview, the receipt and the member's
 * fines panel. Cells are given ready to show; a first cell may be a row header. On a phone each row
 * is a card of labelled lines (the table recipe's phone cards), so the last amounts (Remaining)
 * stay on screen.
 */
import type { ReactNode } from 'react';
import { table } from 'styled-system/recipes';
import { useTableScroll } from '../use-table-scroll';

const look = table({ frame: 'boxed', phone: 'cards' });
/** A cell's column name shown beside it on a phone (columns named by words only). */
const labelOf = (column: MoneyColumn | undefined): string | undefined => (typeof column?.label === 'string' ? column.label : undefined);

/** One row: its key and its cells in column order. */
export interface MoneyRow {
  key: string;
  cells: readonly ReactNode[];
  /** The first cell names the row (`th scope=row`). */
  headed?: boolean;
}

/** A column: its heading and whether it holds amounts (right-aligned). */
export type MoneyColumn = { label: ReactNode; money?: boolean };

export function MoneyTable({ label, columns, rows, foot }: { label?: string; columns: readonly MoneyColumn[]; rows: readonly MoneyRow[]; foot?: ReactNode }) {
  const scrollBox = useTableScroll();
  return (
    <div className={look.root} {...scrollBox}>
      <table className={look.table} aria-label={label}>
        <thead>
          <tr>
            {columns.map((column, index) => (
              <th key={index} scope="col" className={column.money ? 'money' : undefined}>
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              {row.cells.map((cell, index) =>
                index === 0 && row.headed ? (
                  <th key={index} scope="row">
                    {cell}
                  </th>
                ) : (
                  <td key={index} className={columns[index]?.money ? 'money' : undefined} data-label={labelOf(columns[index])}>
                    {cell}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
        {foot && <tfoot>{foot}</tfoot>}
      </table>
    </div>
  );
}

/** Amount columns by their headings. */
export const moneyColumns = (...amounts: string[]): MoneyColumn[] => amounts.map((label) => ({ label, money: true }));
