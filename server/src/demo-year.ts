/**
 * The demo library's year of life: for each day from a year ago to yesterday, the library's clock
 * is set to that day (`atLibraryMoment`) and the day is lived through the product's own services,
 * in time order, as the desk would have lived it: members join (memberships start that day), the
 * morning job lets uncollected holds expire, books due back come back (late ones are charged by the
 * ledger; a copy someone waits for is held for him), fines are collected at once or days later
 * (receipts, some with a discount; some stay owed), held copies are picked up, members reserve
 * titles that are all out and some cancel, new loans go out, and the day's e-mails leave through
 * the dispatcher (to a transport that keeps nothing: the demo's addresses are example.com's).
 * A week of days is written as one transaction.
 * So no row exists that the rules could not have written: copies' counts, the ledger, the audit
 * trail, the notification log. The year's people are generated members only; the demo desk's own
 * books (the newest titles, which `demo-loans.ts` and `demo-reservations.ts` lend and reserve
 * today) are never touched, and loans still open at the end are of generated titles.
 * Deterministic (a seeded random source); idempotent: a library whose first generated member
 * exists already is left alone.
 */
import type { Kysely } from 'kysely';
import type { AuthUser } from './context.js';
import type { Database } from './db/schema.js';
import { addDays, startOfLibraryDay, weekdayOf } from '#shared/dates';
import { loanRulesOf } from '#shared/loan-rules';
import { toMinorUnits } from '#shared/money';
import { atLibraryMoment, libraryToday, type LibraryMoment } from './lib/library-clock.js';
import { hashPassword } from './modules/accounts/passwords.js';
import { lendCopy, returnBook } from './modules/circulation/service.js';
import { collectFines } from './modules/fines/service.js';
import { createDispatcher, type NoticeDispatcher } from './modules/notices/delivery.js';
import { readNoticeSettings } from './modules/notices/settings-store.js';
import { expireHolds } from './modules/reservations/holds.js';
import { cancelReservation, createReservation } from './modules/reservations/service.js';
import { readSettings } from './modules/settings/service.js';
import { findUserByLogin } from './modules/users/service.js';
import { demoIsbn, DEMO_BOOK_COUNT, DEMO_KNOWN_BOOK_COUNT } from './demo-catalogue.js';
import { anyOf, between, registerYearMember, seededRandom, yearMembers, YEAR_MEMBER_PASSWORD, type Random } from './demo-year-members.js';

/** Days the year runs: from this many days ago to yesterday (issue dates stay inside the loan window). */
export const DEMO_YEAR_DAYS = 364;
/** The newest demo titles, kept for the demo desk's loans and holds of today. */
const DESK_TITLES = 12;
/** Open loans a generated member keeps at most (under the default limit, so no issue is refused). */
const MEMBER_OPEN_LOANS = 2;
/** Loans a day at full membership, before the weekday and season shape it. */
const LOANS_PER_DAY = 9;

export interface DemoYearReport {
  members: number;
  loans: number;
  returns: number;
  receipts: number;
  reservations: number;
}

interface Borrower {
  user: AuthUser;
  /** Titles he has out now. */
  out: Set<number>;
}

interface Title {
  id: number;
  known: boolean;
  weight: number;
}

/** Everything the year keeps between its days. */
interface Year {
  db: Kysely<Database>;
  ctx: { db: Kysely<Database>; notices: NoticeDispatcher };
  random: Random;
  moment: LibraryMoment;
  desk: AuthUser;
  manager: AuthUser;
  end: string;
  loanDays: number;
  members: Borrower[];
  titles: Title[];
  totalWeight: number;
  returns: Map<string, { loanId: number; member: Borrower; bookId: number }[]>;
  collections: Map<string, { loanId: number; member: Borrower }[]>;
  pickups: Map<string, { member: Borrower; bookId: number }[]>;
  cancels: Map<string, { member: Borrower; reservationId: number }[]>;
  report: DemoYearReport;
}

const later = <T>(plan: Map<string, T[]>, day: string, item: T): void => void plan.set(day, [...(plan.get(day) ?? []), item]);

/** Moves the library's clock on by a few minutes (each act of the day after the one before). */
const tick = (year: Year, minutes: number): void => void (year.moment.at = new Date(year.moment.at.getTime() + minutes * 60_000));

