/**
 * A modal dialog on Ark Dialog: focus trapped and restored, Escape and outside click close it,
 * title and description announced. Full width under 480 px so it fits a 390 px phone.
 */
import { Dialog } from '@ark-ui/react/dialog';
import { Portal } from '@ark-ui/react/portal';
import type { ReactNode } from 'react';
import { css } from 'styled-system/css';
import { CloseIcon } from './ui/icons';

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
}

const backdrop = css({ position: 'fixed', inset: '0', zIndex: 50, bg: 'bg.overlay', backdropFilter: 'blur(2px)' });
const positioner = css({
  position: 'fixed',
  inset: '0',
  zIndex: 51,
  display: 'flex',
  alignItems: { base: 'flex-end', sm: 'center' },
  justifyContent: 'center',
  p: { base: '0', sm: '4' },
});
const contentStyle = {
  position: 'relative',
  w: 'full',
  maxW: { base: 'full', sm: '32rem' },
  maxH: '90dvh',
  overflowY: 'auto',
  bg: 'bg.surface',
  color: 'fg.default',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: { base: 'lg lg 0 0', sm: 'lg' },
  boxShadow: 'card',
  p: { base: '5', sm: '6' },
  _focusVisible: { outline: 'none' },
} as const;
const content = css(contentStyle);
const wideContent = css(contentStyle, { maxW: { base: 'full', sm: '48rem' } });
const titleClass = css({ fontSize: 'lg', fontWeight: 'semibold', pr: '10', lineHeight: '1.3' });
const descriptionClass = css({ mt: '2', color: 'fg.muted', fontSize: 'sm' });
const closeClass = css({
  position: 'absolute',
  top: '3',
  right: '3',
  w: '10',
  h: '10',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  borderRadius: 'md',
  color: 'fg.muted',
  cursor: 'pointer',
  _hover: { bg: 'bg.muted', color: 'fg.default' },
  _focusVisible: { outline: '2px solid', outlineColor: 'focusRing' },
});

/** Row of dialog buttons: end-aligned, stacked full width on phones. */
export const dialogActions = css({
  display: 'flex',
  flexDirection: { base: 'column-reverse', sm: 'row' },
  justifyContent: 'flex-end',
  gap: '3',
  mt: '6',
});

export function Modal({ open, onOpenChange, title, description, children, role = 'dialog', busy = false, size = 'default' }: ModalProps) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => onOpenChange(details.open)}
      role={role}
      closeOnEscape={!busy}
      closeOnInteractOutside={!busy}
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop className={backdrop} />
        <Dialog.Positioner className={positioner}>
          <Dialog.Content className={size === 'wide' ? wideContent : content}>
            <Dialog.Title className={titleClass}>{title}</Dialog.Title>
            {description && <Dialog.Description className={descriptionClass}>{description}</Dialog.Description>}
            {children}
            <Dialog.CloseTrigger className={closeClass} aria-label="Close" disabled={busy}>
              <CloseIcon />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
