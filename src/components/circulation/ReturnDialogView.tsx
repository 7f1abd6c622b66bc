/**
 * The Return Book dialog's form (loaded on first use by `ReturnDialog.tsx`). The state is the pure
 * `returnFormReducer` of lib/return-form: the one form hook (`use-form.ts`) holds text values only,
 * and this form's state is picks, ticks and amounts, so it takes the hook's parts instead (the
 * server's field errors through `failedSubmission`, focus on the first invalid field). Submit →
 * `returnBook`; 'Book returned Successfully' or 'Error Occurs' as toasts, the server's reason
 * under its field (or above the buttons), nothing typed lost; after success, what the server
 * recorded (`ReturnDialogResult`).
 */
import { useStore } from '@nanostores/react';
import { useEffect, useReducer, useRef, useState, type FormEvent } from 'react';
import { css } from 'styled-system/css';
import { returnBook } from '../../lib/api/circulation';
import { callErrorMessage, errorMessage, fieldErrors } from '../../lib/errors';
import { failedSubmission } from '../../lib/forms';
import { toMinorUnits } from '../../lib/money';
import { NOTICES } from '../../lib/notices';
import {
  canSubmitReturn,
  initialReturnForm,
  libraryToday,
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
import { focusFirstInvalid } from '../focus-first-invalid';
import { Modal, dialogActions } from '../Modal';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { toast } from '../ui/Toaster';
import type { ReturnDialogProps } from './ReturnDialog';
import { ReturnDialogPicks } from './ReturnDialogPicks';
import { ReturnDialogResult } from './ReturnDialogResult';
import { ReturnDialogSettlement } from './ReturnDialogSettlement';

/** Fields whose server errors show under them; anything else goes above the buttons. */
const SERVER_FIELDS: readonly ReturnField[] = ['returnDate', 'status', 'fine_collected_amount', 'discount'];

const form = css({ display: 'flex', flexDirection: 'column', gap: '4' });

type Outcome = { answer: ReturnAnswer; loan: ReturnLoan };

/** The dialog with its form; see the module comment. */
export function ReturnDialogView({ open, onOpenChange, loan = null, onReturned }: ReturnDialogProps) {
  const settings = useStore($librarySettings);
  const libraryRate = toMinorUnits(settings?.fine_per_day ?? null);
  const start = (): ReturnFormState => {
    const today = libraryToday(settings?.timezone);
    return loan ? returnFormForLoan(loan, today, libraryRate) : initialReturnForm(today, 'book', libraryRate);
  };
  const [state, dispatch] = useReducer(returnFormReducer, undefined, start);
  const [errors, setErrors] = useState<Partial<Record<ReturnField, string>>>({});
  const [summary, setSummary] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  // Each opening starts afresh (for the loan given, if any) on the library's today.
  const restart = () => {
    dispatch({ type: 'replace', state: start() });
    setErrors({});
    setSummary(null);
    setOutcome(null);
  };
  useEffect(() => {
    if (open) restart();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, loan?.id]);

  // The library's rate arrives with the settings; until then DEFAULT_FINE_PER_DAY applies.
  useEffect(() => dispatch({ type: 'set-library-rate', rate: libraryRate }), [libraryRate]);

  // A change clears the errors it may have answered; the picks' and amounts' checks run again on Submit.
  const change: typeof dispatch = (action) => {
    dispatch(action);
    if (Object.keys(errors).length > 0) setErrors({});
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    const found = validateReturn(state);
    const ready = returnPayload(state);
    if (Object.keys(found).length > 0 || !ready || !state.loan) {
      setErrors(found);
      setSummary(null);
      window.setTimeout(() => focusFirstInvalid(formRef.current));
      return;
    }
    setSaving(true);
    setSummary(null);
    try {
      const answer = await returnBook(ready.loanId, ready.payload);
      toast.success(NOTICES.bookReturned);
      setOutcome({ answer, loan: state.loan });
      onReturned?.(answer, state.loan);
    } catch (failure) {
      toast.error(callErrorMessage('return-book', failure));
      const shown = failedSubmission(fieldErrors(failure), SERVER_FIELDS, () => errorMessage(failure, ['non_field_errors', 'detail', 'transport'], '') || null);
      setErrors(shown.errors);
      setSummary(shown.summary);
      window.setTimeout(() => focusFirstInvalid(formRef.current));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal open={open} onOpenChange={(next) => !saving && onOpenChange(next)} title="Return Book" busy={saving}>
      {outcome ? (
        <ReturnDialogResult answer={outcome.answer} loan={outcome.loan} onAnother={restart} onClose={() => onOpenChange(false)} />
      ) : (
        <form ref={formRef} className={form} onSubmit={(event) => void submit(event)} noValidate aria-label="Return Book">
          <ReturnDialogPicks state={state} dispatch={change} errors={errors} disabled={saving} fixedLoan={loan} />
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