/** A demo account as the actor of staff acts. */
async function staffUser(db: Kysely<Database>, username: string): Promise<AuthUser | undefined> {
  return db.selectFrom('users').select(['id', 'username', 'email', 'first_name', 'last_name', 'role']).where('username', '=', username).executeTakeFirst();
}

/** How busy a day is: quieter at weekends and in the summer break, busier before exams. */
function dayShare(day: string): number {
  const weekday = [0.45, 1.15, 1.15, 1.1, 1.1, 0.85, 0.7][weekdayOf(day)]!;
  const month = Number(day.slice(5, 7));
  const season = [1, 1.05, 1.1, 1.2, 1.25, 1.1, 0.65, 0.7, 1.05, 1.1, 1.2, 1.15, 0.8][month]!;
  return weekday * season;
}

/** A title, the popular ones more often; `generatedOnly` for a loan still out at the end of the year. */
function chooseTitle(year: Year, generatedOnly: boolean): Title {
  for (;;) {
    let left = year.random() * year.totalWeight;
    let title = year.titles[year.titles.length - 1]!;
    for (const t of year.titles) {
      left -= t.weight;
      if (left <= 0) {
        title = t;
        break;
      }
    }
    if (!generatedOnly || !title.known) return title;
  }
}

/** When a loan made today comes back: mostly in time, some late, a few very late. */
function returnDay(year: Year, issued: string): string {
  const roll = year.random();
  const due = addDays(issued, year.loanDays);
  if (roll < 0.74) return addDays(issued, between(year.random, 2, year.loanDays));
  if (roll < 0.96) return addDays(due, between(year.random, 1, 12));
  return addDays(due, between(year.random, 13, 30));
}

/** Issues a title to a member today (the copy held for him, if any), and plans its return. */
async function lend(year: Year, member: Borrower, bookId: number, today: string, comesBack = returnDay(year, today)): Promise<void> {
  const { loanId } = await lendCopy(year.db, year.desk, { book: bookId, member: member.user.id, issueDate: undefined, dueDate: undefined }, { notify: true });
  member.out.add(bookId);
  later(year.returns, comesBack, { loanId, member, bookId });
  year.report.loans++;
}

/** Takes a book back; charges a late one and settles it now, later or never; plans the pickup of a copy held for someone. */
async function takeBack(year: Year, item: { loanId: number; member: Borrower; bookId: number }, today: string): Promise<void> {
  const byManager = year.random() < 0.5;
  const actor = byManager ? year.manager : year.desk;
  const answer = await returnBook(year.ctx, actor, item.loanId, { returnDate: undefined, collected: 0, discount: 0, discountReason: undefined, status: 'RETURNED' }, { handlesMoney: byManager });
  item.member.out.delete(item.bookId);
  year.report.returns++;
  if (answer.held_for) {
    const waiting = year.members.find((m) => m.user.id === answer.held_for!.member.id);
    // Most come for a held copy within two days; the others let the hold expire.
    if (waiting && year.random() < 0.85) later(year.pickups, addDays(today, between(year.random, 0, 2)), { member: waiting, bookId: item.bookId });
  }
  const fine = toMinorUnits(answer.fine_details.total_fine) ?? 0;
  if (fine <= 0) return;
  const roll = year.random();
  if (roll < 0.62) {
    tick(year, 1);
    // Paid at the desk: in full, in part, or with a discount staff grant.
    const part = roll < 0.4 ? 0 : roll < 0.52 ? Math.max(100, Math.floor(fine / 2 / 1000) * 1000) : 0;
    const discount = roll >= 0.52 ? Math.max(100, Math.floor(fine / 5 / 100) * 100) : 0;
    await collect(year, item.member, item.loanId, { collected: part, discount, fullPayment: part === 0 });
    if (part > 0 && year.random() < 0.6) later(year.collections, addDays(today, between(year.random, 5, 30)), { loanId: item.loanId, member: item.member });
  } else if (roll < 0.9) {
    later(year.collections, addDays(today, between(year.random, 3, 45)), { loanId: item.loanId, member: item.member });
  }
}

const DISCOUNT_REASONS = ['First late return', 'Hospital stay (note seen)', 'Student hardship', 'Library closed two days of the loan'];

