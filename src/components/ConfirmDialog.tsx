/**
 * The generic confirm dialog: a question, Cancel and a confirm button. Its `tone`
 * decides both its look and where focus lands when it opens (`confirmInitialFocus`): a danger
 * (delete, decline, disable) is red and opens on Cancel, so Enter backs out; a neutral one
 * (collect fines, approve) opens on its confirm button, so Enter confirms. The confirm button
 * shows busy text while `onConfirm` runs; the dialog closes when it resolves and stays open (for
 * the caller's message) when it throws.
 */
import { useRef, useState, type ReactNode } from 'react';
import { confirmInitialFocus, type ConfirmTone } from '../lib/confirm-tone';
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
  /** 'danger' (default: red, opens on Cancel) or 'neutral' (solid, opens on the confirm button). */
  tone?: ConfirmTone;
  onConfirm: () => Promise<void> | void;
  children?: ReactNode;
  /** Enter in a field of `children` (e.g. a password) confirms: the dialog becomes a form and opens on its first field. */
  submitOnEnter?: boolean;
  /** Open on the confirm button whatever the tone (the desk's issue to a defaulter: red, yet confirmed with Enter). */
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
  const cancelButton = useRef<HTMLButtonElement>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const firstFocus = confirmInitialFocus({ tone, focusConfirm, asksInput: submitOnEnter });
  const initialFocus = (): HTMLElement | null => {
    if (firstFocus === 'field') return form.current?.querySelector<HTMLElement>('input, select, textarea') ?? cancelButton.current;
    return firstFocus === 'confirm' ? confirmButton.current : cancelButton.current;
  };

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
      <Button variant="outline" onClick={() => onOpenChange(false)} disabled={busy} ref={cancelButton}>
        {cancelLabel}
      </Button>
      <Button
        type={submitOnEnter ? 'submit' : 'button'}
        variant={tone === 'danger' ? 'danger' : 'solid'}
        onClick={submitOnEnter ? undefined : confirm}
        loading={busy}
        loadingText={busyLabel ?? confirmLabel}
        ref={confirmButton}
      >
        {confirmLabel}
      </Button>
    </div>
  );

  return (
    <Modal open={open} onOpenChange={onOpenChange} title={title} description={description} role="alertdialog" busy={busy} initialFocus={initialFocus}>
      {submitOnEnter ? (
        <form
          ref={form}
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
