import type { AnyDb, MigrationFactory } from './types.js';

/**
 * Migration 0018_audit_action_names: every audit action is named one way, UPPER_SNAKE with the
 * thing first and what became of it after (`EMAIL_VERIFIED`, `ROLE_ASSIGNED`). Stored entries
 * written under the older names are renamed, so the Audit Trail's action filter finds them; down
 * gives them their old names back. The same UPDATE runs on SQLite and PostgreSQL.
 * Never edit a migration that has shipped; add a new file instead.
 */
export const AUDIT_ACTION_RENAMES: ReadonlyArray<readonly [old: string, renamed: string]> = [
  ['user.register', 'ACCOUNT_REGISTERED'],
  ['user.verify_email', 'EMAIL_VERIFIED'],
  ['user.change_email', 'EMAIL_CHANGED'],
  ['user.password_reset', 'PASSWORD_RESET'],
  ['user.create_admin', 'ADMIN_CREATED'],
  ['invitation.create', 'STAFF_INVITED'],
  ['invitation.accept', 'INVITATION_ACCEPTED'],
  ['BOOK_STATUS_CHANGE', 'BOOK_STATUS_CHANGED'],
  ['ROLE_ASSIGN_USER', 'ROLE_ASSIGNED'],
  ['ROLE_REMOVE_USER', 'ROLE_UNASSIGNED'],
];

const migration: MigrationFactory = () => ({
  async up(db: AnyDb) {
    for (const [old, renamed] of AUDIT_ACTION_RENAMES) await db.updateTable('audit_log').set({ action: renamed }).where('action', '=', old).execute();
  },
  async down(db: AnyDb) {
    for (const [old, renamed] of AUDIT_ACTION_RENAMES) await db.updateTable('audit_log').set({ action: old }).where('action', '=', renamed).execute();
  },
});

export default migration;
