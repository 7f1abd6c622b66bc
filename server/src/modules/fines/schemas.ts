/**
 * Request input of the fines module: the collect body, the pending list's query string, a manual
 * charge and a cancellation.
 * Money is read with the shared `readAmount`, each field by its struct; every failure is a 400 with the contract's
 * wording (docs/API.md, "Circulation and fines"), so the service only ever sees typed input.
 */
import type { Struct } from 'superstruct';
import { badRequest, nonFieldError, ValidationError } from '../../errors.js';
import { readPage, readSearch, type PageRequest } from '../../http/paging.js';
import { bodyObject, idParam, isRowId, MAX_ID, readFields } from '../../http/validation.js';
import { field, givenId, Refusal, required } from '../../http/fields.js';
import { AMOUNT_MESSAGES, readAmount } from '#shared/money';
import { BOUND_MESSAGES, WHOLE_NUMBER_MESSAGES } from '#shared/numbers';
import { CHARGE_MESSAGES, FEE_LIMITS, MANUAL_FEE_TYPES, type FeeType } from '#shared/fee-types';
import { controlCharactersError } from '#shared/control-characters';
import { COLLECT_MESSAGES } from '#shared/collect-messages';

/** The fines desk's word for a body that is not an object. */
const NOT_AN_OBJECT = 'Invalid data. Expected a dictionary.';

/** The most loans one collection may name. */
export const MAX_COLLECT_IDS = 1000;
/** The longest discount reason kept. */
export const DISCOUNT_REASON_MAX = 255;

export const FINE_MESSAGES = {
  memberRequired: 'member_id is required',
  idsRequired: 'issued_ids list is required',
  reasonRequired: COLLECT_MESSAGES.discountReasonRequired,
  amount: AMOUNT_MESSAGES.invalid,
  negative: AMOUNT_MESSAGES.negative,
  nothing: COLLECT_MESSAGES.collectNothing,
  integer: WHOLE_NUMBER_MESSAGES.invalid,
  boolean: 'Must be a valid boolean.',
} as const;

/** A collection as sent, read. Amounts in minor units. */
export interface CollectInput {
  /** The member's user id; undefined for an id that cannot exist (answered 404). */
  memberId: number | undefined;
  loanIds: number[];
  /** Charges named by their own id (those without a loan: membership, manual). */
  fineIds: number[];
  /** Cash received (ignored with full payment). */
  collected: number;
  discount: number;
  discountReason: string | null;
  fullPayment: boolean;
}

const blank = (value: unknown): boolean => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** An amount field: blank is 0; otherwise a decimal with at most two places (more refused, never rounded), not negative. */
const amount = (): Struct<number | undefined, null> =>
  field('fineAmount', (value) => {
    if (blank(value)) return 0;
    const read = typeof value === 'string' || typeof value === 'number' ? readAmount(value) : null;
    if (!read?.ok || (typeof value === 'string' && value.length > 20)) {
      return new Refusal(read && !read.ok && read.message === AMOUNT_MESSAGES.decimals ? read.message : FINE_MESSAGES.amount);
    }
    return read.minor < 0 ? new Refusal(FINE_MESSAGES.negative) : read.minor;
  });

/** A row id sent as a number or a numeric string; 0 past the largest id (unknown, answered 404). */
const memberId = field('memberId', (value) => {
  if (isRowId(value)) return value;
  if (typeof value === 'string' && /^\s*\d{1,20}\s*$/.test(value)) return Number(value) > MAX_ID || Number(value) === 0 ? 0 : Number(value);
  if (typeof value === 'number' && Number.isInteger(value)) return 0;
  return new Refusal(FINE_MESSAGES.integer);
});

/** A list of row ids (at most MAX_COLLECT_IDS), read without repeats. */
const idsOf = (name: string) =>
  field(name, (value) => {
    if (!Array.isArray(value)) return new Refusal(`Expected a list of items but got type "${typeof value}".`);
    if (value.length > MAX_COLLECT_IDS) return new Refusal(`Ensure this list has no more than ${MAX_COLLECT_IDS} elements.`);
    return value.every(isRowId) ? [...new Set(value as number[])] : new Refusal(FINE_MESSAGES.integer);
  });

const COLLECT_BODY = {
  member_id: memberId,
  issued_ids: idsOf('loanIds'),
  fine_ids: idsOf('fineIds'),
  full_payment: field('fullPayment', (value) =>
    value === null ? undefined : typeof value === 'boolean' ? value : value === 'true' || value === 'false' ? value === 'true' : new Refusal(FINE_MESSAGES.boolean),
  ),
  discount: amount(),
  discount_reason: field('discountReason', (value) => {
    if (value === null) return undefined;
    if (typeof value !== 'string') return new Refusal('Not a valid string.');
    const reason = value.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
    return reason.length > DISCOUNT_REASON_MAX ? new Refusal(`Ensure this field has no more than ${DISCOUNT_REASON_MAX} characters.`) : reason || undefined;
  }),
};

