/**
 * What the circulation calls accept: the JSON bodies of issue (by title, by copy or both),
 * due-date change, return and renew-all, and the query strings of the issued list and the
 * returned history. Hostile input
 * (a repeated parameter, an id beyond the id columns, a body that is not an object) is refused
 * here with a 400 before any service runs, so nothing is written.
 */
import { WHOLE_NUMBER_MESSAGES } from '#shared/numbers';
import { MESSAGES, ValidationError } from '../../errors.js';
import { readOrdering, readPage, readSearch, type ListQuery, type PageRequest } from '../../http/paging.js';
import { bodyObject, readFields } from '../../http/validation.js';
import { idFilter, singles } from '../../http/query.js';
import { field, givenChoice, givenDate, givenId, givenMoney, givenText, Refusal, required } from '../../http/fields.js';
import { ACCESSION_LIMITS } from '#shared/copies';
import { RETURN_STATUSES, type ReturnStatus } from '#shared/fines';
import { COLLECT_MESSAGES } from '#shared/collect-messages';
import { AMOUNT_MESSAGES } from '#shared/money';
import { CHARGE_MESSAGES, FEE_LIMITS } from '#shared/fee-types';
import { chargeAmount, chargeText } from '../fines/schemas.js';
import { BLOCK_MESSAGES, OVERRIDE_REASON_MAX } from '#shared/blocks';
import { controlCharactersError } from '#shared/control-characters';
import { isRowId } from '../../http/validation.js';
import { LOAN_SLIP_MAX, type LoanSlipInput } from './loan-slip.js';

/** The desk calls' word for a body that is not an object. */
export const NOT_AN_OBJECT = 'Invalid data format.';

/**
 * An issue as asked: a title (`book`), a copy (`copy`: its barcode or accession number, as
 * scanned) or both; dates default in the service (today, today + the member's loan period).
 */
export interface IssueInput {
  book: number | undefined;
  copy?: string | undefined;
  member: number;
  issueDate: string | undefined;
  dueDate: string | undefined;
  /** Why the member's blocks are overridden (only staff holding the override permission may). */
  overrideReason?: string | undefined;
}

/**
 * An override reason of a blocked issue, renewal or pickup: absent when null or not sent; else
 * one line of 1..OVERRIDE_REASON_MAX characters (blank is refused: an override needs a reason).
 */
export function givenOverrideReason() {
  return field('givenOverrideReason', (raw) => {
    if (raw === null) return undefined;
    if (typeof raw !== 'string') return new Refusal('Not a valid string.');
    const reason = raw.trim();
    if (reason === '') return new Refusal(BLOCK_MESSAGES.reasonRequired);
    if (reason.length > OVERRIDE_REASON_MAX) return new Refusal(`Ensure this field has no more than ${OVERRIDE_REASON_MAX} characters.`);
    const refused = controlCharactersError(reason, 'single');
    return refused ? new Refusal(refused) : reason;
  });
}

/** A scanned or typed barcode or accession number (a whole number is read as its digits); blank is absent. */
function givenCopyCode() {
  return field('givenCopyCode', (raw) => {
    if (raw === null) return undefined;
    const text = typeof raw === 'number' && Number.isSafeInteger(raw) && raw >= 0 ? String(raw) : raw;
    if (typeof text !== 'string') return new Refusal('Not a valid string.');
    const code = text.trim();
    if (code === '') return undefined;
    return code.length > ACCESSION_LIMITS.codeMax ? new Refusal(`Ensure this field has no more than ${ACCESSION_LIMITS.codeMax} characters.`) : code;
  });
}

const ISSUE_BODY = { book: givenId(), copy: givenCopyCode(), member: required(givenId()), issue_date: givenDate(), due_date: givenDate(), status: givenChoice(['ISSUED'] as const), override_reason: givenOverrideReason() };

/** Reads `{issue_date?, due_date?, status?: "ISSUED", book?, copy?, member}`: `book` or `copy` is required. */
export function parseIssueBody(body: unknown): IssueInput {
  const { values, errors } = readFields(ISSUE_BODY, bodyObject(body, NOT_AN_OBJECT));
  if (values.book === undefined && values.copy === undefined && !errors.has('book') && !errors.has('copy')) errors.add('book', MESSAGES.required);
  errors.throwIfAny();
  return { book: values.book, copy: values.copy, member: values.member!, issueDate: values.issue_date, dueDate: values.due_date, overrideReason: values.override_reason };
}

