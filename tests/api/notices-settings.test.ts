import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { NOTICE_DEFINITIONS, NOTICE_TYPES } from '#shared/notice-templates';
import { bearer, createUser, signIn, startTestApp, type TestApp } from './support/harness.js';

let t: TestApp;
let admin: string;
let manager: string;
let member: string;

const URL = '/settings/notifications/';

function put(body: unknown, token = admin) {
  return t.app.inject({ method: 'PUT', url: URL, payload: JSON.stringify(body), headers: { 'content-type': 'application/json', ...bearer(token) } });
}
const get = (token = admin) => t.app.inject({ method: 'GET', url: URL, headers: bearer(token) });
const storedNotices = async () => JSON.parse((await t.db.selectFrom('notification_settings').select('notices').orderBy('id').executeTakeFirstOrThrow()).notices) as Record<string, unknown>;
const auditCount = async () => Number((await t.db.selectFrom('audit_log').select((eb) => eb.fn.countAll<number>().as('n')).where('action', '=', 'NOTIFICATION_SETTINGS_CHANGED').executeTakeFirstOrThrow()).n);

beforeAll(async () => {
  t = await startTestApp();
  await createUser(t.db, { username: 'boss', role: 'SUPER USER' });
  await createUser(t.db, { username: 'desk', role: 'MANAGER' });
  await createUser(t.db, { username: 'reader' });
  admin = (await signIn(t.app, 'boss')).access;
  manager = (await signIn(t.app, 'desk')).access;
  member = (await signIn(t.app, 'reader')).access;
});

afterAll(async () => t.close());

describe('GET /settings/notifications/', () => {
  test('a fresh library has every notice on with the default wording, in the templates\' order', async () => {
    const response = await get();
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ due_soon_days: 2, overdue_every_days: 3, overdue_max_times: 3, hold_pickup_days: 3, jobs_run_at: '08:00' });
    expect(body.notices.map((n: { type: string }) => n.type)).toEqual([...NOTICE_TYPES]);
    for (const notice of body.notices) {
      const definition = NOTICE_DEFINITIONS[notice.type as keyof typeof NOTICE_DEFINITIONS];
      expect(notice).toEqual({
        type: definition.type, label: definition.label, when: definition.when, enabled: true, subject: definition.subject, body: definition.body,
        placeholders: [...definition.placeholders], default_subject: definition.subject, default_body: definition.body,
      });
    }
    for (const toggle of ['on_book_issue', 'on_due_date', 'on_reservation_request', 'on_fine_imposition', 'on_fine_collection']) expect(body[toggle]).toBe(true);
  });

  test('needs view_notificationsettings: a manager reads, a member gets 403, nobody signed in 401', async () => {
    expect((await get(manager)).statusCode).toBe(200);
    expect((await get(member)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: URL })).statusCode).toBe(401);
  });
});

