/**
 * Environment to typed configuration. Every value has a safe default for a single machine, so
 * `tsx server/src/main.ts serve` works with no environment at all; tests pass their own env object.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_UPLOAD_LIMITS } from '#shared/upload-rules';

export interface LoginRateLimit {
  /** Failed sign-ins allowed per username within the window. */
  perUsername: number;
  /** Failed sign-ins allowed per client address within the window. */
  perAddress: number;
  windowSeconds: number;
}

/** A limit of events per key within a sliding window (kept in the database). */
export interface WindowLimit {
  limit: number;
  windowSeconds: number;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** postgres://… selects PostgreSQL; undefined selects the SQLite file `dataDir/library.db`. */
  databaseUrl: string | undefined;
  jwtSecret: string;
  accessTokenTtl: number;
  refreshTokenTtl: number;
  /**
   * Seconds during which a just-spent refresh token may be presented again without counting as a
   * leak: tabs of one browser refreshing at the same moment all present the same token, and each
   * gets the same successor pair.
   */
  refreshReuseGrace: number;
  /**
   * `true` (REFRESH_ROTATION=on, the default): each refresh spends the presented token and answers
   * a new pair. `false` (off): a refresh token stays valid until its own expiry and the answer is
   * `{access}` only, for clients that keep their first refresh token (the original contract).
   */
  refreshRotation: boolean;
  /** Failed refresh calls allowed per client address within the window, then 429. */
  refreshFailureLimit: WindowLimit;
  /** Mails (password reset, registration, verification) per client address and per account. */
  mailRateLimit: { perAddress: number; perAccount: number; windowSeconds: number };
  /** Lifetimes (seconds) of the links sent by mail. */
  verifyEmailTtl: number;
  resetPasswordTtl: number;
  invitationTtl: number;
  siteUrl: string;
  corsOrigins: string[];
  smtpUrl: string | undefined;
  mailFrom: string;
  loginRateLimit: LoginRateLimit;
  logLevel: string;
  /**
   * Trust X-Forwarded-For (TRUST_PROXY=on behind a load balancer so rate limits see the real
   * address); when off and requests carry the header, the server warns once in its log.
   */
  trustProxy: boolean;
  /** Base of the absolute URLs of uploaded files (`<apiPublicUrl>/media/...`). */
  apiPublicUrl: string;
  /** Size limit of logo, favicon and profile photo uploads. */
  uploadImageMaxBytes: number;
  /** Size limit of each book cover and category image. */
  uploadCoverMaxBytes: number;
  /** Size limit of an e-book (PDF). */
  uploadEbookMaxBytes: number;
  /** Size limit of a book CSV for the bulk upload. */
  uploadCsvMaxBytes: number;
  /**
   * An uploaded file no row references is removed once it is this old (UPLOAD_SWEEP_GRACE_MS,
   * default 10 minutes): long enough that another instance's upload still being saved is never
   * taken, short enough that a crash's files go at the next sweep.
   */
  uploadSweepGraceMs: number;
  /** Milliseconds between the notice scheduler's ticks (SCHEDULER_TICK_MS); 0 turns the scheduler off. */
  schedulerTickMs: number;
}

export type Env = Record<string, string | undefined>;

const DAY = 24 * 60 * 60;

/** on/off (also true/false, 1/0, yes/no); anything else is refused at start. */
function onOff(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (!raw) return fallback;
  if (['on', 'true', '1', 'yes'].includes(raw)) return true;
  if (['off', 'false', '0', 'no'].includes(raw)) return false;
  throw new Error(`${name} must be on or off.`);
}

function integer(env: Env, name: string, fallback: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) {
    throw new Error(`${name} must be a non-negative whole number (got "${raw}").`);
  }
  return value;
}

function text(env: Env, name: string, fallback: string): string {
  const raw = env[name]?.trim();
  return raw ? raw : fallback;
}

function optional(env: Env, name: string): string | undefined {
  const raw = env[name]?.trim();
  return raw ? raw : undefined;
}

/** Reads JWT_SECRET, or the secret kept in `dataDir/jwt-secret` (created once, mode 600). */
function jwtSecretFor(env: Env, dataDir: string): string {
  const fromEnv = optional(env, 'JWT_SECRET');
  if (fromEnv) return fromEnv;
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored) return stored;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}

const trimSlash = (url: string): string => url.replace(/\/+$/, '');

const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/**
 * Origins allowed when CORS_ORIGINS is not set: the site's own address, and the site's port (from
 * SITE_URL and SITE_PORT, else 4321) on every loopback name, so a newcomer who opens
 * http://127.0.0.1:<port> or http://[::1]:<port> instead of localhost can still sign in.
 */
