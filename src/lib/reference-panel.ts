/**
 * A Book Settings reference panel's flow (categories, languages, departments, academic
 * sessions): what a row sends (a category with its image as a form, the others as JSON), when an
 * edit changes nothing, and the panel's state: the row being renamed, the row asked to delete
 * with its failure, the filter, the add form's image and round (a fresh form after each add),
 * and which row's Rename button takes the focus back after an edit.
 */
import type { ReferenceKind } from './api/reference';
import { buildFormData, KEEP_FILE, type FileChange } from './forms';

/** A row of a reference list. */
export interface ReferenceItem {
  id: string | number;
  name: string;
  image?: string | null | undefined;
}

/** The body of an add or rename: a category's form carries its image change. */
export function referenceBody(kind: ReferenceKind, name: string, image: FileChange): FormData | { name: string } {
  return kind === 'category' ? buildFormData({ name: name.trim() }, { image }) : { name: name.trim() };
}

/** An edit that keeps the name (after trimming) and the image sends nothing. */
export const referenceEditUnchanged = (item: ReferenceItem, name: string, image: FileChange): boolean => name.trim() === item.name && image.kind === 'keep';

export interface ReferencePanelState {
  editing: ReferenceItem | null;
  editImage: FileChange;
  /** The id of the row whose Rename button gets the focus once the edit closes. */
  focusAfterEdit: ReferenceItem['id'] | null;
  toDelete: ReferenceItem | null;
  deleteError: string | null;
  filter: string;
  newImage: FileChange;
  /** Bumped after each add, so the add form starts afresh. */
  addRound: number;
}

export type ReferencePanelEvent =
  | { type: 'start-edit'; item: ReferenceItem }
  | { type: 'stop-edit' }
  | { type: 'saved-edit'; item: ReferenceItem }
  | { type: 'edit-image'; image: FileChange }
  | { type: 'focused' }
  | { type: 'new-image'; image: FileChange }
  | { type: 'added' }
  | { type: 'ask-delete'; item: ReferenceItem }
  | { type: 'delete-failed'; message: string }
  | { type: 'close-delete' }
  | { type: 'filter'; text: string };

export const initialReferencePanel: ReferencePanelState = {
  editing: null,
  editImage: KEEP_FILE,
  focusAfterEdit: null,
  toDelete: null,
  deleteError: null,
  filter: '',
  newImage: KEEP_FILE,
  addRound: 0,
};

/** The next panel state. */
export function referencePanelFlow(state: ReferencePanelState, event: ReferencePanelEvent): ReferencePanelState {
  switch (event.type) {
    case 'start-edit':
      return { ...state, editing: event.item, editImage: KEEP_FILE };
    case 'stop-edit':
      return { ...state, editing: null, focusAfterEdit: state.editing?.id ?? null };
    case 'saved-edit':
      return { ...state, editing: null, focusAfterEdit: event.item.id };
    case 'edit-image':
      return { ...state, editImage: event.image };
    case 'focused':
      return { ...state, focusAfterEdit: null };
    case 'new-image':
      return { ...state, newImage: event.image };
    case 'added':
      return { ...state, newImage: KEEP_FILE, addRound: state.addRound + 1 };
    case 'ask-delete':
      return { ...state, toDelete: event.item, deleteError: null };
    case 'delete-failed':
      return { ...state, deleteError: event.message };
    case 'close-delete':
      return { ...state, toDelete: null, deleteError: null };
    case 'filter':
      return { ...state, filter: event.text };
  }
}
