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
 * Opened blank, a scan input comes first: a copy's barcode picks its open loan's member and book
 * (`ReturnScanField`; "not on loan" said under it).
 *
 * Every state of the dialog lives in its flow (`useReturnFlow`), and this component lives only while the dialog is open
 * (the modal unmounts its content when it closes): each opening starts from the loan given, or
 * blank, on the library's today, and a closed dialog keeps and asks for nothing.
 */
import { css } from 'styled-system/css';
import { canSubmitReturn, type ReturnLoan } from '../../lib/return-form';
import { heldForText } from '../../lib/reservations';
import type { ReturnAnswer } from '../../lib/schemas/circulation';
import { dialogActions } from '../Modal';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { ReturnDialogPicks } from './ReturnDialogPicks';
import { ReturnDialogResult } from './ReturnDialogResult';
import { ReturnDialogSettlement } from './ReturnDialogSettlement';
import { ReturnScanField } from './ReturnScanField';
import { useReturnFlow } from './use-return-flow';

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

const form = css({ display: 'flex', flexDirection: 'column', gap: '4' });

/** The return form and, once a return is recorded, its result; see the module comment. */
export function ReturnDialogForm({ loan, onReturned, onClose, onBusy }: ReturnDialogFormProps) {
  const { state, change, formRef, errors, summary, saving, outcome, startAnother, submitReturn, dateFormat, scan, typeScan, scanCopy, scannedLoan } = useReturnFlow(loan, onReturned, onBusy);
  if (outcome) return <ReturnDialogResult answer={outcome.answer} loan={outcome.loan} dateFormat={dateFormat} onAnother={startAnother} onClose={onClose} />;
  return (
    <form ref={formRef} className={form} noValidate aria-label="Return Book" onSubmit={submitReturn}>
      {!loan && <ReturnScanField scan={scan} disabled={saving} onType={typeScan} onScan={() => void scanCopy()} />}
      <ReturnDialogPicks state={state} dispatch={change} errors={errors} disabled={saving} fixedLoan={loan ?? scannedLoan} />
      {state.loan?.heldFor && <Alert tone="info">{heldForText(state.loan.heldFor)}</Alert>}
      <ReturnDialogSettlement state={state} dispatch={change} errors={errors} disabled={saving} dateFormat={dateFormat} />
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
