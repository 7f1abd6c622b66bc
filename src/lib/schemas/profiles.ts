/** Profiles of docs/API.md: `StaffProfile`, `MemberProfile` and `UserBrief`. */
import { boolean, enums, nullable, number, optional, string, type, union, type Infer } from 'superstruct';
import { IdStruct } from '#shared/schemas/common';
import { MEMBER_STATES } from '#shared/member-state';
import { memberFields } from './member-lists';

const text = () => optional(nullable(string()));
const flag = () => optional(nullable(boolean()));

/** `GET, PATCH /users/admin/profile/` and `/users/update-manager-profile/`. */
export const StaffProfileStruct = type({
  id: optional(IdStruct),
  user_id: optional(IdStruct),
  role: text(),
  username: string(),
  email: text(),
  first_name: text(),
  last_name: text(),
  profile_photo: text(),
  member_id: text(),
  contact_number: text(),
  is_verified: flag(),
  is_active: flag(),
  /** A new e-mail address waiting for its confirmation link. */
  pending_email: optional(nullable(string())),
});

export type StaffProfile = Infer<typeof StaffProfileStruct>;

/**
 * `GET /users/members/{id}/profile/`, `GET, PATCH /users/update-profile/` and
 * `PATCH /users/profile/update/`: the member lists' fields (`memberFields`) and what only one
 * member's page reads.
 */
export const MemberProfileStruct = type({
  ...memberFields,
  id: optional(IdStruct),
  middle_name: text(),
  father_first_name: text(),
  father_last_name: text(),
  security_fee: optional(nullable(union([string(), number()]))),
  payment_proof: text(),
  home_address: text(),
  emergency_contact: text(),
  library_membership_id: text(),
  fine_amount: optional(nullable(union([string(), number()]))),
  /** A new e-mail address waiting for its confirmation link. */
  pending_email: optional(nullable(string())),
  /* Staff view of a member: his state as the member lists name it, books out and fines owed now. */
  books_out: optional(nullable(number())),
  fines_owed: optional(nullable(union([string(), number()]))),
  state: optional(nullable(enums(MEMBER_STATES))),
});

export type MemberProfile = Infer<typeof MemberProfileStruct>;

/** `GET /users/` and `GET /roles/{id}/users/` entries. */
export const UserBriefStruct = type({
  id: IdStruct,
  username: string(),
  email: text(),
  role: text(),
  first_name: text(),
  last_name: text(),
  member_id: text(),
  is_active: flag(),
  is_verified: flag(),
});

export type UserBrief = Infer<typeof UserBriefStruct>;
