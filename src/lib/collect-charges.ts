/**
 * Charges at the fines desk as pure data: the Add a charge form (a member, a type staff may charge
 * by hand, an amount greater than 0 within the ledger's ceiling, a note saying what it is for), the
 * Cancel charge form (a reason), and how a fine row and a receipt read in words: the fee type, the
 * charge's description, whether it is owed, paid or cancelled, a refund receipt's title. The words
 * are the shared fee types' (`#shared/fee-types`), so the server's answers and the site agree.
 */
import { CHARGE_MESSAGES, chargeDescription, FEE_LIMITS, FEE_TYPE_LABELS, feeTypeLabel, MANUAL_FEE_TYPES, type FeeType } from '#shared/fee-types';
import { amountProblem, toDecimalString, toMinorUnits } from '#shared/money';
import type { FieldErrors } from './forms';
import type { FineRow, Receipt, ReceiptLine } from './schemas/fines';

/** The dialogs' failures when the server gives nothing better. */
export const CHARGE_FORM_MESSAGES = {
  chargeNotAdded: 'The charge could not be added.',
  chargeNotCancelled: 'The charge could not be cancelled.',
  damageNotCharged: 'The damage could not be charged.',
} as const;

/* Add a charge ------------------------------------------------------------------------------ */

/** The Add a charge form as typed; `member` is the picked member's id. */
export interface ChargeValues {
  member: string;
  fee_type: string;
  amount: string;
  note: string;
}
export type ChargeField = keyof ChargeValues;
export const CHARGE_FIELDS: readonly ChargeField[] = ['member', 'fee_type', 'amount', 'note'];
export const EMPTY_CHARGE: ChargeValues = { member: '', fee_type: 'manual', amount: '', note: '' };

/** The types staff charge by hand, as select options. */
export const MANUAL_TYPE_OPTIONS = MANUAL_FEE_TYPES.map((type) => ({ value: type, label: FEE_TYPE_LABELS[type] }));

/** Why a charge's amount is refused: blank or 0, not an amount, or over the ledger's ceiling. */
function chargeAmountProblem(text: string): string | undefined {
  const typed = text.trim();
  if (typed === '') return CHARGE_MESSAGES.amountZero;
  const problem = amountProblem(typed, { grouped: true });
  if (problem) return problem;
  const minor = toMinorUnits(typed) ?? 0;
  if (minor <= 0) return CHARGE_MESSAGES.amountZero;
  return minor > FEE_LIMITS.amountMax ? `Use at most ${toDecimalString(FEE_LIMITS.amountMax)}.` : undefined;
}

/** A line of text that is required and bounded. */
function lineProblem(text: string, max: number, blank: string): string | undefined {
  const typed = text.trim();
  if (typed === '') return blank;
  return typed.length > max ? `Use at most ${max} characters.` : undefined;
}

/** Client checks of a charge (the server repeats them with the same words). */
export function validateCharge(values: ChargeValues): FieldErrors<ChargeField> {
  const errors: FieldErrors<ChargeField> = {};
  if (!values.member.trim()) errors.member = 'Choose a member.';
  if (!(MANUAL_FEE_TYPES as readonly string[]).includes(values.fee_type)) errors.fee_type = CHARGE_MESSAGES.typeNotManual;
  const amount = chargeAmountProblem(values.amount);
  if (amount) errors.amount = amount;
  const note = lineProblem(values.note, FEE_LIMITS.noteMax, CHARGE_MESSAGES.noteRequired);
  if (note) errors.note = note;
  return errors;
}

/** The body of `POST /fines/charges/` (after validateCharge passed). */
export function chargeBody(values: ChargeValues): { member: number; fee_type: FeeType; amount: string; note: string } {
  return {
    member: Number(values.member),
    fee_type: values.fee_type as FeeType,
    amount: toDecimalString(toMinorUnits(values.amount) ?? 0),
    note: values.note.trim(),
  };
}

/* Charge for a damaged copy ----------------------------------------------------------------- */

