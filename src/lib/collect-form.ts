/**
 * The Collect dialog's pure logic: which fines can be collected (oldest first), the live preview
 * of a collection spread over the ticked fines with the shared `spreadCollection` (the server
 * spreads the same way), the client checks and the request body. Amounts typed as text are read
 * with `toMinorUnits`; everything here is integer minor units.
 */
import type { CollectBody } from './api/fines';
import { spreadCollection, type FineShare } from '#shared/fines';
import { FORM_MESSAGES, collectTooMuchMessage, type FieldErrors } from './forms';
import { AMOUNT_MESSAGES, amountProblem, formatMoney, toDecimalString, toMinorUnits } from '#shared/money';
import type { FineRow } from './schemas/fines';

/** The form's text values; `full_payment` is 'true' when ticked. */
export interface CollectValues {
  full_payment: string;
  amount: string;
  discount: string;
  discount_reason: string;
}

/** The fields a collect error can sit under (`fines` is the list of checkboxes). */
export type CollectField = keyof CollectValues | 'fines';

export const EMPTY_COLLECT: CollectValues = { full_payment: 'true', amount: '', discount: '', discount_reason: '' };

/** A fine the dialog offers, with its remaining amount in minor units. */
export interface CollectableFine {
  row: FineRow;
  remaining: number;
}

/**
 * Fines with something remaining, oldest first (created_at, then id), as the server spreads them;
 * charges without a loan (membership, manual) too, collected by their own ids.
 */
export function collectableFines(rows: readonly FineRow[]): CollectableFine[] {
  return rows
    .map((row) => ({ row, remaining: toMinorUnits(row.remaining_fines) ?? 0 }))
    .filter((fine) => fine.remaining > 0)
    .sort((a, b) => String(a.row.created_at ?? '').localeCompare(String(b.row.created_at ?? '')) || Number(a.row.id) - Number(b.row.id));
}

/** A typed amount: blank is 0, null when it is not an amount of 0 or more with at most two decimals. */
function typedAmount(text: string): number | null {
  if (text.trim() === '') return 0;
  // The collection sends the amounts it read, so thousands commas may be typed.
  return amountProblem(text, { grouped: true }) === null ? toMinorUnits(text) : null;
}

/** What a collection would do, for the preview. */
export interface CollectPreview {
  /** What the ticked fines owe. */
  owed: number;
  cash: number;
  discount: number;
  /** Each ticked fine's share, oldest first. */
  shares: (FineShare & { fine: CollectableFine })[];
  /** What the ticked fines still owe afterwards. */
  remaining: number;
  /** Why it cannot be sent as it stands (amounts unreadable, too much, nothing), or null. */
  problem: string | null;
}

/** The preview of `values` over the ticked fines (`selected` holds fine ids). */
export function collectPreview(fines: readonly CollectableFine[], selected: ReadonlySet<string | number>, values: CollectValues): CollectPreview {
  const ticked = fines.filter((fine) => selected.has(fine.row.id));
  const owed = ticked.reduce((sum, fine) => sum + fine.remaining, 0);
  const discount = typedAmount(values.discount);
  const received = typedAmount(values.amount);
  const full = values.full_payment === 'true';
  const cash = full ? Math.max(0, owed - (discount ?? 0)) : (received ?? 0);
  const spread = spreadCollection(
    ticked.map((fine) => ({ id: Number(fine.row.id), remaining: fine.remaining })),
    discount ?? 0,
    cash,
  );
  const shares = spread.shares.map((share, index) => ({ ...share, fine: ticked[index]! }));
  let problem: string | null = null;
  if (discount === null || (!full && received === null)) problem = AMOUNT_MESSAGES.invalid;
  else if (ticked.length > 0 && cash + discount > owed) problem = collectTooMuchMessage(formatMoney(cash + discount), formatMoney(owed));
  else if (ticked.length > 0 && cash + discount === 0) problem = FORM_MESSAGES.collectNothing;
  return { owed, cash, discount: discount ?? 0, shares, remaining: shares.reduce((sum, share) => sum + share.remaining, 0), problem };
}

/** Client checks before sending: a fine ticked, readable amounts, a reason for a discount, not more than owed. */
export function validateCollect(values: CollectValues, preview: CollectPreview, tickedCount: number): FieldErrors<CollectField> {
  const errors: FieldErrors<CollectField> = {};
  if (tickedCount === 0) errors.fines = FORM_MESSAGES.finesRequired;
  if (typedAmount(values.discount) === null) errors.discount = amountProblem(values.discount, { grouped: true }) ?? AMOUNT_MESSAGES.invalid;
  if (values.full_payment !== 'true' && typedAmount(values.amount) === null) errors.amount = amountProblem(values.amount, { grouped: true }) ?? AMOUNT_MESSAGES.invalid;
  if ((typedAmount(values.discount) ?? 0) > 0 && values.discount_reason.trim() === '') errors.discount_reason = FORM_MESSAGES.discountReasonRequired;
  if (tickedCount > 0 && !errors.amount && !errors.discount && preview.problem) errors[values.full_payment === 'true' ? 'discount' : 'amount'] = preview.problem;
  return errors;
}

/** The request body: the ticked fines' loan ids, amounts as decimal strings. */
export function collectBody(memberId: string | number, fines: readonly CollectableFine[], selected: ReadonlySet<string | number>, values: CollectValues): CollectBody {
  const full = values.full_payment === 'true';
  const discount = typedAmount(values.discount) ?? 0;
  const ticked = fines.filter((fine) => selected.has(fine.row.id));
  const body: CollectBody = {
    member_id: memberId,
    // The loans of the ticked charges (the original contract's field, every charge of a loan), and the
    // charges themselves, which a server that knows `fine_ids` takes instead: exactly the ticked ones.
    issued_ids: [...new Set(ticked.flatMap((fine) => (fine.row.issued_book === null || fine.row.issued_book === undefined ? [] : [fine.row.issued_book])))],
    fine_ids: ticked.map((fine) => fine.row.id),
    collected_amount: full ? '0.00' : toDecimalString(typedAmount(values.amount) ?? 0),
    discount: toDecimalString(discount),
    full_payment: full,
  };
  if (discount > 0) body.discount_reason = values.discount_reason.trim();
  return body;
}
