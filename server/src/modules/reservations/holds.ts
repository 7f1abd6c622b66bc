/**
 * Held copies. A copy is held for the first in a title's queue (FULFILLED until `hold_until` =
 * the library's today + `hold_pickup_days`, or the next open day when the library is closed then;
 * the reservation naming the copy in `copy_id`) when staff fulfil it, when a copy comes back and
 * someone waits (`holdReturnedCopy`, called from circulation's return), and when a held copy is
 * released (cancelled, expired, or its member took another copy: `passHeldCopy`): then the same
 * copy goes to the next in line or back on the shelf. A held copy is ON_HOLD, so `available_copies` does not count it; its status changes only through
 * `copies/stock.ts`. Every change is audited and its notice queued in the caller's transaction;
 * the caller kicks the delivery after commit. The daily jobs `expireHolds` and
 * `remindExpiringHolds` live here too.
 */
import { inTransaction } from '../../db/transactions.js';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/schema.js';
import { nowIso } from '../../db/values.js';
import { inQueueOrder } from '../../db/queue-order.js';
import { addDays, nextOpenDay } from '#shared/dates';
import { recordAudit } from '../audit/service.js';
import { NOTICE_LINKS } from '../notices/links.js';
import { queueNotice } from '../notices/queue.js';
import { readNoticeSettings, type NoticeSettings } from '../notices/settings-store.js';
import type { CopyRef, HeldCopy, HeldFor } from '../circulation/copy-events.js';
import { deskToday } from '../circulation/queries.js';
import { moveCopy } from '../copies/stock.js';
import { readDeskRules } from '../settings/desk-rules.js';
import { memberRef } from './queries.js';

export type { HeldFor };

/** Reservations with what a hold's notice and answer need (title, member). */
function waitingRows(trx: Db) {
  return trx
    .selectFrom('reservations as r')
    .innerJoin('books as b', 'b.id', 'r.book_id')
    .innerJoin('users as u', 'u.id', 'r.member_id')
    .leftJoin('member_profiles as p', 'p.user_id', 'u.id')
    .select(['r.id', 'r.book_id', 'r.member_id', 'b.title', 'u.username', 'u.first_name', 'u.last_name', 'p.member_id as member_number']);
}

/** The first PENDING reservation of a title, in queue order. */
function firstInLine(trx: Db, bookId: number) {
  return inQueueOrder(waitingRows(trx).where('r.book_id', '=', bookId).where('r.status', '=', 'PENDING'), 'r').limit(1).executeTakeFirst();
}

type Waiting = NonNullable<Awaited<ReturnType<typeof firstInLine>>>;

/** How a hold's answer names its copy. */
async function copyRefOf(trx: Db, copyId: number | null): Promise<CopyRef | null> {
  if (copyId === null) return null;
  return (await trx.selectFrom('copies').select(['id', 'accession_no', 'barcode']).where('id', '=', copyId).executeTakeFirst()) ?? null;
}

/**
 * Holds a copy already off the shelf (`copyId`) for a PENDING reservation: FULFILLED with its
 * pickup date and copy, the `reservation_ready` notice, the audit entry. Undefined when the
 * reservation no longer waits (another desk changed it meanwhile).
 */
async function hold(trx: Db, waiting: Waiting, copyId: number | null, today: string, settings: NoticeSettings, actorId: number | null, cause: string, notify = true): Promise<HeldFor | undefined> {
  // A pickup deadline on a closed day moves to the next open day.
  const holdUntil = nextOpenDay(addDays(today, settings.holdPickupDays), (await readDeskRules(trx)).calendar);
  const held = await trx
    .updateTable('reservations')
    .set({ status: 'FULFILLED', hold_until: holdUntil, copy_id: copyId, updated_at: nowIso() })
    .where('id', '=', waiting.id)
    .where('status', '=', 'PENDING')
    .executeTakeFirst();
  if (Number(held.numUpdatedRows) === 0) return undefined;
  if (notify) await queueNotice(trx, {
    type: 'reservation_ready',
    userId: waiting.member_id,
    facts: { book_title: waiting.title, pickup_by: holdUntil },
    key: `reservation_ready:${waiting.id}:${holdUntil}`,
    linkUrl: NOTICE_LINKS.reserved,
    settings,
  });
  await recordAudit(trx, {
    userId: actorId,
    action: 'RESERVATION_FULFILLED',
    entity: 'reservation',
    entityId: waiting.id,
    before: { status: 'PENDING' },
    after: { status: 'FULFILLED', hold_until: holdUntil, book: waiting.book_id, member: waiting.member_id, copy_id: copyId, cause },
  });
  return { reservation_id: waiting.id, member: memberRef(waiting), hold_until: holdUntil, copy: await copyRefOf(trx, copyId) };
}

