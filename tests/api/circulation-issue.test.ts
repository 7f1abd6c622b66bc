/**
 * Issuing books: every refusal with its message (and nothing written), the defaults, the audit
 * entry and the notice mail, the last-copy race and the loan-limit race, the due-date change,
 * the issued list (filters, paging, hostile query strings), the member summary and permissions.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { addDays } from '#shared/dates';
import { postJson, startTestApp, type TestApp } from './support/harness.js';
import { actor, addBook, issue, libraryToday, member, onlyInRole, rowCount, stock, type Actor } from './support/circulation.js';

let t: TestApp;
let desk: Actor;
let today: string;

beforeAll(async () => {
  t = await startTestApp({ API_PUBLIC_URL: 'http://api.test' });
  desk = await actor(t, 'desk', 'SUPER USER');
  today = await libraryToday(t);
});

afterAll(async () => t.close());

describe('issue refusals', () => {
  let reader: number;
  let book: number;

  beforeAll(async () => {
    reader = await member(t, 'refused.reader');
    book = await addBook(t, 'Refusals', 2);
  });

  // An account that may not borrow is a block (code `account`): its reason under `member`, and the block beside it.
  const accountBlock = (reason: string) => ({ member: [reason], blocks: [{ code: 'account', reason }] });
  const refusals: [string, () => Promise<Record<string, unknown>>, Record<string, unknown>][] = [
    ['unknown book', async () => ({ book: 999999, member: reader }), { book: ['Book not found.'] }],
    ['unknown member', async () => ({ book, member: 999999 }), { member: ['Member not found.'] }],
    ['a staff account', async () => ({ book, member: desk.id }), { member: ['Member not found.'] }],
    ['a pending member', async () => ({ book, member: await member(t, 'pending.one', 'pending') }), accountBlock("This member's account is waiting for approval.")],
    ['a declined member', async () => ({ book, member: await member(t, 'declined.one', 'declined') }), accountBlock("This member's account is not active.")],
    ['a disabled member', async () => ({ book, member: await member(t, 'disabled.one', 'disabled') }), accountBlock("This member's account is not active.")],
    [
      'a deleted member',
      async () => {
        const id = await member(t, 'deleted.one');
        await t.db.updateTable('users').set({ deleted_at: new Date().toISOString() }).where('id', '=', id).execute();
        return { book, member: id };
      },
      { member: ['Member not found.'] },
    ],
    [
      'a lost title',
      async () => {
        const lost = await addBook(t, 'Gone', 1);
        await t.db.updateTable('books').set({ status: 'LOST' }).where('id', '=', lost).execute();
        return { book: lost, member: reader };
      },
      { book: ['This book is lost or written off and cannot be issued.'] },
    ],
    ['due before issue', async () => ({ book, member: reader, issue_date: today, due_date: addDays(today, -1) }), { due_date: ['Due date cannot be before the issue date.'] }],
    ['no copy left', async () => ({ book: await addBook(t, 'Empty shelf', 0), member: reader }), { book: ['No available copies for this book.'] }],
    ['book missing', async () => ({ member: reader }), { book: ['This field is required.'] }],
    ['a book id beyond the column', async () => ({ book: 2147483648, member: reader }), { book: ['Invalid pk "2147483648" - object does not exist.'] }],
    ['a date that is not a date', async () => ({ book, member: reader, due_date: '2026-02-30' }), { due_date: ['Date has wrong format. Use one of these formats instead: YYYY-MM-DD.'] }],
    ['a status other than ISSUED', async () => ({ book, member: reader, status: 'RETURNED' }), { status: ['"RETURNED" is not a valid choice.'] }],
  ];

  test.each(refusals)('%s → 400 with its message, nothing written', async (_name, body, expected) => {
    const payload = await body();
    const [loans, audits] = [await rowCount(t, 'loans'), await rowCount(t, 'audit_log')];
    const response = await issue(t, desk, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(expected);
    expect(await rowCount(t, 'loans')).toBe(loans);
    expect(await rowCount(t, 'audit_log')).toBe(audits);
  });

  test('a body that is not an object → 400', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/books/issued-books/', payload: '[1,2]', headers: { ...desk.headers, 'content-type': 'application/json' } });
    expect(response.statusCode).toBe(400);
  });

  test('the same title twice → 400, and the partial unique index says the same', async () => {
    const first = await issue(t, desk, { book, member: reader });
    expect(first.statusCode).toBe(201);
    const again = await issue(t, desk, { book, member: reader });
    expect(again.json()).toEqual({ book: ['This member already has this book issued and not yet returned.'] });
    const { id } = first.json() as { id: number };
    const now = new Date().toISOString();
    await expect(
      t.db.insertInto('loans').values({ book_id: book, member_id: reader, issue_date: today, due_date: today, status: 'ISSUED', renewals: 0, issued_by: null, returned_at: null, created_at: now, updated_at: now }).execute(),
    ).rejects.toThrow();
    expect(id).toBeGreaterThan(0);
  });

  /** The loan limit is a block (code `loan_limit`): the seed's message under `member`, and the block beside it. */
  const limitBlock = (reason: string) => ({ member: [reason], blocks: [{ code: 'loan_limit', reason }] });

  test('the loan limit (book settings: 3) → 400 naming it', async () => {
    const holder = await member(t, 'limit.reader');
    for (let i = 0; i < 3; i += 1) expect((await issue(t, desk, { book: await addBook(t, `Limit ${i}`), member: holder })).statusCode).toBe(201);
    const fourth = await issue(t, desk, { book: await addBook(t, 'Limit 3'), member: holder });
    expect(fourth.json()).toEqual(limitBlock('This member already has 3 books issued. Max allowed is 3.'));
  });

  test("the member's plan sets his limit", async () => {
    const plan = await t.db.insertInto('membership_plans').values({ name: 'Single', loan_limit: 1, loan_period_days: 14, fine_per_day: 500, fee: 0, validity_months: 12, is_default: 0, created_at: today, updated_at: today }).returning('id').executeTakeFirstOrThrow();
    const holder = await member(t, 'plan.reader');
    await t.db.updateTable('member_profiles').set({ plan_id: plan.id }).where('user_id', '=', holder).execute();
    const first = await issue(t, desk, { book: await addBook(t, 'Plan 1'), member: holder });
    expect(first.json()).toMatchObject({ due_date: addDays(today, 14), fine_per_day: '5.00' });
    const second = await issue(t, desk, { book: await addBook(t, 'Plan 2'), member: holder });
    expect(second.json()).toEqual(limitBlock('This member already has 1 book issued. Max allowed is 1.'));
  });

  test('a limit lowered below what a member holds: the message names both', async () => {
    const holder = await member(t, 'lowered.reader');
    for (let i = 0; i < 2; i += 1) expect((await issue(t, desk, { book: await addBook(t, `Lowered ${i}`), member: holder })).statusCode).toBe(201);
    const plan = await t.db.insertInto('membership_plans').values({ name: 'Lowered', loan_limit: 1, loan_period_days: null, fine_per_day: null, fee: 0, validity_months: 12, is_default: 0, created_at: today, updated_at: today }).returning('id').executeTakeFirstOrThrow();
    await t.db.updateTable('member_profiles').set({ plan_id: plan.id }).where('user_id', '=', holder).execute();
    const third = await issue(t, desk, { book: await addBook(t, 'Lowered 2'), member: holder });
    expect(third.json()).toEqual(limitBlock('This member already has 2 books issued. Max allowed is 1.'));
  });
});

