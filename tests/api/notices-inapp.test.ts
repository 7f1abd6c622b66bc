import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { notify } from '../../server/src/modules/notifications/service.js';
import { bearer, createUser, signIn, startTestApp, type TestApp } from './support/harness.js';

let t: TestApp;
let ayesha: { id: number; token: string };
let bilal: { id: number; token: string };

const call = (method: 'GET' | 'POST', url: string, token: string) => t.app.inject({ method, url, headers: bearer(token) });

beforeAll(async () => {
  t = await startTestApp();
  for (const name of ['ayesha', 'bilal']) await createUser(t.db, { username: name });
  const a = await signIn(t.app, 'ayesha');
  const b = await signIn(t.app, 'bilal');
  ayesha = { id: a.id, token: a.access };
  bilal = { id: b.id, token: b.access };
  for (let i = 1; i <= 25; i++) {
    await notify(t.db, { userId: ayesha.id, type: 'due_soon', message: `n${i}`, read: i <= 5, createdAt: `2026-01-01T10:00:${String(i).padStart(2, '0')}.000Z` });
  }
  await notify(t.db, { userId: bilal.id, type: 'overdue', message: 'bilal' });
});

afterAll(async () => t.close());

describe('in-app notifications', () => {
  test('unread-count answers the caller\'s own unread notifications', async () => {
    expect((await call('GET', '/notifications/unread-count/', ayesha.token)).json()).toEqual({ unread: 20 });
    expect((await call('GET', '/notifications/unread-count/', bilal.token)).json()).toEqual({ unread: 1 });
    expect((await t.app.inject({ method: 'GET', url: '/notifications/unread-count/' })).statusCode).toBe(401);
  });

  test('?unread=true lists only unread ones; with page the answer is paged, newest first', async () => {
    const unread = (await call('GET', '/notifications/?unread=true', ayesha.token)).json();
    expect(unread).toHaveLength(20);
    expect(unread.every((n: { read: boolean }) => !n.read)).toBe(true);
    const page = (await call('GET', '/notifications/?page=2&page_size=10', ayesha.token)).json();
    expect(page.count).toBe(25);
    expect(page.results.map((n: { message: string }) => n.message)).toEqual(['n15', 'n14', 'n13', 'n12', 'n11', 'n10', 'n9', 'n8', 'n7', 'n6']);
    expect(page.next).toContain('page=3');
    expect(page.previous).toContain('page=1');
    const unreadPage = (await call('GET', '/notifications/?unread=true&page=2&page_size=15', ayesha.token)).json();
    expect(unreadPage.count).toBe(20);
    expect(unreadPage.results).toHaveLength(5);
    expect((await call('GET', '/notifications/?page=1&page_size=1000', ayesha.token)).json().results).toHaveLength(25);
  });

  test.each(['maybe', 'yes!'])('refuses ?unread=%s with 400', async (value) => {
    const response = await call('GET', `/notifications/?unread=${value}`, ayesha.token);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ unread: ['Must be a valid boolean.'] });
  });

  test('mark_read marks the owner\'s notification; another\'s or an unknown one is 404 and untouched', async () => {
    const theirs = (await call('GET', '/notifications/', bilal.token)).json()[0];
    const mine = (await call('GET', '/notifications/?unread=true', ayesha.token)).json()[0];
    expect((await call('POST', `/notifications/alerts/${theirs.id}/mark_read/`, ayesha.token)).statusCode).toBe(404);
    expect((await call('GET', '/notifications/unread-count/', bilal.token)).json()).toEqual({ unread: 1 });
    expect((await call('POST', '/notifications/alerts/999999/mark_read/', ayesha.token)).statusCode).toBe(404);
    expect((await call('POST', '/notifications/alerts/abc/mark_read/', ayesha.token)).statusCode).toBe(404);
    const response = await call('POST', `/notifications/alerts/${mine.id}/mark_read/`, ayesha.token);
    expect(response.statusCode).toBe(204);
    expect((await call('GET', '/notifications/unread-count/', ayesha.token)).json()).toEqual({ unread: 19 });
    // Marking it again is no error.
    expect((await call('POST', `/notifications/alerts/${mine.id}/mark_read/`, ayesha.token)).statusCode).toBe(204);
  });

  test('mark_all_read marks every one of the caller\'s notifications and nobody else\'s', async () => {
    expect((await call('POST', '/notifications/alerts/mark_all_read/', ayesha.token)).statusCode).toBe(204);
    expect((await call('GET', '/notifications/unread-count/', ayesha.token)).json()).toEqual({ unread: 0 });
    expect((await call('GET', '/notifications/unread-count/', bilal.token)).json()).toEqual({ unread: 1 });
    expect((await call('GET', '/notifications/?unread=true', ayesha.token)).json()).toEqual([]);
  });
});
