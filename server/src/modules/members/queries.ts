/**
 * The member lists (active, pending, rejected, disabled) and the member search. A member's state
 * comes from the account flags the sign-in rules read (`#shared/member-state`, in SQL
 * `db/member-state.ts`): rejected = declined; active = active; pending = never approved;
 * disabled = approved once, now inactive. Deleted (anonymised)
 * accounts are in no list. Lists count and page on the users table (index users_member_lists),
 * then read the page's rows with their department, session and plan in one query.
 */
import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import { dialectOfDb } from '../../db/connection.js';
import { like, matchesAny, startsWithPattern } from '../../db/like.js';
import type { Db } from '../../db/schema.js';
import { isSet } from '../../db/values.js';
import { pageWindow, type PageWindow } from '../../http/paging.js';
import { toDecimalString } from '#shared/money';
import { FINES_OWED_OF_U } from './obligations.js';
import { inMemberState } from '../../db/member-state.js';
import { memberStateOf, type MemberState } from '#shared/member-state';
import type { MemberListQuery, MemberOrderField, MemberSearchQuery } from './schemas.js';
import type { AccountView } from '../accounts/account-view.js';
import { membershipStanding, type MembershipStanding } from '#shared/membership';
import { readLibraryToday } from '../../lib/library-clock.js';

/** Columns a member list may be ordered by. */

/** Rows a list answers without `page` (the specification's bare array), to protect the server. */
export const UNPAGED_LIMIT = 1000;

/**
 * One member in a list: the original contract's FullMemberProfile and UserBrief fields (`id` and
 * `user_id` are both the user id; `department` and `session` are ids, as its clients read them),
 * then ours beside them under names the original never used (`department_name`, `session_name`,
 * `plan`, `date_joined`, `state`). A member's profile is this item with more beside it.
 */
export interface MemberListItem extends AccountView {
  role: string;
  middle_name: string | null;
  father_first_name: string | null;
  father_last_name: string | null;
  profile_photo: string | null;
  class_name: string | null;
  section: string | null;
  mobile_number: string | null;
  cnic: string | null;
  department: number | null;
  session: number | null;
  registration_id: string | null;
  roll_no: string | null;
  shift: string | null;
  security_fee: string;
  payment_proof: string | null;
  member_id: string;
  home_address: string | null;
  emergency_contact: string | null;
  library_membership_id: string | null;
  is_verified: boolean;
  is_declined: boolean;
  is_active: boolean;
  is_defaulter: boolean;
  /** Unpaid fines now, a decimal string. */
  fine_amount: string;
  department_name: string | null;
  session_name: string | null;
  plan: { id: number; name: string } | null;
  date_joined: string;
  state: MemberState;
  /** The current term's first and last days (YYYY-MM-DD), null until approved. */
  membership_start: string | null;
  membership_expires: string | null;
  membership_standing: MembershipStanding;
}

/** What a membership's standing is read against: the library's today and the notice's warning days. */
export interface MembershipClock {
  today: string;
  warnDays: number;
}

/** The library's today and `notification_settings.membership_notice_days` (14 before any settings are stored). */
export async function readMembershipClock(db: Db): Promise<MembershipClock> {
  const row = await db.selectFrom('notification_settings').select('membership_notice_days').orderBy('id').limit(1).executeTakeFirst();
  return { today: await readLibraryToday(db), warnDays: row?.membership_notice_days ?? 14 };
}

/** The plan a profile row reads as: its own, or the default when it has none. */
export const PLAN_OF_PROFILE = sql<boolean>`mp.id = coalesce(p.plan_id, (select d.id from membership_plans d where d.is_default = 1))`;

/** Members with their profile, department, session and plan (`u`, `p`, `d`, `s`, `mp`): the base of every member read. */
export function memberProfiles(db: Db) {
  return db
    .selectFrom('users as u')
    .innerJoin('member_profiles as p', 'p.user_id', 'u.id')
    .leftJoin('departments as d', 'd.id', 'p.department_id')
    .leftJoin('academic_sessions as s', 's.id', 'p.session_id')
    .leftJoin('membership_plans as mp', (join) => join.on(PLAN_OF_PROFILE));
}

/**
 * Members in one state (`users as u`), matching a search when one is given. With a search, or
 * `walk` (an ordering served by another index), the state index is kept out of the plan (`+`):
 * SQLite then starts from the search's few ids, or walks the ordering's index and stops after a
 * page, instead of reading every member of the state and sorting them.
 */
