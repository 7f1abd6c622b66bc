/** What every service needs, built once by buildApp. */
import type { Kysely } from 'kysely';
import type { Config } from './config.js';
import type { Database } from './db/schema.js';
import type { Logger } from './logger.js';
import type { Mailer } from './mail/mailer.js';
import type { MediaStore } from './storage/media.js';

export interface AppContext {
  config: Config;
  db: Kysely<Database>;
  mailer: Mailer;
  log: Logger;
  /** Uploaded files (logo, favicon, photos). */
  media: MediaStore;
}
