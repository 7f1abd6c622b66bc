/**
 * The modal dialog itself on Ark Dialog: focus trapped and restored, Escape and outside click
 * close it, title and description announced. Full width under 480 px so it fits a 390 px phone.
 * Loaded by `Modal.tsx` when the first dialog opens.
 */
import { Dialog } from '@ark-ui/react/dialog';
import { Portal } from '@ark-ui/react/portal';
import { dialog } from 'styled-system/recipes';
import type { ModalProps } from './Modal';
import { CloseIcon } from './ui/icons';

/** The dialog (see `Modal`). */
export function ModalView({ open, onOpenChange, title, description, children, role = 'dialog', busy = false, size = 'default', initialFocus }: ModalProps) {
  const classes = dialog({ size });
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => onOpenChange(details.open)}
      role={role}
      closeOnEscape={!busy}
      closeOnInteractOutside={!busy}
      // Focus is trapped inside, so focus outside comes only from code: a dialog closing as this
      // one opens gives focus back to its trigger (after a fine collection, the receipt opens as
      // the collect dialog closes). That must not close this one; a click outside still does.
      onFocusOutside={(event) => event.preventDefault()}
      lazyMount
      unmountOnExit
      // Given only when asked for: an alertdialog otherwise starts on its close button.
      {...(initialFocus ? { initialFocusEl: initialFocus } : {})}
    >
      <Portal>
        <Dialog.Backdrop className={classes.backdrop} />
        <Dialog.Positioner className={classes.positioner}>
          <Dialog.Content className={classes.content}>
            <Dialog.Title className={classes.title}>{title}</Dialog.Title>
            {description && <Dialog.Description className={classes.description}>{description}</Dialog.Description>}
            {children}
            <Dialog.CloseTrigger className={classes.closeTrigger} aria-label="Close" disabled={busy}>
              <CloseIcon />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
