/**
 * The people of the demo library's year: a seeded random source (the same year every time), the
 * members who join it (a first intake in its first week, then a few a week, so every month has
 * new members), and their registration as staff's "Add member" makes it: the account, its audit
 * entry and the membership started on the library's today, which the demo's clock sets to the
 * day they joined. They share one password hash (hashing each would take longer than the year).
 */
import type { Kysely } from 'kysely';
import type { AuthUser } from './context.js';
import type { Database } from './db/schema.js';
import { readLibraryToday } from './lib/library-clock.js';
import { recordAudit } from './modules/audit/service.js';
import { startMemberships } from './modules/members/membership.js';
import { createAccount } from './modules/users/service.js';
import { DEMO_MEMBER_PASSWORD } from './demo-members.js';

/** A random source in [0, 1) from a seed (mulberry32): the demo's year is the same on every machine. */
export type Random = () => number;

export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A whole number from `low` to `high`, both included. */
export const between = (random: Random, low: number, high: number): number => low + Math.floor(random() * (high - low + 1));

/** One item of a list, at random. */
export const anyOf = <T>(random: Random, list: readonly T[]): T => list[Math.floor(random() * list.length)]!;

// Names distinct from the named demo members', so no generated username meets one of theirs.
const FIRST_NAMES = [
  'Sana', 'Bilqees', 'Imran', 'Nida', 'Kamran', 'Rabia', 'Adeel', 'Mehwish', 'Farhan', 'Hira', 'Junaid', 'Iqra', 'Shahzad', 'Amna', 'Waqas',
  'Sadia', 'Danish', 'Mariam', 'Faisal', 'Komal', 'Taimur', 'Aleena', 'Zeeshan', 'Noor', 'Asad', 'Laiba', 'Haris', 'Anum', 'Rizwan', 'Maham',
  'Owais', 'Samina', 'Yasir', 'Areeba', 'Shoaib', 'Kiran', 'Moiz', 'Emaan', 'Naveed', 'Hafsa',
];
const LAST_NAMES = [
  'Ahmed', 'Siddiqui', 'Chaudhry', 'Sheikh', 'Farooq', 'Javed', 'Mirza', 'Abbasi', 'Aslam', 'Baig', 'Bhatti', 'Dar', 'Gill', 'Hashmi', 'Kazmi',
  'Lodhi', 'Memon', 'Nawaz', 'Rehman', 'Saleem', 'Shah', 'Zaidi', 'Awan', 'Rana', 'Yousaf',
];

/** A member of the demo year: who, and on which day of the year (0: a year ago) he joins. */
export interface YearMember {
  username: string;
  first_name: string;
  last_name: string;
  joinDay: number;
}

/** Members joining on the first days of the year (the library's first intake), each. */
const FIRST_INTAKE_PER_DAY = 7;
const FIRST_INTAKE_DAYS = 7;

/** Who joins the demo library on which day of its `days`-day year, in joining order. */
export function yearMembers(days: number): YearMember[] {
  const random = seededRandom(20_250_101);
  const members: YearMember[] = [];
  const taken = new Set<string>();
  for (let day = 0; day < days; day++) {
    const joining = day < FIRST_INTAKE_DAYS ? FIRST_INTAKE_PER_DAY : random() < 0.5 ? (random() < 0.3 ? 2 : 1) : 0;
    for (let n = 0; n < joining; n++) {
      const first = anyOf(random, FIRST_NAMES);
      const last = anyOf(random, LAST_NAMES);
      const base = `${first}.${last}`.toLowerCase();
      let username = base;
      for (let k = 2; taken.has(username); k++) username = `${base}${k}`;
      taken.add(username);
      members.push({ username, first_name: first, last_name: last, joinDay: day });
    }
  }
  return members;
}

/** The password every generated member shares (the README lists only the demo sign-ins). */
export const YEAR_MEMBER_PASSWORD = DEMO_MEMBER_PASSWORD;

/**
 * Registers a member as staff's "Add member" does (approved, MEMBER_REGISTERED audited, his
 * membership started on the library's today). Answers him as the signed-in user of his own acts.
 */
export async function registerYearMember(
  db: Kysely<Database>,
  actor: AuthUser,
  member: YearMember,
  place: { passwordHash: string; departmentId: number | null; sessionId: number | null },
): Promise<AuthUser> {
  const email = `${member.username}@example.com`;
  const { user } = await createAccount(
    db,
    {
      username: member.username, email, password: YEAR_MEMBER_PASSWORD, passwordHash: place.passwordHash, first_name: member.first_name, last_name: member.last_name,
      role: 'MEMBER', verified: true, approved: true, departmentId: place.departmentId, sessionId: place.sessionId,
    },
    async (trx, { user, memberId }) => {
      await recordAudit(trx, { userId: actor.id, action: 'MEMBER_REGISTERED', entity: 'user', entityId: user.id, after: { username: user.username, email, role: user.role, member_id: memberId } });
      await startMemberships(trx, [user.id], await readLibraryToday(trx), { actorId: actor.id });
    },
  );
  return { id: user.id, username: user.username, email: user.email, first_name: user.first_name, last_name: user.last_name, role: user.role };
}
