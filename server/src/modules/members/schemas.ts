/**
 * Request bodies of the members module: a membership plan (JSON or multipart), the single member
 * registration (multipart with a photo). Field rules come from src/lib/member-rules.ts through
 * the users module's member form reader, so the profile, the registration and the bulk upload
 * check members alike.
 */
import { readOrdering, readPage, readSearch, type OrderTerm, type PageRequest } from '../../http/paging.js';
import { isValidEmail } from '../../http/validation.js';
import type { MemberCsvColumn } from '#shared/member-rules';
import { ACCOUNT_TEXT_LIMITS as ACCOUNT, PLAN_LIMITS } from '#shared/field-limits';
import { passwordProblems } from '../accounts/passwords.js';
import { USERNAME_MESSAGES, USERNAME_PATTERN } from '../users/service.js';
import type { Struct } from 'superstruct';
import { bodyObject, readFields } from '../../http/validation.js';
import { field, formFlag, formInteger, formMoney, formSecret, formText, givenMoney, required } from '../../http/fields.js';
import { AMOUNT_MESSAGES } from '#shared/money';
import type { FormBody } from '../../http/multipart.js';
import type { MediaStore } from '../../storage/service.js';
import { isMemberState, type MemberState } from '#shared/member-state';
import { readMemberDetails, readPhoto, type MemberDetails, type ParsedForm, type PhotoForm } from '../users/schemas.js';

export const PLAN_NAME_MAX = PLAN_LIMITS.nameMax;

/** A plan as sent; a loan rule sent blank or null follows the book settings. */
export interface PlanInput {
  name?: string | undefined;
  loan_limit?: number | null | undefined;
  loan_period_days?: number | null | undefined;
  /** Minor units. */
  fine_per_day?: number | null | undefined;
  /** Minor units. */
  fee?: number | undefined;
  /** Minor units: the cap on one loan's overdue fine; null = no cap. */
  max_overdue_fine?: number | null | undefined;
  validity_months?: number | undefined;
  is_default?: boolean | undefined;
}

const blank = (value: unknown): boolean => value === null || (typeof value === 'string' && value.trim() === '');
/** A sent-but-blank loan rule: null. */
const blankRule = field('blankRule', () => null);

/** Reads a plan; `name` is required on create. Throws every field error at once. */
export function parsePlanForm(form: FormBody, creating: true): PlanInput & { name: string };
export function parsePlanForm(form: FormBody, creating: boolean): PlanInput;
export function parsePlanForm(form: FormBody, creating: boolean): PlanInput {
  const f = form.fields;
  // A loan rule sent blank or null follows the book settings (null); absent is not changed.
  const orNull = <T>(field: string, struct: Struct<T | undefined, null>): Struct<T | null | undefined, null> => (blank(f[field]) ? blankRule : struct) as unknown as Struct<T | null | undefined, null>;
  const shape = {
    name: creating ? required(formText({ max: PLAN_NAME_MAX })) : formText({ max: PLAN_NAME_MAX }),
    loan_limit: orNull('loan_limit', formInteger(PLAN_LIMITS.loanLimit.min, PLAN_LIMITS.loanLimit.max)),
    loan_period_days: orNull('loan_period_days', formInteger(PLAN_LIMITS.loanPeriodDays.min, PLAN_LIMITS.loanPeriodDays.max)),
    fine_per_day: orNull('fine_per_day', formMoney(PLAN_LIMITS.finePerDayMax)),
    fee: formMoney(PLAN_LIMITS.feeMax),
    max_overdue_fine: orNull('max_overdue_fine', formMoney(PLAN_LIMITS.feeMax)),
    validity_months: formInteger(PLAN_LIMITS.validityMonths.min, PLAN_LIMITS.validityMonths.max),
    is_default: formFlag(),
  };
  const { values, errors } = readFields(shape, f);
  errors.throwIfAny();
  return values;
}

/** A member created by staff: account fields, profile details, photo. */
export interface MemberRegistrationForm extends MemberDetails, PhotoForm {
  username?: string | undefined;
  email?: string | undefined;
  first_name?: string | undefined;
  last_name?: string | undefined;
  /** Optional: without one the member chooses his password through the mailed link. */
  password?: string | undefined;
}

const REGISTRATION_FORM = {
  username: required(formText({ max: ACCOUNT.username })),
  email: required(formText({ max: ACCOUNT.email })),
  first_name: required(formText({ max: ACCOUNT.first_name })),
  last_name: required(formText({ max: ACCOUNT.last_name })),
  password: formSecret(),
};