describe('PUT /settings/notifications/', () => {
  test('takes any subset, stores only what differs from the defaults and audits before and after', async () => {
    const audits = await auditCount();
    const response = await put({ due_soon_days: 5, jobs_run_at: '07:30', notices: [{ type: 'due_soon', subject: 'Soon: {book_title}' }, { type: 'overdue', enabled: false }] });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ due_soon_days: 5, overdue_every_days: 3, jobs_run_at: '07:30' });
    expect(body.notices.find((n: { type: string }) => n.type === 'due_soon')).toMatchObject({ subject: 'Soon: {book_title}', enabled: true, default_subject: NOTICE_DEFINITIONS.due_soon.subject });
    expect(body.notices.find((n: { type: string }) => n.type === 'overdue')).toMatchObject({ enabled: false });
    expect(await storedNotices()).toEqual({ due_soon: { subject: 'Soon: {book_title}' }, overdue: { enabled: false } });
    expect(await auditCount()).toBe(audits + 1);
    const audit = await t.db.selectFrom('audit_log').selectAll().where('action', '=', 'NOTIFICATION_SETTINGS_CHANGED').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(JSON.parse(audit.before ?? '{}')).toMatchObject({ due_soon_days: 2, jobs_run_at: '08:00' });
    expect(JSON.parse(audit.after ?? '{}')).toMatchObject({ due_soon_days: 5, jobs_run_at: '07:30' });
    expect((await get()).json()).toEqual(body);

    // Sending the default back resets the template: nothing is stored for it.
    await put({ notices: [{ type: 'due_soon', subject: NOTICE_DEFINITIONS.due_soon.subject }, { type: 'overdue', enabled: true }] });
    expect(await storedNotices()).toEqual({});
  });

  test('the five on_* booleans read and write the toggles of their notices', async () => {
    const response = await put({ on_book_issue: false, on_fine_collection: false });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.on_book_issue).toBe(false);
    expect(body.on_fine_collection).toBe(false);
    expect(body.on_due_date).toBe(true);
    expect(body.notices.find((n: { type: string }) => n.type === 'book_issued').enabled).toBe(false);
    expect(body.notices.find((n: { type: string }) => n.type === 'fine_collected').enabled).toBe(false);
    const back = (await put({ notices: [{ type: 'book_issued', enabled: true }], on_fine_collection: true })).json();
    expect(back.on_book_issue).toBe(true);
    expect(back.on_fine_collection).toBe(true);
    expect(await storedNotices()).toEqual({});
  });

  test.each([
    [{ notices: [{ type: 'x' }] }, { notices: ['Unknown notice type "x".'] }],
    [{ notices: [{ type: 'due_soon', subject: 'Due {due}' }] }, { 'notices.due_soon.subject': ['Unknown placeholder {due}.'] }],
    [{ notices: [{ type: 'due_soon', body: 'Hello {nam}' }] }, { 'notices.due_soon.body': ['Unknown placeholder {nam}.'] }],
    [{ notices: [{ type: 'due_soon', subject: '   ' }] }, { 'notices.due_soon.subject': ['This field may not be blank.'] }],
    [{ notices: [{ type: 'due_soon', body: '' }] }, { 'notices.due_soon.body': ['This field may not be blank.'] }],
    [{ notices: [{ type: 'due_soon', subject: 'x'.repeat(201) }] }, { 'notices.due_soon.subject': ['Ensure this field has no more than 200 characters.'] }],
    [{ notices: [{ type: 'due_soon', body: 'x'.repeat(4001) }] }, { 'notices.due_soon.body': ['Ensure this field has no more than 4000 characters.'] }],
    [{ notices: [{ type: 'due_soon', enabled: 'yes' }] }, { 'notices.due_soon.enabled': ['Must be a valid boolean.'] }],
    [{ notices: { type: 'due_soon' } }, { notices: ['Expected a list of items.'] }],
    [{ jobs_run_at: '8:00' }, { jobs_run_at: ['Enter a time as HH:MM.'] }],
    [{ jobs_run_at: '24:00' }, { jobs_run_at: ['Enter a time as HH:MM.'] }],
    [{ due_soon_days: 0 }, { due_soon_days: ['Enter a whole number from 1 to 30.'] }],
    [{ due_soon_days: 31 }, { due_soon_days: ['Enter a whole number from 1 to 30.'] }],
    [{ due_soon_days: 2.5 }, { due_soon_days: ['Enter a whole number from 1 to 30.'] }],
    [{ overdue_every_days: 'abc' }, { overdue_every_days: ['Enter a whole number from 1 to 30.'] }],
    [{ overdue_max_times: 21 }, { overdue_max_times: ['Enter a whole number from 0 to 20.'] }],
    [{ hold_pickup_days: -1 }, { hold_pickup_days: ['Enter a whole number from 1 to 30.'] }],
    [{ on_due_date: 'false' }, { on_due_date: ['Must be a valid boolean.'] }],
  ])('refuses %j with 400 and writes nothing', async (body, errors) => {
    const before = await t.db.selectFrom('notification_settings').selectAll().orderBy('id').executeTakeFirstOrThrow();
    const audits = await auditCount();
    const response = await put(body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(errors);
    expect(await t.db.selectFrom('notification_settings').selectAll().orderBy('id').executeTakeFirstOrThrow()).toEqual(before);
    expect(await auditCount()).toBe(audits);
  });

  test('accepts 0 overdue notices and a body naming every placeholder', async () => {
    const body = '{member_name} {book_title} {due_date} {library_name} {amount} {pickup_by} {days_late}';
    const response = await put({ overdue_max_times: 0, notices: [{ type: 'overdue', body }] });
    expect(response.statusCode).toBe(200);
    expect(response.json().overdue_max_times).toBe(0);
    await put({ overdue_max_times: 3, notices: [{ type: 'overdue', body: NOTICE_DEFINITIONS.overdue.body }] });
  });

  test('a list of more than 50 notices is refused as a whole, not entry by entry', async () => {
    const response = await put({ notices: Array.from({ length: 51 }, () => ({ type: 'nope' })) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ notices: ['Ensure this list has no more than 50 elements.'] });
  });

  test('a body that is not an object is refused', async () => {
    expect((await put([1, 2])).statusCode).toBe(400);
    expect((await put('text')).statusCode).toBe(400);
  });

  test('needs change_notificationsettings: a manager may read but not change', async () => {
    expect((await put({ due_soon_days: 4 }, manager)).statusCode).toBe(403);
    expect((await put({ due_soon_days: 4 }, member)).statusCode).toBe(403);
  });
});
