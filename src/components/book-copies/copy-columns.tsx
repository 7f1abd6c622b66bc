/**
 * The copies table's columns: the accession number (with a differing barcode, where the copy came
 * from and its condition note on lines below), call number over shelf, the status badge in words
 * with its reason, and who has the copy (due date, overdue marked) or whom it is held for.
 */
import { cx } from 'styled-system/css';
import { badge, table, text } from 'styled-system/recipes';
import type { DataTableColumn } from '../data-table/DataTable';
import { barcodeDiffers, copyAcquisitionText, copyHoldText, copyLoanText, copyStatusBadge, copyStatusDetail } from '../../lib/book-copies';
import type { CopyView } from '../../lib/schemas/copies';

const { cellStack, cellDetail } = table();
const code = text({ mono: true, weight: 'medium' });
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

function StatusCell({ copy, dateFormat }: { copy: CopyView; dateFormat: string | null | undefined }) {
  const shown = copyStatusBadge(copy.status);
  const detail = copyStatusDetail(copy, dateFormat);
  return (
    <span className={cellStack}>
      <span className={badge({ tone: shown.tone })}>{shown.text}</span>
      {detail && <span className={cellDetail}>{detail}</span>}
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
          {loan.overdue ? <span className={cx(badge({ tone: 'danger' }))}>{loan.due}</span> : <span className={cellDetail}>{loan.due}</span>}
        </>
      )}
      {hold && <span>{hold}</span>}
    </span>
  );
}

/** The columns, dates in the library's format. */
export function copyColumns(dateFormat: string | null | undefined): DataTableColumn<CopyView>[] {
  return [
    { id: 'accession', header: 'Accession no.', rowHeader: true, cell: (copy) => <AccessionCell copy={copy} dateFormat={dateFormat} /> },
    {
      id: 'call',
      header: 'Call number / shelf',
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
    { id: 'status', header: 'Status', cell: (copy) => <StatusCell copy={copy} dateFormat={dateFormat} /> },
    { id: 'with', header: 'Borrower or hold', cell: (copy) => <WhereCell copy={copy} dateFormat={dateFormat} /> },
  ];
}
