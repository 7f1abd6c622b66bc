/**
 * Loans name their copy: issue by barcode, by accession number or by title (the server picks a
 * copy on the shelf), refusals of a copy that is unknown, of another title or not on the shelf,
 * the copy on every loan answer and list, the title's counts read from its copies after issue,
 * return and a lost return (the copy's own price charged, else the book's), and two desks racing
 * for the last copy by title and by barcode. Holds: circulation-copies-holds.test.ts.
 */
import { describe, expect, test } from 'vitest';
import { COPY_MESSAGES } from '#shared/copies';
import { moveCopy } from '../../server/src/modules/copies/stock.js';
import { actor, addBook, desk, giveBack, issue, member, rowCount, stock, t, useDeskApp } from './support/circulation.js';
import { read } from './support/reservations.js';

useDeskApp();

let seq = 0;
const reader = (): Promise<number> => member(t, `copy.reader.${++seq}`);

/** A title's copies in copy-number order. */
const copiesOf = (book: number) => t.db.selectFrom('copies').selectAll().where('book_id', '=', book).orderBy('copy_no').execute();
const copyRow = (id: number) => t.db.selectFrom('copies').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
/** How an answer names a copy. */
const named = (copy: { id: number; accession_no: string; barcode: string }) => ({ id: copy.id, accession_no: copy.accession_no, barcode: copy.barcode });

describe('issue by copy', () => {
  test('by barcode: that copy is lent, the loan records it and the answer names it', async () => {
    const book = await addBook(t, 'By Barcode', 2);
    const [, second] = await copiesOf(book);
    const response = await issue(t, desk, { copy: second!.barcode, member: await reader() });
    expect(response.statusCode).toBe(201);
    const record = response.json() as { id: number; book: { id: number }; copy: unknown };
    expect(record.book.id).toBe(book);
    expect(record.copy).toEqual(named(second!));
    expect((await t.db.selectFrom('loans').select('copy_id').where('id', '=', record.id).executeTakeFirstOrThrow()).copy_id).toBe(second!.id);
    expect((await copyRow(second!.id)).status).toBe('ON_LOAN');
    expect(await stock(t, book)).toMatchObject({ available_copies: 1, total_copies: 2 });
  });

  test('by accession number when the barcode differs, and in any case', async () => {
    const book = await addBook(t, 'By Accession', 2);
    const [first, second] = await copiesOf(book);
    await t.db.updateTable('copies').set({ barcode: `BC-${first!.id}` }).where('id', '=', first!.id).execute();
    const byNumber = await issue(t, desk, { copy: first!.accession_no, member: await reader() });
    expect(byNumber.statusCode).toBe(201);
    expect((byNumber.json() as { copy: { id: number } }).copy).toEqual({ id: first!.id, accession_no: first!.accession_no, barcode: `BC-${first!.id}` });
    const lower = await issue(t, desk, { copy: ` ${second!.barcode.toLowerCase()} `, member: await reader() });
    expect(lower.statusCode).toBe(201);
    expect((lower.json() as { copy: { id: number } }).copy.id).toBe(second!.id);
  });

  test('book and copy together must agree', async () => {
    const [book, other] = [await addBook(t, 'Agree', 1), await addBook(t, 'Other Title', 1)];
    const [copy] = await copiesOf(book);
    const loans = await rowCount(t, 'loans');
    const wrong = await issue(t, desk, { book: other, copy: copy!.barcode, member: await reader() });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ copy: [COPY_MESSAGES.wrongTitle] });
    expect(await rowCount(t, 'loans')).toBe(loans);
    const right = await issue(t, desk, { book, copy: copy!.barcode, member: await reader() });
    expect(right.statusCode).toBe(201);
    expect((right.json() as { copy: { id: number } }).copy.id).toBe(copy!.id);
  });

  test('an unknown code, a damaged copy and a copy on loan are refused on `copy`, nothing written', async () => {
    const book = await addBook(t, 'Refused Copies', 3);
    const [damaged, lent] = await copiesOf(book);
    await moveCopy(t.db, damaged!.id, ['AVAILABLE'], 'DAMAGED', { reason: 'Torn spine' });
    expect((await issue(t, desk, { copy: lent!.barcode, member: await reader() })).statusCode).toBe(201);
    const [loans, audits] = [await rowCount(t, 'loans'), await rowCount(t, 'audit_log')];
    const cases: [unknown, string][] = [
      ['NO-SUCH-COPY', COPY_MESSAGES.notFound],
      [damaged!.barcode, COPY_MESSAGES.notAvailable],
      [lent!.barcode, COPY_MESSAGES.notAvailable],
    ];
    for (const [code, message] of cases) {
      const response = await issue(t, desk, { copy: code, member: await reader() });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ copy: [message] });
    }
    expect([await rowCount(t, 'loans'), await rowCount(t, 'audit_log')]).toEqual([loans, audits]);
    expect(await stock(t, book)).toMatchObject({ available_copies: 1, total_copies: 3 });
  });

  test('neither book nor copy → book is required; a copy code too long or not a code → 400 on copy', async () => {
    const who = await reader();
    expect((await issue(t, desk, { member: who })).json()).toEqual({ book: ['This field is required.'] });
    expect((await issue(t, desk, { copy: 'A'.repeat(41), member: who })).statusCode).toBe(400);
    expect(Object.keys((await issue(t, desk, { copy: 12, member: who })).json() as object)).toEqual(['copy']);
  });
});