/** Holds copy `copyId`, taken off the shelf (ON_HOLD), for this reservation (staff's fulfil; the demo seeding notifies nobody); see `hold`. */
export async function holdForReservation(trx: Db, reservationId: number, copyId: number, today: string, actorId: number | null, notify = true): Promise<HeldFor | undefined> {
  const waiting = await waitingRows(trx).where('r.id', '=', reservationId).executeTakeFirstOrThrow();
  return hold(trx, waiting, copyId, today, await readNoticeSettings(trx), actorId, 'fulfil', notify);
}

/**
 * Copy `copyId` just returned: held for the first in the title's queue when someone waits (the
 * caller then moves it ON_HOLD), else undefined (the caller shelves it).
 */
export async function holdReturnedCopy(trx: Db, bookId: number, copyId: number, today: string, actorId: number | null = null): Promise<HeldFor | undefined> {
  for (;;) {
    const waiting = await firstInLine(trx, bookId);
    if (!waiting) return undefined;
    const held = await hold(trx, waiting, copyId, today, await readNoticeSettings(trx), actorId, 'return');
    if (held) return held;
  }
}

/**
 * A held copy released (its reservation cancelled or expired, or its member took another copy):
 * held for the next in line, or back on the shelf (ON_HOLD → AVAILABLE) when nobody waits.
 * Answers the new hold, if any. A hold made before copies were tracked names no copy: nothing moves.
 */
export async function passHeldCopy(trx: Db, bookId: number, copyId: number | null, today: string, settings: NoticeSettings, actorId: number | null): Promise<HeldFor | undefined> {
  if (copyId === null) return undefined;
  for (;;) {
    const waiting = await firstInLine(trx, bookId);
    if (!waiting) break;
    const held = await hold(trx, waiting, copyId, today, settings, actorId, 'passed on');
    if (held) return held;
  }
  await moveCopy(trx, copyId, ['ON_HOLD'], 'AVAILABLE', { event: false });
  return undefined;
}

/**
 * The copy held for this member of this title (his FULFILLED reservation), if any: circulation's
 * issue lends that copy instead of one from the shelf.
 */
export async function heldCopyOf(trx: Db, bookId: number, memberId: number): Promise<HeldCopy | undefined> {
  const row = await trx
    .selectFrom('reservations')
    .select(['id', 'copy_id'])
    .where('book_id', '=', bookId)
    .where('member_id', '=', memberId)
    .where('status', '=', 'FULFILLED')
    .executeTakeFirst();
  return row && { reservationId: row.id, copyId: row.copy_id };
}

/**
 * Marks a held reservation ISSUED with its loan; audited. When its member took another copy of the
 * title (`lentCopyId`), the copy held for him is released to the next in line or the shelf.
 * False when it was no longer held.
 */
