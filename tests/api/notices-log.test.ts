import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Insertable } from 'kysely';
import type { NotificationLogTable } from '../../server/src/db/schema.js';
import { actor, onlyInRole, type Actor } from './support/circulation.js';
import { createUser, startTestApp, type TestApp } from './support/harness.js';

let t: TestApp;
let desk: Actor;
let ayesha: number;
let bilal: number;

const row = (values: Partial<Insertable<NotificationLogTable>> & { created_at: string }): Insertable<NotificationLogTable> => ({
  user_id: null, recipient: 'x@example.test', subject: 'Subject', kind: 'due_today', notice_type: 'due_today', channel: 'email', status: 'SENT', attempts: 1, ...values,
});

beforeAll(async () => {
  t = await startTestApp({ API_PUBLIC_URL: 'http://api.test' });
  desk = await actor(t, 'desk', 'MANAGER');
  ayesha = (await createUser(t.db, { username: 'ayesha' })).id;
  bilal = (await createUser(t.db, { username: 'bilal' })).id;
  await t.db.updateTable('users').set({ first_name: 'Ayesha', last_name: 'Khan' }).where('id', '=', ayesha).execute();
  await t.db.updateTable('library_settings').set({ timezone: 'Asia/Karachi' }).execute();
  await t.db.insertInto('notification_log').values([
    // 2026-03-01 23:30 in Karachi is 18:30 UTC.
    row({ user_id: ayesha, recipient: 'ayesha@example.test', created_at: '2026-03-01T18:30:00.000Z', subject: 'Due today: Dune', body_text: 'Dear Ayesha' }),
    row({ user_id: ayesha, recipient: 'ayesha', channel: 'in_app', created_at: '2026-03-01T18:30:00.000Z' }),
    // 2026-03-02 00:30 in Karachi is 19:30 UTC on the 1st.
    row({ user_id: bilal, recipient: 'bilal@example.test', notice_type: 'overdue', kind: 'overdue', status: 'FAILED', attempts: 2, error: 'refused', created_at: '2026-03-01T19:30:00.000Z' }),
    row({ user_id: bilal, recipient: 'bilal@example.test', notice_type: null, kind: 'verify_email', created_at: '2026-03-03T10:00:00.000Z' }),
    row({ user_id: bilal, recipient: 'bilal@example.test', notice_type: 'fine_imposed', kind: 'fine_imposed', status: 'SENDING', attempts: 0, created_at: '2026-03-04T10:00:00.000Z' }),
  ]).execute();
});

afterAll(async () => t.close());

const list = (query: string, headers = desk.headers) => t.app.inject({ method: 'GET', url: `/notifications-logs/${query}`, headers });
const subjects = async (query: string) => (await list(query)).json().results.map((r: { recipient: string; channel: string }) => `${r.recipient}/${r.channel}`);

