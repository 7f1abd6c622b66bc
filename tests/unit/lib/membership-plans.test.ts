import { describe, expect, test } from 'vitest';
import { NEW_PLAN, planBody, planCells, planToValues, validatePlan, type PlanValues } from '../../../src/lib/membership-plans';
import type { Plan } from '../../../src/lib/schemas/plans';

const standard: Plan = { id: 1, name: 'Standard', loan_limit: null, loan_period_days: null, fine_per_day: null, fee: '0.00', validity_months: 12, is_default: true, member_count: 1250, max_overdue_fine: null };
const gold: Plan = { id: 2, name: 'Gold', loan_limit: 5, loan_period_days: 21, fine_per_day: '5.50', fee: '1250.00', validity_months: 1, is_default: false, member_count: 1, max_overdue_fine: '100.00' };
const good: PlanValues = { ...NEW_PLAN, name: 'Student', loan_limit: '3', loan_period_days: '14', fine_per_day: '2.5', fee: '1,250', validity_months: '6' };

describe('plan form checks', () => {
  test.each<[string, Partial<PlanValues>, Partial<Record<keyof PlanValues, string>>]>([
    ['a complete plan passes', {}, {}],
    ['blank loan rules follow the book settings', { loan_limit: '', loan_period_days: ' ', fine_per_day: '' }, {}],
    ['a name is required', { name: '  ' }, { name: 'Plan name is required.' }],
    ['a name over 100 characters', { name: 'x'.repeat(101) }, { name: 'Use at most 100 characters.' }],
    ['a name another plan has, in any case', { name: ' gold ' }, { name: 'A plan named “gold” already exists.' }],
    ['a loan limit that is not whole', { loan_limit: '2.5' }, { loan_limit: 'Loan limit must be a whole number.' }],
    ['a loan limit of 0', { loan_limit: '0' }, { loan_limit: 'Loan limit must be at least 1.' }],
    ['a loan limit over 1,000', { loan_limit: '1001' }, { loan_limit: 'Loan limit must be at most 1,000.' }],
    ['a loan period over 3,650 days', { loan_period_days: '3651' }, { loan_period_days: 'Loan period must be at most 3,650.' }],
    ['a fine with 3 decimals', { fine_per_day: '1.255' }, { fine_per_day: 'Ensure that there are no more than 2 decimal places.' }],
    ['a negative fine', { fine_per_day: '-1' }, { fine_per_day: 'Fine per day cannot be negative.' }],
    ['a fine over the server limit', { fine_per_day: '100000.01' }, { fine_per_day: 'Fine per day must be at most 100,000.' }],
    ['a fee is required', { fee: '' }, { fee: 'Fee is required.' }],
    ['validity over 120 months', { validity_months: '121' }, { validity_months: 'Validity must be at most 120.' }],
    ['a negative overdue fine cap', { max_overdue_fine: '-5' }, { max_overdue_fine: 'Overdue fine cap cannot be negative.' }],
    ['an overdue fine cap that is not an amount', { max_overdue_fine: 'ten' }, { max_overdue_fine: 'Enter an amount of 0 or more, with at most 2 decimals.' }],
    ['an overdue fine cap over the ledger ceiling', { max_overdue_fine: '1000000.01' }, { max_overdue_fine: 'Overdue fine cap must be at most 1,000,000.' }],
  ])('%s', (_title, change, expected) => {
    expect(validatePlan({ ...good, ...change }, [standard, gold])).toEqual(expected);
  });

  test('a plan keeps its own name when edited', () => {
    expect(validatePlan({ ...good, name: 'Gold' }, [standard, gold], 2)).toEqual({});
  });
});

describe('plan body', () => {
  test('amounts go as decimal strings, whole numbers as numbers, blank rules as null', () => {
    expect(planBody(good)).toEqual({ name: 'Student', loan_limit: 3, loan_period_days: 14, fine_per_day: '2.50', fee: '1250.00', validity_months: 6, max_overdue_fine: null });
    expect(planBody({ ...good, max_overdue_fine: '1,00' }).max_overdue_fine).toBe('100.00');
    expect(planBody({ ...good, loan_limit: '', loan_period_days: '', fine_per_day: '' })).toMatchObject({ loan_limit: null, loan_period_days: null, fine_per_day: null });
  });

  test('only a ticked default is sent', () => {
    expect(planBody({ ...good, is_default: 'yes' }).is_default).toBe(true);
    expect('is_default' in planBody(good)).toBe(false);
  });

  test('a plan read back into the form and sent again is unchanged', () => {
    const { id: _id, is_default: _d, member_count: _n, ...rest } = gold;
    expect(planBody(planToValues(gold))).toEqual(rest);
    expect(planToValues(standard)).toMatchObject({ loan_limit: '', fine_per_day: '', is_default: 'yes' });
  });
});

describe('plan cells', () => {
  test.each<[string, Plan, ReturnType<typeof planCells>]>([
    ['a plan leaving its rules to the book settings', standard, { loanLimit: 'Book settings', loanPeriod: 'Book settings', finePerDay: 'Book settings', fee: 'Rs. 0.00', validity: '12 months', members: '1,250', cap: 'None' }],
    ['a plan with its own rules', gold, { loanLimit: '5 books', loanPeriod: '21 days', finePerDay: 'Rs. 5.50', fee: 'Rs. 1,250.00', validity: '1 month', members: '1', cap: 'Rs. 100.00' }],
  ])('%s', (_title, plan, expected) => {
    expect(planCells(plan)).toEqual(expected);
  });
});
