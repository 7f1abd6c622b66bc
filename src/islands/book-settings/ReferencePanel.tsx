/**
 * One reference-data panel of Book Settings (categories, languages, departments or academic
 * sessions): the list in
 * alphabetical order with a filter box when it is long, an inline add form, inline rename (Enter
 * saves, Escape cancels; categories also change their image there) and delete behind the red
 * confirm dialog. Each action shows only with its permission; errors follow the error catalogue ('Error
 * Adding Category', or the server's own message such as "This category is used by 3 books.").
 */
import type { ReadableAtom } from 'nanostores';
import { useEffect, useId, useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { css, cx } from 'styled-system/css';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ImageUpload } from '../../components/ImageUpload';
import { useReferenceList } from '../../components/use-reference-list';
import { Panel } from '../../components/Panel';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { LoadingState } from '../../components/ui/Spinner';
import { TextField } from '../../components/ui/TextField';
import { toast } from '../../components/ui/Toaster';
import { useForm } from '../../components/use-form';
import { createReference, deleteReference, updateReference, type ReferenceKind } from '../../lib/api/reference';
import {
  FILTER_THRESHOLD,
  REFERENCE_LABELS,
  REFERENCE_NAME_MAX,
  filterByName,
  referenceErrorMessage,
  sortByName,
  validateReferenceName,
} from '../../lib/book-settings';
import { buildFormData, KEEP_FILE, type FileChange } from '../../lib/forms';
import { $adminSessions, $categories, $departments, $languages, referenceChanged, type ReferenceList } from '../../stores/reference';
import { NOTICES } from '../../lib/notices';

const NO_NAME = { name: '' };

interface Item {
  id: string | number;
  name: string;
  image?: string | null | undefined;
}

export interface ReferencePermissions {
  view: boolean;
  add: boolean;
  change: boolean;
  delete: boolean;
}

const lists: Record<ReferenceKind, ReadableAtom<ReferenceList<Item>>> = {
  category: $categories,
  language: $languages,
  department: $departments,
  session: $adminSessions,
};

const INTROS: Record<ReferenceKind, string> = {
  category: 'Subjects books are filed under; the image shows in the online catalogue.',
  language: 'Languages a book can be written in.',
  department: 'Departments books belong to (members choose theirs when they register).',
  session: 'Academic sessions members belong to, such as 2024-2028 (members choose theirs when they register).',
};

const PLACEHOLDERS: Record<ReferenceKind, string> = { category: 'e.g. Science Fiction', language: 'e.g. Urdu', department: 'e.g. Physics', session: 'e.g. 2024-2028' };

const list = css({ display: 'flex', flexDirection: 'column', borderTopWidth: '1px', borderColor: 'border.default' });
const row = css({
  display: 'flex',
  alignItems: 'center',
  gap: '3',
  py: '2',
  borderBottomWidth: '1px',
  borderColor: 'border.default',
  flexWrap: 'wrap',
});
const rowName = css({ flex: '1', minW: '8rem', fontWeight: 'medium', overflowWrap: 'anywhere' });
const thumb = css({
  w: '11',
  h: '11',
  flexShrink: 0,
  borderRadius: 'md',
  borderWidth: '1px',
  borderColor: 'border.default',
  bg: 'bg.muted',
  objectFit: 'cover',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  color: 'fg.muted',
  fontSize: 'xs',
  overflow: 'hidden',
});
const actions = css({ display: 'flex', gap: '2', flexWrap: 'wrap', ml: 'auto' });
const addFormClass = css({ display: 'flex', flexDirection: 'column', gap: '3', mb: '4' });
const inlineRow = css({ display: 'flex', gap: '3', alignItems: 'flex-end', flexWrap: 'wrap', '& > :first-child': { flex: '1', minW: '12rem' } });
const muted = css({ color: 'fg.muted', fontSize: 'sm', py: '3' });

