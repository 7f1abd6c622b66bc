/**
 * The demo library keeps its own rules: a member is a defaulter exactly while he owes a fine (the
 * fine ledger's rule), so every demo member's flag matches what his profile says he owes, and the
 * demo's defaulter owes a real fine from a late return.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { seedDemo } from '../../server/src/main.js';
import { bearer, createUser, signIn, startTestApp, type TestApp } from './support/harness.js';

let t: TestApp;
let headers: Record<string, string>;

beforeAll(async () => {
  t = await startTestApp({ API_PUBLIC_URL: 'http://api.test' });
  await seedDemo(t.db, { year: false });
  await createUser(t.db, { username: 'checker', role: 'SUPER USER' });
  headers = bearer((await signIn(t.app, 'checker')).access);
}, 240_000);

afterAll(async () => t.close());

/** Every demo member's profile as staff read it. */
async function demoProfiles(): Promise<{ username: string; is_defaulter: boolean; fine_amount: string; fines_owed: string }[]> {
  const members = await t.db.selectFrom('users').select('id').where('role', '=', 'MEMBER').where('deleted_at', 'is', null).orderBy('username').execute();
  return Promise.all(members.map(async ({ id }) => (await t.app.inject({ method: 'GET', url: `/users/members/${id}/profile/`, headers })).json()));
}

describe('demo members', () => {
  test('each demo member is flagged a defaulter exactly when he owes a fine', async () => {
    const profiles = await demoProfiles();
    expect(profiles.length).toBeGreaterThanOrEqual(8);
    const mismatched = profiles.filter((p) => p.is_defaulter !== (p.fines_owed !== '0.00') || p.fine_amount !== p.fines_owed).map((p) => `${p.username}: defaulter ${p.is_defaulter}, owes ${p.fines_owed}`);
    expect(mismatched).toEqual([]);
  }, 120_000);

  test('the demo’s defaulter owes a fine from a late return, and seeding again charges him nothing more', async () => {
    const defaulter = (await demoProfiles()).find((p) => p.username === 'usman.tariq')!;
    expect(defaulter).toMatchObject({ is_defaulter: true });
    expect(Number(defaulter.fines_owed)).toBeGreaterThan(0);
    await seedDemo(t.db, { year: false });
    expect((await demoProfiles()).find((p) => p.username === 'usman.tariq')).toEqual(defaulter);
  }, 120_000);
});
