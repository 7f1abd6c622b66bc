/**
 * Accounts and data created from the command line: the first administrator (create-admin) and
 * the demo library (seed-demo). Both are idempotent: an existing username is left untouched.
 */
import { startMemberships } from './modules/members/membership.js';
import { readLibraryToday } from './lib/library-clock.js';
import type { Kysely } from 'kysely';
import type { RoleName } from '#shared/permission-codes';
import type { Database } from './db/schema.js';
import { seedCatalogue, type CatalogueReport } from './demo-catalogue.js';
import { seedDemoMembers, type DemoMembersReport } from './demo-members.js';
import { seedDemoLoans } from './demo-loans.js';
import { seedDemoReservations } from './demo-reservations.js';
import { seedDemoYear, type DemoYearReport } from './demo-year.js';
// The demo desk lends and takes back copies: reservations' held-copy hooks must be registered.
import './modules/reservations/copy-holds.js';
import { recordAudit } from './modules/audit/service.js';
import { passwordProblems } from './modules/accounts/passwords.js';
import { ensureDepartment, ensureSession } from './modules/reference/service.js';
import { notify } from './modules/notifications/service.js';
import type { MediaStore } from './storage/service.js';
import { createAccount, findUserByLogin, USERNAME_MESSAGES, USERNAME_PATTERN } from './modules/users/service.js';

export interface AdminSpec {
  username: string;
  password: string;
  email?: string | undefined;
}

export interface EnsureResult {
  username: string;
  created: boolean;
}

/**
 * Creates a SUPER USER (active, verified, approved) unless the username exists. Throws an Error
 * with a readable message when the username or password is not acceptable.
 */
export async function ensureAdmin(db: Kysely<Database>, spec: AdminSpec): Promise<EnsureResult> {
  const username = spec.username.trim();
  if (!username || username.length > 150 || !USERNAME_PATTERN.test(username)) throw new Error(USERNAME_MESSAGES.invalid);
  if (await findUserByLogin(db, username)) return { username, created: false };
  const email = spec.email?.trim() ?? '';
  const problems = passwordProblems(spec.password, { username, email });
  if (problems.length > 0) throw new Error(problems.join(' '));
  await createAccount(
    db,
    { username, email, password: spec.password, first_name: '', last_name: '', role: 'SUPER USER', verified: true, approved: true },
    (trx, { user }) =>
      recordAudit(trx, { userId: null, action: 'ADMIN_CREATED', entity: 'user', entityId: user.id, after: { username, email, role: user.role } }),
  );
  return { username, created: true };
}

interface DemoAccount {
  username: string;
  password: string;
  role: RoleName;
  first_name: string;
  last_name: string;
  approved: boolean;
  /** Custom roles the account is in instead of its built-in role's group (a narrower manager). */
  customRoles?: readonly string[];
}

/** The demo sign-ins (documented in the README; for local trials only). */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { username: 'demo.admin', password: 'Admin-demo-2026', role: 'SUPER USER', first_name: 'Amna', last_name: 'Admin', approved: true },
  { username: 'demo.manager', password: 'Manager-demo-2026', role: 'MANAGER', first_name: 'Bilal', last_name: 'Manager', approved: true },
  { username: 'demo.member', password: 'Member-demo-2026', role: 'MEMBER', first_name: 'Sara', last_name: 'Member', approved: true },
  { username: 'demo.pending', password: 'Pending-demo-2026', role: 'MEMBER', first_name: 'Omar', last_name: 'Pending', approved: false },
  { username: 'demo.desk', password: 'Desk-demo-2026', role: 'MANAGER', first_name: 'Dina', last_name: 'Desk', approved: true, customRoles: ['Front Desk'] },
];

/** Custom demo roles: a front-desk manager issues and returns books but sees no reports or settings. */
const DEMO_ROLES: Record<string, readonly string[]> = {
  'Front Desk': ['view_dashboard_summary', 'view_book', 'add_bookissuance', 'change_bookissuance', 'view_members', 'view_bookreservation'],
};

/** The demo member's bell: three unread notifications and one read. */
const DEMO_NOTIFICATIONS = [
  { type: 'due_soon', message: 'Your book "Clean Code" is due in 2 days.', link: '/dashboard/books/issue', read: false, hoursAgo: 2 },
  { type: 'reservation_ready', message: 'Your reserved book "Refactoring" is ready for pick-up.', link: '/dashboard/member/reserved', read: false, hoursAgo: 26 },
  { type: 'fine', message: 'A fine of 20.00 was added for a late return.', link: '/dashboard/member/fines', read: false, hoursAgo: 50 },
  { type: 'welcome', message: 'Welcome to the library! Browse the catalogue to find your next book.', link: '/dashboard/books/catalogue', read: true, hoursAgo: 24 * 7 },
];

