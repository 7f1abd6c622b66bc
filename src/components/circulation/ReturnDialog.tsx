/**
 * The Return Book dialog as other screens use it (the Return Book page, the Issue Book list's row
 * action, a member's loans on his profile). Only this trigger-side shell is in the page: the dialog
 * (`ReturnDialogView`, whose content `ReturnDialogForm` has the pickers and the fine rules) loads on
 * first use, or earlier when `preload()` is called (hovering the button that opens it).
 */
import type { ReturnAnswer } from '../../lib/schemas/circulation';
import type { ReturnLoan } from '../../lib/return-form';
import { Modal } from '../Modal';
import { lazyPart, useLazyPart } from '../ui/lazy-part';
import { LoadingState } from '../ui/Spinner';
import { useEffect } from 'react';

/** How the dialog opens and what it tells its opener. */
export interface ReturnDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** One loan already chosen (Member mode, both picks made); none starts blank in Book mode. */
  loan?: ReturnLoan | null | undefined;
  /** Called once the server has recorded a return. */
  onReturned?: ((answer: ReturnAnswer, loan: ReturnLoan) => void) | undefined;
}

const view = lazyPart(() => import('./ReturnDialogView'));

/** Loads the dialog's code ahead of the first click. */
export const preloadReturnDialog = (): void => void view.load().catch(() => undefined);

/** The Return Book dialog; see the module comment. */
export function ReturnDialog(props: ReturnDialogProps) {
  const loaded = useLazyPart(view, 'first-use');
  useEffect(() => {
    if (props.open) preloadReturnDialog();
  }, [props.open]);
  if (loaded) return <loaded.ReturnDialogView {...props} />;
  return (
    <Modal open={props.open} onOpenChange={props.onOpenChange} title="Return Book">
      <LoadingState />
    </Modal>
  );
}