describe('GET /notifications-logs/', () => {
  test('answers a page newest first with the member joined', async () => {
    const response = await list('');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.count).toBe(5);
    expect(body.next).toBeNull();
    expect(body.results[0]).toMatchObject({ recipient: 'bilal@example.test', notice_type: 'fine_imposed', status: 'PENDING', attempts: 0 });
    const first = body.results.find((r: { subject: string }) => r.subject === 'Due today: Dune');
    expect(first).toEqual({
      id: expect.any(Number), created_at: '2026-03-01T18:30:00.000Z', sent_at: null, user: { id: ayesha, username: 'ayesha', full_name: 'Ayesha Khan', member_id: expect.anything() },
      recipient: 'ayesha@example.test', notice_type: 'due_today', kind: 'due_today', channel: 'email', status: 'SENT', attempts: 1, next_attempt_at: null, error: null, subject: 'Due today: Dune',
    });
    expect(first).not.toHaveProperty('body_text');
  });

  test.each([
    ['?type=overdue', ['bilal@example.test/email']],
    ['?type=account', ['bilal@example.test/email']],
    ['?status=FAILED', ['bilal@example.test/email']],
    ['?status=PENDING', ['bilal@example.test/email']],
    ['?channel=in_app', ['ayesha/in_app']],
    [`?search=khan`, ['ayesha/in_app', 'ayesha@example.test/email']],
    [`?search=AYESHA%40EXAMPLE`, ['ayesha@example.test/email']],
    ['?search=100%25', []],
    // Library dates in Karachi: the 00:30 row of the 2nd is not on the 1st.
    ['?date_from=2026-03-01&date_to=2026-03-01', ['ayesha/in_app', 'ayesha@example.test/email']],
    ['?date_from=2026-03-02&date_to=2026-03-03', ['bilal@example.test/email', 'bilal@example.test/email']],
    ['?date_from=2026-03-04', ['bilal@example.test/email']],
  ])('filters %s', async (query, expected) => {
    expect((await subjects(query)).sort()).toEqual([...expected].sort());
  });

  test('filters by member', async () => {
    expect(await subjects(`?member=${ayesha}`)).toHaveLength(2);
    expect(await subjects(`?member=${bilal}&status=SENT`)).toEqual(['bilal@example.test/email']);
  });

  test.each([
    ['?date_from=2026-02-30', { date_from: ['Enter a valid date.'] }],
    ['?date_to=yesterday', { date_to: ['Enter a valid date.'] }],
    ['?status=LOST', { status: ['Select a valid choice. LOST is not one of the available choices.'] }],
    ['?channel=sms', { channel: ['Select a valid choice. sms is not one of the available choices.'] }],
    ['?type=x', { type: ['Select a valid choice. x is not one of the available choices.'] }],
    ['?member=abc', { member: ['Enter a whole number from 1 to 2,147,483,647.'] }],
    ['?status=SENT&status=FAILED', { status: ['Give this parameter once.'] }],
  ])('refuses %s with 400 naming the field', async (query, errors) => {
    const response = await list(query);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(errors);
  });

  test('caps page_size at 100 and links the pages', async () => {
    await t.db.insertInto('notification_log').values(Array.from({ length: 120 }, (_, i) => row({ created_at: `2025-01-01T00:00:${String(i % 60).padStart(2, '0')}.${String(i).padStart(3, '0')}Z` }))).execute();
    const body = (await list('?page_size=1000')).json();
    expect(body.count).toBe(125);
    expect(body.results).toHaveLength(100);
    expect(body.next).toBe('http://api.test/notifications-logs/?page_size=1000&page=2');
    expect((await list('?page=2&page_size=1000')).json().results).toHaveLength(25);
    expect((await list('?page=9')).statusCode).toBe(404);
  });

  test('needs view_notificationlog: 403 without it, 401 signed out', async () => {
    const clerk = await actor(t, 'clerk', 'MANAGER');
    await onlyInRole(t, clerk.id, 'No log', ['view_notificationsettings']);
    expect((await list('', clerk.headers)).statusCode).toBe(403);
    const reader = await actor(t, 'reader');
    expect((await list('', reader.headers)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/notifications-logs/' })).statusCode).toBe(401);
  });
});

describe('GET /notifications-logs/{id}/', () => {
  test('answers the row with its text; unknown is 404; 403 without the permission', async () => {
    const { id } = await t.db.selectFrom('notification_log').select('id').where('subject', '=', 'Due today: Dune').executeTakeFirstOrThrow();
    const response = await t.app.inject({ method: 'GET', url: `/notifications-logs/${id}/`, headers: desk.headers });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id, subject: 'Due today: Dune', body_text: 'Dear Ayesha', user: { username: 'ayesha' } });
    expect((await t.app.inject({ method: 'GET', url: '/notifications-logs/999999/', headers: desk.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/notifications-logs/abc/', headers: desk.headers })).statusCode).toBe(404);
    const reader = await actor(t, 'reader2');
    expect((await t.app.inject({ method: 'GET', url: `/notifications-logs/${id}/`, headers: reader.headers })).statusCode).toBe(403);
  });
});
