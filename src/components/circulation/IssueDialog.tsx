/**
 * The Book issue dialog (new loan, or the due date of a loan in edit mode), loaded on
 * first use by the Issue Book page (see IssueBook.tsx). This shell is the modal alone; its content,
 * `IssueDialogForm`, holds every state of the dialog and is unmounted when the dialog closes, so a
 * closed dialog keeps nothing and each opening starts afresh. The shell knows only whether a call
 * is under way, so that Escape, a click outside or the close button wait for it.
 */
import { useState } from 'react';
import type { IssuedRecord } from '../../lib/schemas/circulation';
import { Modal } from '../Modal';
import { IssueDialogForm } from './IssueDialogForm';

/** The dialog's settings: new loan or the loan to edit, the library's today and date format. */
export interface IssueDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The loan whose due date is edited; null issues a new loan. */
  editing: IssuedRecord | null;
  today: string;
  dateFormat: string | null | undefined;
  /** A loan was issued or changed: the list reloads. */
  onSaved: () => void;
}

export function IssueDialog({ open, onOpenChange, editing, today, dateFormat, onSaved }: IssueDialogProps) {
  const [busy, setBusy] = useState(false);
  return (
    <Modal open={open} onOpenChange={(next) => !busy && onOpenChange(next)} title={editing ? 'Edit Issued Book' : 'Issue Book'} busy={busy} size="wide">
      <IssueDialogForm editing={editing} today={today} dateFormat={dateFormat} onSaved={onSaved} onClose={() => onOpenChange(false)} onBusy={setBusy} />
    </Modal>
  );
}
