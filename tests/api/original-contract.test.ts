/**
 * The original project's own front end reads our member lists: its Add Member page renders
 * `department` of `GET /users/all-members/` as text (an object blanks the page) and shows roll
 * number, class, section, CNIC, shift and mobile number; its approvals read `role` of
 * `GET /users/pending-users/`. Every list item answers the original's FullMemberProfile and
 * UserBrief fields with `department` and `session` as ids; what our own site needs more is beside
 * them under its own names. The one-member answers (the profile staff and the member read, the
 * member's own profile and both profile edits) are the same item with what only one member's page
 * needs beside it. These pins are exact: a renamed or retyped field fails here.
 */
import { assert } from 'superstruct';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MemberProfileStruct } from '../../src/lib/schemas/profiles.js';
import { bearer, createUser, signIn, startTestApp, type TestApp } from './support/harness.js';
import { createBook, createFine } from './support/fines.js';
import { multipart } from './support/multipart.js';

let t: TestApp;
let token: string;
const ids: Record<string, number> = {};

/** The original's FullMemberProfile (docs of the original backend), every field. */
const FULL_MEMBER_PROFILE = [
  'role', 'user_id', 'first_name', 'last_name', 'middle_name', 'father_first_name', 'father_last_name', 'profile_photo', 'class_name', 'section',
  'mobile_number', 'cnic', 'department', 'session', 'registration_id', 'roll_no', 'shift', 'security_fee', 'payment_proof', 'member_id',
  'home_address', 'emergency_contact', 'library_membership_id', 'username', 'is_verified', 'is_declined', 'is_active', 'is_defaulter', 'fine_amount',
];
/** The original's UserBrief, every field. */
const USER_BRIEF = ['id', 'username', 'email', 'role', 'member_id', 'is_verified', 'first_name', 'last_name', 'is_active'];
/** Ours, beside them under names the original never used. */
const OURS = ['department_name', 'session_name', 'plan', 'date_joined', 'state', 'membership_start', 'membership_expires', 'membership_standing'];

const LIST_ITEM_KEYS = [...new Set([...FULL_MEMBER_PROFILE, ...USER_BRIEF, ...OURS])].sort();
/** Ours beside a list item on the one-member answers: the e-mail change waiting for its link, books out, fines owed. */
const PROFILE_OURS = ['pending_email', 'books_out', 'fines_owed'];
const PROFILE_KEYS = [...LIST_ITEM_KEYS, ...PROFILE_OURS].sort();

const textOrNull = (value: unknown) => value === null || typeof value === 'string';
const idOrNull = (value: unknown) => value === null || Number.isInteger(value);
const money = (value: unknown) => typeof value === 'string' && /^\d+\.\d{2}$/.test(value);

/** The type every list item field has. */
const FIELD_TYPES: Record<string, (value: unknown) => boolean> = {
  id: Number.isInteger,
  user_id: Number.isInteger,
  role: (v) => v === 'MEMBER',
  username: (v) => typeof v === 'string',
  email: (v) => typeof v === 'string',
  first_name: (v) => typeof v === 'string',
  last_name: (v) => typeof v === 'string',
  member_id: (v) => typeof v === 'string',
  department: idOrNull,
  session: idOrNull,
  department_name: textOrNull,
  session_name: textOrNull,
  security_fee: money,
  fine_amount: money,
  is_verified: (v) => typeof v === 'boolean',
  is_declined: (v) => typeof v === 'boolean',
  is_active: (v) => typeof v === 'boolean',
  is_defaulter: (v) => typeof v === 'boolean',
  plan: (v) => v === null || (typeof v === 'object' && Object.keys(v as object).sort().join() === 'id,name'),
  date_joined: (v) => typeof v === 'string' && !Number.isNaN(Date.parse(v as string)),
  state: (v) => ['active', 'pending', 'rejected', 'disabled'].includes(v as string),
  membership_start: (v) => v === null || (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v)),
  membership_expires: (v) => v === null || (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v)),
  membership_standing: (v) => ['none', 'active', 'expiring', 'expired'].includes(v as string),
  pending_email: textOrNull,
  books_out: Number.isInteger,
  fines_owed: money,
  ...Object.fromEntries(
    ['middle_name', 'father_first_name', 'father_last_name', 'profile_photo', 'class_name', 'section', 'mobile_number', 'cnic', 'registration_id', 'roll_no', 'shift', 'payment_proof', 'home_address', 'emergency_contact', 'library_membership_id'].map((k) => [k, textOrNull]),
  ),
};

