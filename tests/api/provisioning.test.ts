import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEMO_ACCOUNTS, ensureAdmin, seedDemo } from '../../server/src/main.js';
import { postJson, signIn, startTestApp, type TestApp } from './support/harness.js';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ LOGIN_RATE_LIMIT_PER_ADDRESS: '1000' });
});

afterAll(async () => t.close());

describe('create-admin', () => {
  test('creates an active, verified, approved SUPER USER once and leaves him alone afterwards', async () => {
    expect(await ensureAdmin(t.db, { username: 'chief', password: 'Head-Librarian-2026', email: 'chief@example.test' })).toEqual({
      username: 'chief',
      created: true,
    });
    expect(await ensureAdmin(t.db, { username: 'chief', password: 'Another-Password-2026' })).toEqual({ username: 'chief', created: false });
    const session = await signIn(t.app, 'chief', 'Head-Librarian-2026');
    expect(session.permissions.length).toBeGreaterThan(30);
    const user = await t.db.selectFrom('users').selectAll().where('username', '=', 'chief').executeTakeFirstOrThrow();
    expect(user).toMatchObject({ role: 'SUPER USER', is_active: 1, is_verified: 1, is_declined: 0 });
    expect(user.approved_at).not.toBeNull();
  });

  test('refuses a weak password with the reason', async () => {
    await expect(ensureAdmin(t.db, { username: 'weak.admin', password: '12345678' })).rejects.toThrow(/too common|entirely numeric/);
  });

  test('exits with code 1 and a clear message when ADMIN_PASSWORD is missing', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'library-cli-'));
    try {
      const run = promisify(execFile)(process.execPath, ['--import', 'tsx', 'server/src/main.ts', 'create-admin'], {
        env: { PATH: process.env['PATH'], DATA_DIR: dataDir, ADMIN_USERNAME: 'someone' },
      });
      const failure = await run.then(
        () => undefined,
        (error: { code?: number; stderr?: string }) => error,
      );
      expect(failure?.code).toBe(1);
      expect(failure?.stderr).toContain('ADMIN_PASSWORD is required');
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe('seed-demo', () => {
  test('adds the demo accounts, departments and sessions, and changes nothing when run again', async () => {
    const first = await seedDemo(t.db, { year: false });
    expect(first.accounts.every((a) => a.created)).toBe(true);
    const second = await seedDemo(t.db, { year: false });
    expect(second.accounts.every((a) => !a.created)).toBe(true);
    expect(await t.db.selectFrom('departments').select('name').execute()).toHaveLength(3);
    expect(await t.db.selectFrom('academic_sessions').select('session_range').execute()).toHaveLength(2);
    const demoUsers = await t.db.selectFrom('users').select('username').where('username', 'like', 'demo.%').execute();
    expect(demoUsers).toHaveLength(DEMO_ACCOUNTS.length);
    expect(await t.db.selectFrom('roles').select('id').where('name', '=', 'Front Desk').execute()).toHaveLength(1);
    // demo.member's bell: four notifications (the year's members have their own).
    const bell = t.db.selectFrom('users').select('id').where('username', '=', 'demo.member');
    expect(await t.db.selectFrom('notifications').select('id').where('user_id', 'in', bell).execute()).toHaveLength(4);
  }, 240_000);

  test('gives demo.desk the Front Desk role only: a narrower manager', async () => {
    const desk = await signIn(t.app, 'demo.desk', 'Desk-demo-2026');
    expect(desk.role).toBe('MANAGER');
    expect([...desk.permissions].sort()).toEqual(
      ['add_bookissuance', 'change_bookissuance', 'view_book', 'view_bookreservation', 'view_dashboard_summary', 'view_members'],
    );
  });

  test('gives demo.member three unread notifications and one read, newest first', async () => {
    const member = await signIn(t.app, 'demo.member', 'Member-demo-2026');
    const response = await t.app.inject({ method: 'GET', url: '/notifications/', headers: { authorization: `Bearer ${member.access}` } });
    const list = response.json() as { read: boolean; created_at: string }[];
    expect(list.filter((n) => !n.read)).toHaveLength(3);
    expect(list.filter((n) => n.read)).toHaveLength(1);
    expect(list.map((n) => n.created_at)).toEqual([...list.map((n) => n.created_at)].sort().reverse());
  });

  test.each(DEMO_ACCOUNTS.filter((a) => a.approved))('lets $username sign in as $role', async ({ username, password, role }) => {
    expect((await signIn(t.app, username, password)).role).toBe(role);
  });

  test('leaves demo.pending verified and awaiting approval, with a member profile', async () => {
    const response = await postJson(t.app, '/auth/login/', { username: 'demo.pending', password: 'Pending-demo-2026' });
    expect(response.json()).toEqual({ non_field_errors: ['Your account is awaiting approval by the library.'] });
    const profiles = await t.db
      .selectFrom('member_profiles')
      .innerJoin('users', 'users.id', 'member_profiles.user_id')
      .select(['users.username', 'member_profiles.member_id'])
      .where('users.username', 'in', ['demo.member', 'demo.pending'])
      .execute();
    expect(profiles).toHaveLength(2);
  });
});
