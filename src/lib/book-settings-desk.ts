/**
 * The desk's rules in Book Settings as pure data: the Blocks panel (fines owed over an amount, 0 =
 * no block; more overdue loans than a number and overdue by more days than a number, blank = no
 * block; an expired membership), the Lost copies panel (the processing fee, what a copy found again
 * does to its charge) and the Calendar panel (weekly closing days, whether fines count closed days,
 * dated holidays). Each panel's body repeats the loan rules just read, as the server wants them with
 * every save, so no panel undoes another's change. Flags are kept as 'yes' / 'no' text for the form hook.
 */
import type { FieldErrors } from './forms';
import { LOST_FOUND_ACTIONS, FEE_LIMITS, type LostFoundAction } from '#shared/fee-types';
import { isCalendarDate, WEEKDAY_NAMES } from '#shared/dates';
import { amountProblem, toDecimalString, toMinorUnits } from '#shared/money';
import { wholeNumberProblem } from '#shared/numbers';
import type { LoanRulesAnswer } from './accession-settings';

/** The bounds the desk rules' fields take (the server's own bounds are the last word). */
export const DESK_RULE_LIMITS = {
  overdueCount: { min: 0, max: 1000 },
  overdueDays: { min: 0, max: 3650 },
  holidayNameMax: 100,
} as const;

type Flag = 'yes' | 'no';
const flag = (value: unknown, fallback: boolean): Flag => ((typeof value === 'boolean' ? value : value === undefined || value === null ? fallback : Boolean(Number(value))) ? 'yes' : 'no');
const asText = (value: unknown): string => (value === null || value === undefined ? '' : String(value));
/** A wire amount as the form shows it ("50" → "50.00"); "0.00" when missing. */
const moneyText = (value: unknown): string => {
  const minor = toMinorUnits(value === null || value === undefined ? '0' : (value as string | number));
  return minor === null ? asText(value) : toDecimalString(minor);
};

/** The loan rules a save repeats. */
const loanRules = (rules: LoanRulesAnswer) => ({
  max_books_per_member: Number(rules.max_books_per_member),
  max_issue_duration: Number(rules.max_issue_duration),
  fine_per_day: String(rules.fine_per_day),
});

/** An amount of 0 or more within the ledger's ceiling; blank is 0. */
function moneyProblem(text: string): string | undefined {
  const typed = text.trim();
  if (typed === '') return undefined;
  const problem = typed.startsWith('-') ? 'Cannot be negative.' : amountProblem(typed);
  if (problem) return problem;
  return (toMinorUnits(typed) ?? 0) > FEE_LIMITS.amountMax ? `Use at most ${toDecimalString(FEE_LIMITS.amountMax)}.` : undefined;
}
const moneyBody = (text: string): string => toDecimalString(toMinorUnits(text.trim() || '0') ?? 0);
const countBody = (text: string): number | null => (text.trim() === '' ? null : Number(text.trim()));

/* Blocks ------------------------------------------------------------------------------------ */

export interface BlocksValues {
  block_fines_over: string;
  block_overdue_count: string;
  block_overdue_days: string;
  block_membership_expired: string;
}
export type BlocksField = keyof BlocksValues;
export const BLOCKS_FIELDS: readonly BlocksField[] = ['block_fines_over', 'block_overdue_count', 'block_overdue_days', 'block_membership_expired'];

/** The Blocks form from the server's answer (the migration's defaults where a value is missing). */
export function blocksToValues(settings: Partial<Record<BlocksField, unknown>> | null): BlocksValues {
  return {
    block_fines_over: moneyText(settings?.block_fines_over),
    block_overdue_count: asText(settings?.block_overdue_count),
    block_overdue_days: asText(settings?.block_overdue_days),
    block_membership_expired: flag(settings?.block_membership_expired, true),
  };
}

/** Client checks: an amount of 0 or more; whole numbers within their bounds or blank. */
export function validateBlocks(values: BlocksValues): FieldErrors<BlocksField> {
  const errors: FieldErrors<BlocksField> = {};
  const fines = moneyProblem(values.block_fines_over);
  if (fines) errors.block_fines_over = fines;
  const count = wholeNumberProblem(values.block_overdue_count, 'Overdue loans', DESK_RULE_LIMITS.overdueCount);
  if (count) errors.block_overdue_count = count;
  const days = wholeNumberProblem(values.block_overdue_days, 'Days overdue', DESK_RULE_LIMITS.overdueDays);
  if (days) errors.block_overdue_days = days;
  return errors;
}

/** The JSON body of `POST /settings/Books_settings/` for the Blocks panel (after validateBlocks passed). */
export function blocksBody(values: BlocksValues, rules: LoanRulesAnswer) {
  return {
    ...loanRules(rules),
    block_fines_over: moneyBody(values.block_fines_over),
    block_overdue_count: countBody(values.block_overdue_count),
    block_overdue_days: countBody(values.block_overdue_days),
    block_membership_expired: values.block_membership_expired === 'yes',
  };
}

/* Lost copies ------------------------------------------------------------------------------- */

