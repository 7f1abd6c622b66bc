/** Request bodies of the role and manager calls (superstruct; parsed by the routes with parseBody). */
import { optional, type } from 'superstruct';
import { blankableText, emailAddress, idList, secret, text } from '../../http/validation.js';
import { username } from '../users/fields.js';

/** Role arrays (`permissions`, `user_ids`) hold at most 1,000 ids; more answer 400. */
export const RoleBody = type({ name: text(150), permissions: optional(idList()) });
export const RolePatchBody = type({ name: optional(text(150)), permissions: optional(idList()) });
export const UserIdsBody = type({ user_ids: idList() });
export const ManagerBody = type({
  username: username(),
  email: emailAddress(),
  password: secret(),
  password2: secret(),
  first_name: optional(blankableText(150)),
  last_name: optional(blankableText(150)),
  member_id: optional(blankableText(50)),
  contact_number: optional(blankableText(50)),
});
