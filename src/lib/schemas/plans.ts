/** Membership plans as `GET /members/plans/` answers them (amounts are decimal strings). */
import { boolean, nullable, number, optional, string, type, type Infer } from 'superstruct';
import { IdStruct } from '#shared/schemas/common';

/** One plan; a null loan rule follows the book settings. */
export const PlanStruct = type({
  id: IdStruct,
  name: string(),
  loan_limit: nullable(number()),
  loan_period_days: nullable(number()),
  fine_per_day: nullable(string()),
  fee: string(),
  validity_months: number(),
  is_default: boolean(),
  member_count: number(),
  /** The cap on one loan's overdue fine; null (or missing from an older server) = no cap. */
  max_overdue_fine: optional(nullable(string())),
});

export type Plan = Infer<typeof PlanStruct>;