/** Collects a member's fine of one loan through the Collect dialog's service (a receipt). */
async function collect(year: Year, member: Borrower, loanId: number, money: { collected: number; discount: number; fullPayment: boolean }): Promise<void> {
  const discountReason = money.discount > 0 ? anyOf(year.random, DISCOUNT_REASONS) : null;
  await collectFines(year.ctx, year.manager, { memberId: member.user.id, loanIds: [loanId], fineIds: [], ...money, discountReason });
  year.report.receipts++;
}

/** A fine still owed on a loan (a planned later collection finds it paid when the member paid meanwhile). */
async function owedOn(year: Year, loanId: number): Promise<number> {
  const rows = await year.db.selectFrom('fines').select('remaining').where('loan_id', '=', loanId).execute();
  return rows.reduce((sum, row) => sum + row.remaining, 0);
}

/** A member reserves a title none of whose copies is on the shelf; some cancel later. */
async function reserve(year: Year, member: Borrower, bookId: number, today: string): Promise<void> {
  const active = await year.db.selectFrom('reservations').select('id').where('book_id', '=', bookId).where('member_id', '=', member.user.id).where('status', 'in', ['PENDING', 'FULFILLED']).executeTakeFirst();
  if (active) return;
  const reservation = await createReservation(year.ctx, member.user, { book: bookId, member: undefined, notes: null }, false);
  year.report.reservations++;
  if (year.random() < 0.25) later(year.cancels, addDays(today, between(year.random, 1, 12)), { member, reservationId: reservation.id });
}

/** One day of the year, from the morning job to the evening's mail. */
async function liveDay(year: Year, dayIndex: number, today: string, joining: Map<number, ReturnType<typeof yearMembers>>, place: (i: number) => { passwordHash: string; departmentId: number | null; sessionId: number | null }, timeZone: string): Promise<void> {
  year.moment.at = new Date(new Date(startOfLibraryDay(today, timeZone)).getTime() + 9 * 3_600_000);
  await expireHolds(year.ctx, today, await readNoticeSettings(year.db));
  for (const member of joining.get(dayIndex) ?? []) {
    tick(year, between(year.random, 2, 15));
    year.members.push({ user: await registerYearMember(year.db, year.manager, member, place(year.members.length)), out: new Set() });
    year.report.members++;
  }
  for (const item of year.returns.get(today) ?? []) {
    tick(year, between(year.random, 1, 9));
    await takeBack(year, item, today);
  }
  for (const { loanId, member } of year.collections.get(today) ?? []) {
    if ((await owedOn(year, loanId)) <= 0) continue;
    tick(year, between(year.random, 1, 9));
    await collect(year, member, loanId, { collected: 0, discount: 0, fullPayment: true });
  }
  for (const { member, bookId } of year.pickups.get(today) ?? []) {
    if (member.out.size >= MEMBER_OPEN_LOANS || member.out.has(bookId)) continue;
    const held = await year.db.selectFrom('reservations').select('id').where('book_id', '=', bookId).where('member_id', '=', member.user.id).where('status', '=', 'FULFILLED').executeTakeFirst();
    if (!held) continue;
    tick(year, between(year.random, 1, 9));
    await lend(year, member, bookId, today);
  }
  for (const { member, reservationId } of year.cancels.get(today) ?? []) {
    const row = await year.db.selectFrom('reservations').select('status').where('id', '=', reservationId).executeTakeFirstOrThrow();
    if (row.status !== 'PENDING' && row.status !== 'FULFILLED') continue;
    tick(year, between(year.random, 1, 9));
    await cancelReservation(year.ctx, member.user, reservationId, 'No longer needed', member.user.id);
  }
  const wanted = Math.round(LOANS_PER_DAY * dayShare(today) * Math.min(1, year.members.length / 150) * (0.7 + 0.6 * year.random()));
  for (let n = 0, tries = 0; n < wanted && tries < wanted * 4; tries++) {
    const member = anyOf(year.random, year.members);
    if (!member || member.out.size >= MEMBER_OPEN_LOANS) continue;
    const comesBack = returnDay(year, today);
    const title = chooseTitle(year, comesBack >= year.end);
    if (member.out.has(title.id)) continue;
    const shelf = await year.db.selectFrom('books').select('available_copies').where('id', '=', title.id).executeTakeFirstOrThrow();
    tick(year, between(year.random, 2, 20));
    if (shelf.available_copies <= 0) {
      if (year.random() < 0.6) await reserve(year, member, title.id, today);
      continue;
    }
    await lend(year, member, title.id, today, comesBack);
    n++;
  }
  await year.ctx.notices.deliverDue(year.moment.at);
}

