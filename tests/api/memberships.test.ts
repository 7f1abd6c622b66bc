import { beforeAll, describe, expect, test } from 'vitest';
import { addDays } from '#shared/dates';
import { membershipEnd } from '#shared/membership';
import { sendMembershipExpired, sendMembershipExpiring } from '../../server/src/modules/members/membership-jobs.js';
import { readNoticeSettings } from '../../server/src/modules/notices/settings-store.js';
import { postJson } from './support/harness.js';
import { multipart } from './support/multipart.js';
import { actor, desk, member, onlyInRole, t, today, useDeskApp, type Actor } from './support/circulation.js';

useDeskApp();

let planId = 0;
let clerk: Actor;

beforeAll(async () => {
  const now = new Date().toISOString();
  planId = (await t.db.insertInto('membership_plans').values({ name: 'Reader', loan_limit: null, loan_period_days: null, fine_per_day: null, fee: 50000, validity_months: 12, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow()).id;
  clerk = await actor(t, 'clerk', 'MANAGER');
  await onlyInRole(t, clerk.id, 'Members only', ['change_members', 'view_members']);
});

const profileOf = (id: number) => t.db.selectFrom('member_profiles').select(['membership_start', 'membership_expires']).where('user_id', '=', id).executeTakeFirstOrThrow();
const chargesOf = (id: number) => t.db.selectFrom('fines').select(['id', 'fee_type', 'amount', 'remaining', 'collected_amount']).where('member_id', '=', id).orderBy('id').execute();
const auditsOf = (id: number, action: string) => t.db.selectFrom('audit_log').selectAll().where('action', '=', action).where('entity_id', '=', String(id)).execute();
const noticesOf = (id: number, type: string) => t.db.selectFrom('notification_log').select(['channel', 'subject', 'body_text']).where('user_id', '=', id).where('notice_type', '=', type).execute();
const onPlan = (id: number, plan: number | null = planId) => t.db.updateTable('member_profiles').set({ plan_id: plan }).where('user_id', '=', id).execute();
const setExpiry = (id: number, start: string | null, expires: string | null) => t.db.updateTable('member_profiles').set({ membership_start: start, membership_expires: expires }).where('user_id', '=', id).execute();
const renew = (id: number, body: Record<string, unknown> = {}, by: Actor = desk) => postJson(t.app, `/members/${id}/membership/renew/`, body, by.headers);

describe('approval starts the membership', () => {
  test('approving a member on a plan with a fee starts his term today, charges the fee and audits it', async () => {
    const id = await member(t, 'nadia', 'pending');
    await onPlan(id);
    const answer = await postJson(t.app, `/auth/approve-user/${id}/`, {}, desk.headers);
    expect(answer.statusCode).toBe(200);
    expect(await profileOf(id)).toEqual({ membership_start: today, membership_expires: membershipEnd(today, 12) });
    expect(await chargesOf(id)).toMatchObject([{ fee_type: 'membership', amount: 50000, remaining: 50000 }]);
    const [audit] = await auditsOf(id, 'MEMBERSHIP_STARTED');
    expect(JSON.parse(audit!.after!)).toMatchObject({ membership_start: today, membership_expires: membershipEnd(today, 12), fee: '500.00' });
    // The approval mail tells him; the fee is on his fines. No second mail of its own.
    expect(await noticesOf(id, 'membership_renewed')).toEqual([]);
  });

  test('a plan without a fee starts the membership and charges nothing; approving again never restarts it', async () => {
    const id = await member(t, 'omar', 'pending');
    expect((await postJson(t.app, `/auth/approve-user/${id}/`, {}, clerk.headers)).statusCode).toBe(200);
    expect(await profileOf(id)).toEqual({ membership_start: today, membership_expires: membershipEnd(today, 12) });
    expect(await chargesOf(id)).toEqual([]);
    await t.db.updateTable('users').set({ is_active: 0 }).where('id', '=', id).execute();
    await setExpiry(id, '2020-01-01', '2020-12-31');
    expect((await postJson(t.app, `/auth/approve-user/${id}/`, {}, clerk.headers)).statusCode).toBe(200);
    expect(await profileOf(id)).toEqual({ membership_start: '2020-01-01', membership_expires: '2020-12-31' });
  });

  test('a member registered by staff starts his membership at once, with the fee charged', async () => {
    const body = multipart({ username: 'reg1', email: 'reg1@example.test', first_name: 'Reg', last_name: 'One', plan: String(planId) }, {});
    const created = await t.app.inject({ method: 'POST', url: '/auth/Single-Member-Register/', payload: body.payload, headers: { ...body.headers, ...desk.headers } });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as number;
    expect(await profileOf(id)).toEqual({ membership_start: today, membership_expires: membershipEnd(today, 12) });
    expect(await chargesOf(id)).toMatchObject([{ fee_type: 'membership', amount: 50000 }]);
    expect(await auditsOf(id, 'MEMBERSHIP_STARTED')).toHaveLength(1);
  });

  test('a member who accepts an invitation (approved at once) starts his membership', async () => {
    const since = t.mail.messages.length;
    expect((await postJson(t.app, '/users/invitations/', { email: 'guest@example.test' }, desk.headers)).statusCode).toBe(201);
    const mail = await t.mail.waitFor('guest@example.test', { since });
    const token = new URL(mail.links.find((l) => l.includes('/register?invitation='))!).searchParams.get('invitation')!;
    const password = 'Paper-Lantern-2026';
    const accepted = await postJson(t.app, `/users/invitation/confirm/${token}`, { token, first_name: 'Gu', last_name: 'Est', username: 'guest', email: 'guest@example.test', password, password2: password });
    expect(accepted.statusCode).toBe(201);
    const { id } = await t.db.selectFrom('users').select('id').where('username', '=', 'guest').executeTakeFirstOrThrow();
    expect(await profileOf(id)).toEqual({ membership_start: today, membership_expires: membershipEnd(today, 12) });
    const [audit] = await auditsOf(id, 'MEMBERSHIP_STARTED');
    expect(audit!.user_id).toBe(desk.id);
  });

  test('members imported in bulk start their memberships in the import', async () => {
    const csv = 'username,email,password,first_name,last_name\nbulk1,bulk1@example.test,Long-Reading-1-Hours,Bu,Lk\n';
    const body = multipart({}, { file: { filename: 'members.csv', content: Buffer.from(csv), contentType: 'text/csv' } });
    const answer = await t.app.inject({ method: 'POST', url: '/users/bulk-upload-members/', payload: body.payload, headers: { ...body.headers, ...desk.headers } });
    expect(answer.json()).toMatchObject({ imported: 1 });
    const { id } = await t.db.selectFrom('users').select('id').where('username', '=', 'bulk1').executeTakeFirstOrThrow();
    expect(await profileOf(id)).toEqual({ membership_start: today, membership_expires: membershipEnd(today, 12) });
    expect(await auditsOf(id, 'MEMBERSHIP_STARTED')).toHaveLength(1);
    expect(await noticesOf(id, 'membership_renewed')).toEqual([]);
  });
});

describe('POST /members/{id}/membership/renew/', () => {
  test('a running membership is extended from its expiry, the fee charged as a membership charge', async () => {
    const id = await member(t, 'rania');
    await onPlan(id);
    const expires = addDays(today, 10);
    await setExpiry(id, addDays(today, -355), expires);
    const answer = await renew(id);
    expect(answer.statusCode).toBe(200);
    const newExpiry = membershipEnd(addDays(expires, 1), 12);
    expect(answer.json()).toMatchObject({ membership_start: addDays(today, -355), membership_expires: newExpiry, membership_standing: 'active', receipt_no: null });
    expect(answer.json().charge).toMatchObject({ fee_type: 'membership', amount: '500.00', remaining_fines: '500.00', issued_book: null, book_id: null });
    expect(await profileOf(id)).toEqual({ membership_start: addDays(today, -355), membership_expires: newExpiry });
    const [audit] = await auditsOf(id, 'MEMBERSHIP_RENEWED');
    expect(JSON.parse(audit!.before!)).toMatchObject({ membership_expires: expires });
    expect(await noticesOf(id, 'membership_renewed')).toHaveLength(2);
  });

  test('an expired membership is renewed from today; a plan changed meanwhile sets the new term and fee', async () => {
    const id = await member(t, 'sami');
    await setExpiry(id, '2024-01-01', addDays(today, -5));
    const now = new Date().toISOString();
    const short = (await t.db.insertInto('membership_plans').values({ name: 'Term', loan_limit: null, loan_period_days: null, fine_per_day: null, fee: 12000, validity_months: 6, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow()).id;
    await onPlan(id, short);
    const answer = await renew(id);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ membership_start: today, membership_expires: membershipEnd(today, 6), membership_standing: 'active' });
    expect(answer.json().charge).toMatchObject({ amount: '120.00' });
  });

  test('money collected at the renewal needs change_fine: refused with 403 and nothing written without it', async () => {
    const id = await member(t, 'tariq');
    await onPlan(id);
    await setExpiry(id, today, membershipEnd(today, 12));
    const before = await profileOf(id);
    const refused = await renew(id, { collected: '500.00' }, clerk);
    expect(refused.statusCode).toBe(403);
    expect(await profileOf(id)).toEqual(before);
    expect(await chargesOf(id)).toEqual([]);
    expect(await auditsOf(id, 'MEMBERSHIP_RENEWED')).toEqual([]);
    // Without money the clerk renews.
    expect((await renew(id, {}, clerk)).statusCode).toBe(200);
  });

  test('with change_fine the fee collected is recorded as a receipt over the new charge', async () => {
    const id = await member(t, 'usman');
    await onPlan(id);
    await setExpiry(id, today, membershipEnd(today, 12));
    const answer = await renew(id, { collected: '500.00' });
    expect(answer.statusCode).toBe(200);
    const body = answer.json();
    expect(body.receipt_no).toMatch(/^R-\d{8}-\d{6}$/);
    expect(body.charge).toMatchObject({ fee_type: 'membership', amount: '500.00', collected_amount: '500.00', remaining_fines: '0.00' });
    const receipt = await t.db.selectFrom('fine_receipts').select(['cash', 'kind']).where('receipt_no', '=', body.receipt_no).executeTakeFirstOrThrow();
    expect(receipt).toEqual({ cash: 50000, kind: 'PAYMENT' });
  });

  test('two renewals at once: each one that succeeds extends by one term and charges once; one that lost the race writes nothing', async () => {
    const id = await member(t, 'racer');
    await onPlan(id);
    await setExpiry(id, today, membershipEnd(today, 12));
    const answers = await Promise.all([renew(id), renew(id)]);
    const ok = answers.filter((a) => a.statusCode === 200).length;
    expect(ok).toBeGreaterThanOrEqual(1);
    for (const a of answers) if (a.statusCode !== 200) expect(a.statusCode).toBe(409);
    let expires = membershipEnd(today, 12);
    for (let i = 0; i < ok; i++) expires = membershipEnd(addDays(expires, 1), 12);
    expect((await profileOf(id)).membership_expires).toBe(expires);
    expect(await chargesOf(id)).toHaveLength(ok);
    expect(await auditsOf(id, 'MEMBERSHIP_RENEWED')).toHaveLength(ok);
  });

  test('refuses a member not approved yet, an unknown member, bad money and a member caller', async () => {
    const pending = await member(t, 'waiting', 'pending');
    const notApproved = await renew(pending);
    expect(notApproved.statusCode).toBe(400);
    expect(notApproved.json()).toEqual({ detail: 'This member has not been approved yet; a membership starts on approval.' });
    expect((await renew(999_999)).statusCode).toBe(404);
    const id = await member(t, 'vera');
    await setExpiry(id, today, membershipEnd(today, 12));
    const bad = await renew(id, { collected: 'lots' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty('collected');
    expect((await renew(id, { collected: '-1.00' })).json()).toEqual({ collected: ['Cannot be negative'] });
    const reader = await actor(t, 'reader1');
    expect((await renew(reader.id, {}, reader)).statusCode).toBe(403);
    expect(await profileOf(id)).toEqual({ membership_start: today, membership_expires: membershipEnd(today, 12) });
  });
});

describe('membership notices', () => {
  test('"membership expiring" goes once per term, membership_notice_days before the expiry, with the date and the fee', async () => {
    const id = await member(t, 'xena');
    await onPlan(id);
    const settings = await readNoticeSettings(t.db);
    await setExpiry(id, '2026-01-01', addDays(today, settings.membershipNoticeDays));
    const ctx = t.app.ctx;
    expect(await sendMembershipExpiring(ctx, today, settings)).toBeGreaterThanOrEqual(1);
    await sendMembershipExpiring(ctx, today, settings);
    await sendMembershipExpiring(ctx, addDays(today, 1), settings);
    const sent = await noticesOf(id, 'membership_expiring');
    expect(sent.map((n) => n.channel).sort()).toEqual(['email', 'in_app']);
    expect(sent[0]!.body_text).toContain('500.00');
  });

  test('"membership expired" goes once, the day after the expiry (or the first run after it)', async () => {
    const id = await member(t, 'yusuf');
    await setExpiry(id, '2025-01-01', addDays(today, -1));
    const later = await member(t, 'zara');
    await setExpiry(later, '2025-01-01', today);
    const ctx = t.app.ctx;
    const settings = await readNoticeSettings(t.db);
    await sendMembershipExpired(ctx, today, settings);
    await sendMembershipExpired(ctx, addDays(today, 1), settings);
    expect(await noticesOf(id, 'membership_expired')).toHaveLength(2);
    expect(await noticesOf(later, 'membership_expired')).toHaveLength(2);
    const disabled = await member(t, 'gone', 'disabled');
    await setExpiry(disabled, '2025-01-01', addDays(today, -1));
    await sendMembershipExpired(ctx, today, settings);
    expect(await noticesOf(disabled, 'membership_expired')).toEqual([]);
  });
});

describe('member answers carry the membership', () => {
  test('the member list row, the staff profile and the member\'s own profile', async () => {
    const reader = await actor(t, 'ayesha');
    await setExpiry(reader.id, '2026-01-01', addDays(today, 3));
    const expected = { membership_start: '2026-01-01', membership_expires: addDays(today, 3), membership_standing: 'expiring' };
    const list = await t.app.inject({ method: 'GET', url: '/users/all-members/?search=ayesha', headers: desk.headers });
    expect(list.json().find((m: { id: number }) => m.id === reader.id)).toMatchObject(expected);
    const staff = await t.app.inject({ method: 'GET', url: `/users/members/${reader.id}/profile/`, headers: desk.headers });
    expect(staff.json()).toMatchObject(expected);
    const own = await t.app.inject({ method: 'GET', url: '/users/update-profile/', headers: reader.headers });
    expect(own.json()).toMatchObject(expected);
    const none = await member(t, 'nomember');
    const row = (await t.app.inject({ method: 'GET', url: `/users/members/${none}/profile/`, headers: desk.headers })).json();
    expect(row).toMatchObject({ membership_start: null, membership_expires: null, membership_standing: 'none' });
  });
});

describe('membership_notice_days in the notification settings', () => {
  test('is answered (14 by default) and changed within 1..90', async () => {
    const url = '/settings/notifications/';
    const put = (body: unknown) => t.app.inject({ method: 'PUT', url, payload: JSON.stringify(body), headers: { 'content-type': 'application/json', ...desk.headers } });
    expect((await t.app.inject({ method: 'GET', url, headers: desk.headers })).json()).toMatchObject({ membership_notice_days: 14 });
    expect((await put({ membership_notice_days: 0 })).statusCode).toBe(400);
    expect((await put({ membership_notice_days: 91 })).json()).toHaveProperty('membership_notice_days');
    const changed = await put({ membership_notice_days: 30 });
    expect(changed.json()).toMatchObject({ membership_notice_days: 30 });
    expect((await readNoticeSettings(t.db)).membershipNoticeDays).toBe(30);
    await put({ membership_notice_days: 14 });
  });
});
