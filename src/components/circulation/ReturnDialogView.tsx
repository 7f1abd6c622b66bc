/**
 * The Return Book dialog's form (loaded on first use by `ReturnDialog.tsx`). The state is the pure
 * `returnFormReducer` of lib/return-form (picks, ticks and amounts); the one form hook
 * (`use-form.ts`) runs the submit flow: its checks (`validateReturn`), the field errors, the
 * summary, the saving flag and the focus on the first invalid field. Submit →
 * `returnBook`; 'Book returned Successfully' (saying whom the copy is now held for, when someone
 * waits for the title: the line "This copy will be held for …" says so before) or 'Error Occurs' as toasts, the server's reason
 * under its field (or above the buttons), nothing typed lost; after success, what the server
 * recorded (`ReturnDialogResult`).
 */
import { useStore } from '@nanostores/react';
import { formatDate, todayIn } from '../../lib/dates';
import { heldForText, reservationMemberName } from '../../lib/reservations';
import { useEffect, useReducer, useState } from 'react';
import { css } from 'styled-system/css';
import { returnBook } from '../../lib/api/circulation';
import { callErrorMessage, errorMessage } from '../../lib/errors';
import { FINE_COLLECTOR_PERMISSION } from '../../lib/fines';
import { toMinorUnits } from '../../lib/money';
import { holdsPermission } from '../../lib/permissions';
import { NOTICES } from '../../lib/notices';
import {
  canSubmitReturn,
  initialReturnForm,
  returnFormForLoan,
  returnFormReducer,
  returnPayload,
  validateReturn,
  type ReturnField,
  type ReturnFormState,
  type ReturnLoan,
} from '../../lib/return-form';
import type { ReturnAnswer } from '../../lib/schemas/circulation';
import { $librarySettings } from '../../stores/library-settings';
import { $session } from '../../stores/session';
import { Modal, dialogActions } from '../Modal';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { useForm } from '../use-form';
import { toast } from '../ui/Toaster';
import type { ReturnDialogProps } from './ReturnDialog';
import { ReturnDialogPicks } from './ReturnDialogPicks';
import { ReturnDialogResult } from './ReturnDialogResult';
import { ReturnDialogSettlement } from './ReturnDialogSettlement';

/** Fields whose server errors show under them; anything else goes above the buttons. */
const SERVER_FIELDS: readonly ReturnField[] = ['returnDate', 'status', 'fine_collected_amount', 'discount', 'discount_reason'];

const NO_VALUES: Record<ReturnField, string> = { primary: '', loan: '', returnDate: '', status: '', fine_collected_amount: '', discount: '', discount_reason: '' };

const form = css({ display: 'flex', flexDirection: 'column', gap: '4' });

type Outcome = { answer: ReturnAnswer; loan: ReturnLoan };

/** The dialog with its form; see the module comment. */
export function ReturnDialogView({ open, onOpenChange, loan = null, onReturned }: ReturnDialogProps) {
  const settings = useStore($librarySettings);
  const session = useStore($session);
  const libraryRate = toMinorUnits(settings?.fine_per_day ?? null);
  // Money at a return needs the fines desk's permission; without it the fine is recorded as owed.
  const handlesMoney = session?.role !== 'MEMBER' && holdsPermission(session, FINE_COLLECTOR_PERMISSION);
  const start = (): ReturnFormState => {
    const today = todayIn(settings?.timezone);
    return loan ? returnFormForLoan(loan, today, libraryRate, handlesMoney) : initialReturnForm(today, 'book', libraryRate, handlesMoney);
  };
  const [state, dispatch] = useReducer(returnFormReducer, undefined, start);
  // The hook's values are unused (the reducer holds the form); it keeps errors, summary and saving.
  const { formRef, errors, summary, saving, submit, reset } = useForm<Record<ReturnField, string>>({ initial: NO_VALUES });
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  // Each opening starts afresh (for the loan given, if any) on the library's today.
  const restart = () => {
    dispatch({ type: 'replace', state: start() });
    reset(NO_VALUES);
    setOutcome(null);
  };
  useEffect(() => {
    if (open) restart();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, loan?.id, handlesMoney]);

  // The library's rate arrives with the settings; until then DEFAULT_FINE_PER_DAY applies.
  useEffect(() => dispatch({ type: 'set-library-rate', rate: libraryRate }), [libraryRate]);

  // A change clears the errors it may have answered; the checks run again on Submit.
  const change: typeof dispatch = (action) => {
    dispatch(action);
    if (Object.values(errors).some(Boolean) || summary) reset(NO_VALUES);
  };

  const send = async () => {
    const ready = returnPayload(state);
    const returned = state.loan;
    if (!ready || !returned) return;
    try {
      const answer = await returnBook(ready.loanId, ready.payload);
      const held = answer.held_for;
      toast.success(held ? NOTICES.bookReturnedHeld(reservationMemberName(held.member), formatDate(held.hold_until, settings?.date_format)) : NOTICES.bookReturned);
      setOutcome({ answer, loan: returned });
      onReturned?.(answer, returned);
    } catch (failure) {
      toast.error(callErrorMessage('return-book', failure));
      throw failure;
    }
  };

  return (
    <Modal open={open} onOpenChange={(next) => !saving && onOpenChange(next)} title="Return Book" busy={saving}>
      {outcome ? (
        <ReturnDialogResult answer={outcome.answer} loan={outcome.loan} dateFormat={settings?.date_format} onAnother={restart} onClose={() => onOpenChange(false)} />
      ) : (
        <form
          ref={formRef}
          className={form}
          noValidate
          aria-label="Return Book"
          onSubmit={(event) =>
            void submit(event, {
              validate: () => validateReturn(state),
              send,
              fields: SERVER_FIELDS,
              summary: (failure) => errorMessage(failure, ['non_field_errors', 'detail', 'transport'], '') || null,
            })
          }
        >
          <ReturnDialogPicks state={state} dispatch={change} errors={errors} disabled={saving} fixedLoan={loan} />
          {state.loan?.heldFor && <Alert tone="info">{heldForText(state.loan.heldFor)}</Alert>}
          <ReturnDialogSettlement state={state} dispatch={change} errors={errors} disabled={saving} dateFormat={settings?.date_format} />
          {summary && <Alert tone="error">{summary}</Alert>}
          <div className={dialogActions}>
            <Button type="button" variant="outline" disabled={saving} onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={saving || !canSubmitReturn(state)} aria-busy={saving || undefined}>
              {saving ? 'Submitting...' : 'Submit'}
            </Button>
          </div>
        </form>
      )}
    </Modal>
  );
}
