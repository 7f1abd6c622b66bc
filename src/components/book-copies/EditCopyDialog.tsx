/**
 * Edit one copy: its barcode (the accession number unless set otherwise) and details. Only what
 * changed is sent; a cleared price is the book's again. The server's refusals (a barcode in use)
 * show under their fields. The form mounts per opening, from the copy as listed.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { css } from 'styled-system/css';
import { ACCESSION_LIMITS } from '#shared/copies';
import { todayIn } from '#shared/dates';
import { Modal, dialogActions } from '../Modal';
import { CancelSubmit } from '../CancelSubmit';
import { Alert } from '../ui/Alert';
import { TextField } from '../ui/TextField';
import { toast } from '../ui/Toaster';
import { useForm } from '../use-form';
import { copyCallError } from '../../lib/book-copies';
import { updateCopy } from '../../lib/book-copies-api';
import { EDIT_COPY_FIELDS, editCopyBody, editCopyValues, validateEditCopy, type EditCopyValues } from '../../lib/book-copies-forms';
import { NOTICES } from '../../lib/notices';
import type { CopyView } from '../../lib/schemas/copies';
import { CopyDetailFields, copyFieldGrid, wideField, type BoundField } from './CopyDetailFields';

export interface EditCopyDialogProps {
  /** The copy being edited; null keeps the dialog closed. */
  copy: CopyView | null;
  timeZone: string | null | undefined;
  onClose: () => void;
  onSaved: () => Promise<void>;
}

export function EditCopyDialog({ copy, ...props }: EditCopyDialogProps) {
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      open={copy !== null}
      onOpenChange={(open) => !open && !busy && props.onClose()}
      busy={busy}
      title={copy ? `Edit copy ${copy.accession_no}` : 'Edit copy'}
      description={copy ? `${copy.book.title}, copy ${copy.copy_no}.` : undefined}
    >
      {copy && <EditCopyForm key={String(copy.id)} copy={copy} {...props} onBusy={setBusy} />}
    </Modal>
  );
}

function EditCopyForm({
  copy,
  timeZone,
  onClose,
  onSaved,
  onBusy,
}: Omit<EditCopyDialogProps, 'copy'> & {
  copy: CopyView;
  onBusy: (busy: boolean) => void;
}) {
  const form = useForm<EditCopyValues>({ initial: editCopyValues(copy) });
  const { formRef, summary, saving } = form;
  const today = todayIn(timeZone);

  useEffect(() => onBusy(saving), [saving]);
  useEffect(() => () => onBusy(false), []);

  async function save(event: FormEvent<HTMLFormElement>) {
    let changed = false;
    const done = await form.submit(event, {
      validate: (current) => validateEditCopy(current, today),
      fields: EDIT_COPY_FIELDS,
      summary: (failure, shown) => (shown ? null : copyCallError(failure, 'save')),
      send: async (current) => {
        const body = editCopyBody(current, copy);
        if (Object.keys(body).length === 0) return;
        await updateCopy(copy.id, body);
        changed = true;
      },
    });
    if (!done) return;
    onClose();
    if (!changed) return;
    toast.success(NOTICES.copySaved(copy.accession_no));
    await onSaved();
  }

  return (
    <form ref={formRef} noValidate onSubmit={(event) => void save(event)} aria-label={`Edit copy ${copy.accession_no}`}>
      {summary && (
        <Alert tone="error" className={css({ mt: '4' })}>
          {summary}
        </Alert>
      )}
      <div className={copyFieldGrid}>
        <TextField
          label="Barcode"
          autoComplete="off"
          spellCheck={false}
          maxLength={ACCESSION_LIMITS.codeMax}
          autoFocus
          className={wideField}
          helperText={`Leave empty to use the accession number, ${copy.accession_no}.`}
          {...form.bind('barcode')}
        />
        <CopyDetailFields
          bind={form.bind as (field: keyof EditCopyValues) => BoundField}
          today={today}
          priceHelp={copy.price ? 'Clear it to use the book\u2019s price.' : 'Empty: the book\u2019s price is charged if the copy is lost.'}
        />
      </div>
      <CancelSubmit className={dialogActions} onCancel={onClose} saving={saving} submitLabel="Save copy" loadingText="Saving..." />
    </form>
  );
}