export function defaultCorsOrigins(siteUrl: string, sitePort?: string): string[] {
  const ports = new Set<string>(['4321']);
  if (sitePort && /^\d+$/.test(sitePort)) ports.add(sitePort);
  try {
    const url = new URL(siteUrl);
    if (LOOPBACK_HOSTS.includes(url.hostname)) ports.add(url.port || (url.protocol === 'https:' ? '443' : '80'));
  } catch {
    // SITE_URL is validated where it is used; a bad one only loses the extra loopback origins.
  }
  const loopback = [...ports].flatMap((port) => LOOPBACK_HOSTS.map((host) => `http://${host}:${port}`));
  return [...new Set([siteUrl, ...loopback])];
}

/** Builds the configuration from environment variables (process.env by default). */
export function loadConfig(env: Env = process.env): Config {
  const dataDir = path.resolve(text(env, 'DATA_DIR', './data'));
  const databaseUrl = optional(env, 'DATABASE_URL');
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new Error('DATABASE_URL must be a postgres:// URL (leave it unset for SQLite).');
  }
  const siteUrl = trimSlash(text(env, 'SITE_URL', 'http://localhost:4321'));
  const corsOrigins = optional(env, 'CORS_ORIGINS')
    ?.split(',')
    .map((origin) => trimSlash(origin.trim()))
    .filter(Boolean) ?? defaultCorsOrigins(siteUrl, optional(env, 'SITE_PORT'));

  const port = integer(env, 'API_PORT', 8000);
  return {
    port,
    host: text(env, 'API_HOST', '0.0.0.0'),
    dataDir,
    databaseUrl,
    jwtSecret: jwtSecretFor(env, dataDir),
    accessTokenTtl: integer(env, 'ACCESS_TOKEN_TTL', 900),
    refreshTokenTtl: integer(env, 'REFRESH_TOKEN_TTL', 7 * DAY),
    refreshReuseGrace: integer(env, 'REFRESH_REUSE_GRACE', 10),
    refreshRotation: onOff(env, 'REFRESH_ROTATION', true),
    refreshFailureLimit: {
      limit: integer(env, 'REFRESH_FAILURE_LIMIT', 20),
      windowSeconds: integer(env, 'REFRESH_FAILURE_WINDOW', 60),
    },
    mailRateLimit: {
      perAddress: integer(env, 'MAIL_RATE_LIMIT_PER_ADDRESS', 50),
      perAccount: integer(env, 'MAIL_RATE_LIMIT_PER_ACCOUNT', 3),
      windowSeconds: integer(env, 'MAIL_RATE_LIMIT_WINDOW', 60 * 60),
    },
    verifyEmailTtl: integer(env, 'VERIFY_EMAIL_TTL', 3 * DAY),
    resetPasswordTtl: integer(env, 'RESET_PASSWORD_TTL', 60 * 60),
    invitationTtl: integer(env, 'INVITATION_TTL', 7 * DAY),
    siteUrl,
    corsOrigins,
    smtpUrl: optional(env, 'SMTP_URL'),
    mailFrom: text(env, 'MAIL_FROM', 'Library <no-reply@localhost>'),
    loginRateLimit: {
      perUsername: integer(env, 'LOGIN_RATE_LIMIT_PER_USERNAME', 5),
      perAddress: integer(env, 'LOGIN_RATE_LIMIT_PER_ADDRESS', 20),
      windowSeconds: integer(env, 'LOGIN_RATE_LIMIT_WINDOW', 15 * 60),
    },
    logLevel: text(env, 'LOG_LEVEL', 'info'),
    trustProxy: onOff(env, 'TRUST_PROXY', false),
    apiPublicUrl: trimSlash(text(env, 'API_PUBLIC_URL', `http://localhost:${port}`)),
    uploadImageMaxBytes: integer(env, 'UPLOAD_IMAGE_MAX_BYTES', DEFAULT_UPLOAD_LIMITS.image) || DEFAULT_UPLOAD_LIMITS.image,
    uploadCoverMaxBytes: integer(env, 'UPLOAD_COVER_MAX_BYTES', DEFAULT_UPLOAD_LIMITS.cover) || DEFAULT_UPLOAD_LIMITS.cover,
    uploadEbookMaxBytes: integer(env, 'UPLOAD_EBOOK_MAX_BYTES', DEFAULT_UPLOAD_LIMITS.ebook) || DEFAULT_UPLOAD_LIMITS.ebook,
    uploadCsvMaxBytes: integer(env, 'UPLOAD_CSV_MAX_BYTES', DEFAULT_UPLOAD_LIMITS.csv) || DEFAULT_UPLOAD_LIMITS.csv,
    uploadSweepGraceMs: integer(env, 'UPLOAD_SWEEP_GRACE_MS', 10 * 60_000),
    schedulerTickMs: integer(env, 'SCHEDULER_TICK_MS', 60_000),
  };
}