export function membersIn(db: Db, state: MemberState, term = '', walk = false) {
  // `+` is SQLite's way to keep a column's index out of a plan; PostgreSQL plans by its statistics.
  const role = (term || walk) && dialectOfDb(db) === 'sqlite' ? sql<string>`+u.role` : sql<string>`u.role`;
  let q = db.selectFrom('users as u').where(role, '=', 'MEMBER').where('u.deleted_at', 'is', null);
  q = q.where(inMemberState(state, 'u'));
  if (term) q = q.where(sql<boolean>`u.id in ${searchIds(db, term)}`);
  return q;
}

/** Words of a search that the trigram indexes serve (3+ characters). */
const TRIGRAM = 3;

/**
 * The user ids a search matches, as a subquery: every word of 3+ characters found in username,
 * e-mail, first or last name (case-insensitive substring); or the whole term as the start of the
 * member number, registration id or (short terms) username; or the user id itself.
 */
function searchIds(db: Db, term: string) {
  const lower = term.toLowerCase();
  const words = [...new Set(lower.split(/\s+/).filter((w) => [...w].length >= TRIGRAM))];
  const postgres = dialectOfDb(db) === 'postgres';
  const prefix = (column: string) => {
    if (postgres) return like(sql`lower(${sql.ref(column)})`, startsWithPattern(lower));
    // SQLite serves a range on the lower(...) expression index; the bound is the prefix's successor.
    const upper = lower.slice(0, -1) + String.fromCodePoint(lower.codePointAt(lower.length - 1)! + 1);
    return sql<boolean>`lower(${sql.ref(column)}) >= ${lower} and lower(${sql.ref(column)}) < ${upper}`;
  };
  const parts = [
    sql`select user_id as id from member_profiles where ${prefix('member_id')}`,
    sql`select user_id as id from member_profiles where ${prefix('registration_id')}`,
  ];
  if (/^\d{1,10}$/.test(term) && Number(term) <= 2_147_483_647) parts.push(sql`select ${Number(term)} as id`);
  if (words.length > 0) {
    if (postgres) {
      const conditions = words.map((w) => matchesAny(w, [sql.ref('username'), sql.ref('email'), sql.ref('first_name'), sql.ref('last_name')]));
      parts.push(sql`select id from users where ${sql.join(conditions, sql` and `)}`);
    } else {
      const match = words.map((w) => `"${w.replace(/"/g, '""')}"`).join(' AND ');
      parts.push(sql`select rowid as id from users_fts where users_fts match ${match}`);
    }
  } else {
    parts.push(sql`select id from users where ${prefix('username')}`);
  }
  return sql`(${sql.join(parts, sql` union `)})`;
}

/** Text columns sort case-insensitively, each on its lower(...) index (users_*_ci). */
const orderExpression = (field: MemberOrderField) =>
  field === 'date_joined' || field === 'id' ? sql.ref(`u.${field}`) : sql`lower(${sql.ref(`u.${field}`)})`;

/**
 * The columns of a member item (a list row, or a profile with more beside it): one select for
 * every answer that carries a member, so a field added or retyped changes them all. Deleted
 * (anonymised) accounts are left out.
 */
export function memberItems(db: Db) {
  return memberProfiles(db)
    .select([
      'u.id', 'u.role', 'u.username', 'u.email', 'u.first_name', 'u.last_name', 'u.date_joined', 'u.is_active', 'u.is_verified', 'u.is_declined', 'u.approved_at',
      'p.middle_name', 'p.father_first_name', 'p.father_last_name', 'p.profile_photo', 'p.class_name', 'p.section', 'p.mobile_number', 'p.cnic',
      'p.department_id', 'd.name as department_name', 'p.session_id', 's.session_range', 'p.registration_id', 'p.roll_no', 'p.shift', 'p.security_fee',
      'p.payment_proof', 'p.member_id', 'p.home_address', 'p.emergency_contact', 'p.library_membership_id', 'p.is_defaulter',
      'mp.id as plan_id', 'mp.name as plan_name', 'p.membership_start', 'p.membership_expires',
    ])
    .select(FINES_OWED_OF_U.as('fines_owed'))
    .where('u.deleted_at', 'is', null);
}

/** A row `memberItems` reads. */
export type MemberItemRow = Awaited<ReturnType<ReturnType<typeof memberItems>['executeTakeFirstOrThrow']>>;