export interface LostCopiesValues {
  lost_processing_fee: string;
  lost_found_action: string;
}
export type LostCopiesField = keyof LostCopiesValues;
export const LOST_COPIES_FIELDS: readonly LostCopiesField[] = ['lost_processing_fee', 'lost_found_action'];

export function lostCopiesToValues(settings: Partial<Record<LostCopiesField, unknown>> | null): LostCopiesValues {
  const action = settings?.lost_found_action;
  return {
    lost_processing_fee: moneyText(settings?.lost_processing_fee),
    lost_found_action: (LOST_FOUND_ACTIONS as readonly unknown[]).includes(action) ? (action as LostFoundAction) : 'CANCEL',
  };
}

export function validateLostCopies(values: LostCopiesValues): FieldErrors<LostCopiesField> {
  const errors: FieldErrors<LostCopiesField> = {};
  const fee = moneyProblem(values.lost_processing_fee);
  if (fee) errors.lost_processing_fee = fee;
  if (!(LOST_FOUND_ACTIONS as readonly string[]).includes(values.lost_found_action)) errors.lost_found_action = 'Choose what happens to the charge.';
  return errors;
}

export function lostCopiesBody(values: LostCopiesValues, rules: LoanRulesAnswer) {
  return { ...loanRules(rules), lost_processing_fee: moneyBody(values.lost_processing_fee), lost_found_action: values.lost_found_action as LostFoundAction };
}

/* Calendar ---------------------------------------------------------------------------------- */

export interface CalendarValues {
  /** The weekly closing days as "0,6" (0 = Sunday). */
  closed_weekdays: string;
  fines_count_closed_days: string;
}
export type CalendarField = keyof CalendarValues;
export const CALENDAR_FIELDS: readonly CalendarField[] = ['closed_weekdays', 'fines_count_closed_days'];

const weekdays = (text: string): number[] =>
  [...new Set(text.split(',').map((part) => part.trim()).filter((part) => /^[0-6]$/.test(part)).map(Number))].sort((a, b) => a - b);

export function calendarToValues(settings: { closed_weekdays?: unknown; fines_count_closed_days?: unknown } | null): CalendarValues {
  const days = Array.isArray(settings?.closed_weekdays) ? settings.closed_weekdays.join(',') : asText(settings?.closed_weekdays);
  return { closed_weekdays: weekdays(days).join(','), fines_count_closed_days: flag(settings?.fines_count_closed_days, true) };
}

/** The closing days with `day` switched on or off. */
export function toggleWeekday(text: string, day: number): string {
  const days = weekdays(text);
  return (days.includes(day) ? days.filter((d) => d !== day) : [...days, day]).sort((a, b) => a - b).join(',');
}

/** Whether `day` (0 = Sunday) is a closing day in the form. */
export const isClosingDay = (text: string, day: number): boolean => weekdays(text).includes(day);

export function validateCalendar(values: CalendarValues): FieldErrors<CalendarField> {
  return weekdays(values.closed_weekdays).length >= WEEKDAY_NAMES.length ? { closed_weekdays: 'Leave at least one day of the week open.' } : {};
}

export function calendarBody(values: CalendarValues, rules: LoanRulesAnswer) {
  return { ...loanRules(rules), closed_weekdays: weekdays(values.closed_weekdays), fines_count_closed_days: values.fines_count_closed_days === 'yes' };
}

/* Holidays ---------------------------------------------------------------------------------- */

export interface HolidayValues {
  date: string;
  name: string;
}
export type HolidayField = keyof HolidayValues;
export const HOLIDAY_FIELDS: readonly HolidayField[] = ['date', 'name'];

/** A holiday to add: a real date not listed yet, and a name. */
export function validateHoliday(values: HolidayValues, listed: readonly { date: string }[]): FieldErrors<HolidayField> {
  const errors: FieldErrors<HolidayField> = {};
  const date = values.date.trim();
  if (!date) errors.date = 'Choose a date.';
  else if (!isCalendarDate(date)) errors.date = 'Enter a real date.';
  else if (listed.some((holiday) => holiday.date === date)) errors.date = 'That day is already a holiday.';
  const name = values.name.trim();
  if (!name) errors.name = 'Give the holiday a name.';
  else if (name.length > DESK_RULE_LIMITS.holidayNameMax) errors.name = `Use at most ${DESK_RULE_LIMITS.holidayNameMax} characters.`;
  return errors;
}

export const holidayBody = (values: HolidayValues): HolidayValues => ({ date: values.date.trim(), name: values.name.trim() });

/** The panels' save failures when the server gives nothing better. */
export const DESK_RULE_MESSAGES = {
  blocksNotSaved: 'The block rules could not be saved.',
  lostCopiesNotSaved: 'The lost-copy rules could not be saved.',
  calendarNotSaved: 'The calendar could not be saved.',
  holidayNotAdded: 'The holiday could not be added.',
  holidayNotRemoved: 'The holiday could not be removed.',
  holidaysNotLoaded: 'The holidays could not be loaded.',
  alwaysBlock: 'The loan limit and an account that is not active always block.',
} as const;
