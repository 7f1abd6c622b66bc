import { describe, expect, test } from 'vitest';
import { loanRulesFor } from '../../server/src/modules/members/plans.js';
import { DEMO_MEMBER_USERNAMES } from '../../server/src/demo-members.js';
import { DEMO_ACCOUNTS } from '../../server/src/provision.js';
import { access, bearer, ids, postJson, signIn, t, useSignedInApp } from './support/harness.js';

useSignedInApp({ LOGIN_RATE_LIMIT_PER_ADDRESS: '1000' }, [['admin', 'SUPER USER'], ['desk', 'MANAGER'], ['reader', 'MEMBER']]);

const send = (method: 'GET' | 'PATCH' | 'DELETE', url: string, token: string, body?: unknown) =>
  t.app.inject({ method, url, headers: { ...bearer(token), ...(body ? { 'content-type': 'application/json' } : {}) }, ...(body ? { payload: JSON.stringify(body) } : {}) });
const planCount = async () => Number((await t.db.selectFrom('membership_plans').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

describe('membership plans', () => {
  test('one default plan exists; it follows the book settings and every member is on it', async () => {
    const plans = (await send('GET', '/members/plans/', access['desk']!)).json();
    expect(plans).toEqual([
      { id: expect.any(Number), name: 'Standard', loan_limit: null, loan_period_days: null, fine_per_day: null, fee: '0.00', max_overdue_fine: null, validity_months: 12, is_default: true, member_count: 1 },
    ]);
    expect(await loanRulesFor(t.db, ids['reader']!)).toEqual({ loanLimit: 3, loanPeriodDays: 3, finePerDay: 1000, planId: plans[0].id, maxOverdueFine: null });
  });

  test('creates, reads, updates a plan; the member on it gets its loan rules', async () => {
    const created = await postJson(t.app, '/members/plans/', { name: 'Faculty', loan_limit: 10, loan_period_days: 30, fine_per_day: '5.50', fee: '1000', validity_months: 24 }, bearer(access['desk']!));
    expect(created.statusCode).toBe(201);
    const plan = created.json();
    expect(plan).toMatchObject({ name: 'Faculty', loan_limit: 10, loan_period_days: 30, fine_per_day: '5.50', fee: '1000.00', validity_months: 24, is_default: false, member_count: 0 });
    expect((await send('GET', `/members/plans/${plan.id}/`, access['desk']!)).json().name).toBe('Faculty');

    await t.db.updateTable('member_profiles').set({ plan_id: plan.id }).where('user_id', '=', ids['reader']!).execute();
    expect(await loanRulesFor(t.db, ids['reader']!)).toEqual({ loanLimit: 10, loanPeriodDays: 30, finePerDay: 550, planId: plan.id, maxOverdueFine: null });
    // A rule cleared back to blank follows the book settings again.
    const patched = await send('PATCH', `/members/plans/${plan.id}/`, access['desk']!, { loan_limit: '' });
    expect(patched.json()).toMatchObject({ loan_limit: null, member_count: 1 });
    expect((await loanRulesFor(t.db, ids['reader']!)).loanLimit).toBe(3);
    expect(await t.db.selectFrom('audit_log').select('action').where('entity', '=', 'membership_plan').execute()).toEqual([{ action: 'PLAN_CREATED' }, { action: 'PLAN_UPDATED' }]);
  });

  test('a plan in use and the default plan cannot be deleted; a free plan can', async () => {
    const faculty = (await send('GET', '/members/plans/', access['desk']!)).json().find((p: { name: string }) => p.name === 'Faculty');
    const inUse = await send('DELETE', `/members/plans/${faculty.id}/`, access['admin']!);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json()).toEqual({ detail: 'This plan is used by 1 member.' });
    const standard = (await send('GET', '/members/plans/', access['desk']!)).json().find((p: { is_default: boolean }) => p.is_default);
    const defaultRefused = await send('DELETE', `/members/plans/${standard.id}/`, access['admin']!);
    expect(defaultRefused.statusCode).toBe(409);
    expect(defaultRefused.json().detail).toMatch(/default plan cannot be deleted/);

    const spare = (await postJson(t.app, '/members/plans/', { name: 'Spare', validity_months: 1 }, bearer(access['desk']!))).json();
    expect((await send('DELETE', `/members/plans/${spare.id}/`, access['desk']!)).statusCode).toBe(403);
    expect((await send('DELETE', `/members/plans/${spare.id}/`, access['admin']!)).statusCode).toBe(204);
    expect((await send('DELETE', `/members/plans/${spare.id}/`, access['admin']!)).statusCode).toBe(404);
  });

  test('moving the default to another plan leaves exactly one default; it cannot be unset directly', async () => {
    const faculty = (await send('GET', '/members/plans/', access['desk']!)).json().find((p: { name: string }) => p.name === 'Faculty');
    expect((await send('PATCH', `/members/plans/${faculty.id}/`, access['desk']!, { is_default: true })).json().is_default).toBe(true);
    const plans = (await send('GET', '/members/plans/', access['desk']!)).json();
    expect(plans.filter((p: { is_default: boolean }) => p.is_default).map((p: { name: string }) => p.name)).toEqual(['Faculty']);
    const unset = await send('PATCH', `/members/plans/${faculty.id}/`, access['desk']!, { is_default: false });
    expect(unset.statusCode).toBe(400);
    expect(unset.json()).toEqual({ is_default: ['Make another plan the default instead.'] });
  });

  test.each([
    [{ validity_months: 12 }, 'name', 'This field is required.'],
    [{ name: 'standard' }, 'name', 'membership plan with this name already exists.'],
    [{ name: 'X', loan_limit: 0 }, 'loan_limit', 'Ensure this value is greater than or equal to 1.'],
    [{ name: 'X', loan_period_days: 'ten' }, 'loan_period_days', 'A valid integer is required.'],
    [{ name: 'X', fine_per_day: '1.234' }, 'fine_per_day', 'Ensure that there are no more than 2 decimal places.'],
    [{ name: 'X', fee: '-1' }, 'fee', 'Ensure this value is greater than or equal to 0.'],
    [{ name: 'X', validity_months: 500 }, 'validity_months', 'Ensure this value is less than or equal to 120.'],
    [{ name: 'x'.repeat(101) }, 'name', 'Ensure this field has no more than 100 characters.'],
  ])('refuses %j and writes nothing', async (body, field, message) => {
    const before = await planCount();
    const refused = await postJson(t.app, '/members/plans/', body, bearer(access['desk']!));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()[field]).toEqual([message]);
    expect(await planCount()).toBe(before);
  });

  test('members cannot read or change plans', async () => {
    expect((await send('GET', '/members/plans/', access['reader']!)).statusCode).toBe(403);
    expect((await postJson(t.app, '/members/plans/', { name: 'Mine' }, bearer(access['reader']!))).statusCode).toBe(403);
  });
});

