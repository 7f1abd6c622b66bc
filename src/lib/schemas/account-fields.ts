/** The fields every person's answer carries (staff and member profiles, the member lists). */
import { boolean, nullable, optional, string } from 'superstruct';
import { IdStruct } from '#shared/schemas/common';

const text = () => optional(nullable(string()));
const flag = () => optional(nullable(boolean()));

/** A person's account: who (username, names, e-mail, photo, member ID), the role and the account flags. */
export const accountFields = {
  user_id: optional(IdStruct),
  role: text(),
  username: string(),
  email: text(),
  first_name: text(),
  last_name: text(),
  member_id: text(),
  profile_photo: text(),
  is_active: flag(),
  is_verified: flag(),
};