beforeAll(async () => {
  t = await startTestApp({ API_PUBLIC_URL: 'http://api.test' });
  await createUser(t.db, { username: 'admin', role: 'SUPER USER' });
  token = (await signIn(t.app, 'admin')).access;
  const department = await t.db.insertInto('departments').values({ name: 'Physics' }).returning('id').executeTakeFirstOrThrow();
  const session = await t.db.insertInto('academic_sessions').values({ session_range: '2024-2028' }).returning('id').executeTakeFirstOrThrow();
  ids['department'] = department.id;
  ids['session'] = session.id;
  for (const [username, state] of [['reader', 'active'], ['waiting', 'pending'], ['turned', 'declined'], ['paused', 'disabled']] as const) {
    const user = await createUser(t.db, { username, state });
    ids[username] = user.id;
    await t.db
      .updateTable('member_profiles')
      .set({ department_id: department.id, session_id: session.id, roll_no: '17', class_name: 'BS', section: 'A', cnic: '35202-1234567-1', shift: 'DAY', mobile_number: '0300-1234567' })
      .where('user_id', '=', user.id)
      .execute();
  }
  await createFine(t.db, ids['reader']!, await createBook(t.db, 'Owed'), 87750, '2026-02-01');
});

afterAll(async () => t.close());

const list = async (path: string) => {
  const response = await t.app.inject({ method: 'GET', url: path, headers: bearer(token) });
  expect(response.statusCode).toBe(200);
  return response.json() as Record<string, unknown>[];
};

/** Fields whose value has the wrong type. */
const mistyped = (item: Record<string, unknown>) => Object.entries(item).filter(([key, value]) => !FIELD_TYPES[key]?.(value)).map(([key, value]) => `${key}: ${JSON.stringify(value)}`);

describe('the member lists answer the original contract', () => {
  test.each([
    ['/users/all-members/', 'reader'],
    ['/users/pending-users/', 'waiting'],
    ['/users/declined/', 'turned'],
    ['/users/disabled-members/', 'paused'],
  ])('%s items have exactly the original fields plus ours, each of its type', async (path, username) => {
    const [item] = await list(path);
    expect(item!['username']).toBe(username);
    expect(Object.keys(item!).sort()).toEqual(LIST_ITEM_KEYS);
    expect(mistyped(item!)).toEqual([]);
    // The page answers the same items.
    const page = (await t.app.inject({ method: 'GET', url: `${path}?page=1`, headers: bearer(token) })).json() as { results: Record<string, unknown>[] };
    expect(Object.keys(page.results[0]!).sort()).toEqual(LIST_ITEM_KEYS);
  });

  test('all-members answers department and session as ids, their names beside them, and the profile fields the Add Member grid shows', async () => {
    const [item] = await list('/users/all-members/');
    expect(item).toMatchObject({
      id: ids['reader'], user_id: ids['reader'], role: 'MEMBER', department: ids['department'], session: ids['session'],
      department_name: 'Physics', session_name: '2024-2028', roll_no: '17', class_name: 'BS', section: 'A', cnic: '35202-1234567-1', shift: 'DAY', mobile_number: '0300-1234567',
      is_defaulter: true, fine_amount: '877.50', security_fee: '0.00', payment_proof: null,
    });
  });

  test('pending-users answers each registration’s role with the UserBrief fields', async () => {
    const [item] = await list('/users/pending-users/');
    expect(item).toMatchObject({ id: ids['waiting'], username: 'waiting', email: 'waiting@example.test', role: 'MEMBER', is_verified: true, first_name: 'Test', last_name: 'waiting', is_active: false });
    expect(typeof item!['member_id']).toBe('string');
  });

  test('a member without department or session answers null ids and null names', async () => {
    await t.db.updateTable('member_profiles').set({ department_id: null, session_id: null }).where('user_id', '=', ids['paused']!).execute();
    const [item] = await list('/users/disabled-members/');
    expect(item).toMatchObject({ department: null, session: null, department_name: null, session_name: null, fine_amount: '0.00', is_defaulter: false });
  });
});

