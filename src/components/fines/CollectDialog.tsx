/**
 * Collect fines from one member (loaded on first use): his fines with something remaining, all
 * ticked; Full payment or an amount received; a discount with its reason; a live preview of how
 * the collection spreads (discount first, then cash, oldest fine first: the server's rule) and
 * what will remain. A confirmation precedes the call; on success a toast names the receipt and
 * `onCollected` gets its number (the caller shows the receipt).
 */
import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { css } from 'styled-system/css';
import { ConfirmDialog } from '../ConfirmDialog';
import { Modal, dialogActions } from '../Modal';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { TextField } from '../ui/TextField';
import { LoadingState } from '../ui/Spinner';
import { toast } from '../ui/Toaster';
import { useForm } from '../use-form';
import { collectFines, fetchMemberFines } from '../../lib/api/fines';
import { EMPTY_COLLECT, collectBody, collectPreview, collectableFines, validateCollect, type CollectField, type CollectValues, type CollectableFine } from '../../lib/collect-form';
import { formatDate } from '#shared/dates';
import { callErrorMessage } from '../../lib/errors';
import { formatMoney } from '#shared/money';
import { NOTICES } from '../../lib/notices';
import { $librarySettings } from '../../stores/library-settings';
import { checkRow, figures, muted, smallTable, smallTableWrap } from './styles';

const FIELDS: readonly CollectField[] = ['fines', 'amount', 'discount', 'discount_reason'];
const SERVER_FIELDS: Record<string, CollectField> = { issued_ids: 'fines', collected_amount: 'amount', discount: 'discount', discount_reason: 'discount_reason' };

const picks = css({ display: 'flex', flexDirection: 'column', gap: '1', borderWidth: '0', p: '0', m: '0' });
const legend = css({ fontSize: 'sm', fontWeight: 'semibold', mb: '1' });
const fieldError = css({ color: 'danger.fg', fontSize: 'sm' });
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
  return `${fine.row.book_title}: ${formatMoney(fine.remaining)} remaining${returned ? `, returned ${returned}` : ''}`;
};

