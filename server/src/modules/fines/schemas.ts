/**
 * Request input of the fines module: the collect body and the pending list's query string.
 * Money is read with the shared `toMinorUnits`; every failure is a 400 with the contract's
 * wording (docs/API.md, "Circulation and fines"), so the service only ever sees typed input.
 */
import { badRequest, FieldErrorList, ValidationError } from '../../errors.js';
import { readPage, readSearch, type PageRequest } from '../../http/paging.js';
import { idParam, isRowId, MAX_ID } from '../../http/validation.js';
import { AMOUNT_MESSAGES, readAmount } from '#shared/money';
import { COLLECT_MESSAGES } from '#shared/collect-messages';

/** The most loans one collection may name. */
export const MAX_COLLECT_IDS = 1000;
/** The longest discount reason kept. */
export const DISCOUNT_REASON_MAX = 255;

export const FINE_MESSAGES = {
  memberRequired: 'member_id is required',
  idsRequired: 'issued_ids list is required',
  reasonRequired: COLLECT_MESSAGES.discountReasonRequired,
  amount: 'Enter an amount with at most two decimals.',
  negative: 'Cannot be negative',
  nothing: COLLECT_MESSAGES.collectNothing,
  integer: 'A valid integer is required.',
  boolean: 'Must be a valid boolean.',
} as const;

/** A collection as sent, read. Amounts in minor units. */
export interface CollectInput {
  /** The member's user id; undefined for an id that cannot exist (answered 404). */
  memberId: number | undefined;
  loanIds: number[];
  /** Cash received (ignored with full payment). */
  collected: number;
  discount: number;
  discountReason: string | null;
  fullPayment: boolean;
}

const blank = (value: unknown): boolean => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** An amount field: blank is 0; otherwise a decimal with at most two places (more refused, never rounded), not negative. */
function amountField(errors: FieldErrorList, field: string, value: unknown): number {
  if (blank(value)) return 0;
  const amount = typeof value === 'string' || typeof value === 'number' ? readAmount(value) : null;
  if (!amount?.ok || (typeof value === 'string' && value.length > 20)) {
    errors.add(field, amount && !amount.ok && amount.message === AMOUNT_MESSAGES.decimals ? amount.message : FINE_MESSAGES.amount);
    return 0;
  }
  const minor = amount.minor;
  if (minor < 0) {
    errors.add(field, FINE_MESSAGES.negative);
    return 0;
  }
  return minor;
}

/** A row id sent as a number or a numeric string; undefined past the largest id (unknown, 404). */
function readMemberId(errors: FieldErrorList, value: unknown): number | undefined {
  if (isRowId(value)) return value;
  if (typeof value === 'string' && /^\s*\d{1,20}\s*$/.test(value)) return Number(value) > MAX_ID || Number(value) === 0 ? undefined : Number(value);
  if (typeof value === 'number' && Number.isInteger(value)) return undefined;
  errors.add('member_id', FINE_MESSAGES.integer);
  return undefined;
}

/** Reads `POST /fines-viewset/collect/`. Throws 400 for a missing member or list, then every field error at once. */
export function parseCollectBody(body: unknown): CollectInput {
  if (body === undefined || body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new ValidationError({ non_field_errors: ['Invalid data. Expected a dictionary.'] });
  }
  const raw = body as Record<string, unknown>;
  if (blank(raw['member_id'])) throw badRequest(FINE_MESSAGES.memberRequired);
  const ids = raw['issued_ids'];
  if (!Array.isArray(ids) || ids.length === 0) throw badRequest(FINE_MESSAGES.idsRequired);

  const errors = new FieldErrorList();
  const memberId = readMemberId(errors, raw['member_id']);
  if (ids.length > MAX_COLLECT_IDS) errors.add('issued_ids', `Ensure this list has no more than ${MAX_COLLECT_IDS} elements.`);
  else if (!ids.every(isRowId)) errors.add('issued_ids', FINE_MESSAGES.integer);

  const full = raw['full_payment'];
  let fullPayment = false;
  if (typeof full === 'boolean') fullPayment = full;
  else if (full === 'true' || full === 'false') fullPayment = full === 'true';
  else if (full !== undefined && full !== null) errors.add('full_payment', FINE_MESSAGES.boolean);

  const collected = fullPayment ? 0 : amountField(errors, 'collected_amount', raw['collected_amount']);
  const discount = amountField(errors, 'discount', raw['discount']);

  const reasonValue = raw['discount_reason'];
  let discountReason: string | null = null;
  if (typeof reasonValue === 'string') discountReason = reasonValue.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim() || null;
  else if (reasonValue !== undefined && reasonValue !== null) errors.add('discount_reason', 'Not a valid string.');
  if (discountReason !== null && discountReason.length > DISCOUNT_REASON_MAX) errors.add('discount_reason', `Ensure this field has no more than ${DISCOUNT_REASON_MAX} characters.`);
  if (discount > 0 && discountReason === null && !errors.has('discount_reason')) errors.add('discount_reason', FINE_MESSAGES.reasonRequired);
  errors.throwIfAny();
  return { memberId, loanIds: [...new Set(ids as number[])], collected, discount, discountReason, fullPayment };
}

/** The pending list's query string, read. */
export interface PendingQuery {
  page: PageRequest | undefined;
  term: string;
  /** Only this member's fines (user id). */
  memberId: number | undefined;
}

/** Reads `search`, `member`, `page`, `page_size` of the pending fines list; a malformed member is a 400. */
export function parsePendingQuery(query: Record<string, unknown>): PendingQuery {
  const raw = query['member'];
  let memberId: number | undefined;
  if (typeof raw === 'string' && raw.trim() !== '') {
    if (!/^\d+$/.test(raw.trim())) throw new ValidationError({ member: [FINE_MESSAGES.integer] });
    // An id past the largest matches nobody; idParam answers 400 for it.
    memberId = idParam(raw.trim()) ?? 0;
  } else if (raw !== undefined && typeof raw !== 'string') {
    throw new ValidationError({ member: [FINE_MESSAGES.integer] });
  }
  return { page: readPage(query), term: readSearch(query['search']), memberId };
}

/** A receipt number as printed (`R-YYYYMMDD-000123`); null for anything else (answered 404). */
export const readReceiptNo = (raw: string | undefined): string | null => (raw && /^R-\d{8}-\d{6,10}$/.test(raw) ? raw : null);
