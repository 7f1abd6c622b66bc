/** Members of docs/API.md: the staff registration's answer (plans: `./plans.ts`). */
import { nullable, optional, string, type, type Infer } from 'superstruct';
import { IdStruct } from '#shared/schemas/common';

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
