import { describe, expect, test } from 'vitest';
import { access, bearer, ids, postJson, t, useSignedInApp } from './support/harness.js';

useSignedInApp({ LOGIN_RATE_LIMIT_PER_ADDRESS: '1000' }, [['admin', 'SUPER USER'], ['desk', 'MANAGER'], ['reader', 'MEMBER']]);

const send = (method: 'GET' | 'PATCH' | 'DELETE', url: string, token: string, body?: unknown) =>
  t.app.inject({ method, url, headers: { ...bearer(token), ...(body ? { 'content-type': 'application/json' } : {}) }, ...(body ? { payload: JSON.stringify(body) } : {}) });

describe('academic sessions', () => {
  test('staff add, list, rename and delete sessions; each change is audited; the public list shows them', async () => {
    const created = await postJson(t.app, '/admin-sessions/', { session_range: ' 2024-2028 ' }, bearer(access['desk']!));
    expect(created.statusCode).toBe(201);
    const session = created.json();
    expect(session).toEqual({ id: expect.any(Number), session_range: '2024-2028' });
    await postJson(t.app, '/admin-sessions/', { session_range: '2020-2024' }, bearer(access['desk']!));
    expect((await send('GET', '/admin-sessions/', access['desk']!)).json().map((s: { session_range: string }) => s.session_range)).toEqual(['2020-2024', '2024-2028']);
    expect((await t.app.inject({ method: 'GET', url: '/member-sessions/' })).json()).toHaveLength(2);

    const renamed = await send('PATCH', `/admin-sessions/${session.id}/`, access['desk']!, { session_range: '2024-2029' });
    expect(renamed.json()).toEqual({ id: session.id, session_range: '2024-2029' });
    expect((await send('DELETE', `/admin-sessions/${session.id}/`, access['admin']!)).statusCode).toBe(204);
    const actions = await t.db.selectFrom('audit_log').select(['action', 'after']).where('entity', '=', 'session').orderBy('id').execute();
    expect(actions.map((a) => a.action)).toEqual(['SESSION_CREATED', 'SESSION_CREATED', 'SESSION_UPDATED', 'SESSION_DELETED']);
    expect(JSON.parse(actions[0]!.after!)).toEqual({ id: session.id, session_range: '2024-2028' });
  });

  test('a session in use by members cannot be deleted, and says why', async () => {
    const session = (await postJson(t.app, '/admin-sessions/', { session_range: '2022-2026' }, bearer(access['admin']!))).json();
    await t.db.updateTable('member_profiles').set({ session_id: session.id }).where('user_id', '=', ids['reader']!).execute();
    const refused = await send('DELETE', `/admin-sessions/${session.id}/`, access['admin']!);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ detail: 'This session is used by 1 member.' });
    expect((await send('GET', '/admin-sessions/', access['admin']!)).json().map((s: { id: number }) => s.id)).toContain(session.id);
  });

  test.each([
    [{}, 'This field is required.'],
    [{ session_range: '' }, 'This field may not be blank.'],
    [{ session_range: '2022-2026' }, 'session settings with this session range already exists.'],
    [{ session_range: '1'.repeat(21) }, 'Ensure this field has no more than 20 characters.'],
  ])('refuses %j', async (body, message) => {
    const refused = await postJson(t.app, '/admin-sessions/', body, bearer(access['admin']!));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ session_range: [message] });
  });

  test('members cannot manage sessions; unknown ids are 404', async () => {
    expect((await send('GET', '/admin-sessions/', access['reader']!)).statusCode).toBe(403);
    expect((await send('DELETE', '/admin-sessions/1/', access['reader']!)).statusCode).toBe(403);
    expect((await postJson(t.app, '/admin-sessions/', { session_range: '2030-2034' }, bearer(access['reader']!))).statusCode).toBe(403);
    expect((await send('PATCH', '/admin-sessions/99999/', access['admin']!, { session_range: 'x' })).statusCode).toBe(404);
    expect((await send('DELETE', '/admin-sessions/99999/', access['admin']!)).statusCode).toBe(404);
  });

  test('a department a member belongs to cannot be deleted either', async () => {
    const department = (await postJson(t.app, '/admin-departments/', { name: 'Chemistry' }, bearer(access['admin']!))).json();
    await t.db.updateTable('member_profiles').set({ department_id: department.id }).where('user_id', '=', ids['reader']!).execute();
    const refused = await send('DELETE', `/admin-departments/${department.id}/`, access['admin']!);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ detail: 'This department is used by 1 member.' });
  });
});