/** Reads `{due_date}` of the due-date change. */
export function parseDueDateBody(body: unknown): { dueDate: string } {
  const { values, errors } = readFields({ due_date: required(givenDate()) }, bodyObject(body, NOT_AN_OBJECT));
  errors.throwIfAny();
  return { dueDate: values.due_date! };
}

/** A check-in as asked: the scanned code, and the return's date and money (minor units) when its copy is on loan. */
export interface CheckInInput {
  barcode: string;
  returnDate: string | undefined;
  collected: number;
  discount: number;
  discountReason: string | undefined;
}

const CHECK_IN_BODY = { barcode: required(givenCopyCode()), return_date: givenDate(), collected: givenMoney(), discount: givenMoney(), discount_reason: givenText(255) };

/** Reads `{barcode, return_date?, collected?, discount?, discount_reason?}` of a check-in; a discount needs a reason, as at a return. */
export function parseCheckInBody(body: unknown): CheckInInput {
  const { values, errors } = readFields(CHECK_IN_BODY, bodyObject(body, NOT_AN_OBJECT));
  const discount = values.discount ?? 0;
  if (discount > 0 && !values.discount_reason && !errors.has('discount_reason')) errors.add('discount_reason', COLLECT_MESSAGES.discountReasonRequired);
  errors.throwIfAny();
  return { barcode: values.barcode!, returnDate: values.return_date, collected: values.collected ?? 0, discount, discountReason: values.discount_reason };
}

/** A return as asked; amounts in minor units (checked against the fine by the service). */
export interface ReturnInput {
  returnDate: string | undefined;
  collected: number;
  discount: number;
  discountReason: string | undefined;
  status: ReturnStatus;
}

const RETURN_BODY = {
  returnDate: givenDate(),
  fine_collected_amount: givenMoney(),
  discount: givenMoney(),
  discount_reason: givenText(255),
  status: givenChoice(RETURN_STATUSES),
};

/** Reads `{returnDate?, fine_collected_amount?, discount?, discount_reason?, status?}` (`return_date` accepted too); a discount needs a reason. */
export function parseReturnBody(body: unknown): ReturnInput {
  const input = bodyObject(body, NOT_AN_OBJECT);
  const { values, errors } = readFields(RETURN_BODY, input);
  // `returnDate` wins when both are sent; `return_date` is read only without it.
  const camel = input['returnDate'];
  const sentCamel = camel !== undefined && camel !== null && !(typeof camel === 'string' && camel.trim() === '');
  const returnDate = sentCamel ? values.returnDate : readFields({ return_date: givenDate() }, input, errors).values.return_date;
  const discount = values.discount ?? 0;
  // The fines desk's rule: nothing is waived without a reason.
  if (discount > 0 && !values.discount_reason && !errors.has('discount_reason')) errors.add('discount_reason', COLLECT_MESSAGES.discountReasonRequired);
  errors.throwIfAny();
  return {
    returnDate,
    collected: values.fine_collected_amount ?? 0,
    discount,
    discountReason: values.discount_reason,
    status: values.status ?? 'RETURNED',
  };
}

/** Reads `{member?, override_reason?}` of renew-all. */
export function parseRenewAllBody(body: unknown): { member: number | undefined; overrideReason: string | undefined } {
  const { values, errors } = readFields({ member: givenId(), override_reason: givenOverrideReason() }, bodyObject(body, NOT_AN_OBJECT));
  errors.throwIfAny();
  return { member: values.member, overrideReason: values.override_reason };
}

/** Reads `{override_reason?}` of a renewal (no body at all is no override). */
export function parseRenewBody(body: unknown): { overrideReason: string | undefined } {
  const { values, errors } = readFields({ override_reason: givenOverrideReason() }, bodyObject(body, NOT_AN_OBJECT));
  errors.throwIfAny();
  return { overrideReason: values.override_reason };
}

/** Reads `member` of the block list (`GET /circulation/blocks/?member=`): required. */
export function parseBlocksQuery(query: Record<string, unknown>): { member: number } {
  const member = idFilter(query, 'member');
  if (member === undefined) throw ValidationError.field('member', MESSAGES.required);
  return { member };
}

export const ISSUED_ORDERING = ['issue_date', 'due_date', 'title', 'member'] as const;
export type IssuedOrderField = (typeof ISSUED_ORDERING)[number];

/** The issued list's query, read. */
export interface IssuedListQuery extends ListQuery<IssuedOrderField> {
  member: number | undefined;
  book: number | undefined;
  overdue: boolean;
}