/** Reads `POST /fines-viewset/collect/`. Throws 400 for a missing member or list, then every field error at once. */
export function parseCollectBody(body: unknown): CollectInput {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw nonFieldError(NOT_AN_OBJECT);
  const raw = body as Record<string, unknown>;
  if (blank(raw['member_id'])) throw badRequest(FINE_MESSAGES.memberRequired);
  // Loans name the fines of returns; `fine_ids` names charges of their own (membership, manual). One of them is needed.
  const ids = raw['issued_ids'];
  const fineIds = raw['fine_ids'];
  const named = (list: unknown) => Array.isArray(list) && list.length > 0;
  if (!named(ids) && !named(fineIds)) throw badRequest(FINE_MESSAGES.idsRequired);
  const { values, errors } = readFields(COLLECT_BODY, raw);
  const fullPayment = values.full_payment ?? false;
  // With full payment the cash received is not read at all.
  const collected = fullPayment ? 0 : (readFields({ collected_amount: amount() }, raw, errors).values.collected_amount ?? 0);
  const discount = values.discount ?? 0;
  const discountReason = values.discount_reason ?? null;
  if (discount > 0 && discountReason === null && !errors.has('discount_reason')) errors.add('discount_reason', FINE_MESSAGES.reasonRequired);
  errors.throwIfAny();
  return {
    memberId: values.member_id || undefined,
    loanIds: values.issued_ids ?? [],
    fineIds: values.fine_ids ?? [],
    collected,
    discount,
    discountReason,
    fullPayment,
  };
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

/**
 * A charge's amount as staff type it: greater than 0, at most two decimals (more refused, never
 * rounded), at most `FEE_LIMITS.amountMax`. Minor units.
 */
export const chargeAmount = (): Struct<number | undefined, null> =>
  field('chargeAmount', (value) => {
    const read = typeof value === 'string' || typeof value === 'number' ? readAmount(value) : null;
    if (!read?.ok || (typeof value === 'string' && value.length > 20)) return new Refusal(read && !read.ok ? read.message : FINE_MESSAGES.amount);
    if (read.minor <= 0) return new Refusal(CHARGE_MESSAGES.amountZero);
    return read.minor > FEE_LIMITS.amountMax ? new Refusal(BOUND_MESSAGES.atMost(FEE_LIMITS.amountMax / 100)) : read.minor;
  });

/** A charge's note or a cancellation's reason: one line of 1..`max` characters (control characters refused). */
export const chargeText = (max: number, blankMessage: string): Struct<string | undefined, null> =>
  field('chargeText', (value) => {
    if (value === null) return new Refusal(blankMessage);
    if (typeof value !== 'string') return new Refusal('Not a valid string.');
    const text = value.trim();
    if (text === '') return new Refusal(blankMessage);
    if (text.length > max) return new Refusal(`Ensure this field has no more than ${max} characters.`);
    const refused = controlCharactersError(text, 'single');
    return refused ? new Refusal(refused) : text;
  });

/** A manual charge as asked (`POST /fines/charges/`). Amount in minor units. */
export interface ChargeInput {
  member: number;
  feeType: FeeType;
  amount: number;
  note: string;
  loan: number | undefined;
  copy: number | undefined;
}

const CHARGE_BODY = {
  member: required(givenId()),
  fee_type: required(
    field('feeType', (value) => (typeof value === 'string' && (MANUAL_FEE_TYPES as readonly string[]).includes(value) ? (value as FeeType) : new Refusal(CHARGE_MESSAGES.typeNotManual))),
  ),
  amount: required(chargeAmount()),
  note: required(chargeText(FEE_LIMITS.noteMax, CHARGE_MESSAGES.noteRequired)),
  loan: givenId(),
  copy: givenId(),
};

/** Reads `{member, fee_type, amount, note, loan?, copy?}`; every field's error at once. */
export function parseChargeBody(body: unknown): ChargeInput {
  const { values, errors } = readFields(CHARGE_BODY, bodyObject(body, NOT_AN_OBJECT));
  errors.throwIfAny();
  return { member: values.member!, feeType: values.fee_type!, amount: values.amount!, note: values.note!, loan: values.loan, copy: values.copy };
}

/** Reads `{reason}` of a cancellation. */
export function parseCancelBody(body: unknown): { reason: string } {
  const { values, errors } = readFields({ reason: required(chargeText(FEE_LIMITS.reasonMax, CHARGE_MESSAGES.reasonRequired)) }, bodyObject(body, NOT_AN_OBJECT));
  errors.throwIfAny();
  return { reason: values.reason! };
}
