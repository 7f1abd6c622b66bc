/** Request bodies of the role calls (superstruct; parsed by the routes with parseBody). */
import { optional, type } from 'superstruct';
import { idList, text } from '../../http/validation.js';

/** Role arrays (`permissions`, `user_ids`) hold at most 1,000 ids; more answer 400. */
export const RoleBody = type({ name: text(150), permissions: optional(idList()) });
export const RolePatchBody = type({ name: optional(text(150)), permissions: optional(idList()) });
export const UserIdsBody = type({ user_ids: idList() });
