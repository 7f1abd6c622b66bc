/**
 * The Return Book dialog's money: the read-only Issued On, Due Date and Fine, the Return Date,
 * the Lost / Damage status, the two exclusive ticks (Fine Collected, Partial Payment), Amount
 * Received, Discount (with its reason) and Auto Discount, and the live figures (late days × rate,
 * collected, discount, remaining) the form would send — all from `return-form.ts`, which uses
 * `fines.ts`. Staff who may not take or waive money are offered none of the money controls: the
 * dialog says the fine will be recorded as owed.
 */
import { css } from 'styled-system/css';
import { text } from 'styled-system/recipes';
import { LOST_STATUSES, RETURN_MONEY_MESSAGES } from '#shared/fines';
import { formatDate } from '#shared/dates';
import { formatMoney } from '#shared/money';
import { returnFine, tickLocks, type ReturnField, type ReturnFormAction, type ReturnFormState } from '../../lib/return-form';
import { Alert } from '../ui/Alert';
import { SelectField } from '../ui/SelectField';
import { TextField } from '../ui/TextField';
import DateField from '../DateField';
import { PartialPaymentFields, SettlementFigures, Tick, grid } from './ReturnDialogMoney';

const STATUS_LABELS: Record<string, string> = { LOST: 'Lost', WRITE_OFF: 'Written off (damaged)' };

const ticks = css({ display: 'flex', flexWrap: 'wrap', gap: '4', fontSize: 'sm' });

export interface ReturnDialogSettlementProps {
  state: ReturnFormState;
  dispatch: (action: ReturnFormAction) => void;
  errors: Partial<Record<ReturnField, string>>;
  disabled: boolean;
  dateFormat: string | null | undefined;
}

/** Dates, status, payment ticks, amounts and the figures of the return form. */
export function ReturnDialogSettlement(props: ReturnDialogSettlementProps) {
  const { state, dispatch, errors, disabled, dateFormat } = props;
  const fine = returnFine(state);
  const locks = tickLocks(state);
  const partial = state.partialPayment;
  const money = state.handlesMoney;

  return (
    <>
      <div className={grid}>
        <TextField label="Issued On" value={formatDate(state.loan?.issueDate, dateFormat) ?? ''} readOnly placeholder="—" />
        <TextField label="Due Date" value={formatDate(state.loan?.dueDate, dateFormat) ?? ''} readOnly placeholder="—" />
        <DateField
          label="Return Date"
          name="returnDate"
          value={state.returnDate}
          min={state.loan?.issueDate}
          max={state.today}
          error={errors.returnDate}
          disabled={disabled}
          onChange={(value) => dispatch({ type: 'set-return-date', value })}
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
      {money && partial && <PartialPaymentFields {...props} />}
      {money && !partial && errors.fine_collected_amount && (
        <p role="alert" className={text({ tone: 'danger', size: 'sm' })}>
          {errors.fine_collected_amount}
        </p>
      )}
      <SettlementFigures state={state} />
    </>
  );
}
