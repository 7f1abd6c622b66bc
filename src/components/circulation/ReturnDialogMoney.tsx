/**
 * The Return Book dialog's partial payment (Amount Received, Discount or Auto Discount, the
 * discount's reason) and the live settlement figures, all from `return-form.ts`.
 */
import { css } from 'styled-system/css';
import { formatMoney, toDecimalString } from '#shared/money';
import { rateFor, returnFine, returnSettlement, type ReturnFormState } from '../../lib/return-form';
import { TextField } from '../ui/TextField';
import type { ReturnDialogSettlementProps } from './ReturnDialogSettlement';

export const grid = css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: 'repeat(2, minmax(0, 1fr))' }, gap: '3' });
const tick = css({ display: 'inline-flex', alignItems: 'center', gap: '2', cursor: 'pointer', _disabled: { opacity: 0.5, cursor: 'not-allowed' } });
const figures = css({ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: '4', rowGap: '1', fontSize: 'sm', bg: 'bg.muted', borderRadius: 'md', p: '3' });
const term = css({ color: 'fg.muted' });
const value = css({ fontWeight: 'medium', textAlign: 'end', fontVariantNumeric: 'tabular-nums' });

/** A checkbox with its label, dimmed while disabled. */
export function Tick({ label, checked, disabled, onChange }: { label: string; checked: boolean; disabled: boolean; onChange: (on: boolean) => void }) {
  return (
    <label className={tick} data-disabled={disabled ? '' : undefined}>
      <input type="checkbox" checked={checked} disabled={disabled} onChange={(event) => onChange(event.target.checked)} />
      {label}
    </label>
  );
}

/** Amount Received, Discount (typed, or the fine less the amount with Auto Discount) and its reason. */
export function PartialPaymentFields({ state, dispatch, errors, disabled }: ReturnDialogSettlementProps) {
  const settlement = returnSettlement(state);
  const shownDiscount = state.autoDiscount ? toDecimalString(settlement.discount) : state.discount;
  return (
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
  );
}

/** Late days × rate, the late fine, the book price, what is collected and discounted, and what remains. */
export function SettlementFigures({ state }: { state: ReturnFormState }) {
  const fine = returnFine(state);
  const settlement = returnSettlement(state);
  const money = state.handlesMoney;
  if (!fine) return null;
  return (
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
  );
}