export function ReferencePanel({ kind, can }: { kind: ReferenceKind; can: ReferencePermissions }) {
  const labels = REFERENCE_LABELS[kind];
  const lower = labels.one.toLowerCase();
  const lowerMany = labels.many.toLowerCase();
  const headingId = useId();
  const loaded = useReferenceList(lists[kind], can.view);
  const items = useMemo(() => (loaded.status === 'ready' ? sortByName(loaded.items) : null), [loaded]);
  const loadError = loaded.status === 'failed' ? referenceErrorMessage(loaded.error, kind, 'fetch') : null;
  const [filter, setFilter] = useState('');

  const addForm = useForm({ initial: NO_NAME });
  const [newImage, setNewImage] = useState<FileChange>(KEEP_FILE);
  const [addFormKey, setAddFormKey] = useState(0);
  const addError = addForm.errors.name;
  const adding = addForm.saving;

  const [editing, setEditing] = useState<Item | null>(null);
  const editForm = useForm<{ name: string }>({ initial: null });
  const [editImage, setEditImage] = useState<FileChange>(KEEP_FILE);
  const editError = editForm.errors.name;
  const saving = editForm.saving;
  const editInput = useRef<HTMLInputElement>(null);
  const focusAfterEdit = useRef<string | null>(null);

  const [toDelete, setToDelete] = useState<Item | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  useEffect(() => {
    if (editing) editInput.current?.focus();
  }, [editing]);

  useEffect(() => {
    if (editing || !focusAfterEdit.current) return;
    const target = document.getElementById(focusAfterEdit.current);
    focusAfterEdit.current = null;
    target?.focus();
  }, [editing]);

  const shown = useMemo(() => (items ? filterByName(items, filter) : []), [items, filter]);
  const renameButtonId = (item: Item) => `${kind}-rename-${String(item.id)}`;
  const deleteButtonId = (item: Item) => `${kind}-delete-${String(item.id)}`;

  const add = (event: FormEvent<HTMLFormElement>) =>
    addForm.submit(event, {
      validate: ({ name }) => ({ name: validateReferenceName(name, items ?? [], undefined, REFERENCE_NAME_MAX[kind]) }),
      send: async ({ name }) => {
        const body = kind === 'category' ? buildFormData({ name: name.trim() }, { image: newImage }) : { name: name.trim() };
        const created = await createReference(kind, body);
        await referenceChanged(kind);
        addForm.reset(NO_NAME);
        setNewImage(KEEP_FILE);
        setAddFormKey((k) => k + 1);
        toast.success(NOTICES.referenceAdded(labels.one, created.name));
      },
      fields: [],
      summary: (error) => referenceErrorMessage(error, kind, 'add'),
      summaryField: 'name',
    });

  function startEdit(item: Item) {
    setEditing(item);
    editForm.reset({ name: item.name });
    setEditImage(KEEP_FILE);
  }

  function stopEdit() {
    if (editing) focusAfterEdit.current = renameButtonId(editing);
    setEditing(null);
    editForm.reset(null);
  }

  const saveEdit = (event?: FormEvent<HTMLFormElement>) => {
    if (!editing) {
      event?.preventDefault();
      return;
    }
    return editForm.submit(event ?? null, {
      validate: ({ name }) => ({ name: validateReferenceName(name, items ?? [], editing.id, REFERENCE_NAME_MAX[kind]) }),
      send: async ({ name }) => {
        if (name.trim() === editing.name && editImage.kind === 'keep') return stopEdit();
        const body = kind === 'category' ? buildFormData({ name: name.trim() }, { image: editImage }) : { name: name.trim() };
        const updated = await updateReference(kind, editing.id, body);
        await referenceChanged(kind);
        toast.success(NOTICES.referenceUpdated(labels.one, updated.name));
        focusAfterEdit.current = renameButtonId(updated);
        setEditing(null);
      },
      fields: [],
      summary: (error) => referenceErrorMessage(error, kind, 'update'),
      summaryField: 'name',
    });
  };

  function editKeys(event: KeyboardEvent<HTMLElement>) {
    if (event.key === 'Escape' && !saving) {
      event.preventDefault();
      event.stopPropagation();
      stopEdit();
    }
  }

  async function confirmDelete() {
    if (!toDelete) return;
    setDeleteError(null);
    try {
      await deleteReference(kind, toDelete.id);
    } catch (error) {
      setDeleteError(referenceErrorMessage(error, kind, 'delete'));
      throw error;
    }
    const gone = toDelete;
    await referenceChanged(kind);
    toast.success(NOTICES.referenceDeleted(labels.one, gone.name));
  }

  const count = items ? ` (${items.length})` : '';

  const editButtons = (
    <div className={actions}>
      <Button type="submit" loading={saving} loadingText="Saving...">
        Save
      </Button>
      <Button variant="outline" onClick={stopEdit} disabled={saving}>
        Cancel
      </Button>
    </div>
  );

  return (
    <Panel title={<span id={headingId}>{`${labels.many}${count}`}</span>} intro={INTROS[kind]}>
      {!can.view ? (
        <Alert tone="info" title="Not available">
          Seeing {lowerMany} needs the “View {lowerMany}” permission.
        </Alert>
      ) : loadError ? (
        <Alert tone="error">{loadError}</Alert>
      ) : !items ? (
        <LoadingState text="Loading..." />
      ) : (
        <>
          {can.add && (
            <form key={addFormKey} ref={addForm.formRef} onSubmit={add} noValidate className={addFormClass} aria-label={`Add ${lower}`} aria-busy={adding || undefined}>
              <div className={inlineRow}>
                <TextField
                  label={`New ${lower}`}
                  maxLength={REFERENCE_NAME_MAX[kind]}
                  placeholder={PLACEHOLDERS[kind]}
                  {...addForm.bind('name')}
                />
                <Button type="submit" loading={adding} loadingText="Adding..." className={css({ mb: addError ? '7' : '0' })}>
                  Add {lower}
                </Button>
              </div>
              {kind === 'category' && (
                <ImageUpload label="Category image (optional)" currentUrl={null} value={newImage} onChange={setNewImage} limit="cover" disabled={adding} />
              )}
            </form>
          )}
          {items.length > FILTER_THRESHOLD && (
            <div className={css({ mb: '3' })}>
              <TextField label={`Filter ${lowerMany}`} type="search" value={filter} onChange={(event) => setFilter(event.target.value)} placeholder="Type part of a name" />
            </div>
          )}
          {items.length === 0 ? (
            <p className={muted}>No {lowerMany} yet.{can.add ? ` Add the first one above.` : ''}</p>
          ) : shown.length === 0 ? (
            <p className={muted} role="status">
              No {lowerMany} match “{filter.trim()}”.
            </p>
          ) : (
            <ul className={list} aria-labelledby={headingId}>
              {shown.map((item) => {
                const isEditing = editing !== null && String(editing.id) === String(item.id);
                return (
                  <li key={String(item.id)} className={cx(row)} onKeyDown={isEditing ? editKeys : undefined}>
                    {kind === 'category' && !isEditing && (
                      item.image ? <img src={item.image} alt={`${item.name} image`} className={thumb} loading="lazy" /> : <span className={thumb} aria-hidden="true">—</span>
                    )}
                    {isEditing ? (
                      <form ref={editForm.formRef} onSubmit={saveEdit} noValidate className={css({ flex: '1', display: 'flex', flexDirection: 'column', gap: '3', py: '2' })} aria-label={`Rename ${item.name}`}>
                        <div className={inlineRow}>
                          <TextField
                            ref={editInput}
                            label={`New name for ${item.name}`}
                            maxLength={REFERENCE_NAME_MAX[kind]}
                            aria-keyshortcuts="Enter Escape"
                            {...editForm.bind('name')}
                          />
                          {kind !== 'category' && <div className={css({ mb: editError ? '7' : '0' })}>{editButtons}</div>}
                        </div>
                        <p className={css({ fontSize: 'sm', color: 'fg.muted', mt: '-1' })}>Enter saves, Escape cancels.</p>
                        {kind === 'category' && (
                          <>
                            <ImageUpload label="Category image" currentUrl={item.image} value={editImage} onChange={setEditImage} limit="cover" disabled={saving} />
                            {editButtons}
                          </>
                        )}
                      </form>
                    ) : (
                      <>
                        <span className={rowName}>{item.name}</span>
                        {(can.change || can.delete) && (
                          <span className={actions}>
                            {can.change && (
                              <Button id={renameButtonId(item)} variant="outline" onClick={() => startEdit(item)} aria-label={`Rename ${item.name}`} disabled={editing !== null}>
                                {kind === 'category' ? 'Edit' : 'Rename'}
                              </Button>
                            )}
                            {can.delete && (
                              <Button
                                id={deleteButtonId(item)}
                                variant="ghost"
                                onClick={() => {
                                  setDeleteError(null);
                                  setToDelete(item);
                                }}
                                aria-label={`Delete ${item.name}`}
                                disabled={editing !== null}
                                className={css({ color: 'danger.default' })}
                              >
                                Delete
                              </Button>
                            )}
                          </span>
                        )}
                      </>
                    )}
                  </li>
                );
              })}
            </ul>
          )}
        </>
      )}
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => {
          if (!open) {
            const target = toDelete;
            setToDelete(null);
            setDeleteError(null);
            if (target) requestAnimationFrame(() => document.getElementById(deleteButtonId(target))?.focus());
          }
        }}
        title={`Delete ${lower} “${toDelete?.name ?? ''}”?`}
        description={`It is removed from the list. A ${lower} still used by ${kind === 'session' ? 'members' : 'books'} cannot be deleted.`}
        confirmLabel="Delete"
        busyLabel="Deleting..."
        onConfirm={confirmDelete}
      >
        {deleteError && <Alert tone="error">{deleteError}</Alert>}
      </ConfirmDialog>
    </Panel>
  );
}
