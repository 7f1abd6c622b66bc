/**
 * Add a charge (staff with change_fine, loaded on first use): a member, a type staff may charge by
 * hand, an amount and a note → `POST /fines/charges/`. The form lives in the dialog's content,
 * mounted per opening, so a closed dialog keeps nothing.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { css } from 'styled-system/css';
import { CancelSubmit } from '../CancelSubmit';
import { Modal, dialogActions } from '../Modal';
import { MemberPicker } from '../member-picker/MemberPicker';
import { Alert } from '../ui/Alert';
import { SelectField } from '../ui/SelectField';
import { TextField } from '../ui/TextField';
import { toast } from '../ui/Toaster';
import { useForm } from '../use-form';
import { addCharge } from '../../lib/api/fines';
import { CHARGE_FIELDS, CHARGE_FORM_MESSAGES, chargeBody, EMPTY_CHARGE, fineTypeLabel, MANUAL_TYPE_OPTIONS, validateCharge, type ChargeField, type ChargeValues } from '../../lib/collect-charges';
import { errorMessage } from '../../lib/errors';
import { summaryOr } from '../../lib/forms';
import { personLabel } from '../../lib/member-picker';
import { NOTICES } from '../../lib/notices';
import type { FineRow } from '../../lib/schemas/fines';
import { formatAmount } from '#shared/money';
import { FEE_LIMITS } from '#shared/fee-types';

const fields = css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: '1fr 1fr' }, gap: '4', mt: '4', '& > .wide': { gridColumn: { sm: 'span 2' } } });

export interface AddChargeDialogProps {
  onClose: () => void;
  /** After the charge is written, with its FineRow (the list reloads). */
  onCharged: (row: FineRow) => void;
}

export default function AddChargeDialog({ onClose, onCharged }: AddChargeDialogProps) {
  const [busy, setBusy] = useState(false);
  return (
    <Modal open onOpenChange={(open) => !open && !busy && onClose()} busy={busy} title="Add a charge" description="A charge of its own on the member's fines: damage, a processing fee or another charge.">
      <ChargeForm onClose={onClose} onCharged={onCharged} onBusy={setBusy} />
    </Modal>
  );
}

function ChargeForm({ onClose, onCharged, onBusy }: AddChargeDialogProps & { onBusy: (busy: boolean) => void }) {
  const form = useForm<ChargeValues, ChargeField>({ initial: EMPTY_CHARGE });
  const [memberName, setMemberName] = useState('');
  useEffect(() => onBusy(form.saving), [form.saving]);
  useEffect(() => () => onBusy(false), []);

  const save = (event: FormEvent<HTMLFormElement>) =>
    form.submit(event, {
      validate: validateCharge,
      send: async (current) => {
        const row = await addCharge(chargeBody(current));
        toast.success(NOTICES.chargeAdded(fineTypeLabel(row), formatAmount(row.amount) ?? '', memberName || row.username));
        onCharged(row);
      },
      fields: CHARGE_FIELDS,
      summary: (failure, shown) => summaryOr(errorMessage(failure, ['detail', 'non_field_errors'], ''), shown, CHARGE_FORM_MESSAGES.chargeNotAdded),
    });

  return (
    <form ref={form.formRef} onSubmit={save} noValidate aria-busy={form.saving || undefined} aria-label="Add a charge">
      {form.summary && <Alert tone="error" className={css({ mt: '4' })}>{form.summary}</Alert>}
      <div className={fields}>
        <div className="wide">
          <MemberPicker
            label="Member"
            id="charge-member"
            error={form.errors.member}
            disabled={form.saving}
            onPick={(person) => {
              form.setValue('member', person ? String(person.id) : '');
              setMemberName(person ? personLabel(person) : '');
            }}
          />
        </div>
        <SelectField label="Type" options={MANUAL_TYPE_OPTIONS} {...form.bind('fee_type')} />
        <TextField label="Amount (Rs.)" inputMode="decimal" required {...form.bind('amount')} />
        <TextField label="Note" required maxLength={FEE_LIMITS.noteMax} helperText="What the charge is for; the member sees it." className="wide" {...form.bind('note')} />
      </div>
      <CancelSubmit className={dialogActions} onCancel={onClose} saving={form.saving} submitLabel="Add charge" loadingText="Adding..." />
    </form>
  );
}
