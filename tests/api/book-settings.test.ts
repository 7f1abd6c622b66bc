import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { bearer, createUser, postJson, signIn, startTestApp, type TestApp } from './support/harness.js';
import { DESK_DEFAULTS } from './support/desk-settings.js';

let t: TestApp;
const access: Record<string, string> = {};

/** Puts a user only in a custom role holding `codenames` (instead of its built-in role's group). */
async function onlyInRole(username: string, roleName: string, codenames: string[]): Promise<void> {
  const user = await t.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow();
  const role = await t.db.insertInto('roles').values({ name: roleName, built_in: 0 }).returning('id').executeTakeFirstOrThrow();
  const perms = await t.db.selectFrom('permissions').select('id').where('codename', 'in', codenames).execute();
  await t.db.insertInto('role_permissions').values(perms.map((p) => ({ role_id: role.id, permission_id: p.id }))).execute();
  await t.db.deleteFrom('user_roles').where('user_id', '=', user.id).execute();
  await t.db.insertInto('user_roles').values({ user_id: user.id, role_id: role.id }).execute();
}

beforeAll(async () => {
  t = await startTestApp({ API_PUBLIC_URL: 'http://api.test' });
  for (const [username, role] of [['admin', 'SUPER USER'], ['desk', 'MANAGER'], ['editor', 'MANAGER'], ['blind', 'MANAGER'], ['reader', 'MEMBER']] as const) {
    await createUser(t.db, { username, role });
  }
  await onlyInRole('editor', 'Settings editor', ['view_librarysettings', 'change_librarysettings']);
  await onlyInRole('blind', 'Shelver', ['view_book']);
  for (const username of ['admin', 'desk', 'editor', 'blind', 'reader']) access[username] = (await signIn(t.app, username)).access;
});

afterAll(async () => t.close());

const URL = '/settings/Books_settings/';
const get = (token?: string) => t.app.inject({ method: 'GET', url: URL, headers: token ? bearer(token) : {} });
const post = (token: string | undefined, body: unknown) => postJson(t.app, URL, body, token ? bearer(token) : {});
const good = { max_books_per_member: 5, max_issue_duration: 21, fine_per_day: '12.50' };
/** The same rules as the audit entry stores them. */
const DESK_STORED = { block_fines_over: 0, block_overdue_count: null, block_overdue_days: null, block_membership_expired: 1, lost_processing_fee: 0, lost_found_action: 'CANCEL', closed_weekdays: '', fines_count_closed_days: 1 };

describe('GET /settings/Books_settings/', () => {
  test('answers the three loan rules with the fine as a 2-place string (defaults of the settings row)', async () => {
    const response = await get(access['admin']);
    expect(response.statusCode).toBe(200);
    const row = await t.db.selectFrom('library_settings').selectAll().executeTakeFirstOrThrow();
    expect(response.json()).toEqual({
      max_books_per_member: row.max_books_per_member,
      max_issue_duration: row.max_issue_duration,
      fine_per_day: `${Math.floor(row.fine_per_day / 100)}.${String(row.fine_per_day % 100).padStart(2, '0')}`,
      accession_prefix: 'ACC-',
      accession_digits: 5,
      next_accession_number: 1,
      label_sheet: '3x8',
      ...DESK_DEFAULTS,
    });
    expect(response.json().fine_per_day).toMatch(/^\d+\.\d{2}$/);
  });

  test('signed out 401, member 403, manager without view_librarysettings 403, default manager 200', async () => {
    expect((await get()).statusCode).toBe(401);
    const member = await get(access['reader']);
    expect(member.statusCode).toBe(403);
    expect(member.json()).toEqual({ detail: 'You do not have permission to perform this action.' });
    expect((await get(access['blind'])).statusCode).toBe(403);
    expect((await get(access['desk'])).statusCode).toBe(200);
  });
});

