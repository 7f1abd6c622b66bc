/**
 * Accounts and data created from the command line: the first administrator (create-admin) and
 * the demo library (seed-demo). Both are idempotent: an existing username is left untouched.
 */
import type { Kysely } from 'kysely';
import type { RoleName } from '../../src/lib/permission-codes.js';
import type { Database } from './db/schema.js';
import { recordAudit } from './modules/audit/service.js';
import { passwordProblems } from './modules/auth/passwords.js';
import { ensureDepartment, ensureSession } from './modules/reference/service.js';
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
      recordAudit(trx, { userId: null, action: 'user.create_admin', entity: 'user', entityId: user.id, after: { username, email, role: user.role } }),
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
}

/** The demo sign-ins (documented in the README; for local trials only). */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { username: 'demo.admin', password: 'Admin-demo-2026', role: 'SUPER USER', first_name: 'Amna', last_name: 'Admin', approved: true },
  { username: 'demo.manager', password: 'Manager-demo-2026', role: 'MANAGER', first_name: 'Bilal', last_name: 'Manager', approved: true },
  { username: 'demo.member', password: 'Member-demo-2026', role: 'MEMBER', first_name: 'Sara', last_name: 'Member', approved: true },
  { username: 'demo.pending', password: 'Pending-demo-2026', role: 'MEMBER', first_name: 'Omar', last_name: 'Pending', approved: false },
];

const DEMO_DEPARTMENTS = ['Computer Science', 'Mathematics', 'English Literature'];
const DEMO_SESSIONS = ['2023-2027', '2024-2028'];

export interface DemoReport {
  accounts: EnsureResult[];
  departments: number;
  sessions: number;
}

/** Adds the demo departments, sessions and accounts that are missing. */
export async function seedDemo(db: Kysely<Database>): Promise<DemoReport> {
  const departmentIds: number[] = [];
  for (const name of DEMO_DEPARTMENTS) departmentIds.push(await ensureDepartment(db, name));
  const sessionIds: number[] = [];
  for (const range of DEMO_SESSIONS) sessionIds.push(await ensureSession(db, range));

  const accounts: EnsureResult[] = [];
  for (const demo of DEMO_ACCOUNTS) {
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
          await trx.insertInto('manager_profiles').values({ user_id: user.id, member_id: 'STAFF-0001', contact_number: null, notes: 'Demo account' }).execute();
        }
      },
    );
    accounts.push({ username: demo.username, created: true });
  }
  return { accounts, departments: DEMO_DEPARTMENTS.length, sessions: DEMO_SESSIONS.length };
}
