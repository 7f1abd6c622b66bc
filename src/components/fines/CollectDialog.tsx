/**
 * Collect fines from one member (loaded on first use): his fines with something remaining, all
 * ticked; Full payment or an amount received; a discount with its reason; a live preview of how
 * the collection spreads (discount first, then cash, oldest fine first: the server's rule) and
 * what will remain. A confirmation precedes the call; on success a toast names the receipt and
 * `onCollected` gets its number (the caller shows the receipt).
 */
import { useStore } from '@nanostores/react';
import { css } from 'styled-system/css';
import { text } from 'styled-system/recipes';
import { ConfirmDialog } from '../ConfirmDialog';
import { Modal, dialogActions } from '../Modal';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { TextField } from '../ui/TextField';
import { LoadingState } from '../ui/Spinner';
import type { CollectableFine, collectPreview } from '../../lib/collect-form';
import { collectQuestion } from '../../lib/collect-flow';
import { fineDescription } from '../../lib/collect-charges';
import { formatDate } from '#shared/dates';
import { formatMoney } from '#shared/money';
import { $librarySettings } from '../../stores/library-settings';
import { MoneyTable, moneyColumns } from './MoneyTable';
import { checkRow, figures, muted } from './styles';
import { useCollectFines, type CollectFlow } from './use-collect-fines';

const picks = css({ display: 'flex', flexDirection: 'column', gap: '1', borderWidth: '0', p: '0', m: '0' });
const legend = css({ fontSize: 'sm', fontWeight: 'semibold', mb: '1' });
const fieldError = text({ tone: 'danger', size: 'sm' });
const grid = css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: '1fr 1fr' }, gap: '4', alignItems: 'start' });
const stack = css({ display: 'flex', flexDirection: 'column', gap: '4', mt: '4' });
const previewTitle = css({ fontSize: 'sm', fontWeight: 'semibold', mb: '2' });

/** The member collected from: user id and how to name him. */
export interface CollectMember {
  id: string | number;
  name: string;
}

export interface CollectDialogProps {
  member: CollectMember;
  onClose: () => void;
  /** After a collection (the list reloads; the receipt shows). */
  onCollected: (receiptNo: string | null) => void;
}

const fineLabel = (fine: CollectableFine, dateFormat: string | null | undefined): string => {
  const returned = formatDate(fine.row.return_date, dateFormat);
  return `${fineDescription(fine.row)}: ${formatMoney(fine.remaining)} remaining${returned ? `, returned ${returned}` : ''}`;
};

export default function CollectDialog({ member, onClose, onCollected }: CollectDialogProps) {
  const flow = useCollectFines(member.id, onCollected);
  const { fines, loadError, preview, saving } = flow;
  return (
    <Modal open onOpenChange={(open) => !open && !saving && onClose()} busy={saving} title="Collect fines" description={`From ${member.name}`} size="wide">
      {loadError ? (
        <Alert tone="error" title="The fines could not be loaded">{loadError}</Alert>
      ) : !fines ? (
        <LoadingState />
      ) : fines.length === 0 ? (
        <Alert tone="info">Nothing is owed: every fine of this member is paid or waived.</Alert>
      ) : (
        <CollectForm flow={flow} fines={fines} onClose={onClose} />
      )}
      {loadError && (
        <div className={dialogActions}>
          <Button variant="outline" onClick={onClose}>Close</Button>
        </div>
      )}
      <ConfirmDialog
        open={flow.confirming}
        onOpenChange={flow.setConfirming}
        tone="neutral"
        title="Collect fines?"
        description={collectQuestion(preview, member.name)}
        confirmLabel="Yes, collect"
        busyLabel="Sending Request..."
        onConfirm={flow.collect}
      />
    </Modal>
  );
}

/** The ticked fines, Full payment or an amount, a discount with its reason, the preview and Collect. */
function CollectForm({ flow, fines, onClose }: { flow: CollectFlow; fines: CollectableFine[]; onClose: () => void }) {
  const dateFormat = useStore($librarySettings)?.date_format;
  const { values, errors, disabled, preview } = flow;
  const full = values.full_payment === 'true';
  return (
    <form ref={flow.formRef} onSubmit={flow.review} noValidate className={stack}>
      {flow.summary && <Alert tone="error">{flow.summary}</Alert>}
      <fieldset className={picks} aria-invalid={errors.fines ? true : undefined}>
        <legend className={legend}>Fines to collect (oldest first)</legend>
        {fines.map((fine) => (
          <label key={String(fine.row.id)} className={checkRow}>
            <input type="checkbox" name="fines" checked={flow.selected.has(fine.row.id)} disabled={disabled} onChange={(event) => flow.toggle(fine.row.id, event.target.checked)} />
            {fineLabel(fine, dateFormat)}
          </label>
        ))}
        {errors.fines && <p className={fieldError}>{errors.fines}</p>}
      </fieldset>
      <label className={checkRow}>
        <input type="checkbox" checked={full} disabled={disabled} onChange={(event) => flow.setValue('full_payment', event.target.checked ? 'true' : '')} />
        Full payment (all that remains on the ticked fines, less any discount)
      </label>
      <div className={grid}>
        <TextField label="Amount received (Rs.)" inputMode="decimal" autoComplete="off" {...flow.bind('amount')} disabled={disabled || full} helperText={full ? `Full payment: ${formatMoney(preview.cash)}` : undefined} />
        <TextField label="Discount (Rs.)" inputMode="decimal" autoComplete="off" {...flow.bind('discount')} />
      </div>
      <TextField label="Reason for the discount" autoComplete="off" maxLength={255} {...flow.bind('discount_reason')} required={(Number.parseFloat(values.discount) || 0) > 0} />
      <CollectPreviewTable preview={preview} />
      <div className={dialogActions}>
        <Button variant="outline" onClick={onClose} disabled={flow.saving}>
          Cancel
        </Button>
        <Button type="submit" loading={flow.saving} loadingText="Sending Request...">
          Collect
        </Button>
      </div>
    </form>
  );
}

const PREVIEW_COLUMNS = [{ label: 'Book' }, ...moneyColumns('Owed', 'Discount', 'Cash', 'Remaining')];

/** The live preview: each ticked fine's discount, cash and what remains, and the totals. */
function CollectPreviewTable({ preview }: { preview: ReturnType<typeof collectPreview> }) {
  return (
    <section aria-label="Preview">
      <h3 className={previewTitle}>Preview</h3>
      {preview.shares.length === 0 ? (
        <p className={muted}>Tick at least one fine.</p>
      ) : (
        <MoneyTable
          columns={PREVIEW_COLUMNS}
          rows={preview.shares.map((share) => ({
            key: String(share.fine.row.id),
            cells: [fineDescription(share.fine.row), formatMoney(share.fine.remaining), formatMoney(share.discount), formatMoney(share.cash), formatMoney(share.remaining)],
          }))}
        />
      )}
      <dl className={css({ mt: '3' })}>
        <div className={figures}>
          <dt>Owed on ticked fines</dt>
          <dd>{formatMoney(preview.owed)}</dd>
          <dt>Cash received</dt>
          <dd data-testid="preview-cash">{formatMoney(preview.cash)}</dd>
          <dt>Discount</dt>
          <dd>{formatMoney(preview.discount)}</dd>
          <dt>Will remain</dt>
          <dd data-testid="preview-remaining">{formatMoney(preview.remaining)}</dd>
        </div>
      </dl>
      {preview.problem && preview.shares.length > 0 && <p className={fieldError} role="status">{preview.problem}</p>}
    </section>
  );
}
