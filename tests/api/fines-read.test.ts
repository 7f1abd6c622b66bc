import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { bearer, createUser, postJson, signIn, startTestApp, type TestApp } from './support/harness.js';
import { createBook, createFine } from './support/fines.js';

let t: TestApp;
const token: Record<string, string> = {};
const id: Record<string, number> = {};
const fines: Record<string, { loanId: number; fineId: number }> = {};
let receiptNo = '';

async function onlyInRole(username: string, roleName: string, codenames: string[]): Promise<void> {
  const role = await t.db.insertInto('roles').values({ name: roleName, built_in: 0 }).returning('id').executeTakeFirstOrThrow();
  const perms = await t.db.selectFrom('permissions').select('id').where('codename', 'in', codenames).execute();
  if (perms.length) await t.db.insertInto('role_permissions').values(perms.map((p) => ({ role_id: role.id, permission_id: p.id }))).execute();
  await t.db.deleteFrom('user_roles').where('user_id', '=', id[username]!).execute();
  await t.db.insertInto('user_roles').values({ user_id: id[username]!, role_id: role.id }).execute();
}

beforeAll(async () => {
  t = await startTestApp({ API_PUBLIC_URL: 'http://api.test' });
  const users = [['admin', 'SUPER USER'], ['desk', 'MANAGER'], ['viewer', 'MANAGER'], ['clerk', 'MANAGER'], ['amira', 'MEMBER'], ['bilal', 'MEMBER']] as const;
  for (const [username, role] of users) id[username] = (await createUser(t.db, { username, role })).id;
  await onlyInRole('viewer', 'Fine Viewer', ['view_fine']);
  await onlyInRole('clerk', 'Clerk', ['view_members']);
  for (const [username] of users) token[username] = (await signIn(t.app, username)).access;
  fines['a1'] = await createFine(t.db, id['amira']!, await createBook(t.db, 'Anna Karenina'), 5000, '2026-02-02');
  fines['b1'] = await createFine(t.db, id['bilal']!, await createBook(t.db, 'Beloved'), 7000, '2026-02-01');
  fines['a2'] = await createFine(t.db, id['amira']!, await createBook(t.db, 'Middlemarch'), 3000, '2026-03-01');
  fines['a0'] = await createFine(t.db, id['amira']!, await createBook(t.db, 'Paid Off'), 1000, '2026-01-05');
  const paid = await postJson(t.app, '/fines-viewset/collect/', { member_id: id['amira'], issued_ids: [fines['a0'].loanId], full_payment: true }, bearer(token['desk']!));
  receiptNo = paid.json().receipt_no;
});

afterAll(async () => t.close());

const get = (url: string, who?: string) => t.app.inject({ method: 'GET', url, headers: who ? bearer(token[who]!) : {} });

