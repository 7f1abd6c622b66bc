/** Profiles of docs/API.md: `StaffProfile`, `MemberProfile` and `UserBrief`. */
import { enums, nullable, number, optional, string, type, union, type Infer } from 'superstruct';
import { IdStruct } from '#shared/schemas/common';
import { MEMBER_STATES } from '#shared/member-state';
import { accountFields } from './account-fields.js';
import { memberFields } from './member-lists.js';

const text = () => optional(nullable(string()));

/** `GET, PATCH /users/admin/profile/` and `/users/update-manager-profile/`. */
export const StaffProfileStruct = type({
  ...accountFields,
  id: optional(IdStruct),
  contact_number: text(),
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
export const UserBriefStruct = type({ ...accountFields, id: IdStruct });

export type UserBrief = Infer<typeof UserBriefStruct>;