export async function markHoldIssued(trx: Db, held: HeldCopy, loanId: number, lentCopyId: number, actorId: number | null): Promise<boolean> {
  const done = await trx
    .updateTable('reservations')
    .set({ status: 'ISSUED', loan_id: loanId, updated_at: nowIso() })
    .where('id', '=', held.reservationId)
    .where('status', '=', 'FULFILLED')
    .executeTakeFirst();
  if (Number(done.numUpdatedRows) === 0) return false;
  await recordAudit(trx, { userId: actorId, action: 'RESERVATION_ISSUED', entity: 'reservation', entityId: held.reservationId, before: { status: 'FULFILLED' }, after: { status: 'ISSUED', loan_id: loanId, copy_id: lentCopyId } });
  if (held.copyId !== null && held.copyId !== lentCopyId) {
    const { book_id } = await trx.selectFrom('reservations').select('book_id').where('id', '=', held.reservationId).executeTakeFirstOrThrow();
    const { today } = await deskToday(trx);
    await passHeldCopy(trx, book_id, held.copyId, today, await readNoticeSettings(trx), actorId);
  }
  return true;
}

/** A held copy due for a notice (see holdsDue). */
type HoldDue = Awaited<ReturnType<typeof holdsDue>>[number];

/** Held copies whose pickup date is `when` (`=`) or has passed (`<`), oldest first. */
function holdsDue(db: Db, op: '<' | '=', today: string) {
  return db
    .selectFrom('reservations as r')
    .innerJoin('books as b', 'b.id', 'r.book_id')
    .select(['r.id', 'r.book_id', 'r.member_id', 'r.hold_until', 'r.copy_id', 'b.title'])
    .where('r.status', '=', 'FULFILLED')
    .where('r.hold_until', op, today)
    .orderBy('r.hold_until')
    .orderBy('r.id')
    .execute();
}

/** A held copy's notice to its member (expiring today, or expired), once per hold. */
function queueHoldNotice(trx: Db, type: 'hold_expired' | 'hold_expiring', due: HoldDue, today: string, settings: NoticeSettings) {
  return queueNotice(trx, {
    type,
    userId: due.member_id,
    facts: { book_title: due.title, pickup_by: due.hold_until ?? today },
    key: `${type}:${due.id}`,
    linkUrl: NOTICE_LINKS.reserved,
    settings,
  });
}

/**
 * The daily expiry job: every held copy not picked up by its `hold_until` (before `today`) is
 * released: its reservation EXPIRED (notice `hold_expired`) and the copy held for the next in line
 * (notice `reservation_ready`) or shelved. One transaction per hold, so one failure stops only
 * itself and a re-run finishes the rest. Answers how many expired.
 */
export async function expireHolds(ctx: Pick<AppContext, 'db' | 'notices'>, today: string, settings: NoticeSettings): Promise<number> {
  let expired = 0;
  for (const due of await holdsDue(ctx.db, '<', today)) {
    const done = await inTransaction(ctx.db, async (trx) => {
      const changed = await trx
        .updateTable('reservations')
        .set({ status: 'EXPIRED', updated_at: nowIso() })
        .where('id', '=', due.id)
        .where('status', '=', 'FULFILLED')
        .executeTakeFirst();
      if (Number(changed.numUpdatedRows) === 0) return false;
      await queueHoldNotice(trx, 'hold_expired', due, today, settings);
      await recordAudit(trx, { userId: null, action: 'RESERVATION_EXPIRED', entity: 'reservation', entityId: due.id, before: { status: 'FULFILLED', hold_until: due.hold_until }, after: { status: 'EXPIRED' } });
      await passHeldCopy(trx, due.book_id, due.copy_id, today, settings, null);
      return true;
    });
    if (done) expired += 1;
  }
  if (expired > 0) ctx.notices.kick();
  return expired;
}

/** The daily reminder: a `hold_expiring` notice for each copy held until `today` (once per hold). Answers how many were queued. */
export async function remindExpiringHolds(ctx: Pick<AppContext, 'db' | 'notices'>, today: string, settings: NoticeSettings): Promise<number> {
  let sent = 0;
  for (const due of await holdsDue(ctx.db, '=', today)) {
    const queued = await ctx.db.transaction().execute((trx) =>
      queueHoldNotice(trx, 'hold_expiring', due, today, settings),
    );
    if (queued) sent += 1;
  }
  if (sent > 0) ctx.notices.kick();
  return sent;
}