describe('the demo library', () => {
  test('has members in every state, two plans and sessions; the demo sign-ins still work', async () => {
    const { seedDemo } = await import('../../server/src/main.js');
    await seedDemo(t.db, { year: false });
    await seedDemo(t.db, { year: false });
    const admin = (await signIn(t.app, 'demo.admin', 'Admin-demo-2026')).access;
    await signIn(t.app, 'demo.member', 'Member-demo-2026');
    const count = async (path: string) => (await send('GET', path, admin)).json().length as number;
    expect(await count('/users/all-members/')).toBeGreaterThanOrEqual(5);
    expect(await count('/users/pending-users/')).toBeGreaterThanOrEqual(3);
    expect(await count('/users/declined/')).toBe(1);
    expect(await count('/users/disabled-members/')).toBe(1);
    expect((await send('GET', '/members/plans/', admin)).json().map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(['Standard', 'Faculty']));
    expect(await count('/admin-sessions/')).toBe(2);
    // usman.tariq, who has not paid for his late return, and demo.member, who still owes part of his.
    // (Among the named demo members: the year's generated members owe fines of their own.)
    const named = [...DEMO_ACCOUNTS.map((a) => a.username), ...DEMO_MEMBER_USERNAMES];
    const defaulters = await t.db.selectFrom('member_profiles as p').innerJoin('users as u', 'u.id', 'p.user_id').select('u.username').where('p.is_defaulter', '=', 1).where('u.username', 'in', named).orderBy('u.username').execute();
    expect(defaulters.map((d) => d.username)).toEqual(['demo.member', 'usman.tariq']);
  }, 240_000);
});
