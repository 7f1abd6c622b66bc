/**
 * Who may make each reservation call (staff by permission, a member for his own, nobody signed
 * out), the queue by title, and hostile input: repeated parameters, bad statuses, bad ids and
 * bodies that are not objects are refused with a 400 and write nothing.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { postJson, startTestApp, type TestApp } from './support/harness.js';
import { actor, addBook, onlyInRole, type Actor } from './support/circulation.js';
import { act, read, reserve, reserved } from './support/reservations.js';

let t: TestApp;
let desk: Actor;
let viewer: Actor;
let changer: Actor;
let issuer: Actor;
let nobody: Actor;
let owner: Actor;
let seq = 0;

beforeAll(async () => {
  t = await startTestApp({ API_PUBLIC_URL: 'http://api.test' });
  desk = await actor(t, 'desk', 'SUPER USER');
  viewer = await actor(t, 'viewer', 'MANAGER');
  changer = await actor(t, 'changer', 'MANAGER');
  issuer = await actor(t, 'issuer', 'MANAGER');
  nobody = await actor(t, 'nobody', 'MANAGER');
  await onlyInRole(t, viewer.id, 'Viewers', ['view_bookreservation']);
  await onlyInRole(t, changer.id, 'Changers', ['change_bookreservation']);
  await onlyInRole(t, issuer.id, 'Issuers', ['add_bookissuance']);
  await onlyInRole(t, nobody.id, 'Catalogue only', ['view_book']);
  owner = await actor(t, 'owner');
});

afterAll(async () => t.close());

/** A fresh title with a pending reservation of the owner; answers both ids. */
async function pending(): Promise<{ book: number; id: number }> {
  const book = await addBook(t, `Access ${++seq}`, 2);
  return { book, id: await reserved(t, owner, { book }) };
}

describe('permissions per call', () => {
  test.each([
    ['list', 'viewer', ['nobody', 'changer', 'issuer'], async (by: Actor) => read(t, by, '/books/reservations/')],
    ['queue', 'viewer', ['nobody', 'changer', 'issuer', 'owner'], async (by: Actor) => read(t, by, '/books/reservations/queue/')],
    ['by member', 'viewer', ['nobody', 'changer', 'issuer'], async (by: Actor) => read(t, by, `/books/reservations/by-member/${owner.id}/`)],
    ['one', 'viewer', ['nobody', 'changer', 'issuer'], async (by: Actor) => read(t, by, `/books/reservations/${(await pending()).id}/`)],
    ['reserve for a member', 'changer', ['nobody', 'viewer', 'issuer'], async (by: Actor) => reserve(t, by, { book: await addBook(t, `Access R ${++seq}`, 1), member: owner.id })],
    ['fulfil', 'changer', ['nobody', 'viewer', 'issuer', 'owner'], async (by: Actor) => act(t, by, (await pending()).id, 'fulfill')],
    ['cancel', 'changer', ['nobody', 'viewer', 'issuer'], async (by: Actor) => act(t, by, (await pending()).id, 'cancel')],
    ['move', 'changer', ['nobody', 'viewer', 'issuer', 'owner'], async (by: Actor) => act(t, by, (await pending()).id, 'move', { position: 1, reason: 'Priority' })],
    ['issue', 'issuer', ['nobody', 'viewer', 'changer', 'owner'], async (by: Actor) => act(t, by, (await pending()).id, 'issue')],
  ] as const)('%s: %s may, the others get 403', async (_name, allowed, refused, call) => {
    const people: Record<string, Actor> = { viewer, changer, issuer, nobody, owner };
    for (const name of refused) expect((await call(people[name]!)).statusCode, name).toBe(403);
    expect((await call(people[allowed]!)).statusCode).not.toBe(403);
    expect((await call({ id: 0, headers: {} })).statusCode).toBe(401);
  });

  test('the allowed answers are the right ones', async () => {
    const { id } = await pending();
    expect((await read(t, viewer, `/books/reservations/${id}/`)).statusCode).toBe(200);
    expect((await act(t, changer, id, 'fulfill')).statusCode).toBe(200);
    expect((await act(t, issuer, id, 'issue')).statusCode).toBe(201);
    const other = await pending();
    expect((await act(t, changer, other.id, 'cancel')).statusCode).toBe(200);
  });
});

