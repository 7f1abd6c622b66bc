/**
 * Cancel a charge (staff with change_fine, loaded on first use): what is still owed on it is
 * cancelled with a reason → `POST /fines/{id}/cancel/`; payments already made are kept. The form is
 * mounted per opening, so a closed dialog keeps nothing.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { css } from 'styled-system/css';
import { CancelSubmit } from '../CancelSubmit';
import { Modal, dialogActions } from '../Modal';
import { Alert } from '../ui/Alert';
import { TextField } from '../ui/TextField';
import { toast } from '../ui/Toaster';
import { useForm } from '../use-form';
import { cancelCharge } from '../../lib/api/fines';
import { CANCEL_FIELDS, cancelBody, CHARGE_FORM_MESSAGES, EMPTY_CANCEL, fineDescription, validateCancel, type CancelField, type CancelValues } from '../../lib/collect-charges';
import { errorMessage } from '../../lib/errors';
import { summaryOr } from '../../lib/forms';
import { NOTICES } from '../../lib/notices';
import type { FineRow } from '../../lib/schemas/fines';
import { formatAmount } from '#shared/money';
import { FEE_LIMITS } from '#shared/fee-types';

export interface CancelChargeDialogProps {
  charge: FineRow;
  onClose: () => void;
  /** After the cancellation, with the charge as it is now. */
  onCancelled: (row: FineRow) => void;
}

export default function CancelChargeDialog({ charge, onClose, onCancelled }: CancelChargeDialogProps) {
  const [busy, setBusy] = useState(false);
  const owed = formatAmount(charge.remaining_fines) ?? '';
  return (
    <Modal open onOpenChange={(open) => !open && !busy && onClose()} busy={busy} title="Cancel charge" description={`${fineDescription(charge)}: ${owed} owed will be cancelled. Payments already made are kept.`}>
      <CancelForm charge={charge} onClose={onClose} onCancelled={onCancelled} onBusy={setBusy} />
    </Modal>
  );
}

function CancelForm({ charge, onClose, onCancelled, onBusy }: CancelChargeDialogProps & { onBusy: (busy: boolean) => void }) {
  const form = useForm<CancelValues, CancelField>({ initial: EMPTY_CANCEL });
  useEffect(() => onBusy(form.saving), [form.saving]);
  useEffect(() => () => onBusy(false), []);

  const save = (event: FormEvent<HTMLFormElement>) =>
    form.submit(event, {
      validate: validateCancel,
      send: async (current) => {
        const row = await cancelCharge(charge.id, cancelBody(current));
        toast.success(NOTICES.chargeCancelled(formatAmount(row.cancelled_amount ?? charge.remaining_fines) ?? ''));
        onCancelled(row);
      },
      fields: CANCEL_FIELDS,
      summary: (failure, shown) => summaryOr(errorMessage(failure, ['detail', 'non_field_errors'], ''), shown, CHARGE_FORM_MESSAGES.chargeNotCancelled),
      summaryField: 'reason',
    });

  return (
    <form ref={form.formRef} onSubmit={save} noValidate aria-busy={form.saving || undefined} aria-label="Cancel charge">
      {form.summary && <Alert tone="error" className={css({ mt: '4' })}>{form.summary}</Alert>}
      <div className={css({ mt: '4' })}>
        <TextField label="Reason" required autoFocus maxLength={FEE_LIMITS.reasonMax} helperText="Kept with the charge and in the audit trail." {...form.bind('reason')} />
      </div>
      <CancelSubmit className={dialogActions} onCancel={onClose} saving={form.saving} submitLabel="Cancel charge" loadingText="Cancelling..." />
    </form>
  );
}
