/** The member's charges (each with its fee type, description, state and the receipts that paid it) with their totals, and his payments with a way to each receipt. */
import { useStore } from '@nanostores/react';
import { css } from 'styled-system/css';
import { formatDate } from '#shared/dates';
import { formatMoney, toMinorUnits } from '#shared/money';
import { fineTotals } from '../../lib/collect-flow';
import { chargeState, fineDescription, fineTypeLabel } from '../../lib/collect-charges';
import type { FineRow, Receipt } from '../../lib/schemas/fines';
import { $librarySettings } from '../../stores/library-settings';
import { receiptsByFine } from '../../lib/receipt-view';
import { Button } from '../ui/Button';
import { ReceiptButton } from './ReceiptButton';
import { MoneyTable, moneyColumns, type MoneyColumn } from './MoneyTable';

const minor = (value: string | number | null | undefined): string => formatMoney(toMinorUnits(value ?? 0) ?? 0);
const FINE_COLUMNS: MoneyColumn[] = [{ label: 'Charge' }, { label: 'Returned' }, ...moneyColumns('Late days', 'Charged', 'Paid', 'Waived', 'Cancelled', 'Remaining')];
const chargeCell = css({ display: 'flex', flexDirection: 'column', gap: '0.5' });
const chargeDetail = css({ color: 'fg.muted', fontSize: 'xs', fontWeight: 'normal' });

const receiptList = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '1', mt: '1', fontWeight: 'normal' });

/** A charge's type over its description (and a cancellation's reason), then the receipts that paid it, each reopening. */
function ChargeCell({ row, receipts }: { row: FineRow; receipts: readonly string[] }) {
  const state = chargeState(row);
  return (
    <span className={chargeCell}>
      <span>{fineTypeLabel(row)}</span>
      <span className={chargeDetail}>{fineDescription(row)}</span>
      {state.cancelled && <span className={chargeDetail}>{`Cancelled${state.detail ? `: ${state.detail}` : ''}`}</span>}
      {receipts.length > 0 && (
        <span className={receiptList}>
          <span className={chargeDetail}>{receipts.length === 1 ? 'Receipt:' : 'Receipts:'}</span>
          {receipts.map((receiptNo) => (
            <ReceiptButton key={receiptNo} receiptNo={receiptNo} />
          ))}
        </span>
      )}
    </span>
  );
}
const PAYMENT_COLUMNS: MoneyColumn[] = [{ label: 'Receipt' }, { label: 'Date' }, ...moneyColumns('Cash', 'Discount', 'Total'), { label: <span className={css({ srOnly: true })}>Actions</span> }];
const receiptNumber = css({ fontFamily: 'mono', fontWeight: 'normal' });

/** Charged, paid, waived, cancelled and remaining per charge (with the receipts that paid it), with a Total row. */
export function FinesTable({ fines, receipts = [] }: { fines: readonly FineRow[]; receipts?: readonly Receipt[] }) {
  const dateFormat = useStore($librarySettings)?.date_format;
  const totals = fineTotals(fines);
  const paidBy = receiptsByFine(receipts);
  return (
    <MoneyTable
      label="Fines per book"
      columns={FINE_COLUMNS}
      rows={fines.map((row) => ({
        key: String(row.id),
        headed: true,
        cells: [<ChargeCell row={row} receipts={paidBy.get(String(row.id)) ?? []} />, formatDate(row.return_date, dateFormat) ?? '—', row.late_days ?? 0, minor(row.amount), minor(row.collected_amount), minor(row.discount), minor(row.cancelled_amount), minor(row.remaining_fines)],
      }))}
      foot={
        <tr>
          <th scope="row" colSpan={3}>
            Total
          </th>
          <td className="money" data-label="Charged">{formatMoney(totals.charged)}</td>
          <td className="money" data-label="Paid">{formatMoney(totals.paid)}</td>
          <td className="money" data-label="Waived">{formatMoney(totals.waived)}</td>
          <td className="money" data-label="Cancelled">{formatMoney(totals.cancelled)}</td>
          <td className="money" data-label="Remaining" data-testid="fines-remaining-total">
            {formatMoney(totals.owed)}
          </td>
        </tr>
      }
    />
  );
}

/** Each payment's receipt, date and amounts, with View receipt. */
export function PaymentsTable({ receipts, onView }: { receipts: readonly Receipt[]; onView: (receiptNo: string) => void }) {
  const dateFormat = useStore($librarySettings)?.date_format;
  return (
    <MoneyTable
      label="Payments"
      columns={PAYMENT_COLUMNS}
      rows={receipts.map((receipt) => ({
        key: receipt.receipt_no,
        headed: true,
        cells: [
          <span className={receiptNumber}>{receipt.receipt_no}</span>,
          formatDate(receipt.created_at.slice(0, 10), dateFormat),
          minor(receipt.cash),
          minor(receipt.discount),
          minor(receipt.total),
          <Button variant="outline" size="sm" onClick={() => onView(receipt.receipt_no)} aria-label={`View receipt ${receipt.receipt_no}`}>
            View receipt
          </Button>,
        ],
      }))}
    />
  );
}
