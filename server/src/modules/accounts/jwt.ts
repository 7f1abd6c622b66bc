/**
 * Access and refresh tokens: HS256 JWTs signed with JWT_SECRET, each with `sub`, `iat` and `exp`.
 * Access tokens carry `sub` (user id), `role`, `typ: "access"` and `sid` (their sign-in); refresh tokens carry `typ: "refresh"`, a `jti`
 * recorded in refresh_tokens and the `fam` (sign-in family) used for reuse detection.
 */
import { webcrypto } from 'node:crypto';
import { SignJWT, jwtVerify, type JWTPayload } from 'jose';
import type { Config } from '../../config.js';
import { accessTokenNotValid, refreshTokenNotValid } from '../../errors.js';

// A WebCrypto key imported once per secret: jose 6 works in WebCrypto, and given raw bytes or a
// Node KeyObject it imports the secret again on every sign and verify (about a tenth of the
// server's time on a cheap signed-in request, measured with --cpu-prof).
const keys = new Map<string, Promise<webcrypto.CryptoKey>>();
const keyOf = (secret: string): Promise<webcrypto.CryptoKey> => {
  let key = keys.get(secret);
  if (!key) {
    key = webcrypto.subtle.importKey('raw', Buffer.from(secret, 'utf8'), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
    keys.set(secret, key);
  }
  return key;
};

/**
 * Signs a token issued at `issuedAt` (Unix seconds, now by default). HS256 is deterministic: the same
 * claims and issue time give the same token, which is how a refresh replayed by another tab
 * within the grace period receives the very pair the first tab got.
 */
async function sign(config: Config, claims: JWTPayload, subject: number, ttlSeconds: number, issuedAt?: number): Promise<string> {
  const now = issuedAt ?? Math.floor(Date.now() / 1000);
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(subject))
    .setIssuedAt(now)
    .setExpirationTime(now + ttlSeconds)
    .sign(await keyOf(config.jwtSecret));
}

/**
 * Tokens this process has verified, by secret and exact token text, until they expire: whether a
 * token is well signed never changes for a given secret, so a tab's next requests with the same
 * access token skip the signature (a fifth of a cheap signed-in request). Only tokens that passed
 * are kept, and at most MAX_VERIFIED per secret (the oldest go first). Expiry is checked on every
 * use, and whether the token's sign-in is still live is the guard's query on every request.
 */
const MAX_VERIFIED = 10_000;
const verifiedTokens = new Map<string, Map<string, JWTPayload>>();

function rememberedPayload(secret: string, token: string): JWTPayload | undefined {
  const known = verifiedTokens.get(secret)?.get(token);
  if (known && typeof known.exp === 'number' && known.exp * 1000 > Date.now()) return known;
  if (known) verifiedTokens.get(secret)!.delete(token);
  return undefined;
}

function remember(secret: string, token: string, payload: JWTPayload): void {
  let tokens = verifiedTokens.get(secret);
  if (!tokens) verifiedTokens.set(secret, (tokens = new Map()));
  tokens.set(token, payload);
  if (tokens.size > MAX_VERIFIED) tokens.delete(tokens.keys().next().value!);
}

async function verified(config: Config, token: string, typ: string): Promise<JWTPayload | undefined> {
  try {
    let payload = rememberedPayload(config.jwtSecret, token);
    if (!payload) {
      // A token without an expiry, an issue time or a subject is refused, however well signed.
      payload = (await jwtVerify(token, await keyOf(config.jwtSecret), { algorithms: ['HS256'], requiredClaims: ['exp', 'iat', 'sub'] })).payload;
      remember(config.jwtSecret, token, payload);
    }
    if (payload['typ'] !== typ || !payload.sub || !/^\d+$/.test(payload.sub)) return undefined;
    return payload;
  } catch {
    return undefined;
  }
}

/** Signs a short-lived access token; `sid` names the sign-in (refresh family) it belongs to. */
export const signAccessToken = (config: Config, user: { id: number; role: string }, familyId: string, issuedAt?: number): Promise<string> =>
  sign(config, { typ: 'access', role: user.role, sid: familyId }, user.id, config.accessTokenTtl, issuedAt);

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

/** The sign-in of a request's `Authorization: Bearer` header, so a password change keeps it. */
export const bearerSession = (config: Config, authorization: string | undefined): Promise<string | undefined> =>
  accessTokenSession(config, (authorization ?? '').replace(/^\s*bearer\s+/i, '').trim());

export interface RefreshClaims {
  userId: number;
  jti: string;
  familyId: string;
}

/** Signs a refresh token whose jti is recorded in refresh_tokens. */
export const signRefreshToken = (config: Config, claims: RefreshClaims, issuedAt?: number): Promise<string> =>
  sign(config, { typ: 'refresh', jti: claims.jti, fam: claims.familyId }, claims.userId, config.refreshTokenTtl, issuedAt);

/** The claims of a well-signed, unexpired refresh token; throws the 401 refresh error otherwise. */
export async function verifyRefreshToken(config: Config, token: string): Promise<RefreshClaims> {
  const payload = await verified(config, token, 'refresh');
  const fam = payload?.['fam'];
  if (!payload?.jti || typeof fam !== 'string') throw refreshTokenNotValid();
  return { userId: Number(payload.sub), jti: payload.jti, familyId: fam };
}
