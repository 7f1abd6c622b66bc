/**
 * Charge for a damaged copy (staff with change_fine): an amount and what the damage is, charged as a
 * `damage` charge to the member who has the copy out, else its last borrower →
 * `POST /books/copies/{id}/damage/`; "Mark the copy damaged" (staff who may change books) takes it
 * off the shelf in the same call. The form mounts per opening, so a closed dialog keeps nothing.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { css } from 'styled-system/css';
import { stack } from 'styled-system/patterns';
import { checkRow } from 'styled-system/recipes';
import { FEE_LIMITS } from '#shared/fee-types';
import { formatAmount } from '#shared/money';
import { CancelSubmit } from '../CancelSubmit';
import { Modal, dialogActions } from '../Modal';
import { Alert } from '../ui/Alert';
import { TextField } from '../ui/TextField';
import { toast } from '../ui/Toaster';
import { useForm } from '../use-form';
import { chargeDamage } from '../../lib/api/fines';
import { CHARGE_FORM_MESSAGES, DAMAGE_FIELDS, damageBody, EMPTY_DAMAGE, validateDamage, type DamageField, type DamageValues } from '../../lib/collect-charges';
import { errorMessage } from '../../lib/errors';
import { summaryOr } from '../../lib/forms';
import { NOTICES } from '../../lib/notices';
import type { CopyView } from '../../lib/schemas/copies';

export interface DamageChargeDialogProps {
  copy: CopyView | null;
  /** Whether the user may mark the copy damaged (change_book). */
  canMark: boolean;
  onClose: () => void;
  onSaved: () => Promise<void>;
}

export function DamageChargeDialog({ copy, canMark, onClose, onSaved }: DamageChargeDialogProps) {
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      open={copy !== null}
      onOpenChange={(open) => !open && !busy && onClose()}
      busy={busy}
      title={copy ? `Charge for damage to copy ${copy.accession_no}` : 'Charge for damage'}
      description="Charged to the member who has the copy out, or else to its last borrower."
    >
      {copy && <DamageForm key={String(copy.id)} copy={copy} canMark={canMark} onClose={onClose} onSaved={onSaved} onBusy={setBusy} />}
    </Modal>
  );
}

function DamageForm({ copy, canMark, onClose, onSaved, onBusy }: Omit<DamageChargeDialogProps, 'copy'> & { copy: CopyView; onBusy: (busy: boolean) => void }) {
  const markable = canMark && (copy.status === 'AVAILABLE' || copy.status === 'ON_LOAN');
  const form = useForm<DamageValues, DamageField>({ initial: { ...EMPTY_DAMAGE, mark_damaged: markable ? 'yes' : '' } });
  useEffect(() => onBusy(form.saving), [form.saving]);
  useEffect(() => () => onBusy(false), []);

  const save = (event: FormEvent<HTMLFormElement>) =>
    form.submit(event, {
      validate: validateDamage,
      send: async (current) => {
        const { charge } = await chargeDamage(copy.id, damageBody(current));
        toast.success(NOTICES.damageCharged(formatAmount(charge.amount) ?? '', charge.full_name || charge.username));
        onClose();
        await onSaved();
      },
      fields: DAMAGE_FIELDS,
      summary: (failure, shown) => summaryOr(errorMessage(failure, ['copy', 'detail', 'non_field_errors'], ''), shown, CHARGE_FORM_MESSAGES.damageNotCharged),
      summaryField: 'amount',
    });

  return (
    <form ref={form.formRef} onSubmit={save} noValidate aria-busy={form.saving || undefined} aria-label="Charge for damage" className={stack({ gap: '4', mt: '3' })}>
      {form.summary && <Alert tone="error">{form.summary}</Alert>}
      <TextField label="Amount (Rs.)" required autoFocus inputMode="decimal" {...form.bind('amount')} />
      <TextField label="What is damaged" required maxLength={FEE_LIMITS.noteMax} helperText="Shown on the member's fines and receipt." {...form.bind('note')} />
      {markable && (
        <label className={checkRow()}>
          <input
            type="checkbox"
            checked={form.values?.mark_damaged === 'yes'}
            name="mark_damaged"
            disabled={form.disabled}
            onChange={(event) => form.setValue('mark_damaged', event.target.checked ? 'yes' : '')}
          />
          Mark the copy damaged (off the shelf until repaired)
        </label>
      )}
      <CancelSubmit className={dialogActions} onCancel={onClose} saving={form.saving} submitLabel="Charge" loadingText="Charging..." />
    </form>
  );
}
