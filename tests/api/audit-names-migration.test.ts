/**
 * Migration 0018 on a library whose audit trail holds entries under the older action names: each
 * is renamed to the one convention (UPPER_SNAKE, the thing then what became of it), keeping its
 * id, record and snapshots; entries already named so are left as they were.
 */
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../server/src/db/migrations/index.js';
import type { Database } from '../../server/src/db/schema.js';
import { AUDIT_ACTIONS } from '#shared/audit-actions';
import { databaseAt } from './support/migrated-db.js';

let db: Kysely<Database>;
let cleanup: () => Promise<void>;
const at = '2026-10-20T10:00:00.000Z';
const OLD = ['user.register', 'user.verify_email', 'user.change_email', 'user.password_reset', 'user.create_admin', 'invitation.create', 'invitation.accept', 'BOOK_STATUS_CHANGE', 'ROLE_ASSIGN_USER', 'ROLE_REMOVE_USER', 'BOOK_RETURNED'];
const NEW = ['ACCOUNT_REGISTERED', 'EMAIL_VERIFIED', 'EMAIL_CHANGED', 'PASSWORD_RESET', 'ADMIN_CREATED', 'STAFF_INVITED', 'INVITATION_ACCEPTED', 'BOOK_STATUS_CHANGED', 'ROLE_ASSIGNED', 'ROLE_UNASSIGNED', 'BOOK_RETURNED'];

beforeAll(async () => {
  ({ db, cleanup } = await databaseAt('0017_desk'));
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const raw = db as unknown as Kysely<any>;
  await raw
    .insertInto('audit_log')
    .values(OLD.map((action, i) => ({ user_id: null, action, entity: 'user', entity_id: String(i + 1), before: null, after: `{"n":${i}}`, created_at: at })))
    .execute();
  await migrate(db);
}, 60_000);

afterAll(async () => cleanup?.());

describe('migration 0018: audit action names', () => {
  it('renames every stored entry of an older name, keeping its record and snapshots', async () => {
    const rows = await db.selectFrom('audit_log').select(['action', 'entity_id', 'after']).orderBy('id').execute();
    expect(rows).toEqual(NEW.map((action, i) => ({ action, entity_id: String(i + 1), after: `{"n":${i}}` })));
  });

  it('leaves only names the Audit Trail lists', async () => {
    const actions = (await db.selectFrom('audit_log').select('action').execute()).map((row) => row.action);
    expect(actions.filter((action) => !(AUDIT_ACTIONS as readonly string[]).includes(action))).toEqual([]);
  });
});