/**
 * The day's mail: it leaves at the day's end (`deliverDue`), not in the background while the day
 * goes on, to a transport that keeps nothing.
 */
function dayMail(db: Kysely<Database>): NoticeDispatcher {
  const silent = createDispatcher({ db, transport: { send: async () => undefined, close: () => undefined }, log: { info: () => undefined, warn: () => undefined, error: () => undefined } });
  return { kick: () => undefined, deliverDue: (now) => silent.deliverDue(now), idle: () => silent.idle() };
}

/** Lives the demo library's year, unless its first generated member exists. */
export async function seedDemoYear(db: Kysely<Database>, place: { departmentIds: number[]; sessionIds: number[] }): Promise<DemoYearReport> {
  const report: DemoYearReport = { members: 0, loans: 0, returns: 0, receipts: 0, reservations: 0 };
  const people = yearMembers(DEMO_YEAR_DAYS);
  if (people.length === 0 || (await findUserByLogin(db, people[0]!.username))) return report;
  const [desk, manager] = await Promise.all([staffUser(db, 'demo.desk'), staffUser(db, 'demo.manager')]);
  if (!desk || !manager) return report;
  const random = seededRandom(20_251_128);
  const isbns = Array.from({ length: DEMO_BOOK_COUNT }, (_, i) => demoIsbn(i + 1));
  const books = await db.selectFrom('books').select(['id', 'isbn']).where('isbn', 'in', isbns).where('status', '=', 'ACTIVE').orderBy('id').execute();
  const known = new Set(isbns.slice(0, DEMO_KNOWN_BOOK_COUNT));
  // Popularity: a few titles lent often, most now and then (the well-known ones a little more).
  const order = books.slice(0, Math.max(0, books.length - DESK_TITLES)).map((b) => ({ b, key: random() })).sort((x, y) => x.key - y.key);
  const titles = order.map(({ b }, rank) => ({ id: b.id, known: known.has(b.isbn), weight: (known.has(b.isbn) ? 1.5 : 1) / (rank + 6) ** 0.9 }));
  if (titles.length === 0) return report;
  const settings = await readSettings(db);
  const { timezone } = settings;
  const end = libraryToday(timezone);
  const start = addDays(end, -DEMO_YEAR_DAYS);
  const year: Year = {
    db, ctx: { db, notices: dayMail(db) }, random, moment: { at: new Date(start) }, desk, manager, end,
    // The generated members are on the default plan: the book settings' loan period.
    loanDays: loanRulesOf(null, settings).loanPeriodDays, members: [], titles,
    totalWeight: titles.reduce((sum, t) => sum + t.weight, 0), returns: new Map(), collections: new Map(), pickups: new Map(), cancels: new Map(), report,
  };
  const joining = new Map<number, typeof people>();
  for (const person of people) joining.set(person.joinDay, [...(joining.get(person.joinDay) ?? []), person]);
  const passwordHash = await hashPassword(YEAR_MEMBER_PASSWORD);
  const placeOf = (i: number) => ({
    passwordHash,
    departmentId: place.departmentIds[i % Math.max(1, place.departmentIds.length)] ?? null,
    sessionId: place.sessionIds[i % Math.max(1, place.sessionIds.length)] ?? null,
  });
  await atLibraryMoment(year.moment, async () => {
    // A week is one transaction: its days written in one go (a commit costs more than a day's reads).
    for (let week = 0; week < DEMO_YEAR_DAYS; week += 7) {
      await db.transaction().execute(async (trx) => {
        year.db = trx;
        year.ctx = { db: trx, notices: dayMail(trx) };
        for (let i = week; i < Math.min(week + 7, DEMO_YEAR_DAYS); i++) await liveDay(year, i, addDays(start, i), joining, placeOf, timezone);
      });
    }
  });
  return report;
}
