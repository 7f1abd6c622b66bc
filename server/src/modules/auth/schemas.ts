/** Request bodies of the auth calls (superstruct; parsed by the routes with parseBody). */
import { optional, string, type } from 'superstruct';
import { optionalId, secret, text } from '../../http/validation.js';
import { accountFields } from '../users/fields.js';

export const LoginBody = type({ username: text(254), password: secret() });
export const RefreshBody = type({ refresh: secret() });
export const LogoutBody = type({ refresh: optional(string()) });
export const RegisterBody = type({
  ...accountFields(),
  department: optionalId(),
  session: optionalId(),
});
/** Forgot password and resend verification: a username or an e-mail address. */
export const AccountLookupBody = type({ username: text(254) });
export const ResetPasswordBody = type({ password: secret(), confirm_password: secret() });
