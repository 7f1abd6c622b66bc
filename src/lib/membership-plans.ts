/**
 * The Membership plans page as pure data: the plan form's values (text as typed), its checks with
 * the server's bounds, the JSON body of `POST/PATCH /members/plans/`, and how a plan reads in the
 * table. A loan rule left blank follows the book settings (null on the wire); amounts are typed
 * like "1,250" or "12.50" and sent as the wire's decimal strings through `money.ts`.
 */
import { withControlCharacterErrors, type FieldErrors } from './forms';
import { amountProblem, formatAmount, toDecimalString, toMinorUnits } from '#shared/money';
import { formatCount, wholeNumberProblem } from '#shared/numbers';
import { PLAN_LIMITS } from '#shared/field-limits';
import { FEE_LIMITS } from '#shared/fee-types';
import type { Plan } from './schemas/plans';

/** The plan form as typed; `is_default` is 'yes' when ticked. */
export interface PlanValues {
  name: string;
  loan_limit: string;
  loan_period_days: string;
  fine_per_day: string;
  fee: string;
  validity_months: string;
  is_default: string;
  /** The plan's cap on one loan's overdue fine; blank = no cap. */
  max_overdue_fine: string;
}

export type PlanField = keyof PlanValues;

/** Fields whose server errors show under them. */
export const PLAN_FIELDS: readonly PlanField[] = ['name', 'loan_limit', 'loan_period_days', 'fine_per_day', 'fee', 'validity_months', 'is_default', 'max_overdue_fine'];

/** What a loan rule left blank says in the table and the form. */
export const FOLLOWS_BOOK_SETTINGS = 'Book settings';

/** What a plan without an overdue fine cap says. */
export const NO_CAP = 'None';

/** A new plan's start values. */
export const NEW_PLAN: PlanValues = { name: '', loan_limit: '', loan_period_days: '', fine_per_day: '', fee: '0.00', validity_months: '12', is_default: '', max_overdue_fine: '' };

const asText = (value: number | string | null): string => (value === null ? '' : String(value));

/** The form's values for editing a plan. */
export function planToValues(plan: Plan): PlanValues {
  return {
    name: plan.name,
    loan_limit: asText(plan.loan_limit),
    loan_period_days: asText(plan.loan_period_days),
    fine_per_day: asText(plan.fine_per_day),
    fee: plan.fee,
    validity_months: String(plan.validity_months),
    is_default: plan.is_default ? 'yes' : '',
    max_overdue_fine: plan.max_overdue_fine ?? '',
  };
}

function wholeNumber(text: string, label: string, min: number, max: number, required: boolean): string | undefined {
  const value = text.trim();
  if (!value) return required ? `${label} is required.` : undefined;
  return wholeNumberProblem(value, label, { min, max });
}

function amount(text: string, label: string, maxWhole: number, required: boolean): string | undefined {
  const value = text.trim();
  if (!value) return required ? `${label} is required.` : undefined;
  if (value.startsWith('-')) return `${label} cannot be negative.`;
  // The plan form sends the amount it read, so thousands commas may be typed.
  const problem = amountProblem(value, { grouped: true });
  if (problem) return problem;
  if ((toMinorUnits(value) ?? 0) > maxWhole * 100) return `${label} must be at most ${formatCount(maxWhole)}.`;
  return undefined;
}

/** Client checks (the server repeats them); `others` are the other plans, for the unique name. */
export function validatePlan(values: PlanValues, others: readonly Pick<Plan, 'id' | 'name'>[], selfId?: string | number): FieldErrors<PlanField> {
  const errors: FieldErrors<PlanField> = {};
  const name = values.name.trim();
  if (!name) errors.name = 'Plan name is required.';
  else if (name.length > PLAN_LIMITS.nameMax) errors.name = `Use at most ${PLAN_LIMITS.nameMax} characters.`;
  else if (others.some((plan) => String(plan.id) !== String(selfId ?? '') && plan.name.trim().toLocaleLowerCase() === name.toLocaleLowerCase())) {
    errors.name = `A plan named “${name}” already exists.`;
  }
  const checks: [PlanField, string | undefined][] = [
    ['loan_limit', wholeNumber(values.loan_limit, 'Loan limit', PLAN_LIMITS.loanLimit.min, PLAN_LIMITS.loanLimit.max, false)],
    ['loan_period_days', wholeNumber(values.loan_period_days, 'Loan period', PLAN_LIMITS.loanPeriodDays.min, PLAN_LIMITS.loanPeriodDays.max, false)],
    ['fine_per_day', amount(values.fine_per_day, 'Fine per day', PLAN_LIMITS.finePerDayMax, false)],
    ['fee', amount(values.fee, 'Fee', PLAN_LIMITS.feeMax, true)],
    ['validity_months', wholeNumber(values.validity_months, 'Validity', PLAN_LIMITS.validityMonths.min, PLAN_LIMITS.validityMonths.max, true)],
    ['max_overdue_fine', amount(values.max_overdue_fine, 'Overdue fine cap', FEE_LIMITS.amountMax / 100, false)],
  ];
  for (const [field, message] of checks) if (message) errors[field] = message;
  return withControlCharacterErrors(errors, values);
}

/** The JSON body of a plan (call after validatePlan passed). */
export interface PlanBody {
  name: string;
  loan_limit: number | null;
  loan_period_days: number | null;
  fine_per_day: string | null;
  fee: string;
  validity_months: number;
  /** The cap on one loan's overdue fine ("100.00"); null = no cap. */
  max_overdue_fine: string | null;
  /** Sent only to make the plan the default (the default is moved, never unset). */
  is_default?: true;
}

const wholeOrNull = (text: string): number | null => (text.trim() ? Number(text.trim()) : null);
const decimal = (text: string): string => toDecimalString(toMinorUnits(text) ?? 0);

/** The values as the server's body: blank loan rules null, amounts as "1250.00". */
export function planBody(values: PlanValues): PlanBody {
  const body: PlanBody = {
    name: values.name.trim(),
    loan_limit: wholeOrNull(values.loan_limit),
    loan_period_days: wholeOrNull(values.loan_period_days),
    fine_per_day: values.fine_per_day.trim() ? decimal(values.fine_per_day) : null,
    fee: decimal(values.fee),
    validity_months: Number(values.validity_months.trim()),
    max_overdue_fine: values.max_overdue_fine.trim() ? decimal(values.max_overdue_fine) : null,
  };
  if (values.is_default === 'yes') body.is_default = true;
  return body;
}

/** A plan's cells for people: "Book settings" for a rule the plan leaves to them, amounts as "Rs. 1,250.00". */
export function planCells(plan: Plan): { loanLimit: string; loanPeriod: string; finePerDay: string; fee: string; validity: string; members: string; cap: string } {
  const months = plan.validity_months;
  return {
    loanLimit: plan.loan_limit === null ? FOLLOWS_BOOK_SETTINGS : plan.loan_limit === 1 ? '1 book' : `${plan.loan_limit} books`,
    loanPeriod: plan.loan_period_days === null ? FOLLOWS_BOOK_SETTINGS : plan.loan_period_days === 1 ? '1 day' : `${plan.loan_period_days} days`,
    finePerDay: formatAmount(plan.fine_per_day) ?? FOLLOWS_BOOK_SETTINGS,
    fee: formatAmount(plan.fee) ?? formatAmount('0') ?? '',
    validity: months === 1 ? '1 month' : `${months} months`,
    members: formatCount(plan.member_count),
    cap: formatAmount(plan.max_overdue_fine ?? null) ?? NO_CAP,
  };
}
