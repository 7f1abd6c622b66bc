/** Members of docs/API.md: the staff registration's answer and membership plans (`Plan`). */
import { boolean, nullable, number, optional, string, type, type Infer } from 'superstruct';
import { IdStruct } from './common';

/** `POST /auth/Single-Member-Register/` → 201: the new member (never the password). */
export const RegisteredMemberStruct = type({
  id: IdStruct,
  user_id: optional(IdStruct),
  username: string(),
  email: optional(nullable(string())),
  member_id: optional(nullable(string())),
  profile_photo: optional(nullable(string())),
});
export type RegisteredMember = Infer<typeof RegisteredMemberStruct>;

/** `GET /members/plans/`: one membership plan (money as decimal strings). */
export const PlanStruct = type({
  id: IdStruct,
  name: string(),
  loan_limit: optional(nullable(number())),
  loan_period_days: optional(nullable(number())),
  fine_per_day: optional(nullable(string())),
  fee: optional(nullable(string())),
  validity_months: optional(nullable(number())),
  is_default: optional(nullable(boolean())),
  member_count: optional(nullable(number())),
});
export type Plan = Infer<typeof PlanStruct>;
