/**
 * The reservation rules (docs/API.md, "Reservations and notices"): reserve a title (one active
 * reservation per member and title, never a title he holds or one lost or written off), fulfil the
 * first in line with a copy from the shelf, cancel (a held copy passes on), issue a held copy
 * through circulation's issue, and reorder a title's queue with a reason. Each change is one
 * transaction with its audit entry and its notices; the delivery is kicked after commit.
 */
import { inTransaction } from '../../db/transactions.js';
import { sql } from 'kysely';
import type { AppContext, AuthUser } from '../../context.js';
import type { Db, ReservationStatus } from '../../db/schema.js';
import { isUniqueViolation, nowIso } from '../../db/values.js';
import { inQueueOrder, placeAt, placeOf, queueAheadSql } from '../../db/queue-order.js';
import { badRequest, nonFieldError, notFound, ValidationError } from '../../errors.js';
import { recordAudit } from '../audit/service.js';
import { deskToday } from '../circulation/queries.js';
import { issuableMember, lendCopy } from '../circulation/service.js';
import { takeShelfCopy } from '../copies/stock.js';
import type { MemberDeparture } from '../members/departures.js';
import { readNoticeSettings } from '../notices/settings-store.js';
import { holdForReservation, passHeldCopy } from './holds.js';
import { reservationById, reservationRows, selectReservation, toReservation, type Reservation } from './queries.js';
import { MOVE_MESSAGES, type CreateInput } from './schemas.js';

/** What the reservation calls answer and refuse with (docs/API.md). */
export const RESERVATION_MESSAGES = {
  bookNotFound: 'Book not found.',
  lost: 'This book is lost or written off and cannot be reserved.',
  duplicate: (staff: boolean) => (staff ? 'This member already has an active reservation for this book.' : 'You already have an active reservation for this book.'),
  holds: (staff: boolean) => (staff ? 'This member already has this book issued and not yet returned.' : 'You already have this book issued and not yet returned.'),
  fulfilled: 'Reservation fulfilled and user will be notified',
  onlyPendingFulfil: 'Only pending reservations can be fulfilled.',
  noCopies: 'No available copies; this reservation cannot be fulfilled yet.',
  ahead: (n: number) => `${n} ${n === 1 ? 'member is' : 'members are'} ahead in the queue for this title; move this reservation up first.`,
  onlyCancel: 'Only pending or ready reservations can be cancelled.',
  issued: 'Reservation successfully issued.',
  onlyIssue: 'Only fulfilled reservations can be issued.',
  onlyMove: 'Only pending reservations can be moved.',
  moved: (position: number) => `Moved to position ${position}.`,
} as const;