/** Reads `search`, `member`, `book`, `overdue`, `ordering`, `page`, `page_size` of the issued list. */
export function parseIssuedListQuery(query: Record<string, unknown>): IssuedListQuery {
  const q = singles(query, ['search', 'ordering', 'page', 'page_size', 'overdue']);
  const overdue = (q['overdue'] ?? '').trim().toLowerCase();
  if (!['', 'true', 'false', '1', '0'].includes(overdue)) throw ValidationError.field('overdue', 'Must be a valid boolean.');
  return {
    page: readPage(q),
    orders: readOrdering(q['ordering'], ISSUED_ORDERING, [{ field: 'issue_date', desc: true }]),
    term: readSearch(q['search']),
    member: idFilter(query, 'member'),
    book: idFilter(query, 'book'),
    overdue: overdue === 'true' || overdue === '1',
  };
}

/** The returned history's query, read. */
export interface HistoryQuery {
  page: PageRequest | undefined;
  term: string;
}

/** Reads `search`, `page`, `page_size` of the returned history. */
export function parseHistoryQuery(query: Record<string, unknown>): HistoryQuery {
  const q = singles(query, ['search', 'page', 'page_size']);
  return { page: readPage(q), term: readSearch(q['search']) };
}

/** Loan ids of a loan slip: a list of 1..LOAN_SLIP_MAX ids. */
function givenLoanIds() {
  return field('givenLoanIds', (raw) => {
    if (raw === null) return undefined;
    if (!Array.isArray(raw)) return new Refusal(`Expected a list of items but got type "${typeof raw}".`);
    if (raw.length === 0) return new Refusal('This list may not be empty.');
    if (raw.length > LOAN_SLIP_MAX) return new Refusal(`Ensure this field has no more than ${LOAN_SLIP_MAX} elements.`);
    return raw.every(isRowId) ? (raw as number[]) : new Refusal(WHOLE_NUMBER_MESSAGES.invalid);
  });
}

/** Reads `{member, loans: id[]}` of the loan slip by mail. */
export function parseLoanSlipBody(body: unknown): LoanSlipInput {
  const { values, errors } = readFields({ member: required(givenId()), loans: required(givenLoanIds()) }, bodyObject(body, NOT_AN_OBJECT));
  errors.throwIfAny();
  return { member: values.member!, loans: values.loans! };
}

/** A loan marked lost, as asked: money as at a return (minor units), and a note kept on the lost charge. */
export interface LostInput {
  collected: number;
  discount: number;
  discountReason: string | undefined;
  note: string | undefined;
}

/** Reads `{collected?, discount?, discount_reason?, note?}` of marking a loan lost; a discount needs a reason. */
export function parseLostBody(body: unknown): LostInput {
  const shape = { collected: givenMoney(), discount: givenMoney(), discount_reason: givenText(255), note: givenText(FEE_LIMITS.noteMax) };
  const { values, errors } = readFields(shape, bodyObject(body, NOT_AN_OBJECT));
  for (const key of ['collected', 'discount'] as const) {
    if ((values[key] ?? 0) < 0 && !errors.has(key)) errors.add(key, AMOUNT_MESSAGES.negative);
  }
  const discount = values.discount ?? 0;
  if (discount > 0 && !values.discount_reason && !errors.has('discount_reason')) errors.add('discount_reason', COLLECT_MESSAGES.discountReasonRequired);
  errors.throwIfAny();
  return { collected: values.collected ?? 0, discount, discountReason: values.discount_reason || undefined, note: values.note || undefined };
}

/** A damaged copy's charge, as asked (amount in minor units). */
export interface DamageInput {
  amount: number;
  note: string;
  markDamaged: boolean;
}

/** Reads `{amount, note, mark_damaged?}` (mark_damaged: default true) of charging for a damaged copy. */
export function parseDamageBody(body: unknown): DamageInput {
  const shape = {
    amount: required(chargeAmount()),
    note: required(chargeText(FEE_LIMITS.noteMax, CHARGE_MESSAGES.noteRequired)),
    mark_damaged: field('markDamaged', (raw) => (raw === null ? undefined : typeof raw === 'boolean' ? raw : new Refusal('Must be a valid boolean.'))),
  };
  const { values, errors } = readFields(shape, bodyObject(body, NOT_AN_OBJECT));
  errors.throwIfAny();
  return { amount: values.amount!, note: values.note!, markDamaged: values.mark_damaged ?? true };
}
