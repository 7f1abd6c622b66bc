/**
 * Sessions as account primitives: revoking a user's other sign-ins (refresh token families).
 */
import type { Db } from '../../db/schema.js';
import { nowIso } from '../../db/values.js';

/** Revokes every refresh token of a user except those of one sign-in (a password change keeps the session that made it). */
export async function revokeOtherSessions(db: Db, userId: number, keepFamilyId: string | undefined): Promise<void> {
  let query = db.updateTable('refresh_tokens').set({ revoked_at: nowIso() }).where('user_id', '=', userId).where('revoked_at', 'is', null);
  if (keepFamilyId) query = query.where('family_id', '<>', keepFamilyId);
  await query.execute();
}