/** The stored row of a reservation (`onlyMember`: another member's is 404). */
async function reservationRow(trx: Db, id: number, onlyMember?: number) {
  let q = trx.selectFrom('reservations').selectAll().where('id', '=', id);
  if (onlyMember !== undefined) q = q.where('member_id', '=', onlyMember);
  const row = await q.executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

/**
 * Reserves a title: at the end of its queue (rank = the title's highest + 1, in the transaction).
 * `staff` reserves for `input.member` (the messages then speak of "this member").
 */
export async function createReservation(ctx: Pick<AppContext, 'db'>, actor: AuthUser, input: CreateInput, staff: boolean): Promise<Reservation> {
  const memberId = staff ? input.member! : actor.id;
  const duplicate = () => ValidationError.field('book', RESERVATION_MESSAGES.duplicate(staff));
  let id: number;
  try {
    id = await inTransaction(ctx.db, async (trx) => {
      const book = await trx.selectFrom('books').select(['id', 'title', 'status']).where('id', '=', input.book).executeTakeFirst();
      if (!book) throw ValidationError.field('book', RESERVATION_MESSAGES.bookNotFound);
      await issuableMember(trx, memberId);
      if (book.status !== 'ACTIVE') throw ValidationError.field('book', RESERVATION_MESSAGES.lost);
      const active = await trx
        .selectFrom('reservations')
        .select('id')
        .where('book_id', '=', book.id)
        .where('member_id', '=', memberId)
        .where('status', 'in', ['PENDING', 'FULFILLED'])
        .executeTakeFirst();
      if (active) throw duplicate();
      const loan = await trx.selectFrom('loans').select('id').where('book_id', '=', book.id).where('member_id', '=', memberId).where('returned_at', 'is', null).executeTakeFirst();
      if (loan) throw ValidationError.field('book', RESERVATION_MESSAGES.holds(staff));
      const now = nowIso();
      const row = await trx
        .insertInto('reservations')
        .values({
          book_id: book.id,
          member_id: memberId,
          status: 'PENDING',
          queue_rank: sql<number>`(select coalesce(max(q.queue_rank), 0) + 1 from reservations q where q.book_id = ${book.id})`,
          hold_until: null,
          loan_id: null,
          notes: input.notes,
          created_at: now,
          updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await recordAudit(trx, { userId: actor.id, action: 'RESERVATION_CREATED', entity: 'reservation', entityId: row.id, after: { ...row, title: book.title } });
      return row.id;
    });
  } catch (error) {
    // The partial unique index is the final word on "one active reservation per member and title".
    if (isUniqueViolation(error)) throw duplicate();
    throw error;
  }
  return reservationById(ctx.db, id);
}

/** PENDING reservations of the title ahead of this one in its queue. */
async function aheadOf(trx: Db, row: { id: number; book_id: number; queue_rank: number }): Promise<number> {
  const { n } = await trx
    .selectFrom('reservations')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('book_id', '=', row.book_id)
    .where('status', '=', 'PENDING')
    .where(queueAheadSql(placeOf(), placeAt(row)))
    .executeTakeFirstOrThrow();
  return Number(n);
}

/**
 * Fulfils the first in line: a copy comes off the shelf (AVAILABLE → ON_HOLD, one conditional
 * update) and is held for him, named on the reservation, with the `reservation_ready` notice
 * unless `notify` is false (the demo seeding sends none).
 */
export async function fulfilReservation(
  ctx: Pick<AppContext, 'db'> & Partial<Pick<AppContext, 'notices'>>,
  actor: AuthUser,
  id: number,
  options: { notify?: boolean } = {},
): Promise<{ detail: string; reservation: Reservation }> {
  await ctx.db.transaction().execute(async (trx) => {
    const row = await reservationRow(trx, id);
    if (row.status !== 'PENDING') throw badRequest(RESERVATION_MESSAGES.onlyPendingFulfil);
    const ahead = await aheadOf(trx, row);
    if (ahead > 0) throw badRequest(RESERVATION_MESSAGES.ahead(ahead));
    const copy = await takeShelfCopy(trx, row.book_id, { to: 'ON_HOLD' });
    if (!copy) throw badRequest(RESERVATION_MESSAGES.noCopies);
    const { today } = await deskToday(trx);
    if (!(await holdForReservation(trx, row.id, copy.id, today, actor.id, options.notify ?? true))) throw badRequest(RESERVATION_MESSAGES.onlyPendingFulfil);
  });
  ctx.notices?.kick();
  return { detail: RESERVATION_MESSAGES.fulfilled, reservation: await reservationById(ctx.db, id) };
}

/**
 * Cancels a PENDING or FULFILLED reservation (its member, or staff: `onlyMember` hides another
 * member's). A held copy passes to the next in line or goes back on the shelf.
 */
export async function cancelReservation(ctx: Pick<AppContext, 'db' | 'notices'>, actor: AuthUser, id: number, reason: string | null, onlyMember?: number): Promise<Reservation> {
  const passed = await inTransaction(ctx.db, async (trx) => {
    const row = await reservationRow(trx, id, onlyMember);
    if (row.status !== 'PENDING' && row.status !== 'FULFILLED') throw badRequest(RESERVATION_MESSAGES.onlyCancel);
    const changed = await trx
      .updateTable('reservations')
      .set({ status: 'CANCELLED', updated_at: nowIso() })
      .where('id', '=', row.id)
      .where('status', '=', row.status)
      .executeTakeFirst();
    if (Number(changed.numUpdatedRows) === 0) throw badRequest(RESERVATION_MESSAGES.onlyCancel);
    await recordAudit(trx, {
      userId: actor.id,
      action: 'RESERVATION_CANCELLED',
      entity: 'reservation',
      entityId: row.id,
      before: { status: row.status, hold_until: row.hold_until },
      after: { status: 'CANCELLED', reason, by_member: onlyMember !== undefined },
    });
    if (row.status !== 'FULFILLED') return false;
    const { today } = await deskToday(trx);
    return (await passHeldCopy(trx, row.book_id, row.copy_id, today, await readNoticeSettings(trx), actor.id)) !== undefined;
  });
  if (passed) ctx.notices.kick();
  return reservationById(ctx.db, id);
}

/**
 * A member left (deleted, disabled, declined; the members module's departure hook, in its
 * transaction): each of his waiting or held reservations is cancelled and audited with the cause,
 * and each copy held for him goes to the next in line or back on the shelf. Answers whether a
 * notice was queued (a copy passed on).
 */
export async function releaseReservationsOf(trx: Db, memberId: number, cause: MemberDeparture, actorId: number | null): Promise<boolean> {
  const open = await trx.selectFrom('reservations').select(['id', 'book_id', 'copy_id', 'status', 'hold_until']).where('member_id', '=', memberId).where('status', 'in', ['PENDING', 'FULFILLED']).orderBy('id').execute();
  let passed = false;
  for (const row of open) {
    const changed = await trx.updateTable('reservations').set({ status: 'CANCELLED', updated_at: nowIso() }).where('id', '=', row.id).where('status', '=', row.status).executeTakeFirst();
    if (Number(changed.numUpdatedRows) === 0) continue;
    await recordAudit(trx, {
      userId: actorId,
      action: 'RESERVATION_CANCELLED',
      entity: 'reservation',
      entityId: row.id,
      before: { status: row.status, hold_until: row.hold_until },
      after: { status: 'CANCELLED', reason: `Member ${cause}.`, by_member: false },
    });
    if (row.status !== 'FULFILLED') continue;
    const { today } = await deskToday(trx);
    passed = (await passHeldCopy(trx, row.book_id, row.copy_id, today, await readNoticeSettings(trx), actorId)) !== undefined || passed;
  }
  return passed;
}

/**
 * Issues a FULFILLED reservation: circulation's issue lends the member exactly his held copy (no
 * second copy is taken) with every other check of an issue, and marks the reservation ISSUED, in one
 * transaction, with the "Book issued" notice a desk issue sends.
 */
export async function issueReservation(
  ctx: Pick<AppContext, 'db' | 'notices'>,
  actor: AuthUser,
  id: number,
  dates: { issueDate: string | undefined; dueDate: string | undefined; overrideReason?: string | undefined },
): Promise<{ detail: string; issuance_id: number; reservation: Reservation }> {
  const lent = await ctx.db.transaction().execute(async (trx) => {
    const row = await reservationRow(trx, id);
    if (row.status !== 'FULFILLED') throw nonFieldError(RESERVATION_MESSAGES.onlyIssue);
    const result = await lendCopy(trx, actor, { book: row.book_id, member: row.member_id, issueDate: dates.issueDate, dueDate: dates.dueDate, overrideReason: dates.overrideReason }, { notify: true });
    // The issue found the held copy of this reservation (FULFILLED, his, this title) and marked it ISSUED.
    const after = await reservationRow(trx, id);
    if (after.status !== 'ISSUED') throw nonFieldError(RESERVATION_MESSAGES.onlyIssue);
    return result;
  });
  ctx.notices.kick();
  return { detail: RESERVATION_MESSAGES.issued, issuance_id: lent.loanId, reservation: await reservationById(ctx.db, id) };
}

/** The PENDING reservations of a title in queue order, as Reservations. */
async function waitingFor(db: Db, bookId: number): Promise<Reservation[]> {
  const rows = await inQueueOrder(selectReservation(reservationRows(db)).where('r.book_id', '=', bookId).where('r.status', '=', 'PENDING'), 'r').execute();
  return rows.map(toReservation);
}

/** Moves a PENDING reservation to a place in its title's queue: the title's ranks renumbered 1…n, audited with the reason. */
export async function moveReservation(ctx: Pick<AppContext, 'db'>, actor: AuthUser, id: number, position: number, reason: string): Promise<{ detail: string; waiting: Reservation[] }> {
  const bookId = await ctx.db.transaction().execute(async (trx) => {
    const row = await reservationRow(trx, id);
    if (row.status !== 'PENDING') throw badRequest(RESERVATION_MESSAGES.onlyMove);
    const queue = await inQueueOrder(
      trx.selectFrom('reservations').select(['id', 'queue_rank']).where('book_id', '=', row.book_id).where('status', '=', 'PENDING' satisfies ReservationStatus),
    ).execute();
    if (position < 1 || position > queue.length) throw ValidationError.field('position', MOVE_MESSAGES.position(queue.length));
    const from = queue.findIndex((r) => r.id === row.id) + 1;
    const order = queue.filter((r) => r.id !== row.id);
    order.splice(position - 1, 0, { id: row.id, queue_rank: row.queue_rank });
    const now = nowIso();
    for (const [index, entry] of order.entries()) {
      if (entry.queue_rank === index + 1) continue;
      await trx.updateTable('reservations').set({ queue_rank: index + 1, updated_at: now }).where('id', '=', entry.id).where('status', '=', 'PENDING').execute();
    }
    await recordAudit(trx, { userId: actor.id, action: 'RESERVATION_MOVED', entity: 'reservation', entityId: row.id, before: { position: from }, after: { position, reason } });
    return row.book_id;
  });
  return { detail: RESERVATION_MESSAGES.moved(position), waiting: await waitingFor(ctx.db, bookId) };
}