describe('POST /settings/Books_settings/', () => {
  test('signed out 401, member 403, default manager (no change_librarysettings) 403, nothing changes', async () => {
    const before = (await get(access['admin'])).json();
    expect((await post(undefined, good)).statusCode).toBe(401);
    expect((await post(access['reader'], good)).statusCode).toBe(403);
    expect((await post(access['desk'], good)).statusCode).toBe(403);
    expect((await post(access['blind'], good)).statusCode).toBe(403);
    expect((await get(access['admin'])).json()).toEqual(before);
  });

  test('saves all three, answers the detail and the values, GET and the general settings show them, audited', async () => {
    const response = await post(access['admin'], good);
    expect(response.statusCode).toBe(200);
    const accession = { accession_prefix: 'ACC-', accession_digits: 5, next_accession_number: 1, label_sheet: '3x8', ...DESK_DEFAULTS };
    expect(response.json()).toEqual({ detail: 'Library settings updated successfully.', max_books_per_member: 5, max_issue_duration: 21, fine_per_day: '12.50', ...accession });
    expect((await get(access['desk'])).json()).toEqual({ max_books_per_member: 5, max_issue_duration: 21, fine_per_day: '12.50', ...accession });
    const general = (await t.app.inject({ method: 'GET', url: '/settings/library/' })).json();
    expect(general).toMatchObject({ max_books_per_member: 5, max_issue_duration: 21, fine_per_day: '12.50' });
    const stored = await t.db.selectFrom('library_settings').select('fine_per_day').executeTakeFirstOrThrow();
    expect(stored.fine_per_day).toBe(1250);
    const audit = await t.db.selectFrom('audit_log').selectAll().where('action', '=', 'BOOK_SETTINGS_UPDATED').execute();
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0]!.after!)).toEqual({ max_books_per_member: 5, max_issue_duration: 21, fine_per_day: 1250, accession_prefix: 'ACC-', accession_digits: 5, accession_next: 1, label_sheet: '3x8', ...DESK_STORED });
  });

  test('a manager whose role holds change_librarysettings may save; numbers as strings are accepted', async () => {
    const response = await post(access['editor'], { max_books_per_member: '4', max_issue_duration: '14', fine_per_day: 7 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ max_books_per_member: 4, max_issue_duration: 14, fine_per_day: '7.00' });
  });

  test('every field is required', async () => {
    const response = await post(access['admin'], {});
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      max_books_per_member: ['This field is required.'],
      max_issue_duration: ['This field is required.'],
      fine_per_day: ['This field is required.'],
    });
    const partial = await post(access['admin'], { max_books_per_member: 3, fine_per_day: '' });
    expect(partial.json()).toEqual({ max_issue_duration: ['This field is required.'], fine_per_day: ['This field is required.'] });
  });

  test('refuses bad numbers and money, all at once, and changes nothing', async () => {
    const before = (await get(access['admin'])).json();
    const response = await post(access['admin'], { max_books_per_member: 0, max_issue_duration: 'two weeks', fine_per_day: '-1' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      max_books_per_member: ['Ensure this value is greater than or equal to 1.'],
      max_issue_duration: ['A valid integer is required.'],
      fine_per_day: ['Ensure this value is greater than or equal to 0.'],
    });
    const more = await post(access['admin'], { max_books_per_member: 2.5, max_issue_duration: 4000, fine_per_day: '1.234' });
    expect(more.json()).toEqual({
      max_books_per_member: ['A valid integer is required.'],
      max_issue_duration: ['Ensure this value is less than or equal to 3650.'],
      fine_per_day: ['Ensure that there are no more than 2 decimal places.'],
    });
    expect((await get(access['admin'])).json()).toEqual(before);
  });

  test('a body that is not an object is refused with a message', async () => {
    const response = await post(access['admin'], [1, 2, 3]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ non_field_errors: ['Invalid data format.'] });
  });
});

describe('the accession settings', () => {
  test('round trip: prefix, digits, next number and label sheet are saved when given and kept when not', async () => {
    const saved = await post(access['admin'], { ...good, accession_prefix: 'LIB/', accession_digits: '6', next_accession_number: 1200, label_sheet: '4x10' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ accession_prefix: 'LIB/', accession_digits: 6, next_accession_number: 1200, label_sheet: '4x10' });
    const kept = await post(access['admin'], good);
    expect(kept.json()).toMatchObject({ accession_prefix: 'LIB/', accession_digits: 6, next_accession_number: 1200, label_sheet: '4x10' });
    const blank = await post(access['admin'], { ...good, accession_prefix: '' });
    expect(blank.json()).toMatchObject({ accession_prefix: '' });
    expect((await get(access['desk'])).json()).toMatchObject({ accession_prefix: '', accession_digits: 6, next_accession_number: 1200, label_sheet: '4x10' });
    const row = await t.db.selectFrom('library_settings').select(['accession_prefix', 'accession_digits', 'accession_next', 'label_sheet']).executeTakeFirstOrThrow();
    expect(row).toEqual({ accession_prefix: '', accession_digits: 6, accession_next: 1200, label_sheet: '4x10' });
    await post(access['admin'], { ...good, accession_prefix: 'ACC-', accession_digits: 5, next_accession_number: 1, label_sheet: '3x8' });
  });

  test.each([
    ['accession_prefix', 'has space'],
    ['accession_prefix', 'x'.repeat(13)],
    ['accession_prefix', 'A\u0007'],
    ['accession_digits', 0],
    ['accession_digits', 13],
    ['next_accession_number', 0],
    ['next_accession_number', 'first'],
    ['label_sheet', '9x9'],
  ])('refuses %s = %j and changes nothing', async (name, value) => {
    const before = (await get(access['admin'])).json();
    const response = await post(access['admin'], { ...good, [name]: value });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json())).toEqual([name]);
    expect((await get(access['admin'])).json()).toEqual(before);
  });
});