describe('GET /fines-viewset/pending/', () => {
  test('fines with something remaining, oldest first, as FineRows with decimal strings', async () => {
    const response = await get('/fines-viewset/pending/', 'viewer');
    expect(response.statusCode).toBe(200);
    const rows = response.json();
    expect(rows.map((r: { id: number }) => r.id)).toEqual([fines['b1']!.fineId, fines['a1']!.fineId, fines['a2']!.fineId]);
    expect(rows[1]).toMatchObject({
      issued_book: fines['a1']!.loanId, user_id: String(id['amira']), username: 'amira', full_name: 'Test amira', book_title: 'Anna Karenina',
      status: 'RETURNED', late_days: 5, overdue_fine: '50.00', book_price: null, amount: '50.00', collected_amount: '0.00', cash_in_hand: '0.00',
      discount: '0.00', remaining_fines: '50.00', collected: false, return_date: '2026-02-02',
    });
    expect(rows[1].member_id).toMatch(/\S/);
  });

  test('search by member or book, filter by member, paged like the member lists', async () => {
    const titles = async (query: string) => ((await get(`/fines-viewset/pending/?${query}`, 'desk')).json() as { book_title: string }[]).map((r) => r.book_title);
    expect(await titles('search=BILAL')).toEqual(['Beloved']);
    expect(await titles('search=march')).toEqual(['Middlemarch']);
    expect(await titles('search=100%25')).toEqual([]);
    expect(await titles(`member=${id['amira']}`)).toEqual(['Anna Karenina', 'Middlemarch']);
    const page = (await get('/fines-viewset/pending/?page=2&page_size=2', 'desk')).json();
    expect(page).toMatchObject({ count: 3, next: null, previous: 'http://api.test/fines-viewset/pending/?page=1&page_size=2' });
    expect(page.results.map((r: { book_title: string }) => r.book_title)).toEqual(['Middlemarch']);
    expect((await get('/fines-viewset/pending/?page=9', 'desk')).statusCode).toBe(404);
  });

  test('hostile query strings: 400, never 500', async () => {
    for (const query of ['member=abc', 'member=1&member=2', 'member=-3', `member=${'9'.repeat(30)}`]) {
      const response = await get(`/fines-viewset/pending/?${query}`, 'desk');
      expect({ query, status: response.statusCode }).toEqual({ query, status: 400 });
    }
    expect((await get(`/fines-viewset/pending/?search=${encodeURIComponent('%_\\\u0000\'";--')}`, 'desk')).statusCode).toBe(400);
    expect((await get(`/fines-viewset/pending/?search=${encodeURIComponent('%_\\\'";--')}`, 'desk')).statusCode).toBe(200);
  });

  test('view_fine is needed: signed out 401, member 403, staff without it 403', async () => {
    expect((await get('/fines-viewset/pending/')).statusCode).toBe(401);
    expect((await get('/fines-viewset/pending/', 'amira')).statusCode).toBe(403);
    expect((await get('/fines-viewset/pending/', 'clerk')).statusCode).toBe(403);
  });
});

describe("a member's fines and receipts", () => {
  test('his FineRows newest first, paid ones included', async () => {
    const rows = (await get(`/fines/user/${id['amira']}/`, 'amira')).json();
    expect(rows.map((r: { book_title: string; collected: boolean }) => [r.book_title, r.collected])).toEqual([
      ['Middlemarch', false], ['Anna Karenina', false], ['Paid Off', true],
    ]);
  });

  test('the member reads his own fines, receipts and receipt; not another member\'s', async () => {
    expect((await get(`/fines/user/${id['amira']}/receipts/`, 'amira')).json().map((r: { receipt_no: string }) => r.receipt_no)).toEqual([receiptNo]);
    const receipt = await get(`/fines/receipts/${receiptNo}/`, 'amira');
    expect(receipt.statusCode).toBe(200);
    expect(receipt.json()).toMatchObject({ receipt_no: receiptNo, cash: '10.00', discount: '0.00', total: '10.00', discount_reason: null, collected_by: 'desk' });
    expect((await get(`/fines/user/${id['amira']}/`, 'bilal')).statusCode).toBe(403);
    expect((await get(`/fines/user/${id['amira']}/receipts/`, 'bilal')).statusCode).toBe(403);
    expect((await get(`/fines/receipts/${receiptNo}/`, 'bilal')).statusCode).toBe(404);
    expect((await get(`/fines/user/${id['bilal']}/receipts/`, 'bilal')).json()).toEqual([]);
  });

  test('staff need view_fine; unknown members, ids and receipt numbers are 404', async () => {
    expect((await get(`/fines/user/${id['amira']}/`, 'viewer')).statusCode).toBe(200);
    expect((await get(`/fines/user/${id['amira']}/`, 'clerk')).statusCode).toBe(403);
    expect((await get(`/fines/receipts/${receiptNo}/`, 'clerk')).statusCode).toBe(403);
    expect((await get(`/fines/user/${id['amira']}/`)).statusCode).toBe(401);
    expect((await get(`/fines/user/${id['desk']}/`, 'desk')).json()).toEqual({ detail: 'Member not found' });
    expect((await get('/fines/user/abc/', 'desk')).statusCode).toBe(404);
    expect((await get('/fines/user/99999999999/', 'desk')).statusCode).toBe(400);
    expect((await get('/fines/receipts/R-20260101-999999/', 'desk')).statusCode).toBe(404);
    expect((await get(`/fines/receipts/${encodeURIComponent("' or 1=1 --")}/`, 'desk')).statusCode).toBe(404);
  });
});