/** A row of `memberItems` as the wire answers it (the original's fields, then ours). */
export function memberItem(media: AppContext['media'], r: MemberItemRow, clock: MembershipClock): MemberListItem {
  return {
    id: r.id,
    user_id: r.id,
    role: r.role,
    username: r.username,
    email: r.email,
    first_name: r.first_name,
    last_name: r.last_name,
    middle_name: r.middle_name,
    father_first_name: r.father_first_name,
    father_last_name: r.father_last_name,
    profile_photo: media.url(r.profile_photo),
    class_name: r.class_name,
    section: r.section,
    mobile_number: r.mobile_number,
    cnic: r.cnic,
    department: r.department_id,
    session: r.session_id,
    registration_id: r.registration_id,
    roll_no: r.roll_no,
    shift: r.shift,
    security_fee: toDecimalString(r.security_fee),
    payment_proof: media.url(r.payment_proof),
    member_id: r.member_id,
    home_address: r.home_address,
    emergency_contact: r.emergency_contact,
    library_membership_id: r.library_membership_id,
    is_verified: isSet(r.is_verified),
    is_declined: isSet(r.is_declined),
    is_active: isSet(r.is_active),
    is_defaulter: isSet(r.is_defaulter),
    fine_amount: toDecimalString(Number(r.fines_owed)),
    department_name: r.department_name,
    session_name: r.session_range,
    plan: r.plan_id !== null && r.plan_name !== null ? { id: r.plan_id, name: r.plan_name } : null,
    date_joined: r.date_joined,
    state: memberStateOf(r),
    membership_start: r.membership_start,
    membership_expires: r.membership_expires,
    membership_standing: membershipStanding(r.membership_expires, clock.today, clock.warnDays),
  };
}

/** The list rows of the given user ids, in that order (one query, fines owed included). */
export async function memberRows(ctx: Pick<AppContext, 'db' | 'media'>, ids: number[]): Promise<MemberListItem[]> {
  if (ids.length === 0) return [];
  const rows = await memberItems(ctx.db).where('u.id', 'in', ids).execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  const clock = await readMembershipClock(ctx.db);
  return ids.flatMap((id) => {
    const r = byId.get(id);
    return r ? [memberItem(ctx.media, r, clock)] : [];
  });
}

export interface MemberList {
  /** Set when the caller asked for a page. */
  window?: PageWindow;
  results: MemberListItem[];
}

/** One member list: search, whitelisted ordering (default newest first, ties by id), paging. */
export async function listMembers(ctx: Pick<AppContext, 'db' | 'media'>, state: MemberState, q: MemberListQuery): Promise<MemberList> {
  const { page, orders, term } = q;
  // The active list is most members: walk the ordering's index. The others are few: sort them.
  const filtered = membersIn(ctx.db, state, term, state === 'active' && orders[0]!.field !== 'date_joined');

  let window: PageWindow | undefined;
  let limit = UNPAGED_LIMIT;
  let offset = 0;
  if (page) {
    // Counted on the state index alone (or from the search's ids).
    const { n } = await membersIn(ctx.db, state, term).select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
    window = pageWindow(Number(n), page);
    ({ limit, offset } = window);
  }
  let idQuery = filtered.select('u.id');
  for (const o of orders) idQuery = idQuery.orderBy(orderExpression(o.field), o.desc ? 'desc' : 'asc');
  const ids = (await idQuery.limit(limit).offset(offset).execute()).map((r) => r.id);
  return { ...(window ? { window } : {}), results: await memberRows(ctx, ids) };
}

/** A member as a picker shows him. */
export interface MemberPick {
  id: number;
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  member_id: string;
  state: MemberState;
}

/** The member search for pickers: up to `limit` members in a state (default active), by username. */
export async function searchMembers(db: Db, q: MemberSearchQuery): Promise<MemberPick[]> {
  const { term, state, limit } = q;
  if (!term) return [];
  const rows = await membersIn(db, state, term)
    .innerJoin('member_profiles as p', 'p.user_id', 'u.id')
    .select(['u.id', 'u.username', 'u.first_name', 'u.last_name', 'u.email', 'p.member_id', 'u.is_active', 'u.is_declined', 'u.approved_at'])
    .orderBy(sql`lower(u.username)`)
    .limit(limit)
    .execute();
  return rows.map((r) => ({ id: r.id, username: r.username, first_name: r.first_name, last_name: r.last_name, email: r.email, member_id: r.member_id, state: memberStateOf(r) }));
}
