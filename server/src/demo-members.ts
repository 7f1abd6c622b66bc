/**
 * The demo library's members beyond the demo sign-ins: a second membership plan and members in
 * every state (active, pending, rejected, disabled, and an active defaulter), with the profile
 * fields a librarian sees. Idempotent: an existing username or plan name is left untouched.
 * Their password is one shared demo password; the README lists only the demo sign-ins. The
 * defaulter is not flagged here: the demo desk (`demo-loans.ts`) charges him a late fine and the
 * fine ledger flags him, as it would any member.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from './db/schema.js';
import { nowIso } from './db/values.js';
import { createAccount, findUserByLogin } from './modules/users/service.js';

export const DEMO_MEMBER_PASSWORD = 'Reader-demo-2026';

/** The second plan (the migration seeds the default "Standard"). */
export const DEMO_PLAN = { name: 'Faculty', loan_limit: 8, loan_period_days: 28, fine_per_day: 500, fee: 200_000, validity_months: 24 };

type DemoState = 'active' | 'pending' | 'rejected' | 'disabled' | 'defaulter';

/** The demo member who owes a fine (charged by the demo desk). */
export const DEMO_DEFAULTER = 'usman.tariq';

/** username, first, last, state, shift, faculty plan. */
const DEMO_MEMBERS: readonly [string, string, string, DemoState, 'DAY' | 'NIGHT', boolean][] = [
  ['ayesha.khan', 'Ayesha', 'Khan', 'active', 'DAY', false],
  ['hamza.malik', 'Hamza', 'Malik', 'active', 'NIGHT', false],
  ['fatima.qureshi', 'Fatima', 'Qureshi', 'active', 'DAY', true],
  ['usman.tariq', 'Usman', 'Tariq', 'defaulter', 'DAY', false],
  ['zainab.raza', 'Zainab', 'Raza', 'pending', 'DAY', false],
  ['ali.hassan', 'Ali', 'Hassan', 'pending', 'NIGHT', false],
  ['maria.iqbal', 'Maria', 'Iqbal', 'rejected', 'DAY', false],
  ['saad.butt', 'Saad', 'Butt', 'disabled', 'NIGHT', false],
];

/** The named demo members' usernames (the year's generated members are others). */
export const DEMO_MEMBER_USERNAMES: readonly string[] = DEMO_MEMBERS.map(([username]) => username);

export interface DemoMembersReport {
  plans: number;
  members: number;
}

/** Adds the demo plan and members that are missing. */
export async function seedDemoMembers(db: Kysely<Database>, departmentIds: number[], sessionIds: number[]): Promise<DemoMembersReport> {
  let plan = await db.selectFrom('membership_plans').select('id').where(sql<string>`lower(name)`, '=', DEMO_PLAN.name.toLowerCase()).executeTakeFirst();
  if (!plan) {
    const now = nowIso();
    plan = await db.insertInto('membership_plans').values({ ...DEMO_PLAN, is_default: 0, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow();
  }
  let index = 0;
  for (const [username, first_name, last_name, state, shift, faculty] of DEMO_MEMBERS) {
    index++;
    if (await findUserByLogin(db, username)) continue;
    const n = String(index).padStart(3, '0');
    await createAccount(
      db,
      {
        username, email: `${username}@example.com`, password: DEMO_MEMBER_PASSWORD, first_name, last_name, role: 'MEMBER',
        verified: true, approved: state === 'active' || state === 'defaulter' || state === 'disabled',
        departmentId: departmentIds[index % Math.max(1, departmentIds.length)] ?? null, sessionId: sessionIds[index % Math.max(1, sessionIds.length)] ?? null,
      },
      async (trx, { user }) => {
        await trx
          .updateTable('member_profiles')
          .set({
            registration_id: `REG-2024-${n}`, roll_no: n, shift, class_name: 'BS', section: index % 2 ? 'A' : 'B',
            mobile_number: `0300-1234${n}`, cnic: `35202-1234${n}-${index % 10}`, security_fee: 50_000,
            plan_id: faculty ? plan.id : null,
          })
          .where('user_id', '=', user.id)
          .execute();
        if (state === 'rejected') await trx.updateTable('users').set({ is_declined: 1 }).where('id', '=', user.id).execute();
        if (state === 'disabled') await trx.updateTable('users').set({ is_active: 0 }).where('id', '=', user.id).execute();
      },
    );
  }
  return { plans: 2, members: DEMO_MEMBERS.length };
}