export default function CollectDialog({ member, onClose, onCollected }: CollectDialogProps) {
  const dateFormat = useStore($librarySettings)?.date_format;
  const [fines, setFines] = useState<CollectableFine[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [selected, setSelected] = useState<Set<string | number>>(() => new Set());
  const [confirming, setConfirming] = useState(false);
  const form = useForm<CollectValues, keyof CollectValues, CollectField>({ initial: EMPTY_COLLECT });
  const values = form.values ?? EMPTY_COLLECT;
  const full = values.full_payment === 'true';

  useEffect(() => {
    let live = true;
    fetchMemberFines(member.id)
      .then((rows) => {
        if (!live) return;
        const open = collectableFines(rows);
        setFines(open);
        setSelected(new Set(open.map((fine) => fine.row.id)));
      })
      .catch((failure: unknown) => live && setLoadError(callErrorMessage('fine-list', failure)));
    return () => {
      live = false;
    };
  }, [member.id]);

  const preview = useMemo(() => collectPreview(fines ?? [], selected, values), [fines, selected, values]);
  const check = (v: CollectValues) => validateCollect(v, collectPreview(fines ?? [], selected, v), selected.size);

  const toggle = (id: string | number, on: boolean) => {
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
    form.setFieldError('fines', undefined);
  };

  // Submitting only checks and asks for confirmation; the call runs from the confirmation.
  const review = (event: FormEvent<HTMLFormElement>) =>
    form.submit(event, { validate: check, send: async () => setConfirming(true), fields: FIELDS, summary: () => null });

  async function collect() {
    const ok = await form.submit(null, {
      validate: check,
      send: async (v) => {
        try {
          const answer = await collectFines(collectBody(member.id, fines ?? [], selected, v));
          toast.success(NOTICES.finesCollected(answer.receipt_no));
          onCollected(answer.receipt_no ?? null);
        } catch (failure) {
          // The server's field names differ from the form's: carry its errors across.
          throw renameFields(failure);
        }
      },
      fields: FIELDS,
      summary: (failure, shown) => (shown ? null : callErrorMessage('fine-collect', failure)),
    });
    if (!ok) setConfirming(false);
  }

  return (
    <Modal open onOpenChange={(open) => !open && !form.saving && onClose()} busy={form.saving} title="Collect fines" description={`From ${member.name}`} size="wide">
      {loadError ? (
        <Alert tone="error" title="The fines could not be loaded">{loadError}</Alert>
      ) : !fines ? (
        <LoadingState />
      ) : fines.length === 0 ? (
        <Alert tone="info">Nothing is owed: every fine of this member is paid or waived.</Alert>
      ) : (
        <form ref={form.formRef} onSubmit={review} noValidate className={stack}>
          {form.summary && <Alert tone="error">{form.summary}</Alert>}
          <fieldset className={picks} aria-invalid={form.errors.fines ? true : undefined}>
            <legend className={legend}>Fines to collect (oldest first)</legend>
            {fines.map((fine) => (
              <label key={String(fine.row.id)} className={checkRow}>
                <input type="checkbox" name="fines" checked={selected.has(fine.row.id)} disabled={form.disabled} onChange={(event) => toggle(fine.row.id, event.target.checked)} />
                {fineLabel(fine, dateFormat)}
              </label>
            ))}
            {form.errors.fines && <p className={fieldError}>{form.errors.fines}</p>}
          </fieldset>
          <label className={checkRow}>
            <input type="checkbox" checked={full} disabled={form.disabled} onChange={(event) => form.setValue('full_payment', event.target.checked ? 'true' : '')} />
            Full payment (all that remains on the ticked fines, less any discount)
          </label>
          <div className={grid}>
            <TextField label="Amount received (Rs.)" inputMode="decimal" autoComplete="off" {...form.bind('amount')} disabled={form.disabled || full} helperText={full ? `Full payment: ${formatMoney(preview.cash)}` : undefined} />
            <TextField label="Discount (Rs.)" inputMode="decimal" autoComplete="off" {...form.bind('discount')} />
          </div>
          <TextField label="Reason for the discount" autoComplete="off" maxLength={255} {...form.bind('discount_reason')} required={(Number.parseFloat(values.discount) || 0) > 0} />
          <CollectPreviewTable preview={preview} />
          <div className={dialogActions}>
            <Button variant="outline" onClick={onClose} disabled={form.saving}>
              Cancel
            </Button>
            <Button type="submit" loading={form.saving} loadingText="Sending Request...">
              Collect
            </Button>
          </div>
        </form>
      )}
      {loadError && (
        <div className={dialogActions}>
          <Button variant="outline" onClick={onClose}>Close</Button>
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        tone="neutral"
        title="Collect fines?"
        description={`Record ${formatMoney(preview.cash)} received${preview.discount > 0 ? ` and ${formatMoney(preview.discount)} discount` : ''} from ${member.name}? ${formatMoney(preview.remaining)} will remain on the ticked fines.`}
        confirmLabel="Yes, collect"
        busyLabel="Sending Request..."
        onConfirm={collect}
      />
    </Modal>
  );
}

/** The live preview: each ticked fine's discount, cash and what remains, and the totals. */
function CollectPreviewTable({ preview }: { preview: ReturnType<typeof collectPreview> }) {
  return (
    <section aria-label="Preview">
      <h3 className={previewTitle}>Preview</h3>
      {preview.shares.length === 0 ? (
        <p className={muted}>Tick at least one fine.</p>
      ) : (
        <div className={smallTableWrap}>
          <table className={smallTable}>
            <thead>
              <tr>
                <th scope="col">Book</th>
                <th scope="col" className="money">Owed</th>
                <th scope="col" className="money">Discount</th>
                <th scope="col" className="money">Cash</th>
                <th scope="col" className="money">Remaining</th>
              </tr>
            </thead>
            <tbody>
              {preview.shares.map((share) => (
                <tr key={String(share.fine.row.id)}>
                  <td>{share.fine.row.book_title}</td>
                  <td className="money">{formatMoney(share.fine.remaining)}</td>
                  <td className="money">{formatMoney(share.discount)}</td>
                  <td className="money">{formatMoney(share.cash)}</td>
                  <td className="money">{formatMoney(share.remaining)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
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

/** A failed call whose field errors are renamed to the form's fields (issued_ids → fines...). */
function renameFields(failure: unknown): unknown {
  if (typeof failure !== 'object' || failure === null || !('data' in failure)) return failure;
  const data = (failure as { data: unknown }).data;
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return failure;
  const renamed = Object.fromEntries(Object.entries(data).map(([key, value]) => [SERVER_FIELDS[key] ?? key, value]));
  return { ...(failure as object), data: renamed };
}
