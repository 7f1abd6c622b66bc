/**
 * The Return Book dialog (loaded on first use by `ReturnDialog.tsx`). This is the modal alone; its
 * content, `ReturnDialogForm`, holds every state of the dialog (picks, ticks, amounts, errors, the
 * result) and is unmounted when the dialog closes, so a closed dialog keeps nothing and each
 * opening starts afresh. The modal knows only whether a call is under way, so that Escape, a
 * click outside or the close button wait for it.
 */
import { useState } from 'react';
import { Modal } from '../Modal';
import type { ReturnDialogProps } from './ReturnDialog';
import { ReturnDialogForm } from './ReturnDialogForm';

/** The dialog with its form; see the module comment. */
export function ReturnDialogView({ open, onOpenChange, loan = null, onReturned }: ReturnDialogProps) {
  const [busy, setBusy] = useState(false);
  return (
    <Modal open={open} onOpenChange={(next) => !busy && onOpenChange(next)} title="Return Book" busy={busy}>
      <ReturnDialogForm loan={loan} onReturned={onReturned} onClose={() => onOpenChange(false)} onBusy={setBusy} />
    </Modal>
  );
}
