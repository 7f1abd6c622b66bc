/**
 * What the server recorded for a return (its `fine_details`, not the dialog's preview): late days,
 * late fine, book price, total fine, collected, discount, remaining, the receipt (opened from its number), and whom
 * the copy is now held for.
 */
import type { ReactNode } from 'react';
import { css } from 'styled-system/css';
import { formatDate } from '#shared/dates';
import { formatAmount } from '#shared/money';
import type { ReturnLoan } from '../../lib/return-form';
import { heldForWhom } from '../../lib/reservations';
import type { ReturnAnswer } from '../../lib/schemas/circulation';
import { Facts } from '../Facts';
import { ReceiptButton } from '../fines/ReceiptButton';
import { dialogActions } from '../Modal';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';

const STATUS_WORDS: Record<string, string> = { RETURNED: 'Returned', LOST: 'Lost', WRITE_OFF: 'Written off' };

/** The recorded return, with "Return another book" and "Done". */
export function ReturnDialogResult({ answer, loan, dateFormat, onAnother, onClose }: { answer: ReturnAnswer; loan: ReturnLoan; dateFormat: string | null | undefined; onAnother: () => void; onClose: () => void }) {
  const fine = answer.fine_details;
  const rows: [string, ReactNode][] = [
    ['Book', loan.book.label],
    ['Member', loan.member.label],
    ['Status', STATUS_WORDS[answer.status ?? ''] ?? answer.status ?? null],
    ['Return date', formatDate(answer.returnDate, dateFormat)],
    ['Late days', fine?.late_days === null || fine?.late_days === undefined ? null : String(fine.late_days)],
    ['Late fine', formatAmount(fine?.overdue_fine)],
  ];
  if (fine?.book_price !== null && fine?.book_price !== undefined) rows.push(['Book price', formatAmount(fine.book_price)]);
  rows.push(
    ['Total fine', formatAmount(fine?.total_fine)],
    ['Collected', formatAmount(fine?.fineCollectedAmount)],
    ['Discount', formatAmount(fine?.discount)],
    ['Remaining', formatAmount(fine?.remaining_fine)],
    // The receipt opens (and prints) from here for those who may read it.
    ['Receipt', answer.receipt_no ? <ReceiptButton receiptNo={answer.receipt_no} /> : 'None (nothing paid or waived)'],
  );
  if (answer.held_for) rows.push(['Held for', heldForWhom(answer.held_for, dateFormat)]);
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '4' })} data-testid="return-result">
      <Alert tone="success" title="Recorded">
        The server recorded this return.
      </Alert>
      <Facts rows={rows} />
      <div className={dialogActions}>
        <Button type="button" variant="outline" onClick={onAnother}>
          Return another book
        </Button>
        <Button type="button" onClick={onClose}>
          Done
        </Button>
      </div>
    </div>
  );
}
