/**
 * A reference panel's calls and focus around its flow (`src/lib/reference-panel.ts`): add, rename
 * (Enter saves, Escape cancels; the focus goes back to the row's Rename button), delete behind
 * the confirm dialog, each with the error catalogue's wording.
 */
import { useEffect, useReducer, useRef, type FormEvent, type KeyboardEvent } from 'react';
import { toast } from '../../components/ui/Toaster';
import { useForm } from '../../components/use-form';
import { createReference, deleteReference, updateReference, type ReferenceKind } from '../../lib/api/reference';
import { REFERENCE_LABELS, REFERENCE_NAME_MAX, referenceErrorMessage, validateReferenceName } from '../../lib/book-settings';
import { NOTICES } from '../../lib/notices';
import { initialReferencePanel, referenceBody, referenceEditUnchanged, referencePanelFlow, type ReferenceItem } from '../../lib/reference-panel';
import { referenceChanged } from '../../stores/reference';

const NO_NAME = { name: '' };

/** The ids of a row's buttons, so the focus can return to them. */
export const renameButtonId = (kind: ReferenceKind, id: ReferenceItem['id']) => `${kind}-rename-${String(id)}`;
export const deleteButtonId = (kind: ReferenceKind, id: ReferenceItem['id']) => `${kind}-delete-${String(id)}`;

export function useReferencePanel(kind: ReferenceKind, items: readonly ReferenceItem[] | null) {
  const one = REFERENCE_LABELS[kind].one;
  const [flow, dispatch] = useReducer(referencePanelFlow, initialReferencePanel);
  const addForm = useForm({ initial: NO_NAME });
  const editForm = useForm<{ name: string }>({ initial: null });
  const editInput = useRef<HTMLInputElement>(null);
  const { editing, focusAfterEdit } = flow;

  useEffect(() => {
    if (editing) editInput.current?.focus();
    else if (focusAfterEdit !== null) {
      document.getElementById(renameButtonId(kind, focusAfterEdit))?.focus();
      dispatch({ type: 'focused' });
    }
  }, [editing, focusAfterEdit, kind]);

  const add = (event: FormEvent<HTMLFormElement>) =>
    addForm.submit(event, {
      validate: ({ name }) => ({ name: validateReferenceName(name, items ?? [], undefined, REFERENCE_NAME_MAX[kind]) }),
      send: async ({ name }) => {
        const created = await createReference(kind, referenceBody(kind, name, flow.newImage));
        await referenceChanged(kind);
        addForm.reset(NO_NAME);
        dispatch({ type: 'added' });
        toast.success(NOTICES.referenceAdded(one, created.name));
      },
      fields: [],
      summary: (error) => referenceErrorMessage(error, kind, 'add'),
      summaryField: 'name',
    });

  const startEdit = (item: ReferenceItem) => {
    dispatch({ type: 'start-edit', item });
    editForm.reset({ name: item.name });
  };

  const stopEdit = () => {
    dispatch({ type: 'stop-edit' });
    editForm.reset(null);
  };

  const saveEdit = (event?: FormEvent<HTMLFormElement>) => {
    if (!editing) return event?.preventDefault();
    return editForm.submit(event ?? null, {
      validate: ({ name }) => ({ name: validateReferenceName(name, items ?? [], editing.id, REFERENCE_NAME_MAX[kind]) }),
      send: async ({ name }) => {
        if (referenceEditUnchanged(editing, name, flow.editImage)) return stopEdit();
        const updated = await updateReference(kind, editing.id, referenceBody(kind, name, flow.editImage));
        await referenceChanged(kind);
        toast.success(NOTICES.referenceUpdated(one, updated.name));
        dispatch({ type: 'saved-edit', item: updated });
      },
      fields: [],
      summary: (error) => referenceErrorMessage(error, kind, 'update'),
      summaryField: 'name',
    });
  };

  const editKeys = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Escape' || editForm.saving) return;
    event.preventDefault();
    event.stopPropagation();
    stopEdit();
  };

  const confirmDelete = async () => {
    const gone = flow.toDelete;
    if (!gone) return;
    try {
      await deleteReference(kind, gone.id);
    } catch (error) {
      dispatch({ type: 'delete-failed', message: referenceErrorMessage(error, kind, 'delete') });
      throw error;
    }
    await referenceChanged(kind);
    toast.success(NOTICES.referenceDeleted(one, gone.name));
  };

  const closeDelete = () => {
    const target = flow.toDelete;
    dispatch({ type: 'close-delete' });
    if (target) requestAnimationFrame(() => document.getElementById(deleteButtonId(kind, target.id))?.focus());
  };

  return { flow, dispatch, addForm, editForm, editInput, add, startEdit, stopEdit, saveEdit, editKeys, confirmDelete, closeDelete };
}

export type ReferencePanelFlow = ReturnType<typeof useReferencePanel>;
