/** Profiles of docs/API.md: `StaffProfile`, `MemberProfile` and `UserBrief`. */
import { boolean, enums, nullable, number, optional, string, type, union, type Infer } from 'superstruct';
import { IdStruct } from '#shared/schemas/common';
import { MEMBER_STATES } from '#shared/member-state';

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
 * `PATCH /users/profile/update/`: the member lists' item (the original contract's fields, with
 * `department` and `session` as ids, and beside them the names the screens show,
 * `department_name` and `session_name`) and what only one member's page reads.
 */
export const MemberProfileStruct = type({
  id: optional(IdStruct),
  user_id: optional(IdStruct),
  role: text(),
  username: string(),
  email: text(),
  first_name: text(),
  last_name: text(),
  middle_name: text(),
  father_first_name: text(),
  father_last_name: text(),
  profile_photo: text(),
  class_name: text(),
  section: text(),
  mobile_number: text(),
  cnic: text(),
  department: optional(nullable(IdStruct)),
  session: optional(nullable(IdStruct)),
  department_name: text(),
  session_name: text(),
  /** The member's membership plan (members without one are on the default plan). */
  plan: optional(nullable(type({ id: IdStruct, name: string() }))),
  registration_id: text(),
  roll_no: text(),
  shift: text(),
  security_fee: optional(nullable(union([string(), number()]))),
  payment_proof: text(),
  member_id: text(),
  home_address: text(),
  emergency_contact: text(),
  library_membership_id: text(),
  is_verified: flag(),
  is_declined: flag(),
  is_active: flag(),
  is_defaulter: flag(),
  fine_amount: optional(nullable(union([string(), number()]))),
  /** A new e-mail address waiting for its confirmation link. */
  pending_email: optional(nullable(string())),
  date_joined: text(),
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