/** Creates a demo role with its permissions unless a role of that name exists; returns its id. */
async function ensureDemoRole(db: Kysely<Database>, name: string, codenames: readonly string[]): Promise<number> {
  const existing = await db.selectFrom('roles').select('id').where('name', '=', name).executeTakeFirst();
  if (existing) return existing.id;
  return db.transaction().execute(async (trx) => {
    const role = await trx.insertInto('roles').values({ name, built_in: 0 }).returning('id').executeTakeFirstOrThrow();
    const permissions = await trx.selectFrom('permissions').select('id').where('codename', 'in', [...codenames]).execute();
    if (permissions.length > 0) await trx.insertInto('role_permissions').values(permissions.map((p) => ({ role_id: role.id, permission_id: p.id }))).execute();
    await recordAudit(trx, { userId: null, action: 'ROLE_CREATED', entity: 'role', entityId: role.id, after: { name, permissions: [...codenames] } });
    return role.id;
  });
}

const DEMO_DEPARTMENTS = ['Computer Science', 'Mathematics', 'English Literature'];
const DEMO_SESSIONS = ['2023-2027', '2024-2028'];

export interface DemoReport {
  accounts: EnsureResult[];
  departments: number;
  sessions: number;
  /** The demo catalogue: categories, languages, books (counts of the demo set). */
  catalogue: CatalogueReport;
  /** Membership plans and the members in every state (counts of the demo set). */
  members: DemoMembersReport;
  /** The year the library lived before today (what this run added; zeros when it was there). */
  year: DemoYearReport;
}

/** Adds the demo departments, sessions, accounts, catalogue, plans and members that are missing. */
export async function seedDemo(db: Kysely<Database>, options: { media?: MediaStore; /** Live the year before today too (default); tests of other parts leave it out. */ year?: boolean } = {}): Promise<DemoReport> {
  const departmentIds: number[] = [];
  for (const name of DEMO_DEPARTMENTS) departmentIds.push(await ensureDepartment(db, name));
  const sessionIds: number[] = [];
  for (const range of DEMO_SESSIONS) sessionIds.push(await ensureSession(db, range));

  const roleIds = new Map<string, number>();
  for (const [name, codenames] of Object.entries(DEMO_ROLES)) roleIds.set(name, await ensureDemoRole(db, name, codenames));

  const accounts: EnsureResult[] = [];
  let staffNumber = 0;
  for (const demo of DEMO_ACCOUNTS) {
    if (demo.role === 'MANAGER') staffNumber++;
    const staffId = `STAFF-${String(staffNumber).padStart(4, '0')}`;
    if (await findUserByLogin(db, demo.username)) {
      accounts.push({ username: demo.username, created: false });
      continue;
    }
    await createAccount(
      db,
      {
        username: demo.username,
        email: `${demo.username}@example.com`,
        password: demo.password,
        first_name: demo.first_name,
        last_name: demo.last_name,
        role: demo.role,
        verified: true,
        approved: demo.approved,
        departmentId: departmentIds[0] ?? null,
        sessionId: sessionIds[1] ?? null,
      },
      async (trx, { user }) => {
        if (demo.role === 'MANAGER') {
          await trx.insertInto('manager_profiles').values({ user_id: user.id, member_id: staffId, contact_number: null, notes: 'Demo account' }).execute();
        }
        if (demo.customRoles) {
          // Out of the built-in group, into the narrower custom roles only.
          const builtIn = await trx.selectFrom('roles').select('id').where('name', '=', demo.role).executeTakeFirstOrThrow();
          await trx.deleteFrom('user_roles').where('user_id', '=', user.id).where('role_id', '=', builtIn.id).execute();
          for (const name of demo.customRoles) {
            const roleId = roleIds.get(name);
            if (roleId !== undefined) await trx.insertInto('user_roles').values({ user_id: user.id, role_id: roleId }).execute();
          }
        }
        if (demo.username === 'demo.member') {
          const now = Date.now();
          for (const n of DEMO_NOTIFICATIONS) {
            await notify(trx, { userId: user.id, type: n.type, message: n.message, linkUrl: n.link, read: n.read, createdAt: new Date(now - n.hoursAgo * 3_600_000).toISOString() });
          }
        }
      },
    );
    accounts.push({ username: demo.username, created: true });
  }
  const catalogue = await seedCatalogue(db, departmentIds, options.media);
  const members = await seedDemoMembers(db, departmentIds, sessionIds);
  // Every approved demo member's membership runs from today, set in one go: no fee charged, no notice.
  const approved = await db.selectFrom('users').select('id').where('role', '=', 'MEMBER').where('approved_at', 'is not', null).where('deleted_at', 'is', null).execute();
  await startMemberships(db, approved.map((u) => u.id), await readLibraryToday(db), { actorId: null, announce: false });
  // The year before today, lived day by day by generated members (their memberships start the day they join).
  const year = options.year === false ? { members: 0, loans: 0, returns: 0, receipts: 0, reservations: 0 } : await seedDemoYear(db, { departmentIds, sessionIds });
  // The demo desk: demo.member's loans, after the catalogue and the members exist.
  await seedDemoLoans(db);
  // The demo reservations: one held for demo.member, two waiting for his overdue title.
  await seedDemoReservations(db);
  return { accounts, departments: DEMO_DEPARTMENTS.length, sessions: DEMO_SESSIONS.length, catalogue, members, year };
}
