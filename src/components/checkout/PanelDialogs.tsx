/**
 * The member panel's actions, each asked first: Renew membership (the new
 * expiry and the plan's fee; "Collect the fee now" only for fine collectors), Place a hold (a book
 * picker, then `POST /books/reservations/` with the member) and Mark lost on a loan (the charge it
 * writes). Each toasts its result and has the panel read again.
 */
import { useState } from 'react';
import { css } from 'styled-system/css';
import { reserveBook } from '../../lib/api/reservations';
import { markLoanLost, renewMembership } from '../../lib/checkout-session-api';
import { PANEL_MESSAGES, actionFailure, lostEstimate, renewalBody, type PanelLoan, type RenewalOffer } from '../../lib/checkout-session-panel';
import { formatDate } from '#shared/dates';
import { NOTICES } from '../../lib/notices';
import type { Book } from '../../lib/schemas/books';
import { BookPicker } from '../book-picker/BookPicker';
import { ConfirmDialog } from '../ConfirmDialog';
import { Alert } from '../ui/Alert';
import { toast } from '../ui/Toaster';

const checkRow = css({ display: 'flex', gap: '2', alignItems: 'center', mt: '3', fontSize: 'sm' });

interface Common {
  onClose: () => void;
  onDone: () => void;
}

/** Runs `act`; a failure is shown in the dialog, which stays open. */
function useAction(fallback: string) {
  const [error, setError] = useState<string | null>(null);
  return {
    error,
    async run(act: () => Promise<void>) {
      setError(null);
      try {
        await act();
      } catch (failure: unknown) {
        setError(actionFailure(failure, fallback));
        throw failure;
      }
    },
  };
}

export function RenewMembershipDialog({ memberId, name, offer, dateFormat, onClose, onDone }: Common & { memberId: string; name: string; offer: RenewalOffer; dateFormat: string | null | undefined }) {
  const [collect, setCollect] = useState(offer.collectable);
  const action = useAction(PANEL_MESSAGES.renewFailed);
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Renew membership"
      description={`Renew ${name}'s membership until ${offer.newExpiresText}? The plan's fee: ${offer.feeText}.`}
      confirmLabel="Renew"
      busyLabel="Renewing…"
      tone="neutral"
      onConfirm={() =>
        action.run(async () => {
          const answer = await renewMembership(memberId, renewalBody(offer, collect));
          toast.success(NOTICES.membershipRenewed(formatDate(answer.membership_expires ?? offer.newExpires, dateFormat) ?? offer.newExpiresText, answer.receipt_no));
          onDone();
        })
      }
    >
      {offer.collectable && (
        <label className={checkRow}>
          <input type="checkbox" checked={collect} onChange={(event) => setCollect(event.target.checked)} /> Collect the fee of {offer.feeText} now
        </label>
      )}
      {action.error && <Alert tone="error">{action.error}</Alert>}
    </ConfirmDialog>
  );
}

export function PlaceHoldDialog({ memberId, name, onClose, onDone }: Common & { memberId: string; name: string }) {
  const [book, setBook] = useState<Book | null>(null);
  const [missing, setMissing] = useState<string | undefined>(undefined);
  const action = useAction(PANEL_MESSAGES.holdFailed);
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Place a hold"
      description={`Reserve a book for ${name}: he joins the end of its queue.`}
      confirmLabel="Place hold"
      busyLabel="Placing…"
      tone="neutral"
      submitOnEnter
      onConfirm={() =>
        action.run(async () => {
          if (!book) {
            setMissing(PANEL_MESSAGES.chooseBook);
            throw new Error(PANEL_MESSAGES.chooseBook);
          }
          await reserveBook({ book: book.id, member: memberId });
          toast.success(NOTICES.holdPlaced(book.title, name));
          onDone();
        })
      }
    >
      <BookPicker onPick={setBook} error={missing} />
      {action.error && !missing && <Alert tone="error">{action.error}</Alert>}
    </ConfirmDialog>
  );
}

export function MarkLostDialog({ loan, processingFee, onClose, onDone }: Common & { loan: PanelLoan; processingFee: string | number | null | undefined }) {
  const estimate = lostEstimate(loan.loan, processingFee);
  const action = useAction(PANEL_MESSAGES.lostFailed);
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Mark lost"
      description={`Mark “${loan.title}”${loan.accessionNo ? ` (${loan.accessionNo})` : ''} lost? The member is charged ${estimate.text}${estimate.parts ? ` (${estimate.parts})` : ''}.`}
      confirmLabel="Mark lost"
      busyLabel="Marking…"
      onConfirm={() =>
        action.run(async () => {
          await markLoanLost(loan.id);
          toast.success(NOTICES.loanMarkedLost(loan.title, estimate.text));
          onDone();
        })
      }
    >
      {action.error && <Alert tone="error">{action.error}</Alert>}
    </ConfirmDialog>
  );
}
