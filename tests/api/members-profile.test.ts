import { describe, expect, test } from 'vitest';
import { access, bearer, createUser, ids, signIn, t, useSignedInApp } from './support/harness.js';
import { multipart, PNG } from './support/multipart.js';
import { createBook, createFine } from './support/fines.js';

useSignedInApp({ API_PUBLIC_URL: 'http://api.test', LOGIN_RATE_LIMIT_PER_ADDRESS: '1000' }, [['admin', 'SUPER USER'], ['desk', 'MANAGER'], ['reader', 'MEMBER'], ['other', 'MEMBER']]);

const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
const edit = (fields: Record<string, string>, token = access['desk']!, files = {}) => {
  const body = multipart(fields, files);
  return t.app.inject({ method: 'PATCH', url: '/users/profile/update/', payload: body.payload, headers: { ...body.headers, ...bearer(token) } });
};

describe('the member profile for staff', () => {
  test('answers the FullMemberProfile fields plus e-mail, plan, books out and fines owed', async () => {
    const profile = (await get(`/users/members/${ids['reader']}/profile/`, access['desk']!)).json();
    expect(profile).toMatchObject({
      user_id: ids['reader'], username: 'reader', email: 'reader@example.test', role: 'MEMBER', member_id: expect.any(String),
      is_active: true, is_declined: false, is_defaulter: false, fine_amount: '0.00', plan: { id: expect.any(Number), name: 'Standard' }, books_out: 0, fines_owed: '0.00', state: 'active',
    });
  });

  test('answers what the member owes: fine_amount and fines_owed are his unpaid fines, books_out his loans not returned', async () => {
    const debtor = (await createUser(t.db, { username: 'debtor', role: 'MEMBER' })).id;
    await createFine(t.db, debtor, await createBook(t.db, 'Late One'), 50000, '2026-02-01');
    await createFine(t.db, debtor, await createBook(t.db, 'Late Two'), 37750, '2026-02-02');
    // A fine paid in full is no longer owed.
    const { fineId } = await createFine(t.db, debtor, await createBook(t.db, 'Paid'), 12000, '2026-02-03');
    await t.db.updateTable('fines').set({ collected_amount: 12000, remaining: 0 }).where('id', '=', fineId).execute();
    const now = new Date().toISOString();
    await t.db
      .insertInto('loans')
      .values({ book_id: await createBook(t.db, 'Out'), member_id: debtor, issue_date: now.slice(0, 10), due_date: now.slice(0, 10), returned_at: null, status: 'ISSUED', renewals: 0, issued_by: null, returned_by: null, created_at: now, updated_at: now })
      .execute();
    const profile = (await get(`/users/members/${debtor}/profile/`, access['desk']!)).json();
    expect(profile).toMatchObject({ is_defaulter: true, fine_amount: '877.50', fines_owed: '877.50', books_out: 1 });
  });

  test('names the member state the lists use: disabled after a disable, active again after an enable', async () => {
    const toggle = () => t.app.inject({ method: 'POST', url: `/users/member/${ids['other']}/disable_enable/`, headers: bearer(access['admin']!) });
    expect((await toggle()).json()).toMatchObject({ is_active: false });
    expect((await get(`/users/members/${ids['other']}/profile/`, access['desk']!)).json()).toMatchObject({ state: 'disabled', is_active: false });
    expect((await toggle()).json()).toMatchObject({ is_active: true });
    expect((await get(`/users/members/${ids['other']}/profile/`, access['desk']!)).json()).toMatchObject({ state: 'active' });
    access['other'] = (await signIn(t.app, 'other')).access;
  });

  test('staff edit a member’s profile fields with the member rules; audited; the member then sees them', async () => {
    const faculty = (await t.app.inject({ method: 'POST', url: '/members/plans/', payload: { name: 'Faculty' }, headers: bearer(access['admin']!) })).json();
    const edited = await edit({ user_id: String(ids['reader']), first_name: 'Rida', cnic: '35202-1234567-1', registration_id: 'REG-9', plan: String(faculty.id), security_fee: '250.5', shift: 'day' }, access['desk'], {
      profile_photo: { filename: 'p.png', content: PNG },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ first_name: 'Rida', cnic: '35202-1234567-1', registration_id: 'REG-9', plan: { id: faculty.id, name: 'Faculty' }, security_fee: '250.50', shift: 'DAY', profile_photo: expect.stringMatching(/^http:\/\/api\.test\/media\/profiles\//) });
    expect((await get('/users/update-profile/', access['reader']!)).json().registration_id).toBe('REG-9');
    const audit = await t.db.selectFrom('audit_log').select(['user_id', 'entity_id']).where('action', '=', 'MEMBER_PROFILE_UPDATED').executeTakeFirstOrThrow();
    expect(audit).toEqual({ user_id: ids['desk'], entity_id: String(ids['reader']) });
  });

  test.each([
    [{ cnic: '123' }, 'cnic'],
    [{ registration_id: 'reg-9' }, 'registration_id'],
    [{ plan: '999' }, 'plan'],
    [{ mobile_number: 'abc' }, 'mobile_number'],
  ])('refuses %j for another member and changes nothing', async (fields, field) => {
    const before = (await get(`/users/members/${ids['other']}/profile/`, access['desk']!)).json();
    const refused = await edit({ user_id: String(ids['other']), ...fields });
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json())).toEqual([field]);
    expect((await get(`/users/members/${ids['other']}/profile/`, access['desk']!)).json()).toEqual(before);
  });

  test('needs change_members and a member id', async () => {
    expect((await edit({ user_id: String(ids['other']), first_name: 'X' }, access['reader'])).statusCode).toBe(403);
    expect((await edit({ first_name: 'X' })).json()).toEqual({ user_id: ['This field is required.'] });
    expect((await edit({ user_id: String(ids['desk']), first_name: 'X' })).statusCode).toBe(404);
    expect((await edit({ user_id: 'abc' })).statusCode).toBe(400);
  });
});

describe('the managers’ profiles', () => {
  test('list the managers for whoever manages users; members and managers without the permission are refused', async () => {
    const list = await get('/auth/manager-profile/', access['admin']!);
    expect(list.json()).toEqual([expect.objectContaining({ user_id: ids['desk'], username: 'desk', email: 'desk@example.test', member_id: null, contact_number: null })]);
    expect((await get(`/auth/manager-profile/${list.json()[0].id}/`, access['admin']!)).json().username).toBe('desk');
    expect((await get('/auth/manager-profile/99999/', access['admin']!)).statusCode).toBe(404);
    expect((await get('/auth/manager-profile/', access['desk']!)).statusCode).toBe(403);
    expect((await get('/auth/manager-profile/', access['reader']!)).statusCode).toBe(403);
  });
});
