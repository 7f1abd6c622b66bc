/**
 * The Membership screen's dialogs: the plan form (a new plan or one being edited) and the red
 * confirm of a delete, which stays open with the server's reason when the delete is refused.
 */

/** Which dialog is open, on which plan, and a refused delete's reason. */
export interface PlanDialogs<P> {
  editing: P | 'new' | null;
  deleting: P | null;
  deleteError: string | null;
}

export type PlanDialogEvent<P> =
  | { type: 'add' }
  | { type: 'edit'; plan: P }
  | { type: 'close-form' }
  | { type: 'ask-delete'; plan: P }
  | { type: 'deleting' }
  | { type: 'delete-failed'; message: string }
  | { type: 'close-delete' };

export const NO_PLAN_DIALOG: PlanDialogs<never> = { editing: null, deleting: null, deleteError: null };

export function planDialogs<P>(state: PlanDialogs<P>, event: PlanDialogEvent<P>): PlanDialogs<P> {
  switch (event.type) {
    case 'add':
      return { ...state, editing: 'new' };
    case 'edit':
      return { ...state, editing: event.plan };
    case 'close-form':
      return { ...state, editing: null };
    case 'ask-delete':
      return { ...state, deleting: event.plan, deleteError: null };
    case 'deleting':
      return { ...state, deleteError: null };
    case 'delete-failed':
      return { ...state, deleteError: event.message };
    case 'close-delete':
      return { ...state, deleting: null, deleteError: null };
  }
}