describe('issue by title', () => {
  test('picks a copy on the shelf: not a damaged one, not one out', async () => {
    const book = await addBook(t, 'By Title', 3);
    const [first, second, third] = await copiesOf(book);
    await moveCopy(t.db, first!.id, ['AVAILABLE'], 'DAMAGED', { reason: 'Water' });
    const a = (await issue(t, desk, { book, member: await reader() })).json() as { copy: { id: number } };
    expect(a.copy.id).toBe(second!.id);
    const b = (await issue(t, desk, { book, member: await reader() })).json() as { copy: { id: number } };
    expect(b.copy.id).toBe(third!.id);
    expect(await stock(t, book)).toMatchObject({ available_copies: 0, total_copies: 3 });
    expect((await issue(t, desk, { book, member: await reader() })).json()).toEqual({ book: ['No available copies for this book.'] });
  });
});

describe('return', () => {
  test('the copy goes back on the shelf; the counts follow', async () => {
    const book = await addBook(t, 'Back On Shelf', 2);
    const lent = (await issue(t, desk, { book, member: await reader() })).json() as { id: number; copy: { id: number } };
    expect(await stock(t, book)).toMatchObject({ available_copies: 1, total_copies: 2 });
    const answer = await giveBack(t, desk, lent.id);
    expect(answer.statusCode).toBe(200);
    expect((await copyRow(lent.copy.id)).status).toBe('AVAILABLE');
    expect(await stock(t, book)).toMatchObject({ available_copies: 2, total_copies: 2, status: 'ACTIVE' });
  });

  test("lost: the copy leaves the stock with its reason, its own price is charged; the title stays while copies are left", async () => {
    const book = await addBook(t, 'Lost Copy Price', 2, 50000);
    const [first] = await copiesOf(book);
    await t.db.updateTable('copies').set({ price: 72000 }).where('id', '=', first!.id).execute();
    const lent = (await issue(t, desk, { copy: first!.barcode, member: await reader() })).json() as { id: number };
    const answer = await giveBack(t, desk, lent.id, { status: 'LOST' });
    expect(answer.statusCode).toBe(200);
    expect((answer.json() as { fine_details: { book_price: string; total_fine: string } }).fine_details).toMatchObject({ book_price: '720.00', total_fine: '720.00' });
    expect(await copyRow(first!.id)).toMatchObject({ status: 'LOST' });
    const event = await t.db.selectFrom('copy_events').selectAll().where('copy_id', '=', first!.id).executeTakeFirstOrThrow();
    expect(event).toMatchObject({ from_status: 'ON_LOAN', to_status: 'LOST', reason: 'Returned as lost', user_id: desk.id });
    expect(await stock(t, book)).toMatchObject({ available_copies: 1, total_copies: 1, status: 'ACTIVE' });
  });

  test('written off without a copy price: the book price is charged; the last copy in stock marks the title', async () => {
    const book = await addBook(t, 'Written Off', 1, 31000);
    const lent = (await issue(t, desk, { book, member: await reader() })).json() as { id: number; copy: { id: number } };
    const answer = await giveBack(t, desk, lent.id, { status: 'WRITE_OFF' });
    expect((answer.json() as { fine_details: { book_price: string } }).fine_details.book_price).toBe('310.00');
    expect(await copyRow(lent.copy.id)).toMatchObject({ status: 'LOST', status_reason: 'Written off' });
    expect(await stock(t, book)).toMatchObject({ available_copies: 0, total_copies: 0, status: 'WRITE_OFF' });
  });

  test('a damaged copy on the shelf does not keep a title whose other copy is lost', async () => {
    const book = await addBook(t, 'Damaged Stays', 2);
    const [first, second] = await copiesOf(book);
    await moveCopy(t.db, second!.id, ['AVAILABLE'], 'DAMAGED', { reason: 'Binding' });
    const lent = (await issue(t, desk, { copy: first!.barcode, member: await reader() })).json() as { id: number };
    await giveBack(t, desk, lent.id, { status: 'LOST' });
    // The damaged copy still counts in the stock: the title is not lost.
    expect(await stock(t, book)).toMatchObject({ available_copies: 0, total_copies: 1, status: 'ACTIVE' });
  });
});

