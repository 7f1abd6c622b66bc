/**
 * The audit trail: who changed what, when, with the state before and after. Callers write the
 * entry with the same transaction handle as the change, so both land or neither does.
 */
import type { Db } from '../../db/schema.js';
import { nowIso } from '../../db/values.js';
import type { AuditAction } from '#shared/audit-actions';

/** The action a successful sign-in writes; the list of actions lives in src/lib/audit-actions.ts. */

export interface AuditEntry {
  /** The acting user; null for anonymous actions (self-registration) and the command line. */
  userId: number | null;
  /** One of the listed actions: an unlisted one does not compile (the Audit Trail offers the list). */
  action: AuditAction;
  entity: string;
  entityId: number | string | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

const SECRET_FIELDS = new Set(['password', 'password_hash', 'password2', 'confirm_password', 'token', 'token_hash']);

/** Drops secrets from a snapshot; the trail never stores passwords or tokens. */
function scrub(snapshot: Record<string, unknown> | null | undefined): string | null {
  if (!snapshot) return null;
  return JSON.stringify(Object.fromEntries(Object.entries(snapshot).filter(([key]) => !SECRET_FIELDS.has(key))));
}

/** Writes one audit entry. */
export async function recordAudit(db: Db, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      user_id: entry.userId,
      action: entry.action,
      entity: entry.entity,
      entity_id: entry.entityId === null ? null : String(entry.entityId),
      before: scrub(entry.before),
      after: scrub(entry.after),
      created_at: nowIso(),
    })
    .execute();
}