/** Reads the single member registration; required fields are reported, not thrown (the service adds the database's). */
export function parseMemberRegistration(form: FormBody, media: Pick<MediaStore, 'check'>): ParsedForm<MemberRegistrationForm> {
  const { values, errors } = readFields(REGISTRATION_FORM, form.fields);
  const input: MemberRegistrationForm = { ...values, ...readMemberDetails(form.fields, errors), ...readPhoto(errors, form, media) };
  return { input, errors };
}

/** One row of the member template, read: the account fields, the profile details and every field's problems. */
export interface MemberCsvRow {
  account: { username?: string | undefined; email?: string | undefined; password?: string | undefined; first_name?: string | undefined; last_name?: string | undefined };
  details: MemberDetails;
  fields: Record<string, string[]>;
}

const CSV_ACCOUNT = {
  username: formText({ max: ACCOUNT.username }),
  email: formText({ max: ACCOUNT.email }),
  first_name: formText({ max: ACCOUNT.first_name }),
  last_name: formText({ max: ACCOUNT.last_name }),
};

/** Reads one CSV row with the same rules as the member forms (department and session are resolved against the database later). */
export function parseMemberCsvRow(row: Record<MemberCsvColumn, string>): MemberCsvRow {
  const { values: names, errors } = readFields(CSV_ACCOUNT, row);
  const { username, email, first_name, last_name } = names;
  const password = row.password === '' ? void errors.add('password', 'This field may not be blank.') : row.password;
  if (username !== undefined && !USERNAME_PATTERN.test(username)) errors.add('username', USERNAME_MESSAGES.invalid);
  if (email !== undefined && !isValidEmail(email)) errors.add('email', 'Enter a valid email address.');
  if (password !== undefined) for (const problem of passwordProblems(password, { username, email, first_name, last_name })) errors.add('password', problem);
  const details = readMemberDetails(row, errors, { references: false });
  return { account: { username, email, password, first_name, last_name }, details, fields: errors.toObject() };
}

/** Columns a member list may be ordered by. */
export const MEMBER_ORDERING = ['username', 'first_name', 'last_name', 'email', 'date_joined', 'id'] as const;
export type MemberOrderField = (typeof MEMBER_ORDERING)[number];
const DEFAULT_ORDER: OrderTerm<MemberOrderField>[] = [{ field: 'date_joined', desc: true }];

/** A member list's query string, read: the page (none: the short unpaged list), the ordering ending in id, the search term. */
export interface MemberListQuery {
  page: PageRequest | undefined;
  orders: OrderTerm<MemberOrderField>[];
  term: string;
}

/** Reads `page`, `page_size`, `ordering` and `search` of a member list (newest first by default). */
export function parseMemberListQuery(query: Record<string, unknown>): MemberListQuery {
  const orders = readOrdering(query['ordering'], MEMBER_ORDERING, DEFAULT_ORDER);
  if (!orders.some((o) => o.field === 'id')) orders.push({ field: 'id', desc: orders[0]!.desc });
  return { page: readPage(query), orders, term: readSearch(query['search']) };
}

/** Members a picker shows when it does not say how many. */
export const PICK_LIMIT = 20;

/** The picker search's query string, read. */
export interface MemberSearchQuery {
  term: string;
  state: MemberState;
  limit: number;
}

/** Reads `search`, `state` (default active) and `limit` (1 to 50) of the member search. */
export function parseMemberSearchQuery(query: Record<string, unknown>): MemberSearchQuery {
  const state: MemberState = isMemberState(query['state']) ? query['state'] : 'active';
  const raw = query['limit'];
  const limit = typeof raw === 'string' && /^\d{1,3}$/.test(raw) ? Math.min(Math.max(Number(raw), 1), 50) : PICK_LIMIT;
  return { term: readSearch(query['search']), state, limit };
}

/** Reads `POST /members/{id}/membership/renew/`: `{collected?}`, money for the fee (0 or more). */
export function parseRenewalBody(body: unknown): { collected?: number | undefined } {
  const { values, errors } = readFields({ collected: givenMoney() }, bodyObject(body));
  if (values.collected !== undefined && values.collected < 0) errors.add('collected', AMOUNT_MESSAGES.negative);
  errors.throwIfAny();
  return { collected: values.collected };
}
