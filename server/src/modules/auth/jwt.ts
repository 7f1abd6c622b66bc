/**
 * Access and refresh tokens: HS256 JWTs signed with JWT_SECRET, each with `sub`, `iat` and `exp`.
 * Access tokens carry `sub` (user id), `role`, `typ: "access"` and `sid` (their sign-in); refresh tokens carry `typ: "refresh"`, a `jti`
 * recorded in refresh_tokens and the `fam` (sign-in family) used for reuse detection.
 */
import { createSecretKey, type KeyObject } from 'node:crypto';
import { SignJWT, jwtVerify, type JWTPayload } from 'jose';
import type { Config } from '../../config.js';
import { accessTokenNotValid, refreshTokenNotValid } from '../../errors.js';

// A KeyObject rather than raw bytes: jose then signs and verifies with it as it is, instead of
// importing the secret into WebCrypto again on every call (a measurable share of each request).
const keys = new Map<string, KeyObject>();
const keyOf = (secret: string): KeyObject => {
  let key = keys.get(secret);
  if (!key) {
    key = createSecretKey(Buffer.from(secret, 'utf8'));
    keys.set(secret, key);
  }
  return key;
};

async function sign(config: Config, claims: JWTPayload, subject: number, ttlSeconds: number): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(subject))
    .setIssuedAt(now)
    .setExpirationTime(now + ttlSeconds)
    .sign(keyOf(config.jwtSecret));
}

async function verified(config: Config, token: string, typ: string): Promise<JWTPayload | undefined> {
  try {
    // A token without an expiry, an issue time or a subject is refused, however well signed.
    const { payload } = await jwtVerify(token, keyOf(config.jwtSecret), { algorithms: ['HS256'], requiredClaims: ['exp', 'iat', 'sub'] });
    if (payload['typ'] !== typ || !payload.sub || !/^\d+$/.test(payload.sub)) return undefined;
    return payload;
  } catch {
    return undefined;
  }
}

/** Signs a short-lived access token; `sid` names the sign-in (refresh family) it belongs to. */
export const signAccessToken = (config: Config, user: { id: number; role: string }, familyId: string): Promise<string> =>
  sign(config, { typ: 'access', role: user.role, sid: familyId }, user.id, config.accessTokenTtl);

export interface AccessClaims {
  userId: number;
  /** The sign-in (refresh family) the token belongs to: the guard refuses it once that is revoked. */
  sessionId: string;
}

/** The claims of a valid access token; throws the 401 token_not_valid error otherwise (also without `sid`). */
export async function verifyAccessToken(config: Config, token: string): Promise<AccessClaims> {
  const payload = await verified(config, token, 'access');
  const sid = payload?.['sid'];
  if (!payload || typeof sid !== 'string' || sid === '') throw accessTokenNotValid();
  return { userId: Number(payload.sub), sessionId: sid };
}

/** The sign-in (refresh family) of a valid access token, when it names one. */
export async function accessTokenSession(config: Config, token: string): Promise<string | undefined> {
  return verifyAccessToken(config, token).then(
    (claims) => claims.sessionId,
    () => undefined,
  );
}

export interface RefreshClaims {
  userId: number;
  jti: string;
  familyId: string;
}

/** Signs a refresh token whose jti is recorded in refresh_tokens. */
export const signRefreshToken = (config: Config, claims: RefreshClaims): Promise<string> =>
  sign(config, { typ: 'refresh', jti: claims.jti, fam: claims.familyId }, claims.userId, config.refreshTokenTtl);

/** The claims of a well-signed, unexpired refresh token; throws the 401 refresh error otherwise. */
export async function verifyRefreshToken(config: Config, token: string): Promise<RefreshClaims> {
  const payload = await verified(config, token, 'refresh');
  const fam = payload?.['fam'];
  if (!payload?.jti || typeof fam !== 'string') throw refreshTokenNotValid();
  return { userId: Number(payload.sub), jti: payload.jti, familyId: fam };
}
