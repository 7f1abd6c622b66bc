/**
 * The loan rules that apply to a member, in SQL: the rule of `#shared/loan-rules` (his plan's
 * value where it sets one, else the book settings'), for reads that list many members in one
 * query. The plan is the joined `membership_plans` row (`mp` unless told; a member without a
 * plan reads as nulls there, so the setting applies).
 */
import { sql, type RawBuilder } from 'kysely';

/** A plan column that holds a loan rule. */
export type PlanRuleColumn = 'loan_limit' | 'loan_period_days' | 'fine_per_day';

/** `coalesce(mp.<rule>, setting)`: the plan's rule, else the book settings' value given. */
export const planRuleSql = (rule: PlanRuleColumn, setting: number, alias = 'mp'): RawBuilder<number> =>
  sql<number>`coalesce(${sql.ref(`${alias}.${rule}`)}, ${setting})`;