describe('a successful issue', () => {
  test('defaults the dates, takes a copy, audits and mails the member', async () => {
    const reader = await member(t, 'happy.reader');
    const book = await addBook(t, 'Happy Path', 2, 12345);
    const response = await issue(t, desk, { book, member: reader, status: 'ISSUED' });
    expect(response.statusCode).toBe(201);
    const record = response.json();
    expect(record).toMatchObject({
      issue_date: today,
      due_date: addDays(today, 3),
      returned_at: null,
      status: 'ISSUED',
      renewals: 0,
      overdue: false,
      late_days: 0,
      fine_per_day: '10.00',
      fine_amount: '0.00',
      book: { id: book, title: 'Happy Path', author: 'Author of Happy Path', price: '123.45' },
      member: { id: reader, name: 'happy.reader', full_name: 'Test happy.reader' },
    });
    expect(await stock(t, book)).toMatchObject({ available_copies: 1, total_copies: 2 });
    const audit = await t.db.selectFrom('audit_log').selectAll().where('action', '=', 'BOOK_ISSUED').where('entity_id', '=', String(record.id)).executeTakeFirstOrThrow();
    expect(audit.user_id).toBe(desk.id);
    const mail = await t.mail.waitFor('happy.reader@example.test');
    expect(mail.subject).toMatch(/Book issued/);
    // The "Book issued" notice's default wording (src/lib/notice-templates.ts), queued with the loan.
    expect(mail.text).toContain('"Happy Path" has been issued to you.');
  });

  test('an overdue loan issued in the past shows its accrued fine', async () => {
    const reader = await member(t, 'late.reader');
    const book = await addBook(t, 'Old Loan');
    const response = await issue(t, desk, { book, member: reader, issue_date: addDays(today, -10), due_date: addDays(today, -4) });
    expect(response.json()).toMatchObject({ overdue: true, late_days: 4, fine_amount: '40.00' });
  });
});

