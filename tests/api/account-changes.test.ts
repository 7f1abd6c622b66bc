/**
 * Changing one's username or e-mail needs the current password; a new e-mail waits as pending
 * until the link mailed to it is opened.
 */
import { describe, expect, test } from 'vitest';
import { access, bearer, DEFAULT_PASSWORD, pathOf, t, useSignedInApp } from './support/harness.js';
import { multipart } from './support/multipart.js';

useSignedInApp({ SITE_URL: 'http://site.test' }, [['desk', 'MANAGER'], ['reader', 'MEMBER'], ['other', 'MEMBER']]);

const patch = (url: string, token: string, fields: Record<string, string>) => {
  const body = multipart(fields);
  return t.app.inject({ method: 'PATCH', url, payload: body.payload, headers: { ...body.headers, ...bearer(token) } });
};
const NEEDS = { current_password: ['Enter your current password to change your username or e-mail.'] };
const WRONG = { current_password: ['Your current password is not correct.'] };

describe('username and e-mail changes need the current password', () => {
  test('a staff username change without it, or with a wrong one, is refused and changes nothing', async () => {
    expect((await patch('/users/update-manager-profile/', access['desk']!, { username: 'desk.two' })).json()).toEqual(NEEDS);
    expect((await patch('/users/update-manager-profile/', access['desk']!, { username: 'desk.two', current_password: 'wrong-one-1' })).json()).toEqual(WRONG);
    const user = await t.db.selectFrom('users').select('username').where('username', '=', 'desk').executeTakeFirst();
    expect(user).toBeDefined();
  });

  test('with it, the username changes', async () => {
    const answer = await patch('/users/update-manager-profile/', access['desk']!, { username: 'desk.two', current_password: DEFAULT_PASSWORD });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ username: 'desk.two', pending_email: null });
  });

  test('other fields change without it, and an unchanged e-mail needs none', async () => {
    const answer = await patch('/users/update-profile/', access['reader']!, { first_name: 'Rida', email: 'reader@example.test' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ first_name: 'Rida' });
  });
});

describe('a new e-mail address', () => {
  test('waits as pending, is confirmed by the link mailed to it, then replaces the old one', async () => {
    expect((await patch('/users/update-profile/', access['reader']!, { email: 'rida@new.test' })).json()).toEqual(NEEDS);
    const since = t.mail.messages.length;
    const answer = await patch('/users/update-profile/', access['reader']!, { email: 'rida@new.test', current_password: DEFAULT_PASSWORD });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ email: 'reader@example.test', pending_email: 'rida@new.test' });

    const mail = await t.mail.waitFor('rida@new.test', { since });
    const link = mail.links.find((l) => l.includes('/auth/verify-email/'));
    expect(link).toMatch(/^http:\/\/site\.test\/auth\/verify-email\/[A-Za-z0-9_-]+\/[A-Za-z0-9_-]{43}$/);
    const confirmed = await t.app.inject({ method: 'GET', url: `${pathOf(link!)}/` });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ detail: 'Email address changed.' });
    const read = await t.app.inject({ method: 'GET', url: '/users/update-profile/', headers: bearer(access['reader']!) });
    expect(read.json()).toMatchObject({ email: 'rida@new.test', pending_email: null });
    // The link works once.
    expect((await t.app.inject({ method: 'GET', url: `${pathOf(link!)}/` })).statusCode).toBe(400);
  });

  test('an address taken meanwhile by another account is not applied', async () => {
    const since = t.mail.messages.length;
    await patch('/users/update-profile/', access['other']!, { email: 'race@new.test', current_password: DEFAULT_PASSWORD });
    const mail = await t.mail.waitFor('race@new.test', { since });
    await t.db.updateTable('users').set({ email: 'race@new.test' }).where('username', '=', 'desk.two').execute();
    const link = mail.links.find((l) => l.includes('/auth/verify-email/'))!;
    expect((await t.app.inject({ method: 'GET', url: `${pathOf(link)}/` })).statusCode).toBe(400);
  });
});