describe('the one-member answers give the original FullMemberProfile with ours beside it', () => {
  const physics = () => ({ department: ids['department'], session: ids['session'], department_name: 'Physics', session_name: '2024-2028' });
  const send = async (method: 'PATCH' | 'PUT', url: string, fields: Record<string, string>, bearerToken: string) => {
    const body = multipart(fields);
    const response = await t.app.inject({ method, url, payload: body.payload, headers: { ...body.headers, ...bearer(bearerToken) } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Record<string, unknown>;
  };
  const read = async (url: string, bearerToken: string) => {
    const response = await t.app.inject({ method: 'GET', url, headers: bearer(bearerToken) });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Record<string, unknown>;
  };
  const pinned = (profile: Record<string, unknown>) => {
    expect(Object.keys(profile).sort()).toEqual(PROFILE_KEYS);
    expect(mistyped(profile)).toEqual([]);
    // Our own site reads the same answer.
    assert(profile, MemberProfileStruct);
  };

  test('GET /users/members/{id}/profile/ for staff and for the member himself: department and session as ids, names beside them', async () => {
    const own = (await signIn(t.app, 'reader')).access;
    for (const caller of [token, own]) {
      const profile = await read(`/users/members/${ids['reader']}/profile/`, caller);
      pinned(profile);
      expect(profile).toMatchObject({
        ...physics(), id: ids['reader'], user_id: ids['reader'], username: 'reader', role: 'MEMBER', roll_no: '17', class_name: 'BS', section: 'A', shift: 'DAY',
        is_defaulter: true, fine_amount: '877.50', fines_owed: '877.50', books_out: 0, security_fee: '0.00', payment_proof: null, pending_email: null, state: 'active',
      });
    }
  });

  test('GET, PATCH and PUT /users/update-profile/ answer the same shape; the member sends and reads department and session as ids', async () => {
    const own = (await signIn(t.app, 'reader')).access;
    const chemistry = await t.db.insertInto('departments').values({ name: 'Chemistry' }).returning('id').executeTakeFirstOrThrow();
    pinned(await read('/users/update-profile/', own));
    expect(await read('/users/update-profile/', own)).toMatchObject(physics());
    const patched = await send('PATCH', '/users/update-profile/', { department: String(chemistry.id) }, own);
    pinned(patched);
    expect(patched).toMatchObject({ department: chemistry.id, department_name: 'Chemistry', session: ids['session'], session_name: '2024-2028' });
    const put = await send('PUT', '/users/update-profile/', { department: String(ids['department']) }, own);
    pinned(put);
    expect(put).toMatchObject(physics());
  });

  test('PATCH /users/profile/update/ (staff editing a member) answers the same shape', async () => {
    const edited = await send('PATCH', '/users/profile/update/', { user_id: String(ids['reader']), roll_no: '18' }, token);
    pinned(edited);
    expect(edited).toMatchObject({ ...physics(), user_id: ids['reader'], roll_no: '18' });
  });

  test('a member without department or session reads null ids and null names on his profile', async () => {
    await t.db.updateTable('member_profiles').set({ department_id: null, session_id: null }).where('user_id', '=', ids['paused']!).execute();
    const profile = await read(`/users/members/${ids['paused']}/profile/`, token);
    pinned(profile);
    expect(profile).toMatchObject({ department: null, session: null, department_name: null, session_name: null, state: 'disabled' });
  });
});
