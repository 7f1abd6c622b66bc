/**
 * The modal dialog itself on Ark Dialog: focus trapped and restored, Escape and outside click
 * close it, title and description announced. Full width under 480 px so it fits a 390 px phone.
 * Loaded by `Modal.tsx` when the browser is idle or the dialog first opens.
 */
import { Dialog } from '@ark-ui/react/dialog';
import { Portal } from '@ark-ui/react/portal';
import { css } from 'styled-system/css';
import type { ModalProps } from './Modal';
import { CloseIcon } from './ui/icons';

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

/** The dialog (see `Modal`). */
export function ModalView({ open, onOpenChange, title, description, children, role = 'dialog', busy = false, size = 'default' }: ModalProps) {
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
