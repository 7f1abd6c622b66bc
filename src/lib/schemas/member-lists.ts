/** The member lists' answers (docs/API.md "Members"): `MemberListItem`, a page of them, transitions. */
import { array, boolean, enums, nullable, number, optional, string, type, type Infer } from 'superstruct';
import { IdStruct } from '#shared/schemas/common';
import { MEMBER_STATES } from '#shared/member-state';
import { accountFields } from './account-fields.js';

const text = () => optional(nullable(string()));

// A member's state as the server derives it from the account flags: `#shared/member-state`.

/**
 * What the member lists and a member's profile both carry: the original contract's fields
 * (`department` and `session` are ids) and, beside them, the names the screens show
 * (`department_name`, `session_name`), the plan, the date joined and the account flags.
 */
export const memberFields = {
  ...accountFields,
  registration_id: text(),
  roll_no: text(),
  class_name: text(),
  section: text(),
  shift: text(),
  cnic: text(),
  mobile_number: text(),
  department: optional(nullable(IdStruct)),
  session: optional(nullable(IdStruct)),
  department_name: text(),
  session_name: text(),
  /** The member's membership plan (members without one are on the default plan). */
  plan: optional(nullable(type({ id: IdStruct, name: string() }))),
  date_joined: text(),
  /** The current membership's last day (YYYY-MM-DD), null until approved; absent from servers without memberships. */
  membership_expires: text(),
  is_declined: optional(nullable(boolean())),
  is_defaulter: optional(nullable(boolean())),
};

/** One row of `users/all-members/`, `pending-users/`, `declined/`, `disabled-members/`: the member's fields, his state and fine. */
export const MemberListItemStruct = type({
  ...memberFields,
  id: IdStruct,
  state: enums(MEMBER_STATES),
  fine_amount: text(),
});
export type MemberListItem = Infer<typeof MemberListItemStruct>;

/** One page of a member list. */
export const MemberPageStruct = type({
  count: number(),
  next: text(),
  previous: text(),
  results: array(MemberListItemStruct),
});
export type MemberPage = Infer<typeof MemberPageStruct>;

/** Approve, decline and delete answer a detail sentence. */
export const MemberDetailStruct = type({ detail: text() });

/** `POST /users/member/{id}/disable_enable/`: the sentence and the member's new `is_active`. */
export const MemberToggleStruct = type({ detail: text(), is_active: boolean() });
export type MemberToggle = Infer<typeof MemberToggleStruct>;