describe('lists name the copy', () => {
  test('issued list, the member own loans, his summary and the returned history', async () => {
    const borrower = await actor(t, `copy.lister.${++seq}`);
    const [kept, returned] = [await addBook(t, 'Listed Kept', 1), await addBook(t, 'Listed Returned', 1)];
    const [keptCopy] = await copiesOf(kept);
    const [returnedCopy] = await copiesOf(returned);
    await issue(t, desk, { copy: keptCopy!.barcode, member: borrower.id });
    const back = (await issue(t, desk, { book: returned, member: borrower.id })).json() as { id: number };
    await giveBack(t, desk, back.id);
    const staffList = (await read(t, desk, `/books/issued-books/?member=${borrower.id}`)).json() as { copy: unknown }[];
    expect(staffList.map((r) => r.copy)).toEqual([named(keptCopy!)]);
    const paged = (await read(t, desk, `/books/issued-books/?member=${borrower.id}&page=1`)).json() as { results: { copy: unknown }[] };
    expect(paged.results.map((r) => r.copy)).toEqual([named(keptCopy!)]);
    const own = (await read(t, borrower, '/books/issued-books/')).json() as { copy: unknown }[];
    expect(own.map((r) => r.copy)).toEqual([named(keptCopy!)]);
    const summary = (await read(t, desk, `/reports/members/${borrower.id}/issued-books/`)).json() as { issued_books: { copy: unknown }[] };
    expect(summary.issued_books.map((r) => r.copy)).toEqual([named(keptCopy!)]);
    const history = (await read(t, desk, `/reports/returned-books/${borrower.id}/`)).json() as { history: { copy: unknown }[] };
    expect(history.history.map((r) => r.copy)).toEqual([named(returnedCopy!)]);
    const all = (await read(t, desk, `/reports/books/returned-history/?search=Listed%20Returned`)).json() as { history: { copy: unknown }[] };
    expect(all.history.map((r) => r.copy)).toEqual([named(returnedCopy!)]);
  });
});

describe('races', () => {
  test('two desks, one by title and one by barcode, issuing the last copy at once: one 201, one 400', async () => {
    for (let round = 0; round < 5; round++) {
      const book = await addBook(t, `Race ${round}`, 1);
      const [copy] = await copiesOf(book);
      const answers = await Promise.all([issue(t, desk, { book, member: await reader() }), issue(t, desk, { copy: copy!.barcode, member: await reader() })]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 400]);
      expect(await t.db.selectFrom('loans').select('id').where('book_id', '=', book).execute()).toHaveLength(1);
      expect(await stock(t, book)).toMatchObject({ available_copies: 0, total_copies: 1 });
    }
  });

  test('two desks scanning the same copy for two members at once: one loan', async () => {
    const book = await addBook(t, 'Race Barcode', 2);
    const [copy] = await copiesOf(book);
    const answers = await Promise.all([issue(t, desk, { copy: copy!.barcode, member: await reader() }), issue(t, desk, { copy: copy!.barcode, member: await reader() })]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 400]);
    expect(answers.find((a) => a.statusCode === 400)!.json()).toEqual({ copy: [COPY_MESSAGES.notAvailable] });
    expect(await stock(t, book)).toMatchObject({ available_copies: 1, total_copies: 2 });
  });
});
