/** Session and account calls (docs/API.md). Public calls send no bearer token. */
import { loadConfig } from '../config';
import { http, REFRESH_PATH } from '../http';
import { joinUrl } from '../url';
import { parseAnswer } from '../schemas';
import {
  DetailAnswerStruct,
  LoginAnswerStruct,
  RegisteredUserStruct,
  TokenRefreshAnswerStruct,
  VerifyEmailAnswerStruct,
  type DetailAnswer,
  type LoginAnswer,
  type RegisteredUser,
  type TokenRefreshAnswer,
  type VerifyEmailAnswer,
} from '../schemas/auth';

const PUBLIC = { auth: false } as const;

/** Username (or e-mail) and password. */
export interface Credentials {
  username: string;
  password: string;
}

/** The registration payload (also sent, with the token, to confirm an invitation). */
export interface RegistrationPayload {
  first_name: string;
  last_name: string;
  username: string;
  email: string;
  password: string;
  password2: string;
  department?: string | number;
  session?: string | number;
}

const segment = (value: string) => encodeURIComponent(value);

/** `POST auth/login/`: the answer is stored whole by the session store. */
export async function login(credentials: Credentials): Promise<LoginAnswer> {
  return parseAnswer(await http.post('auth/login/', credentials, PUBLIC), LoginAnswerStruct);
}

/** `POST /api/token/refresh/` (the HTTP client refreshes by itself; this is for explicit use). */
export async function refreshToken(refresh: string): Promise<TokenRefreshAnswer> {
  return parseAnswer(await http.post(REFRESH_PATH, { refresh }, PUBLIC), TokenRefreshAnswerStruct);
}

/** `POST auth/register/member/`: creates a pending member and sends the verification mail. */
export async function registerMember(payload: RegistrationPayload): Promise<RegisteredUser> {
  return parseAnswer(await http.post('auth/register/member/', payload, PUBLIC), RegisteredUserStruct);
}

/** `POST users/invitation/confirm/{token}`: completes an invitation; the account is active at once. */
export async function confirmInvitation(token: string, payload: RegistrationPayload): Promise<RegisteredUser> {
  return parseAnswer(
    await http.post(`users/invitation/confirm/${segment(token)}`, { ...payload, token }, PUBLIC),
    RegisteredUserStruct,
  );
}

/** `GET auth/verify-email/{uid}/{token}/`. */
export async function verifyEmail(uid: string, token: string): Promise<VerifyEmailAnswer> {
  return parseAnswer(
    await http.get(`auth/verify-email/${segment(uid)}/${segment(token)}/`, PUBLIC),
    VerifyEmailAnswerStruct,
  );
}

/** `POST /auth/forgot-password/`: answers the same whether or not the account exists. */
export async function forgotPassword(username: string): Promise<DetailAnswer> {
  return parseAnswer(await http.post('/auth/forgot-password/', { username }, PUBLIC), DetailAnswerStruct);
}

/** `POST /auth/reset-password/{uid}/{token}/` with the new password. */
export async function resetPassword(
  uid: string,
  token: string,
  passwords: { password: string; confirm_password: string },
): Promise<DetailAnswer> {
  return parseAnswer(
    await http.post(`/auth/reset-password/${segment(uid)}/${segment(token)}/`, passwords, PUBLIC),
    DetailAnswerStruct,
  );
}

/**
 * `POST auth/logout/`: ends the sign-in on the server (its refresh and access tokens stop working).
 * Sent with `keepalive` so it completes while the browser leaves the page; never throws (the
 * local sign-out happens whatever the answer).
 */
export async function logout(tokens: { access: string; refresh?: string | undefined }): Promise<void> {
  try {
    const { apiBaseUrl } = await loadConfig();
    await fetch(joinUrl(apiBaseUrl, '/auth/logout/'), {
      method: 'POST',
      keepalive: true,
      headers: { authorization: `Bearer ${tokens.access}`, 'content-type': 'application/json' },
      body: JSON.stringify(tokens.refresh ? { refresh: tokens.refresh } : {}),
    });
  } catch {
    // Offline or the server is gone: the tokens expire on their own; local clean-up still happens.
  }
}