describe('races', () => {
  test('50 desks issuing the last copy to 50 members: exactly one loan', async () => {
    const book = await addBook(t, 'Last Copy', 1);
    const members: number[] = [];
    for (let i = 0; i < 50; i += 1) members.push(await member(t, `racer.${i}`));
    const answers = await Promise.all(members.map((m) => issue(t, desk, { book, member: m })));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 400)).toHaveLength(49);
    for (const a of answers.filter((x) => x.statusCode === 400)) expect(a.json()).toEqual({ book: ['No available copies for this book.'] });
    expect((await stock(t, book)).available_copies).toBe(0);
    const loans = await t.db.selectFrom('loans').select('id').where('book_id', '=', book).execute();
    expect(loans).toHaveLength(1);
  });

  test('one member at his limit racing for two titles gets only one', async () => {
    const holder = await member(t, 'edge.reader');
    for (let i = 0; i < 2; i += 1) await issue(t, desk, { book: await addBook(t, `Edge ${i}`), member: holder });
    const [a, b] = [await addBook(t, 'Edge A'), await addBook(t, 'Edge B')];
    const answers = await Promise.all([issue(t, desk, { book: a, member: holder }), issue(t, desk, { book: b, member: holder })]);
    expect(answers.map((x) => x.statusCode).sort()).toEqual([201, 400]);
    const open = await t.db.selectFrom('loans').select('id').where('member_id', '=', holder).where('returned_at', 'is', null).execute();
    expect(open).toHaveLength(3);
  });

  test('the same member and title from two desks at once: one loan', async () => {
    const holder = await member(t, 'twin.reader');
    const book = await addBook(t, 'Twin', 5);
    const answers = await Promise.all([issue(t, desk, { book, member: holder }), issue(t, desk, { book, member: holder })]);
    expect(answers.map((x) => x.statusCode).sort()).toEqual([201, 400]);
    expect((await stock(t, book)).available_copies).toBe(4);
  });
});

describe('due date change', () => {
  test('moves the due date of an open loan, refuses one before the issue date, audits', async () => {
    const reader = await member(t, 'due.reader');
    const { id } = (await issue(t, desk, { book: await addBook(t, 'Due'), member: reader })).json() as { id: number };
    const patch = (body: unknown) => t.app.inject({ method: 'PATCH', url: `/books/issued-books/${id}/`, payload: JSON.stringify(body), headers: { ...desk.headers, 'content-type': 'application/json' } });
    const moved = await patch({ due_date: addDays(today, 20) });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ id, due_date: addDays(today, 20) });
    expect((await patch({ due_date: addDays(today, -1) })).json()).toEqual({ due_date: ['Due date cannot be before the issue date.'] });
    expect((await patch({})).json()).toEqual({ due_date: ['This field is required.'] });
    const audit = await t.db.selectFrom('audit_log').selectAll().where('action', '=', 'LOAN_DUE_DATE_CHANGED').where('entity_id', '=', String(id)).execute();
    expect(audit).toHaveLength(1);
    await postJson(t.app, `/books/issued-books/${id}/return/`, {}, desk.headers);
    expect((await patch({ due_date: addDays(today, 30) })).statusCode).toBe(404);
  });
});

describe('permissions', () => {
  test('a MEMBER cannot issue; staff without add_bookissuance get 403; nothing written', async () => {
    const reader = await actor(t, 'perm.member');
    const clerk = await actor(t, 'perm.clerk', 'MANAGER');
    await onlyInRole(t, clerk.id, 'Viewer', ['view_bookissuance']);
    const book = await addBook(t, 'Forbidden');
    const loans = await rowCount(t, 'loans');
    expect((await issue(t, reader, { book, member: reader.id })).statusCode).toBe(403);
    expect((await issue(t, clerk, { book, member: reader.id })).statusCode).toBe(403);
    expect((await postJson(t.app, '/books/issued-books/', { book, member: reader.id })).statusCode).toBe(401);
    expect(await rowCount(t, 'loans')).toBe(loans);
  });
});
