/**
 * The generic confirm dialog of section 2: a question, Cancel and a confirm button in the red
 * danger style. The confirm button shows busy text while `onConfirm` runs; the dialog closes when
 * it resolves and stays open (for the caller's message) when it throws.
 */
import { useState, type ReactNode } from 'react';
import { Button } from './ui/Button';
import { Modal, dialogActions } from './Modal';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  /** The confirm button's text, e.g. 'Yes, remove' or 'Delete role'. */
  confirmLabel: string;
  /** Its text while busy. */
  busyLabel?: string;
  cancelLabel?: string;
  /** Red danger style (default) or the ordinary solid style. */
  tone?: 'danger' | 'neutral';
  onConfirm: () => Promise<void> | void;
  children?: ReactNode;
  /** Enter in a field of `children` (e.g. a password) confirms: the dialog becomes a form. */
  submitOnEnter?: boolean;
  /** Focus the confirm button on opening (a keyboard-only desk confirms with Enter); Cancel otherwise. */
  focusConfirm?: boolean;
}

export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  busyLabel,
  cancelLabel = 'Cancel',
  tone = 'danger',
  onConfirm,
  children,
  submitOnEnter = false,
  focusConfirm = false,
}: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);

  async function confirm() {
    setBusy(true);
    try {
      await onConfirm();
      onOpenChange(false);
    } catch {
      // The caller shows why; the dialog stays open so the user can retry or cancel.
    } finally {
      setBusy(false);
    }
  }

  const actions = (
    <div className={dialogActions}>
      <Button variant="outline" onClick={() => onOpenChange(false)} disabled={busy}>
        {cancelLabel}
      </Button>
      <Button
        type={submitOnEnter ? 'submit' : 'button'}
        variant={tone === 'danger' ? 'danger' : 'solid'}
        onClick={submitOnEnter ? undefined : confirm}
        loading={busy}
        loadingText={busyLabel ?? confirmLabel}
        data-autofocus={focusConfirm || undefined}
      >
        {confirmLabel}
      </Button>
    </div>
  );

  return (
    <Modal open={open} onOpenChange={onOpenChange} title={title} description={description} role="alertdialog" busy={busy}>
      {submitOnEnter ? (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (!busy) void confirm();
          }}
        >
          {children}
          {actions}
        </form>
      ) : (
        <>
          {children}
          {actions}
        </>
      )}
    </Modal>
  );
}
