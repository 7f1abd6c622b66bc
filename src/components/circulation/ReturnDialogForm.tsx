/**
 * The Return Book dialog's content (see ReturnDialogView.tsx). The state is the pure
 * `returnFormReducer` of lib/return-form (picks, ticks and amounts); the one form hook
 * (`use-form.ts`) runs the submit flow: its checks (`validateReturn`), the field errors, the
 * summary, the saving flag and the focus on the first invalid field. Submit →
 * `returnBook`; 'Book returned Successfully' (saying whom the copy is now held for, when someone
 * waits for the title: the line "This copy will be held for …" says so before) or 'Error Occurs' as toasts, the server's reason
 * under its field (or above the buttons), nothing typed lost; after success, what the server
 * recorded (`ReturnDialogResult`), from which "another return" starts the form afresh.
 *
 * Every state of the dialog lives here, and this component lives only while the dialog is open
 * (the modal unmounts its content when it closes): each opening starts from the loan given, or
 * blank, on the library's today, and a closed dialog keeps and asks for nothing.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useReducer, useState } from 'react';
import { css } from 'styled-system/css';
import { returnBook } from '../../lib/api/circulation';
import { formatDate, todayIn } from '#shared/dates';
import { callErrorMessage, errorMessage } from '../../lib/errors';
import { FINE_COLLECTOR_PERMISSION } from '#shared/fines';
import { toMinorUnits } from '#shared/money';
import { NOTICES } from '../../lib/notices';
import { holdsPermission } from '../../lib/permissions';
import { heldForText, reservationMemberName } from '../../lib/reservations';
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
import { dialogActions } from '../Modal';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { toast } from '../ui/Toaster';
import { useForm } from '../use-form';
import { ReturnDialogPicks } from './ReturnDialogPicks';
import { ReturnDialogResult } from './ReturnDialogResult';
import { ReturnDialogSettlement } from './ReturnDialogSettlement';

/** What the content needs from the dialog: the loan chosen beforehand (or none), and how to close. */
export interface ReturnDialogFormProps {
  /** One loan already chosen (Member mode, both picks made); null starts blank in Book mode. */
  loan: ReturnLoan | null;
  /** Called once the server has recorded a return. */
  onReturned?: ((answer: ReturnAnswer, loan: ReturnLoan) => void) | undefined;
  onClose: () => void;
  /** Whether a call is under way (the dialog may not close meanwhile). */
  onBusy: (busy: boolean) => void;
}

/** Fields whose server errors show under them; anything else goes above the buttons. */
const SERVER_FIELDS: readonly ReturnField[] = ['returnDate', 'status', 'fine_collected_amount', 'discount', 'discount_reason'];

const NO_VALUES: Record<ReturnField, string> = { primary: '', loan: '', returnDate: '', status: '', fine_collected_amount: '', discount: '', discount_reason: '' };

const form = css({ display: 'flex', flexDirection: 'column', gap: '4' });

type Outcome = { answer: ReturnAnswer; loan: ReturnLoan };

/** The return form and, once a return is recorded, its result; see the module comment. */
export function ReturnDialogForm({ loan, onReturned, onClose, onBusy }: ReturnDialogFormProps) {
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

  useEffect(() => onBusy(saving), [saving]);
  useEffect(() => () => onBusy(false), []);

  // The library's rate arrives with the settings (until then DEFAULT_FINE_PER_DAY applies), the
  // permissions with the page's session check: both may come after the dialog opened.
  useEffect(() => dispatch({ type: 'set-library-rate', rate: libraryRate }), [libraryRate]);
  useEffect(() => dispatch({ type: 'set-handles-money', on: handlesMoney }), [handlesMoney]);

  /** Another return in the same opening: the form as it opened. */
  const startAnother = () => {
    dispatch({ type: 'replace', state: start() });
    reset(NO_VALUES);
    setOutcome(null);
  };

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

  if (outcome) return <ReturnDialogResult answer={outcome.answer} loan={outcome.loan} dateFormat={settings?.date_format} onAnother={startAnother} onClose={onClose} />;
  return (
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
        <Button type="button" variant="outline" disabled={saving} onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={saving || !canSubmitReturn(state)} aria-busy={saving || undefined}>
          {saving ? 'Submitting...' : 'Submit'}
        </Button>
      </div>
    </form>
  );
}
