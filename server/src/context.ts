/** What every service needs, built once by buildApp. */
import type { Kysely } from 'kysely';
import type { Config } from './config.js';
import type { Database } from './db/schema.js';
import type { Logger } from './logger.js';
import type { Mailer } from './mail/mailer.js';
import type { MediaStore } from './storage/service.js';
import type { NoticeDispatcher } from './modules/notices/delivery.js';

export interface AppContext {
  config: Config;
  db: Kysely<Database>;
  mailer: Mailer;
  /** Delivers queued notices: call `kick()` after a transaction that queued some (`modules/notices/queue.ts`). */
  notices: NoticeDispatcher;
  log: Logger;
  /** Uploaded files (logo, favicon, photos). */
  media: MediaStore;
  /** How the guard authenticates a request and checks a permission (built by the auth module). */
  access: AccessPolicy;
}

/** The signed-in user a request carries (set by the guard, read by every module). */
export interface AuthUser {
  id: number;
  username: string;
  email: string;
  first_name: string;
  last_name: string;
  role: string;
}

/**
 * How the guard checks a request, supplied by the auth module when the app is built, so the
 * guard itself depends on no domain module.
 */
export interface AccessPolicy {
  /** The user a bearer token names; throws 401 when there is none or it is not valid. */
  authenticate(authorization: string | undefined): Promise<AuthUser>;
  /** Whether the user holds the permission (SUPER USER holds every one). */
  hasPermission(user: AuthUser, codename: string): Promise<boolean>;
}
