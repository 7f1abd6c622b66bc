/**
 * The demo reservations: a copy held for demo.member (his Reserved Books shows it ready for
 * pickup), and two members waiting for the title of his overdue loan (the desk sees whom the copy
 * will be held for when it comes back; the queue screen shows the line). Written through the
 * reservation service, so ranks, copies, notices and the audit trail are what the desk would
 * write. Idempotent: nothing is added once demo.member has any reservation.
 */
import type { Kysely } from 'kysely';
import type { AuthUser } from './context.js';
import type { Database } from './db/schema.js';
import { DEMO_BORROWER } from './demo-loans.js';
import { createReservation, fulfilReservation } from './modules/reservations/service.js';

/** Members who wait for demo.member's overdue title, in queue order. */
export const DEMO_WAITING = ['ayesha.khan', 'hamza.malik'] as const;

/** Reservations made, 0 when there were some already (or the demo people and books are missing). */
export interface DemoReservationsReport {
  reservations: number;
}

/** A demo account as the signed-in user of its own reservation. */
async function asUser(db: Kysely<Database>, username: string): Promise<AuthUser | undefined> {
  return db.selectFrom('users').select(['id', 'username', 'email', 'first_name', 'last_name', 'role']).where('username', '=', username).executeTakeFirst();
}

/** Seeds one held and two waiting reservations. */
export async function seedDemoReservations(db: Kysely<Database>): Promise<DemoReservationsReport> {
  const holder = await asUser(db, DEMO_BORROWER);
  if (!holder) return { reservations: 0 };
  if (await db.selectFrom('reservations').select('id').where('member_id', '=', holder.id).executeTakeFirst()) return { reservations: 0 };
  const waiting = (await Promise.all(DEMO_WAITING.map((name) => asUser(db, name)))).filter((u): u is AuthUser => u !== undefined);
  const overdue = await db.selectFrom('loans').select('book_id').where('member_id', '=', holder.id).where('returned_at', 'is', null).orderBy('due_date').executeTakeFirst();
  const lent = db.selectFrom('loans').select('book_id').where('member_id', '=', holder.id);
  const shelf = await db
    .selectFrom('books')
    .select('id')
    .where('status', '=', 'ACTIVE')
    .where('available_copies', '>=', 2)
    .where('id', 'not in', lent)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!overdue || !shelf || waiting.length < DEMO_WAITING.length) return { reservations: 0 };
  const held = await createReservation({ db }, holder, { book: shelf.id, member: undefined, notes: null }, false);
  await fulfilReservation({ db }, holder, held.id);
  for (const member of waiting) await createReservation({ db }, member, { book: overdue.book_id, member: undefined, notes: null }, false);
  return { reservations: 1 + waiting.length };
}
