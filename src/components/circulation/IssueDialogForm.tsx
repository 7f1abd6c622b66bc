/**
 * The Book issue dialog's content (see IssueDialog.tsx), scan-first: focus starts in one input
 * that takes a member number, an ISBN, a copy's barcode (or accession number) or a book id as a
 * scanner types it (then Enter); a member number picks the member, an ISBN or id the book, a copy
 * its title and that copy (sent as `copy`, refused at once when not on the shelf or held for another). With both picked, Enter submits and Enter
 * confirms, so issuing needs no mouse. Issue Date (the library's today), Due Date (issue date +
 * the member's loan period, 3 days until a member is chosen; it moves with the issue date), Book
 * and Member pickers; it shows the book's available copies, the member's issued count against his
 * limit and his fine. A confirmation (the defaulter's when he owes) precedes the call. In edit mode
 * only the due date changes (Update).
 *
 * The flow is the one issuing flow (`useIssueFlow`, rules in lib/issue-flow), shared with the
 * reserved-book issue dialog. This component lives only while the dialog is open (the modal
 * unmounts its content when it closes): each opening starts with nothing picked, and a closed
 * dialog keeps nothing. After a loan the next one starts with nothing picked, focus in the scan input.
 */
import { useState, type FormEvent } from 'react';
import { issueConfirmation } from '../../lib/issue-form';
import type { IssueTarget } from '../../lib/issue-flow';
import type { IssuedRecord } from '../../lib/schemas/circulation';
import { ConfirmDialog } from '../ConfirmDialog';
import { EditedLoanFields, IssuePickers, IssueScanField, SCAN_ID } from './IssueDeskParts';
import { IssueFacts } from './IssueFacts';
import { IssueFormFrame } from './IssueFormFrame';
import { useConfirmation } from './use-confirmation';
import { useIssueFlow } from './use-issue-flow';

/** What the content needs from the dialog: the loan to edit (or none), dates, and how to close. */
export interface IssueDialogFormProps {
  /** The loan whose due date is edited; null issues a new loan. */
  editing: IssuedRecord | null;
  today: string;
  dateFormat: string | null | undefined;
  /** A loan was issued or changed: the list reloads. */
  onSaved: () => void;
  onClose: () => void;
  /** Whether a call is under way (the dialog may not close meanwhile). */
  onBusy: (busy: boolean) => void;
}

export function IssueDialogForm({ editing, today, dateFormat, onSaved, onClose, onBusy }: IssueDialogFormProps) {
  const [target] = useState<IssueTarget>(() => (editing ? { kind: 'edit', loan: editing } : { kind: 'desk' }));
  const confirmation = useConfirmation();
  const flow = useIssueFlow({ target, today, dateFormat, onBusy, confirm: confirmation.ask });
  const { desk, values, saving } = flow;
  const blocked = !values || saving;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (!(await flow.submitIssue(event))) return;
    onSaved();
    if (editing) return onClose();
    flow.startNextLoan(values?.issue_date || today);
    // Back to the scan input once it is enabled again and the confirmation has handed focus back.
    window.setTimeout(() => document.getElementById(SCAN_ID)?.focus(), 150);
  }

  return (
    <>
      <IssueFormFrame
        flow={flow}
        onSubmit={(event) => void onSubmit(event)}
        onClose={onClose}
        submitLabel={editing ? 'Update' : 'Submit'}
        savingLabel={editing ? 'Updating…' : 'Issuing…'}
        enterSubmits
        issueDateLocked={Boolean(editing)}
        top={!editing && <IssueScanField flow={flow} disabled={blocked} />}
        pickers={editing ? <EditedLoanFields loan={editing} /> : <IssuePickers flow={flow} disabled={blocked} />}
        bottom={
          !editing && (
            <IssueFacts book={desk.book} copy={desk.copy} memberId={desk.member?.id} summary={desk.memberSummary} summaryError={desk.summaryError} memberChosen={desk.member !== null} />
          )
        }
      />
      <ConfirmDialog
        open={confirmation.asking}
        onOpenChange={(next) => {
          if (!next) confirmation.settle(false);
        }}
        title={issueConfirmation(desk.memberSummary?.member)}
        confirmLabel="Issue"
        tone={desk.memberSummary?.member.isDefaulter ? 'danger' : 'neutral'}
        focusConfirm
        onConfirm={() => confirmation.settle(true)}
      />
    </>
  );
}
