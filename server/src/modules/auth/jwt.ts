/**
 * Access and refresh tokens: HS256 JWTs signed with JWT_SECRET. Access tokens carry
 * `sub` (user id), `role` and `typ: "access"`; refresh tokens carry `typ: "refresh"`, a `jti`
 * recorded in refresh_tokens and the `fam` (sign-in family) used for reuse detection.
 */
import { SignJWT, jwtVerify, type JWTPayload } from 'jose';
import type { Config } from '../../config.js';
import { accessTokenNotValid, refreshTokenNotValid } from '../../errors.js';

const keys = new Map<string, Uint8Array>();
const keyOf = (secret: string): Uint8Array => {
  let key = keys.get(secret);
  if (!key) {
    key = new TextEncoder().encode(secret);
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
    const { payload } = await jwtVerify(token, keyOf(config.jwtSecret), { algorithms: ['HS256'] });
    if (payload['typ'] !== typ || !payload.sub || !/^\d+$/.test(payload.sub)) return undefined;
    return payload;
  } catch {
    return undefined;
  }
}

/** Signs a short-lived access token; `sid` names the sign-in (refresh family) it belongs to. */
export const signAccessToken = (config: Config, user: { id: number; role: string }, familyId?: string): Promise<string> =>
  sign(config, familyId ? { typ: 'access', role: user.role, sid: familyId } : { typ: 'access', role: user.role }, user.id, config.accessTokenTtl);

/** The sign-in (refresh family) of a valid access token, when it names one. */
export async function accessTokenSession(config: Config, token: string): Promise<string | undefined> {
  const payload = await verified(config, token, 'access');
  const sid = payload?.['sid'];
  return typeof sid === 'string' ? sid : undefined;
}

/** The user id of a valid access token; throws the 401 token_not_valid error otherwise. */
export async function verifyAccessToken(config: Config, token: string): Promise<number> {
  const payload = await verified(config, token, 'access');
  if (!payload) throw accessTokenNotValid();
  return Number(payload.sub);
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