describe('the queue by title', () => {
  test('titles with an active reservation, the longest-waiting first, held and waiting apart', async () => {
    const first = await addBook(t, 'Queue Screen Alpha', 1);
    const second = await addBook(t, 'Queue Screen Beta', 1);
    const members = [await actor(t, 'queue.a'), await actor(t, 'queue.b'), await actor(t, 'queue.c')];
    const a1 = await reserved(t, members[0]!, { book: first });
    const a2 = await reserved(t, members[1]!, { book: first });
    const a3 = await reserved(t, members[2]!, { book: first });
    const b1 = await reserved(t, members[0]!, { book: second });
    await act(t, desk, a1, 'fulfill');
    const page = (await read(t, viewer, '/books/reservations/queue/?search=queue%20screen')).json();
    expect(page.count).toBe(2);
    expect(page.results.map((r: { book: { id: number } }) => r.book.id)).toEqual([first, second]);
    expect(page.results[0].book).toMatchObject({ title: 'Queue Screen Alpha', available_copies: 0, total_copies: 1 });
    expect(page.results[0].held.map((r: { id: number }) => r.id)).toEqual([a1]);
    expect(page.results[0].waiting.map((r: { id: number; position: number }) => [r.id, r.position])).toEqual([
      [a2, 1],
      [a3, 2],
    ]);
    expect(page.results[1].waiting.map((r: { id: number }) => r.id)).toEqual([b1]);
    const small = (await read(t, viewer, '/books/reservations/queue/?search=queue%20screen&page=2&page_size=1')).json();
    expect(small).toMatchObject({ count: 2, next: null });
    expect(small.previous).toContain('page=1');
    expect(small.results[0].book.id).toBe(second);
  });
});

describe('hostile input', () => {
  test.each([
    '/books/reservations/?status=BOGUS',
    '/books/reservations/?status=PENDING&status=ISSUED',
    '/books/reservations/?member=abc',
    '/books/reservations/?book=99999999999',
    '/books/reservations/?search=a&search=b',
    '/books/reservations/?ordering=title&ordering=member',
    '/books/reservations/queue/?search=a&search=b',
    '/books/reservations/queue/?page=1&page=2',
    `/books/reservations/by-member/1/?status=nope`,
    '/books/reservations/99999999999/',
  ])('GET %s is 400', async (url) => {
    const response = await read(t, desk, url);
    expect(response.statusCode).toBe(400);
  });

  test('control characters in a search are refused (400), quotes and dashes are harmless', async () => {
    expect((await read(t, desk, '/books/reservations/?search=%00%27%3B--&status=active')).statusCode).toBe(400);
    expect((await read(t, desk, '/books/reservations/?search=%27%3B--&status=active')).statusCode).toBe(200);
  });

  test.each([
    ['reserve', () => postJson(t.app, '/books/reservations/', [1, 2], owner.headers), { non_field_errors: ['Invalid data format.'] }],
    ['reserve with a book that is not an id', () => reserve(t, owner, { book: { id: 1 } }), { book: ['A valid integer is required.'] }],
    ['reserve with an id beyond the column', () => reserve(t, owner, { book: 99999999999 }), { book: ['Invalid pk "99999999999" - object does not exist.'] }],
    ['cancel', (id: number) => postJson(t.app, `/books/reservations/${id}/cancel/`, 'x', owner.headers), { non_field_errors: ['Invalid data format.'] }],
    ['cancel with a reason too long', (id: number) => act(t, owner, id, 'cancel', { reason: 'x'.repeat(201) }), { reason: ['Ensure this field has no more than 200 characters.'] }],
    ['issue with a bad date', (id: number) => act(t, desk, id, 'issue', { due_date: '2026-02-30' }), { due_date: ['Date has wrong format. Use one of these formats instead: YYYY-MM-DD.'] }],
  ])('%s: refused with a 400, nothing written', async (_name, call, errors) => {
    const { id } = await pending();
    const count = async () => Number((await t.db.selectFrom('audit_log').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const before = await count();
    const response = await call(id);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(errors);
    expect(await count()).toBe(before);
    expect((await read(t, owner, `/books/reservations/${id}/`)).json()).toMatchObject({ status: 'PENDING' });
  });

  test('an unknown reservation is 404 for every call', async () => {
    for (const action of ['fulfill', 'cancel', 'issue', 'move'] as const) {
      expect((await act(t, desk, 999999, action, { position: 1, reason: 'x' })).statusCode, action).toBe(404);
    }
    expect((await read(t, desk, '/books/reservations/999999/')).statusCode).toBe(404);
  });
});