/** The damage form as typed: the amount, what the damage is, and whether the copy is marked damaged too ('yes' / ''). */
export interface DamageValues {
  amount: string;
  note: string;
  mark_damaged: string;
}
export type DamageField = keyof DamageValues;
export const DAMAGE_FIELDS: readonly DamageField[] = ['amount', 'note', 'mark_damaged'];
export const EMPTY_DAMAGE: DamageValues = { amount: '', note: '', mark_damaged: 'yes' };

/** Client checks of a damage charge (the amount and note rules of any charge). */
export function validateDamage(values: DamageValues): FieldErrors<DamageField> {
  const errors: FieldErrors<DamageField> = {};
  const amount = chargeAmountProblem(values.amount);
  if (amount) errors.amount = amount;
  const note = lineProblem(values.note, FEE_LIMITS.noteMax, CHARGE_MESSAGES.noteRequired);
  if (note) errors.note = note;
  return errors;
}

/** The body of `POST /books/copies/{id}/damage/` (after validateDamage passed). */
export const damageBody = (values: DamageValues): { amount: string; note: string; mark_damaged: boolean } => ({
  amount: toDecimalString(toMinorUnits(values.amount) ?? 0),
  note: values.note.trim(),
  mark_damaged: values.mark_damaged === 'yes',
});

/* Cancel a charge --------------------------------------------------------------------------- */

export interface CancelValues {
  reason: string;
}
export type CancelField = keyof CancelValues;
export const CANCEL_FIELDS: readonly CancelField[] = ['reason'];
export const EMPTY_CANCEL: CancelValues = { reason: '' };

export function validateCancel(values: CancelValues): FieldErrors<CancelField> {
  const reason = lineProblem(values.reason, FEE_LIMITS.reasonMax, CHARGE_MESSAGES.reasonRequired);
  return reason ? { reason } : {};
}

/** The body of `POST /fines/{id}/cancel/`. */
export const cancelBody = (values: CancelValues): { reason: string } => ({ reason: values.reason.trim() });

/* A fine in words --------------------------------------------------------------------------- */

/** A row's fee type; a row from before fee types is an overdue fine. */
const feeTypeOf = (row: { fee_type?: string | null | undefined }): string => row.fee_type || 'overdue';

/** The fee type in words: the answer's own label, else the shared label. */
export const fineTypeLabel = (row: Pick<FineRow, 'fee_type' | 'fee_type_label'>): string => row.fee_type_label || feeTypeLabel(feeTypeOf(row));

/** The charge in one sentence: the answer's description, else written from the row. */
export function fineDescription(row: Pick<FineRow, 'description' | 'fee_type' | 'book_title' | 'note' | 'copy'>): string {
  if (row.description) return row.description;
  return chargeDescription({ feeType: feeTypeOf(row), bookTitle: row.book_title, accessionNo: row.copy?.accession_no, note: row.note });
}

/** Whether a charge is owed, paid (or waived) or cancelled, in one word, with a cancellation's reason. */
export function chargeState(row: Pick<FineRow, 'cancelled_at' | 'cancel_reason' | 'remaining_fines'>): { cancelled: boolean; text: string; detail?: string } {
  if (row.cancelled_at) return { cancelled: true, text: 'Cancelled', ...(row.cancel_reason ? { detail: row.cancel_reason } : {}) };
  return { cancelled: false, text: (toMinorUnits(row.remaining_fines) ?? 0) > 0 ? 'Owed' : 'Paid' };
}

/** Whether a row can still be cancelled (something owed, not cancelled). */
export const mayCancel = (row: Pick<FineRow, 'cancelled_at' | 'remaining_fines'>): boolean => !row.cancelled_at && (toMinorUnits(row.remaining_fines) ?? 0) > 0;

/* Receipts ---------------------------------------------------------------------------------- */

/** A receipt's title: "Refund" for money handed back, else "Fine receipt". */
export const receiptTitle = (receipt: Pick<Receipt, 'kind'>): string => (receipt.kind === 'REFUND' ? 'Refund' : 'Fine receipt');

/** A receipt line's words: the answer's description, else the book, else the fee type. */
export function receiptLineText(line: Pick<ReceiptLine, 'description' | 'book_title' | 'fee_type'>): string {
  return line.description || line.book_title || feeTypeLabel(feeTypeOf(line));
}
