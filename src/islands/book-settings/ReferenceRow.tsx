/**
 * One row of a reference panel: the category's image, the name and Rename/Edit and Delete (each
 * with its permission), or, while renamed, the inline form (Enter saves, Escape cancels; a
 * category also changes its image there).
 */
import { ImageUpload } from '../../components/ImageUpload';
import { Button } from '../../components/ui/Button';
import { TextField } from '../../components/ui/TextField';
import type { ReferenceKind } from '../../lib/api/reference';
import { REFERENCE_NAME_MAX } from '../../lib/book-settings';
import type { ReferenceItem } from '../../lib/reference-panel';
import { deleteButtonId, renameButtonId, type ReferencePanelFlow } from './use-reference-panel';
import { besideField, referencePanel as parts } from './reference-styles';

export interface ReferencePermissions {
  view: boolean;
  add: boolean;
  change: boolean;
  delete: boolean;
}

function EditForm({ kind, item, panel }: { kind: ReferenceKind; item: ReferenceItem; panel: ReferencePanelFlow }) {
  const { editForm, editInput, saveEdit, stopEdit, flow, dispatch } = panel;
  const buttons = (
    <div className={parts.actions}>
      <Button type="submit" loading={editForm.saving} loadingText="Saving...">
        Save
      </Button>
      <Button variant="outline" onClick={stopEdit} disabled={editForm.saving}>
        Cancel
      </Button>
    </div>
  );
  return (
    <form ref={editForm.formRef} onSubmit={saveEdit} noValidate className={parts.editForm} aria-label={`Rename ${item.name}`}>
      <div className={parts.inlineRow}>
        <TextField ref={editInput} label={`New name for ${item.name}`} maxLength={REFERENCE_NAME_MAX[kind]} aria-keyshortcuts="Enter Escape" {...editForm.bind('name')} />
        {kind !== 'category' && <div className={besideField({ fieldError: Boolean(editForm.errors.name) })}>{buttons}</div>}
      </div>
      <p className={parts.hint}>Enter saves, Escape cancels.</p>
      {kind === 'category' && (
        <>
          <ImageUpload label="Category image" currentUrl={item.image} value={flow.editImage} onChange={(image) => dispatch({ type: 'edit-image', image })} limit="cover" disabled={editForm.saving} />
          {buttons}
        </>
      )}
    </form>
  );
}

/** A row of the list, or its inline edit form. */
export function ReferenceRow({ kind, item, can, panel }: { kind: ReferenceKind; item: ReferenceItem; can: ReferencePermissions; panel: ReferencePanelFlow }) {
  const { editing } = panel.flow;
  const isEditing = editing !== null && String(editing.id) === String(item.id);
  return (
    <li className={parts.row} onKeyDown={isEditing ? panel.editKeys : undefined}>
      {kind === 'category' && !isEditing &&
        (item.image ? <img src={item.image} alt={`${item.name} image`} className={parts.thumb} loading="lazy" /> : <span className={parts.thumb} aria-hidden="true">—</span>)}
      {isEditing ? (
        <EditForm kind={kind} item={item} panel={panel} />
      ) : (
        <>
          <span className={parts.name}>{item.name}</span>
          {(can.change || can.delete) && (
            <span className={parts.actions}>
              {can.change && (
                <Button id={renameButtonId(kind, item.id)} variant="outline" onClick={() => panel.startEdit(item)} aria-label={`Rename ${item.name}`} disabled={editing !== null}>
                  {kind === 'category' ? 'Edit' : 'Rename'}
                </Button>
              )}
              {can.delete && (
                <Button id={deleteButtonId(kind, item.id)} variant="dangerGhost" onClick={() => panel.dispatch({ type: 'ask-delete', item })} aria-label={`Delete ${item.name}`} disabled={editing !== null}>
                  Delete
                </Button>
              )}
            </span>
          )}
        </>
      )}
    </li>
  );
}
