/**
 * Change a copy's status by hand: the actions its status allows (the shared transitions; Withdraw,
 * Mark damaged, Mark repaired, Mark lost, Mark missing, Found) as a choice, and the reason where
 * the shared rule asks for one. The form mounts per opening, so a closed dialog keeps nothing.
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { css } from 'styled-system/css';
import { stack } from 'styled-system/patterns';
import { checkRow, field as fieldRecipe } from 'styled-system/recipes';
import { COPY_STATUS_LABELS } from '#shared/copies';
import { Modal, dialogActions } from '../Modal';
import { CancelSubmit } from '../CancelSubmit';
import { Alert } from '../ui/Alert';
import { TextField } from '../ui/TextField';
import { toast } from '../ui/Toaster';
import { useForm } from '../use-form';
import { actionNeedsReason, copyCallError, statusActionsFor } from '../../lib/book-copies';
import { updateCopy } from '../../lib/book-copies-api';
import { COPY_STATUS_FIELDS, COPY_TEXT_LIMITS, chosenAction, copyStatusBody, validateCopyStatus, type CopyStatusValues } from '../../lib/book-copies-forms';
import { NOTICES } from '../../lib/notices';
import type { CopyView } from '../../lib/schemas/copies';

const formClass = stack({ gap: '4', mt: '3' });
const choices = css({ display: 'flex', flexDirection: 'column' });
const { label: legendClass, errorText } = fieldRecipe();

export interface CopyStatusDialogProps {
  copy: CopyView | null;
  onClose: () => void;
  onSaved: () => Promise<void>;
}

export function CopyStatusDialog({ copy, onClose, onSaved }: CopyStatusDialogProps) {
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      open={copy !== null}
      onOpenChange={(open) => !open && !busy && onClose()}
      busy={busy}
      title={copy ? `Change the status of copy ${copy.accession_no}` : 'Change status'}
      description={copy ? `Now: ${COPY_STATUS_LABELS[copy.status].toLowerCase()}.` : undefined}
    >
      {copy && <CopyStatusForm key={String(copy.id)} copy={copy} onClose={onClose} onSaved={onSaved} onBusy={setBusy} />}
    </Modal>
  );
}

function CopyStatusForm({
  copy,
  onClose,
  onSaved,
  onBusy,
}: {
  copy: CopyView;
  onClose: () => void;
  onSaved: () => Promise<void>;
  onBusy: (busy: boolean) => void;
}) {
  const offered = statusActionsFor(copy.status);
  const form = useForm<CopyStatusValues>({
    initial: { action: '', reason: '' },
  });
  const { formRef, summary, saving, values, errors } = form;
  const chosen = values ? chosenAction(values, offered) : null;
  const errorId = useId();

  useEffect(() => onBusy(saving), [saving]);
  useEffect(() => () => onBusy(false), []);

  async function save(event: FormEvent<HTMLFormElement>) {
    let status = copy.status;
    const done = await form.submit(event, {
      validate: (current) => validateCopyStatus(current, offered),
      fields: COPY_STATUS_FIELDS,
      summary: (failure, shown) => (shown ? null : copyCallError(failure, 'save')),
      send: async (current) => {
        const action = chosenAction(current, offered);
        if (action) status = (await updateCopy(copy.id, copyStatusBody(action, current))).status;
      },
    });
    if (!done) return;
    toast.success(NOTICES.copyStatusChanged(copy.accession_no, COPY_STATUS_LABELS[status]));
    onClose();
    await onSaved();
  }

  return (
    <form ref={formRef} noValidate onSubmit={(event) => void save(event)} className={formClass} aria-label={`Change the status of copy ${copy.accession_no}`}>
      {summary && <Alert tone="error">{summary}</Alert>}
      <fieldset className={choices}>
        <legend className={legendClass}>What happened to the copy?</legend>
        {offered.map((action, index) => (
          <label key={action.id} className={checkRow()}>
            <input
              type="radio"
              name="action"
              value={action.id}
              checked={values?.action === action.id}
              disabled={saving}
              autoFocus={index === 0}
              aria-invalid={errors.action ? true : undefined}
              aria-describedby={errors.action ? errorId : undefined}
              onChange={() => form.setValue('action', action.id)}
            />
            {action.label}
          </label>
        ))}
        {errors.action && (
          <span id={errorId} className={errorText} aria-live="polite">
            {errors.action}
          </span>
        )}
      </fieldset>
      {(!chosen || actionNeedsReason(chosen)) && (
        <TextField
          label="Reason"
          required={chosen !== null}
          autoComplete="off"
          maxLength={COPY_TEXT_LIMITS.reason}
          helperText="Kept with the copy's history."
          {...form.bind('reason')}
        />
      )}
      <CancelSubmit className={dialogActions} onCancel={onClose} saving={saving} submitLabel={chosen?.label ?? 'Change status'} loadingText="Saving..." />
    </form>
  );
}
