/**
 * One row of a reference panel: the category's image, the name and Rename/Edit and Delete (each
 * with its permission), or, while renamed, the inline form (Enter saves, Escape cancels; a
 * category also changes its image there).
 */
import { css } from 'styled-system/css';
import { ImageUpload } from '../../components/ImageUpload';
import { Button } from '../../components/ui/Button';
import { TextField } from '../../components/ui/TextField';
import type { ReferenceKind } from '../../lib/api/reference';
import { REFERENCE_NAME_MAX } from '../../lib/book-settings';
import type { ReferenceItem } from '../../lib/reference-panel';
import { deleteButtonId, renameButtonId, type ReferencePanelFlow } from './use-reference-panel';
import { inlineRow, rowActions } from './reference-styles';

export interface ReferencePermissions {
  view: boolean;
  add: boolean;
  change: boolean;
  delete: boolean;
}

const row = css({ display: 'flex', alignItems: 'center', gap: '3', py: '2', borderBottomWidth: '1px', borderColor: 'border.default', flexWrap: 'wrap' });
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
const editFormClass = css({ flex: '1', display: 'flex', flexDirection: 'column', gap: '3', py: '2' });
const hint = css({ fontSize: 'sm', color: 'fg.muted', mt: '-1' });
const danger = css({ color: 'danger.default' });

function EditForm({ kind, item, panel }: { kind: ReferenceKind; item: ReferenceItem; panel: ReferencePanelFlow }) {
  const { editForm, editInput, saveEdit, stopEdit, flow, dispatch } = panel;
  const buttons = (
    <div className={rowActions}>
      <Button type="submit" loading={editForm.saving} loadingText="Saving...">
        Save
      </Button>
      <Button variant="outline" onClick={stopEdit} disabled={editForm.saving}>
        Cancel
      </Button>
    </div>
  );
  return (
    <form ref={editForm.formRef} onSubmit={saveEdit} noValidate className={editFormClass} aria-label={`Rename ${item.name}`}>
      <div className={inlineRow}>
        <TextField ref={editInput} label={`New name for ${item.name}`} maxLength={REFERENCE_NAME_MAX[kind]} aria-keyshortcuts="Enter Escape" {...editForm.bind('name')} />
        {kind !== 'category' && <div className={css({ mb: editForm.errors.name ? '7' : '0' })}>{buttons}</div>}
      </div>
      <p className={hint}>Enter saves, Escape cancels.</p>
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
    <li className={row} onKeyDown={isEditing ? panel.editKeys : undefined}>
      {kind === 'category' && !isEditing &&
        (item.image ? <img src={item.image} alt={`${item.name} image`} className={thumb} loading="lazy" /> : <span className={thumb} aria-hidden="true">—</span>)}
      {isEditing ? (
        <EditForm kind={kind} item={item} panel={panel} />
      ) : (
        <>
          <span className={rowName}>{item.name}</span>
          {(can.change || can.delete) && (
            <span className={rowActions}>
              {can.change && (
                <Button id={renameButtonId(kind, item.id)} variant="outline" onClick={() => panel.startEdit(item)} aria-label={`Rename ${item.name}`} disabled={editing !== null}>
                  {kind === 'category' ? 'Edit' : 'Rename'}
                </Button>
              )}
              {can.delete && (
                <Button id={deleteButtonId(kind, item.id)} variant="ghost" onClick={() => panel.dispatch({ type: 'ask-delete', item })} aria-label={`Delete ${item.name}`} disabled={editing !== null} className={danger}>
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
