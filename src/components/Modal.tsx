/**
 * The one modal dialog of the site (every dialog and `ConfirmDialog` go through it). Its code
 * (Ark Dialog, focus trap) is not part of the page: it loads when the browser is idle after a
 * page with a dialog has drawn, or at the latest when the dialog first opens (`ModalView.tsx`).
 * A closed dialog renders nothing either way.
 */
import { useEffect, type ReactNode } from 'react';
import { dialog } from 'styled-system/recipes';
import { lazyPart, useLazyPart } from './ui/lazy-part';

/** What a dialog shows and how it closes. */
export interface ModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** `alertdialog` for confirmations. */
  role?: 'dialog' | 'alertdialog';
  /** Busy dialogs do not close on Escape or outside clicks. */
  busy?: boolean;
  /** 'wide' for dialogs with tables (48rem on larger screens). */
  size?: 'default' | 'wide';
  /** The element focused when it opens (`ConfirmDialog` decides by its tone); else the dialog's own choice. */
  initialFocus?: () => HTMLElement | null;
}

/** Row of dialog buttons: end-aligned, stacked full width on phones. */
export const dialogActions = dialog().actions;

const modalView = lazyPart(() => import('./ModalView'));

/** A modal dialog; `role="alertdialog"` for confirmations. */
export function Modal(props: ModalProps) {
  const view = useLazyPart(modalView, 'first-use');
  useEffect(() => {
    if (props.open) void modalView.load().catch(() => undefined);
  }, [props.open]);
  if (!view) return null;
  return <view.ModalView {...props} />;
}
