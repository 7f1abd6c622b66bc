/** A reference panel's inline add form: the new name (and a category's optional image). */
import { ImageUpload } from '../../components/ImageUpload';
import { Button } from '../../components/ui/Button';
import { TextField } from '../../components/ui/TextField';
import type { ReferenceKind } from '../../lib/api/reference';
import { REFERENCE_LABELS, REFERENCE_NAME_MAX } from '../../lib/book-settings';
import { besideField, referencePanel as parts } from './reference-styles';
import type { ReferencePanelFlow } from './use-reference-panel';

const PLACEHOLDERS: Record<ReferenceKind, string> = { category: 'e.g. Science Fiction', language: 'e.g. Urdu', department: 'e.g. Physics', session: 'e.g. 2024-2028' };

export function ReferenceAddForm({ kind, panel }: { kind: ReferenceKind; panel: ReferencePanelFlow }) {
  const { addForm, add, flow, dispatch } = panel;
  const lower = REFERENCE_LABELS[kind].one.toLowerCase();
  const adding = addForm.saving;
  return (
    <form key={flow.addRound} ref={addForm.formRef} onSubmit={add} noValidate className={parts.addForm} aria-label={`Add ${lower}`} aria-busy={adding || undefined}>
      <div className={parts.inlineRow}>
        <TextField label={`New ${lower}`} maxLength={REFERENCE_NAME_MAX[kind]} placeholder={PLACEHOLDERS[kind]} {...addForm.bind('name')} />
        <Button type="submit" loading={adding} loadingText="Adding..." className={besideField({ fieldError: Boolean(addForm.errors.name) })}>
          Add {lower}
        </Button>
      </div>
      {kind === 'category' && (
        <ImageUpload label="Category image (optional)" currentUrl={null} value={flow.newImage} onChange={(image) => dispatch({ type: 'new-image', image })} limit="cover" disabled={adding} />
      )}
    </form>
  );
}
