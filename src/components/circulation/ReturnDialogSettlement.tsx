/**
 * The Return Book dialog's money: the read-only Issued On, Due Date and Fine, the Return Date,
 * the Lost / Damage status, the two exclusive ticks (Fine Collected, Partial Payment), Amount
 * Received, Discount (with its reason) and Auto Discount, and the live figures (late days × rate,
 * collected, discount, remaining) the form would send — all from `return-form.ts`, which uses
 * `fines.ts`. Staff who may not take or waive money are offered none of the money controls: the
 * dialog says the fine will be recorded as owed.
 */
import { css } from 'styled-system/css';
import { LOST_STATUSES, RETURN_MONEY_MESSAGES } from '#shared/fines';
import { formatDate } from '#shared/dates';
import { formatMoney, toDecimalString } from '#shared/money';
import { rateFor, returnFine, returnSettlement, tickLocks, type ReturnField, type ReturnFormAction, type ReturnFormState } from '../../lib/return-form';
import { Alert } from '../ui/Alert';
import { SelectField } from '../ui/SelectField';
import { TextField } from '../ui/TextField';

const STATUS_LABELS: Record<string, string> = { LOST: 'Lost', WRITE_OFF: 'Written off (damaged)' };

const grid = css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: 'repeat(2, minmax(0, 1fr))' }, gap: '3' });
const ticks = css({ display: 'flex', flexWrap: 'wrap', gap: '4', fontSize: 'sm' });
const tick = css({ display: 'inline-flex', alignItems: 'center', gap: '2', cursor: 'pointer', _disabled: { opacity: 0.5, cursor: 'not-allowed' } });
const figures = css({ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: '4', rowGap: '1', fontSize: 'sm', bg: 'bg.muted', borderRadius: 'md', p: '3' });
const term = css({ color: 'fg.muted' });
const value = css({ fontWeight: 'medium', textAlign: 'end', fontVariantNumeric: 'tabular-nums' });

export interface ReturnDialogSettlementProps {
  state: ReturnFormState;
  dispatch: (action: ReturnFormAction) => void;
  errors: Partial<Record<ReturnField, string>>;
  disabled: boolean;
  dateFormat: string | null | undefined;
}

function Tick({ label, checked, disabled, onChange }: { label: string; checked: boolean; disabled: boolean; onChange: (on: boolean) => void }) {
  return (
    <label className={tick} data-disabled={disabled ? '' : undefined}>
      <input type="checkbox" checked={checked} disabled={disabled} onChange={(event) => onChange(event.target.checked)} />
      {label}
    </label>
  );
}

/** Dates, status, payment ticks, amounts and the figures of the return form. */
export function ReturnDialogSettlement({ state, dispatch, errors, disabled, dateFormat }: ReturnDialogSettlementProps) {
  const fine = returnFine(state);
  const settlement = returnSettlement(state);
  const locks = tickLocks(state);
  const partial = state.partialPayment;
  const shownDiscount = partial && state.autoDiscount ? toDecimalString(settlement.discount) : state.discount;
  const money = state.handlesMoney;

  return (
    <>
      <div className={grid}>
        <TextField label="Issued On" value={formatDate(state.loan?.issueDate, dateFormat) ?? ''} readOnly placeholder="—" />
        <TextField label="Due Date" value={formatDate(state.loan?.dueDate, dateFormat) ?? ''} readOnly placeholder="—" />
        <TextField
          label="Return Date"
          type="date"
          value={state.returnDate}
          min={state.loan?.issueDate}
          max={state.today}
          error={errors.returnDate}
          disabled={disabled}
          onChange={(event) => dispatch({ type: 'set-return-date', value: event.target.value })}
        />
        <TextField label="Fine" value={fine ? formatMoney(fine.total) : ''} readOnly placeholder="—" />
      </div>
      <div className={ticks}>
        <Tick label="Lost / Damage" checked={state.lost} disabled={disabled} onChange={(lost) => dispatch({ type: 'set-lost', lost })} />
      </div>
      {state.lost && (
        <SelectField
          label="Status"
          placeholder="Choose"
          options={LOST_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] ?? status }))}
          value={state.status}
          error={errors.status}
          disabled={disabled}
          onChange={(event) => dispatch({ type: 'set-status', status: event.target.value === 'LOST' || event.target.value === 'WRITE_OFF' ? event.target.value : '' })}
        />
      )}
      {!money && state.loan && <Alert tone="info">{RETURN_MONEY_MESSAGES.recordedAsOwed}</Alert>}
      {money && (
        <div className={ticks} role="group" aria-label="Payment">
          <Tick
            label="Fine Collected"
            checked={state.fineCollected}
            disabled={disabled || locks.fineCollectedDisabled}
            onChange={(on) => dispatch({ type: 'set-fine-collected', on })}
          />
          <Tick
            label="Partial Payment"
            checked={partial}
            disabled={disabled || locks.partialPaymentDisabled}
            onChange={(on) => dispatch({ type: 'set-partial-payment', on })}
          />
        </div>
      )}
      {money && partial && (
        <div className={grid}>
          <TextField
            label="Amount Received"
            inputMode="decimal"
            autoComplete="off"
            value={state.amountReceived}
            error={errors.fine_collected_amount}
            disabled={disabled}
            helperText="In Rs."
            onChange={(event) => dispatch({ type: 'set-amount-received', value: event.target.value })}
          />
          <TextField
            label="Discount"
            inputMode="decimal"
            autoComplete="off"
            value={shownDiscount}
            readOnly={state.autoDiscount}
            error={errors.discount}
            disabled={disabled}
            helperText={state.autoDiscount ? 'Fine minus the amount received' : 'In Rs.'}
            onChange={(event) => dispatch({ type: 'set-discount', value: event.target.value })}
          />
          <Tick label="Auto Discount" checked={state.autoDiscount} disabled={disabled} onChange={(on) => dispatch({ type: 'set-auto-discount', on })} />
          {settlement.discount > 0 && (
            <TextField
              label="Discount Reason"
              required
              autoComplete="off"
              maxLength={255}
              value={state.discountReason}
              error={errors.discount_reason}
              disabled={disabled}
              onChange={(event) => dispatch({ type: 'set-discount-reason', value: event.target.value })}
            />
          )}
        </div>
      )}
      {money && !partial && errors.fine_collected_amount && (
        <p role="alert" className={css({ color: 'danger.fg', fontSize: 'sm' })}>
          {errors.fine_collected_amount}
        </p>
      )}
      {fine && (
        <dl className={figures} aria-label="Settlement">
          <dt className={term}>Late days</dt>
          <dd className={value} data-figure="late-days">
            {fine.lateDays} × {formatMoney(rateFor(state))}
          </dd>
          <dt className={term}>Late fine</dt>
          <dd className={value} data-figure="overdue-fine">
            {formatMoney(fine.overdueFine)}
          </dd>
          {fine.bookPrice !== null && (
            <>
              <dt className={term}>Book price</dt>
              <dd className={value} data-figure="book-price">
                {formatMoney(fine.bookPrice)}
              </dd>
            </>
          )}
          {money && (
            <>
              <dt className={term}>Collected</dt>
              <dd className={value} data-figure="collected">
                {formatMoney(settlement.collected)}
              </dd>
              <dt className={term}>Discount</dt>
              <dd className={value} data-figure="discount">
                {formatMoney(settlement.discount)}
              </dd>
            </>
          )}
          <dt className={term}>Remaining</dt>
          <dd className={value} data-figure="remaining">
            {formatMoney(settlement.remaining)}
          </dd>
        </dl>
      )}
    </>
  );
}
