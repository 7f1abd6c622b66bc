/**
 * Request bodies of the members module: a membership plan (JSON or multipart), the single member
 * registration (multipart with a photo). Field rules come from src/lib/member-rules.ts through
 * the users module's member form reader, so the profile, the registration and the bulk upload
 * check members alike.
 */
import { MESSAGES } from '../../errors.js';
import { readOrdering, readPage, readSearch, type OrderTerm, type PageRequest } from '../../http/paging.js';
import { isValidEmail } from '../../http/validation.js';
import type { MemberCsvColumn } from '#shared/member-rules';
import { ACCOUNT_TEXT_LIMITS as ACCOUNT, PLAN_LIMITS } from '#shared/field-limits';
import { passwordProblems } from '../accounts/passwords.js';
import { USERNAME_MESSAGES, USERNAME_PATTERN } from '../users/service.js';
import { FormReader } from '../../http/form.js';
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
  validity_months?: number | undefined;
  is_default?: boolean | undefined;
}

const blank = (value: unknown): boolean => value === null || (typeof value === 'string' && value.trim() === '');

/** Reads a plan; `name` is required on create. Throws every field error at once. */
export function parsePlanForm(form: FormBody, creating: true): PlanInput & { name: string };
export function parsePlanForm(form: FormBody, creating: boolean): PlanInput;
export function parsePlanForm(form: FormBody, creating: boolean): PlanInput {
  const f = new FormReader(form.fields);
  const name = f.text('name', { max: PLAN_NAME_MAX });
  if (creating && name === undefined && !f.errors.has('name')) f.errors.add('name', MESSAGES.required);
  const rule = (field: 'loan_limit' | 'loan_period_days', { min, max }: { min: number; max: number }): number | null | undefined =>
    blank(f.fields[field]) && f.has(field) ? null : f.integer(field, min, max);
  const input: PlanInput = {
    name,
    loan_limit: rule('loan_limit', PLAN_LIMITS.loanLimit),
    loan_period_days: rule('loan_period_days', PLAN_LIMITS.loanPeriodDays),
    fine_per_day: blank(f.fields['fine_per_day']) && f.has('fine_per_day') ? null : f.money('fine_per_day', PLAN_LIMITS.finePerDayMax),
    fee: f.money('fee', PLAN_LIMITS.feeMax),
    validity_months: f.integer('validity_months', PLAN_LIMITS.validityMonths.min, PLAN_LIMITS.validityMonths.max),
    is_default: f.has('is_default') ? f.flag('is_default') : undefined,
  };
  f.errors.throwIfAny();
  return input;
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

/** Reads the single member registration; required fields are reported, not thrown (the service adds the database's). */
export function parseMemberRegistration(form: FormBody, media: Pick<MediaStore, 'check'>): ParsedForm<MemberRegistrationForm> {
  const f = new FormReader(form.fields);
  const input: MemberRegistrationForm = {
    username: f.text('username', { max: ACCOUNT.username }),
    email: f.text('email', { max: ACCOUNT.email }),
    first_name: f.text('first_name', { max: ACCOUNT.first_name }),
    last_name: f.text('last_name', { max: ACCOUNT.last_name }),
    password: f.secret('password'),
    ...readMemberDetails(f),
    ...readPhoto(f, form, media),
  };
  for (const field of ['username', 'email', 'first_name', 'last_name'] as const) {
    if (input[field] === undefined && !f.errors.has(field)) f.errors.add(field, MESSAGES.required);
  }
  return { input, errors: f.errors };
}

/** One row of the member template, read: the account fields, the profile details and every field's problems. */
export interface MemberCsvRow {
  account: { username?: string | undefined; email?: string | undefined; password?: string | undefined; first_name?: string | undefined; last_name?: string | undefined };
  details: MemberDetails;
  fields: Record<string, string[]>;
}

/** Reads one CSV row with the same rules as the member forms (department and session are resolved against the database later). */
export function parseMemberCsvRow(row: Record<MemberCsvColumn, string>): MemberCsvRow {
  const f = new FormReader(row);
  const username = f.text('username', { max: ACCOUNT.username });
  const email = f.text('email', { max: ACCOUNT.email });
  const first_name = f.text('first_name', { max: ACCOUNT.first_name });
  const last_name = f.text('last_name', { max: ACCOUNT.last_name });
  const password = row.password === '' ? void f.errors.add('password', 'This field may not be blank.') : row.password;
  if (username !== undefined && !USERNAME_PATTERN.test(username)) f.errors.add('username', USERNAME_MESSAGES.invalid);
  if (email !== undefined && !isValidEmail(email)) f.errors.add('email', 'Enter a valid email address.');
  if (password !== undefined) for (const problem of passwordProblems(password, { username, email, first_name, last_name })) f.errors.add('password', problem);
  const details = readMemberDetails(f, { references: false });
  return { account: { username, email, password, first_name, last_name }, details, fields: f.errors.toObject() };
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
