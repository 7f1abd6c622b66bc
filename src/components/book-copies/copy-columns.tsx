/**
 * The copies table's columns: the accession number (with a differing barcode, where the copy came
 * from and its condition note on lines below), call number over shelf, the status badge in words
 * with its reason (and the copy's Change status under it), and who has the copy (due date,
 * overdue marked in words) or whom it is held for.
 */
import type { ReactNode } from 'react';
import { css, cx } from 'styled-system/css';
import { badge, table, text } from 'styled-system/recipes';
import type { DataTableColumn } from '../data-table/DataTable';
import { barcodeDiffers, copyAcquisitionText, copyHoldText, copyLoanText, copyStatusBadge, copyStatusDetail } from '../../lib/book-copies';
import type { CopyView } from '../../lib/schemas/copies';

const { cellStack, cellDetail } = table();
const code = text({ mono: true, weight: 'medium' });
// The badge keeps its own width in the cell's stack (at the start of a table cell, the end of a phone card's line).
const statusBadge = css({ alignSelf: { base: 'end', sm: 'start' } });
const dash = <span className={text({ tone: 'muted' })}>—</span>;

function AccessionCell({ copy, dateFormat }: { copy: CopyView; dateFormat: string | null | undefined }) {
  return (
    <span className={cellStack}>
      <span className={code}>{copy.accession_no}</span>
      {barcodeDiffers(copy) && (
        <span className={cellDetail}>
          Barcode <span className={text({ mono: true })}>{copy.barcode}</span>
        </span>
      )}
      <span className={cellDetail}>Acquired: {copyAcquisitionText(copy, dateFormat)}</span>
      {copy.condition_note && <span className={cellDetail}>Condition: {copy.condition_note}</span>}
    </span>
  );
}

function StatusCell({ copy, dateFormat, action }: { copy: CopyView; dateFormat: string | null | undefined; action: ReactNode }) {
  const shown = copyStatusBadge(copy.status);
  const detail = copyStatusDetail(copy, dateFormat);
  return (
    <span className={cellStack}>
      <span className={cx(badge({ tone: shown.tone }), statusBadge)}>{shown.text}</span>
      {detail && <span className={cellDetail}>{detail}</span>}
      {action}
    </span>
  );
}

function WhereCell({ copy, dateFormat }: { copy: CopyView; dateFormat: string | null | undefined }) {
  const loan = copyLoanText(copy, dateFormat);
  const hold = copyHoldText(copy, dateFormat);
  if (!loan && !hold) return dash;
  return (
    <span className={cellStack}>
      {loan && (
        <>
          <span>{loan.who}</span>
          <span className={cellDetail}>{loan.due}</span>
          {loan.overdue && <span className={cx(badge({ tone: 'danger' }), statusBadge)}>Overdue</span>}
        </>
      )}
      {hold && <span>{hold}</span>}
    </span>
  );
}

/** The columns, dates in the library's format; `statusAction` draws a copy's Change status under its badge (or nothing). */
export function copyColumns(dateFormat: string | null | undefined, statusAction: (copy: CopyView) => ReactNode): DataTableColumn<CopyView>[] {
  return [
    {
      id: 'accession',
      header: 'Accession no.',
      rowHeader: true,
      cell: (copy) => <AccessionCell copy={copy} dateFormat={dateFormat} />,
    },
    {
      id: 'call',
      header: 'Call no. / shelf',
      cell: (copy) =>
        copy.call_number || copy.shelf_location ? (
          <span className={cellStack}>
            <span>{copy.call_number || '—'}</span>
            {copy.shelf_location && <span className={cellDetail}>{copy.shelf_location}</span>}
          </span>
        ) : (
          dash
        ),
    },
    {
      id: 'status',
      header: 'Status',
      cell: (copy) => <StatusCell copy={copy} dateFormat={dateFormat} action={statusAction(copy)} />,
    },
    {
      id: 'with',
      header: 'Borrower / hold',
      cell: (copy) => <WhereCell copy={copy} dateFormat={dateFormat} />,
    },
  ];
}
