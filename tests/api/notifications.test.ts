import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { notify } from '../../server/src/modules/notifications/service.js';
import { bearer, createUser, signIn, startTestApp, type TestApp } from './support/harness.js';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});

afterAll(async () => t.close());

describe('GET /notifications/', () => {
  test('answers only the caller\'s own notifications, newest first, with read state; 401 without a token', async () => {
    const reader = await createUser(t.db, { username: 'reader' });
    const other = await createUser(t.db, { username: 'other' });
    await notify(t.db, { userId: reader.id, type: 'due_soon', message: 'Older', read: true, createdAt: '2026-01-01T10:00:00.000Z' });
    await notify(t.db, { userId: reader.id, type: 'fine', message: 'Newest', linkUrl: '/dashboard/member/fines', createdAt: '2026-01-03T10:00:00.000Z' });
    await notify(t.db, { userId: reader.id, type: 'due_soon', message: 'Middle', createdAt: '2026-01-02T10:00:00.000Z' });
    await notify(t.db, { userId: other.id, type: 'due_soon', message: 'Not yours', createdAt: '2026-01-04T10:00:00.000Z' });

    const { access } = await signIn(t.app, 'reader');
    const response = await t.app.inject({ method: 'GET', url: '/notifications/', headers: bearer(access) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      { id: expect.any(Number), type: 'fine', message: 'Newest', link_url: '/dashboard/member/fines', created_at: '2026-01-03T10:00:00.000Z', read: false },
      { id: expect.any(Number), type: 'due_soon', message: 'Middle', link_url: null, created_at: '2026-01-02T10:00:00.000Z', read: false },
      { id: expect.any(Number), type: 'due_soon', message: 'Older', link_url: null, created_at: '2026-01-01T10:00:00.000Z', read: true },
    ]);
    expect((await t.app.inject({ method: 'GET', url: '/notifications/' })).statusCode).toBe(401);
  });

  test('answers at most 100', async () => {
    const busy = await createUser(t.db, { username: 'busy' });
    for (let i = 0; i < 105; i++) await notify(t.db, { userId: busy.id, type: 'x', message: `n${i}` });
    const { access } = await signIn(t.app, 'busy');
    expect((await t.app.inject({ method: 'GET', url: '/notifications/', headers: bearer(access) })).json()).toHaveLength(100);
  });
});
