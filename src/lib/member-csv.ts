/**
 * The local preview of a member CSV for the bulk upload, on the shared preview of
 * `csv-preview.ts`: the errors the server's bulk upload would also find without its database
 * (blank required fields, lengths, e-mail shape, password length and digits only, and the member
 * field rules of member-rules: CNIC, mobile numbers, registration id, shift, fee), usernames,
 * e-mails, registration ids and membership ids repeated in the file, and department or session
 * names the library does not have (the server rejects those rows). Messages are the server's.
 */
import { previewCsvFile, previewCsvText, cellIssues, type CsvPreview, type CsvPreviewSpec, type RowIssue } from './csv-preview';
import { MEMBER_CSV_COLUMNS, MEMBER_CSV_REQUIRED, MEMBER_FIELD_RULES, MEMBER_TEXT_LIMITS, checkMemberField, type MemberCsvColumn } from '#shared/member-rules';
import { MIN_PASSWORD_LENGTH } from '#shared/password-rules';
import { amountProblem } from '#shared/money';
import type { MemberCsvRow } from './member-template';

/** What the preview shows before a member upload. */
export type MemberCsvPreview = CsvPreview<MemberCsvColumn>;

/** The server's messages for member rows (server/src/http/form.ts, modules/members/bulk.ts, accounts/passwords.ts). */
export const MEMBER_ROW_MESSAGES = {
  email: 'Enter a valid email address.',
  usernameInvalid: 'Enter a valid username. This value may contain only letters, numbers, and @/./+/-/_ characters.',
  passwordShort: `This password is too short. It must contain at least ${MIN_PASSWORD_LENGTH} characters.`,
  passwordNumeric: 'This password is entirely numeric.',
  duplicate: (column: string, first: number) => `Duplicate ${column} in this file (first on row ${first}).`,
  unknownName: (column: string, value: string) => `Unknown ${column} "${value}".`,
} as const;

const MAX_LENGTHS: Partial<Record<MemberCsvColumn, number>> = { username: 150, email: 254, ...MEMBER_TEXT_LIMITS };
const RULED = Object.keys(MEMBER_FIELD_RULES) as (keyof typeof MEMBER_FIELD_RULES)[];

/** Errors of one member row that need no server. */
export function validateMemberRow(row: MemberCsvRow, rowNumber: number): RowIssue[] {
  const issues = cellIssues(row, rowNumber, MEMBER_CSV_COLUMNS, MEMBER_CSV_REQUIRED, MAX_LENGTHS);
  const add = (field: string, message: string) => issues.push({ row: rowNumber, field, message });
  const has = (field: string) => issues.some((issue) => issue.field === field);
  if (row.username && !has('username') && !/^[\p{L}\p{N}@.+\-_]+$/u.test(row.username)) add('username', MEMBER_ROW_MESSAGES.usernameInvalid);
  if (row.email && !has('email') && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(row.email)) add('email', MEMBER_ROW_MESSAGES.email);
  if (row.password) {
    if (row.password.length < MIN_PASSWORD_LENGTH) add('password', MEMBER_ROW_MESSAGES.passwordShort);
    if (/^\d+$/.test(row.password)) add('password', MEMBER_ROW_MESSAGES.passwordNumeric);
  }
  for (const field of RULED) {
    const checked = checkMemberField(field, row[field]);
    if ('error' in checked) add(field, checked.error);
  }
  const feeProblem = row.security_fee ? amountProblem(row.security_fee) : null;
  if (feeProblem) add('security_fee', feeProblem);
  return issues;
}

/** Department and session names (and ids) the library has, lower-cased; a column left out is not checked. */
export type MemberKnownNames = Partial<Record<'department' | 'session', ReadonlySet<string>>>;

const lowered = (value: string): string => value.trim().toLowerCase();

function memberCsvSpec(names: MemberKnownNames): CsvPreviewSpec<MemberCsvColumn> {
  const unique = (['username', 'email', 'registration_id', 'library_membership_id'] as const).map((column) => ({
    column,
    key: lowered,
    message: (first: number) => MEMBER_ROW_MESSAGES.duplicate(column, first),
  }));
  return {
    columns: MEMBER_CSV_COLUMNS,
    required: MEMBER_CSV_REQUIRED,
    validateRow: validateMemberRow,
    unique,
    names: { known: names, columns: ['department', 'session'], message: MEMBER_ROW_MESSAGES.unknownName },
  };
}

/** Known names from the library's departments and sessions: each by name and by id, as the server resolves them. */
export function memberKnownNames(lists: { department?: readonly { id: number | string; name: string }[]; session?: readonly { id: number | string; session_range?: string | null }[] }): MemberKnownNames {
  const result: MemberKnownNames = {};
  if (lists.department) result.department = new Set(lists.department.flatMap((d) => [lowered(d.name), String(d.id)]));
  if (lists.session) result.session = new Set(lists.session.flatMap((s) => [lowered(s.session_range ?? ''), String(s.id)]).filter(Boolean));
  return result;
}

/** The preview of member CSV text. */
export const previewMemberCsvText = (text: string, names: MemberKnownNames = {}): MemberCsvPreview => previewCsvText(text, memberCsvSpec(names));

/** The preview of a chosen member CSV file, parsed chunk by chunk; `onProgress` gets 0..1. */
export const previewMemberCsvFile = (file: File, names: MemberKnownNames = {}, onProgress?: (fraction: number) => void): Promise<MemberCsvPreview> =>
  previewCsvFile(file, memberCsvSpec(names), onProgress);
