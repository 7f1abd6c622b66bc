/**
 * The Book Settings page as pure data: the loan-rules form (values from the server's answer,
 * client checks with the server's bounds, the JSON body of `POST /settings/Books_settings/`) and
 * the reference-data panels' helpers (labels, permissions, sorting, filtering, the error catalogue's messages).
 */
import { callErrorMessage, CALL_ERRORS, errorMessage, firstFieldError, type CallName } from './errors';
import type { FieldErrors } from './forms';
import type { ReferenceKind } from './api/reference';
import { LOAN_RULE_LIMITS } from '#shared/settings-rules';
import { REFERENCE_NAME_MAX as REFERENCE_NAMES } from '#shared/field-limits';
import { amountProblem } from '#shared/money';
import { wholeNumberProblem } from '#shared/numbers';

/** The loan rules as typed. */
export interface LoanRulesValues {
  max_books_per_member: string;
  max_issue_duration: string;
  fine_per_day: string;
}

export type LoanRulesField = keyof LoanRulesValues;

export const LOAN_RULES_FIELDS: readonly LoanRulesField[] = ['max_books_per_member', 'max_issue_duration', 'fine_per_day'];

/** The server's bounds, shared with it. */
export { LOAN_RULE_LIMITS };

const asText = (value: string | number | null | undefined): string => (value === null || value === undefined ? '' : String(value));

/** The form's values from the server's answer (empty where a value is missing). */
export function loanRulesToValues(settings: { max_books_per_member?: string | number | null; max_issue_duration?: string | number | null; fine_per_day?: string | number | null } | null): LoanRulesValues {
  return {
    max_books_per_member: asText(settings?.max_books_per_member),
    max_issue_duration: asText(settings?.max_issue_duration),
    fine_per_day: settings?.fine_per_day === null || settings?.fine_per_day === undefined ? '' : formatFine(String(settings.fine_per_day)),
  };
}

/** "10" → "10.00", "7.5" → "7.50"; anything else unchanged. */
export function formatFine(text: string): string {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return text.trim();
  return `${Number(match[1])}.${(match[2] ?? '').padEnd(2, '0')}`;
}

/** A required whole number within its range. */
const requiredWholeNumber = (value: string, label: string, range: { min: number; max: number }): string | undefined =>
  value.trim() ? wholeNumberProblem(value, label, range) : `${label} is required.`;

/** Client checks; every field is required (the server repeats them). */
export function validateLoanRules(values: LoanRulesValues): FieldErrors<LoanRulesField> {
  const errors: FieldErrors<LoanRulesField> = {};
  const books = requiredWholeNumber(values.max_books_per_member, 'Maximum books per member', LOAN_RULE_LIMITS.max_books_per_member);
  if (books) errors.max_books_per_member = books;
  const days = requiredWholeNumber(values.max_issue_duration, 'Loan period', LOAN_RULE_LIMITS.max_issue_duration);
  if (days) errors.max_issue_duration = days;
  const fine = values.fine_per_day.trim();
  const fineProblem = !fine ? 'Fine per day is required.' : fine.startsWith('-') ? 'Fine per day cannot be negative.' : amountProblem(fine);
  if (fineProblem) errors.fine_per_day = fineProblem;
  else if (Number(fine) > LOAN_RULE_LIMITS.fine_per_day.max) errors.fine_per_day = `Fine per day must be at most ${LOAN_RULE_LIMITS.fine_per_day.max}.`;
  return errors;
}

/** The JSON body of `POST /settings/Books_settings/` (call after validateLoanRules passed). */
export function loanRulesBody(values: LoanRulesValues): { max_books_per_member: number; max_issue_duration: number; fine_per_day: string } {
  return {
    max_books_per_member: Number(values.max_books_per_member.trim()),
    max_issue_duration: Number(values.max_issue_duration.trim()),
    fine_per_day: formatFine(values.fine_per_day),
  };
}

/** Whether the form differs from what the server has. */
export function loanRulesChanged(values: LoanRulesValues, saved: LoanRulesValues): boolean {
  return LOAN_RULES_FIELDS.some((field) => values[field].trim() !== saved[field].trim());
}

