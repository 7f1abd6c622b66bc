/** Answers of the session and account calls (docs/API.md, "Session and accounts"). */
import { array, boolean, nullable, optional, string, type, type Infer } from 'superstruct';
import { IdStruct } from '#shared/schemas/common';

/**
 * The login answer, stored whole under `userData` (what the client keeps of a session). `type` keeps unknown fields, so a
 * server that sends more is still accepted and what it sent is kept.
 */
export const LoginAnswerStruct = type({
  access: string(),
  refresh: string(),
  id: IdStruct,
  username: string(),
  role: string(),
  email: optional(nullable(string())),
  first_name: optional(nullable(string())),
  last_name: optional(nullable(string())),
  permissions: optional(array(string())),
  /** The names of the user's roles ('Front Desk'); absent in sessions stored before the answer had them. */
  roles: optional(array(string())),
});

export type LoginAnswer = Infer<typeof LoginAnswerStruct>;

/** `POST /api/token/refresh/`: a new access token, and a rotated refresh token when given. */
export const TokenRefreshAnswerStruct = type({
  access: string(),
  refresh: optional(string()),
});

export type TokenRefreshAnswer = Infer<typeof TokenRefreshAnswerStruct>;

/** `POST auth/register/member/` and invitation confirmation. */
export const RegisteredUserStruct = type({
  id: IdStruct,
  username: string(),
  email: optional(nullable(string())),
});

export type RegisteredUser = Infer<typeof RegisteredUserStruct>;

/** Answers that carry only a human message. */
export const DetailAnswerStruct = type({ detail: optional(string()) });

export type DetailAnswer = Infer<typeof DetailAnswerStruct>;

/** `GET auth/verify-email/{uid}/{token}/`. */
export const VerifyEmailAnswerStruct = type({
  detail: optional(string()),
  user_detail: optional(
    type({
      user_id: optional(IdStruct),
      username: optional(string()),
      is_active: optional(boolean()),
      user_role: optional(nullable(string())),
    }),
  ),
});

export type VerifyEmailAnswer = Infer<typeof VerifyEmailAnswerStruct>;

/** One permission of `GET /users/{id}/permissions/`. */
export const PermissionStruct = type({
  id: optional(IdStruct),
  codename: string(),
  name: optional(string()),
  module: optional(string()),
});

export type Permission = Infer<typeof PermissionStruct>;
