/**
 * The member home (`GET /users/meberview/{userId}/dashboard/`): the original's counts (books out,
 * overdue, copies held for him) and fine totals, with the lists behind them: his open loans (due
 * date first, at most 100), his waiting and held reservations (place in the queue from the
 * reservations module's own reads), his newest wish-list entries and notices (from their modules).
 * Each part is one query on the member's indexes; none is read per row.
 */
import type { AppContext } from '../../context.js';
import { notFound } from '../../errors.js';
import { overdueCountSql } from '../../db/overdue.js';
import { isOverdue } from '#shared/overdue';
import { toDecimalString } from '#shared/money';
import { listNotifications } from '../notifications/service.js';
import { latestWishlist } from '../notifications/wishlist.js';
import { listReservations } from '../reservations/queries.js';
import { readSettings } from '../settings/service.js';
import { daysBetween } from '#shared/dates';
import { libraryToday } from '../../lib/library-clock.js';
import { noticeTypeLabel } from '#shared/notice-templates';
import type { MemberDashboard } from '#shared/schemas/reports';

/** Open loans the home lists (the counts cover them all). */
export const HOME_LOANS = 100;
/** Wish-list entries the home lists. */
export const HOME_WISHLIST = 10;
/** Notices the home lists. */
export const HOME_NOTICES = 5;

type Figure = number | string | null;
const n = (value: Figure | undefined): number => Number(value ?? 0);


/** The home of a member (a user id); 404 when the id names no member. */
export async function memberDashboard(ctx: Pick<AppContext, 'db' | 'media'>, memberId: number): Promise<MemberDashboard> {
  const { db } = ctx;
  const member = await db.selectFrom('users').select('id').where('id', '=', memberId).where('role', '=', 'MEMBER').where('deleted_at', 'is', null).executeTakeFirst();
  if (!member) throw notFound();
  const today = libraryToday((await readSettings(db)).timezone);
  const [out, held, fines, loans, reservations, wishlist, notices] = await Promise.all([
    db
      .selectFrom('loans')
      .select((eb) => [eb.fn.countAll<number | string>().as('issued'), overdueCountSql(today).as('overdue')])
      .where('member_id', '=', memberId)
      .where('returned_at', 'is', null)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('reservations')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('member_id', '=', memberId)
      .where('status', '=', 'FULFILLED')
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('fines')
      .select((eb) => [
        eb.fn.sum<number | string>('amount').as('total'),
        eb.fn.sum<number | string>('collected_amount').as('paid'),
        eb.fn.sum<number | string>('discount').as('discounted'),
        eb.fn.sum<number | string>('remaining').as('pending'),
      ])
      .where('member_id', '=', memberId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('loans as l')
      .innerJoin('books as b', 'b.id', 'l.book_id')
      .select(['l.id', 'l.issue_date', 'l.due_date', 'b.id as book_id', 'b.title'])
      .where('l.member_id', '=', memberId)
      .where('l.returned_at', 'is', null)
      .orderBy('l.due_date')
      .orderBy('l.id')
      .limit(HOME_LOANS)
      .execute(),
    // Held copies first (status FULFILLED sorts before PENDING), then the oldest waits.
    listReservations(db, { page: undefined, orders: [{ field: 'status', desc: false }], term: '', status: 'active', member: undefined, book: undefined }, memberId),
    latestWishlist(ctx, memberId, HOME_WISHLIST),
    listNotifications(db, memberId, { unreadOnly: false, page: { number: 1, size: HOME_NOTICES } }),
  ]);
  return {
    today,
    issued_count: n(out.issued),
    overdue_count: n(out.overdue),
    reserved_count: n(held.n),
    fines: { total: toDecimalString(n(fines.total)), paid: toDecimalString(n(fines.paid)), discounted: toDecimalString(n(fines.discounted)), pending: toDecimalString(n(fines.pending)) },
    loans: loans.map((l) => ({
      id: l.id,
      book: { id: l.book_id, title: l.title },
      issue_date: l.issue_date,
      due_date: l.due_date,
      days_left: daysBetween(today, l.due_date),
      overdue: isOverdue(l, today),
    })),
    reservations: reservations.results.map((r) => ({
      id: r.id,
      book: { id: r.book, title: r.book_title },
      status: r.status,
      position: r.position,
      queue_length: r.status === 'PENDING' ? r.queue_length : null,
      hold_until: r.hold_until,
    })),
    wishlist: wishlist.map((w) => ({ id: w.id, book: { id: w.book.id, title: w.book.title, cover_photo: w.book.cover_photo } })),
    notices: notices.results.map((x) => ({ id: x.id, title: noticeTypeLabel(x.type), message: x.message, created_at: x.created_at, is_read: x.read, link: x.link_url })),
  };
}
