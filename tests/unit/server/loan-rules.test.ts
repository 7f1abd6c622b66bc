import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loanRulesOf, planRuleOr, type PlanRules } from '#shared/loan-rules';
import { planRuleSql } from '../../../server/src/db/loan-rules.js';

const SETTINGS = { max_books_per_member: 5, max_issue_duration: 14, fine_per_day: 1000 };

/** [plan, the rules a member on it gets] */
const PLANS: [PlanRules | null, { loanLimit: number; loanPeriodDays: number; finePerDay: number }][] = [
  [null, { loanLimit: 5, loanPeriodDays: 14, finePerDay: 1000 }],
  [{ loan_limit: null, loan_period_days: null, fine_per_day: null }, { loanLimit: 5, loanPeriodDays: 14, finePerDay: 1000 }],
  [{ loan_limit: 8, loan_period_days: 28, fine_per_day: 500 }, { loanLimit: 8, loanPeriodDays: 28, finePerDay: 500 }],
  [{ loan_limit: 2, loan_period_days: null, fine_per_day: null }, { loanLimit: 2, loanPeriodDays: 14, finePerDay: 1000 }],
  [{ loan_limit: null, loan_period_days: 7, fine_per_day: null }, { loanLimit: 5, loanPeriodDays: 7, finePerDay: 1000 }],
  [{ loan_limit: null, loan_period_days: null, fine_per_day: 0 }, { loanLimit: 5, loanPeriodDays: 14, finePerDay: 0 }],
  [{ loan_limit: 0, loan_period_days: 1, fine_per_day: 1 }, { loanLimit: 0, loanPeriodDays: 1, finePerDay: 1 }],
];

describe("a member's loan rules: his plan's where it sets one, else the book settings', rule by rule", () => {
  test.each(PLANS)('plan %j gives %j', (plan, rules) => {
    expect(loanRulesOf(plan, SETTINGS)).toEqual(rules);
  });

  test.each([
    [null, 1000, 1000],
    [undefined, 1000, 1000],
    [0, 1000, 0],
    [250, 1000, 250],
  ])("one rule: the plan's %s over the setting %i is %i (a plan's 0 is a value, not a gap)", (plan, setting, rule) => {
    expect(planRuleOr(plan, setting)).toBe(rule);
  });
});

describe('the SQL form of the rules agrees', () => {
  const db = new Kysely<{ membership_plans: PlanRules & { id: number } }>({ dialect: new SqliteDialect({ database: new SQLite(':memory:') }) });
  beforeAll(async () => {
    await sql`create table membership_plans (id integer primary key, loan_limit integer, loan_period_days integer, fine_per_day integer)`.execute(db);
    const plans = PLANS.flatMap(([plan], i) => (plan ? [{ id: i + 1, ...plan }] : []));
    await db.insertInto('membership_plans').values(plans).execute();
  });
  afterAll(() => db.destroy());

  test.each(PLANS.flatMap(([plan, rules], i) => (plan ? [[i + 1, rules] as const] : [])))('plan %i reads as %j', async (id, rules) => {
    const row = await db
      .selectFrom('membership_plans as mp')
      .select([
        planRuleSql('loan_limit', SETTINGS.max_books_per_member).as('loanLimit'),
        planRuleSql('loan_period_days', SETTINGS.max_issue_duration).as('loanPeriodDays'),
        planRuleSql('fine_per_day', SETTINGS.fine_per_day).as('finePerDay'),
      ])
      .where('mp.id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual(rules);
  });
});