/* Reference data ----------------------------------------------------------------------------- */

export const REFERENCE_KINDS: readonly ReferenceKind[] = ['category', 'language', 'department', 'session'];

/** Names as the error catalogue's fallbacks spell them ('Error Adding Category'). */
export const REFERENCE_LABELS: Record<ReferenceKind, { one: string; many: string }> = {
  category: { one: 'Category', many: 'Categories' },
  language: { one: 'Language', many: 'Languages' },
  department: { one: 'Department', many: 'Departments' },
  session: { one: 'Session', many: 'Sessions' },
};

/** The longest name the server takes (a session is a range such as "2024-2028"; one home: field-limits.ts). */
export const REFERENCE_NAME_MAX: Record<ReferenceKind, number> = REFERENCE_NAMES;

export type ReferenceAction = 'fetch' | 'add' | 'update' | 'delete';

const VERBS: Record<ReferenceAction, string> = { fetch: 'Fetching', add: 'Adding', update: 'Updating', delete: 'Deleting' };

/** Sessions' calls are rows of CALL_ERRORS (the error catalogue spells them in the plural: 'Error Adding Sessions'). */
const SESSION_CALLS: Record<ReferenceAction, CallName> = { fetch: 'fetch-sessions', add: 'add-sessions', update: 'update-sessions', delete: 'delete-sessions' };

/** The error catalogue's fallback: 'Error Fetching/Adding/Updating/Deleting Department|Category|Language|Sessions'. */
export const referenceFallback = (kind: ReferenceKind, action: ReferenceAction): string =>
  kind === 'session' ? CALL_ERRORS[SESSION_CALLS[action]].fallback : `Error ${VERBS[action]} ${REFERENCE_LABELS[kind].one}`;

/** A failed reference call's message: detail (e.g. the 409 "used by N books"), non_field_errors, the first field error, else the fallback. */
export function referenceErrorMessage(error: unknown, kind: ReferenceKind, action: ReferenceAction): string {
  if (kind === 'session') return callErrorMessage(SESSION_CALLS[action], error);
  const direct = errorMessage(error, ['detail', 'non_field_errors'], '');
  if (direct) return direct;
  return firstFieldError(error, referenceFallback(kind, action));
}

/** The permission codenames guarding each action; listing categories and languages needs only a sign-in. */
export function referencePermissions(kind: ReferenceKind): { view: string | null; add: string; change: string; delete: string } {
  // Sessions' codenames are the original backend's model name, sessionsettings.
  const model = kind === 'session' ? 'sessionsettings' : kind;
  return { view: kind === 'department' || kind === 'session' ? `view_${model}` : null, add: `add_${model}`, change: `change_${model}`, delete: `delete_${model}` };
}

/** Alphabetical, case-insensitive, numbers in order ("Book 2" before "Book 10"). */
export function sortByName<T extends { name: string }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base', numeric: true }));
}

/** Items whose name contains the query (case-insensitive, trimmed); all for an empty query. */
export function filterByName<T extends { name: string }>(items: readonly T[], query: string): T[] {
  const q = query.trim().toLocaleLowerCase();
  return q ? items.filter((item) => item.name.toLocaleLowerCase().includes(q)) : [...items];
}

/** Lists longer than this get a filter box. */
export const FILTER_THRESHOLD = 8;

/** A name to add or rename: trimmed; an error when empty, longer than `max`, or a duplicate of another entry. */
export function validateReferenceName(name: string, existing: readonly { id: string | number; name: string }[], selfId?: string | number, max = 100): string | undefined {
  const text = name.trim();
  if (!text) return 'Name is required.';
  if (text.length > max) return `Use at most ${max} characters.`;
  const clash = existing.find((item) => String(item.id) !== String(selfId ?? '') && item.name.trim().toLocaleLowerCase() === text.toLocaleLowerCase());
  return clash ? `“${clash.name}” already exists.` : undefined;
}
