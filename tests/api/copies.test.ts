/**
 * The copy calls: adding copies to a title (by count from the library's sequence, or with
 * accession numbers kept as given; a taken number refuses the whole call), reading a copy with its
 * book, loan and hold, editing it and changing its status by hand (allowed changes only, a reason
 * where one is needed, the title's counts after each), and who may do each.
 */
import { describe, expect, test } from 'vitest';
import { addDays } from '#shared/dates';
import { COPY_MESSAGES } from '#shared/copies';
import { actor, type Actor, addBook, desk, member, onlyInRole, stock, t, today, useDeskApp } from './support/circulation.js';
import { addCopiesCall, auditsOf, copiesOf, holdDirectly, lendDirectly, patchCopy, read } from './support/copy-calls.js';

useDeskApp();

let seq = 0;
/** A staff user holding exactly these permissions. */
async function staffWith(codenames: string[]): Promise<Actor> {
  const who = await actor(t, `copies.staff.${++seq}`, 'MANAGER');
  await onlyInRole(t, who.id, `Copies role ${seq}`, codenames);
  return who;
}

describe('POST /books/books/{id}/copies/', () => {
  test('adds copies by count with the next accession numbers, copy numbers after the last, counts and one audit entry', async () => {
    const book = await addBook(t, 'Counted Title', 1);
    const [first] = await copiesOf(t, book);
    const response = await addCopiesCall(t, desk, book, { count: 3, shelf_location: 'Shelf C2', call_number: '530.1 HAW', acquired_on: '2026-01-05', source: 'DONATION', price: '120.00', condition_note: 'New' });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.detail).toBe('3 copies added.');
    expect(body.results.map((c: { copy_no: number }) => c.copy_no)).toEqual([2, 3, 4]);
    const n = Number(first!.accession_no.slice(4));
    expect(body.results.map((c: { accession_no: string }) => c.accession_no)).toEqual([1, 2, 3].map((i) => `ACC-${String(n + i).padStart(5, '0')}`));
    expect(body.results[0]).toMatchObject({
      book_id: book,
      barcode: body.results[0].accession_no,
      call_number: '530.1 HAW',
      shelf_location: 'Shelf C2',
      acquired_on: '2026-01-05',
      source: 'DONATION',
      price: '120.00',
      effective_price: '120.00',
      condition_note: 'New',
      status: 'AVAILABLE',
      status_reason: null,
      withdrawn_on: null,
      book: { id: book, title: 'Counted Title', author: 'Author of Counted Title', isbn: expect.any(String) },
      loan: null,
      hold: null,
    });
    expect(await stock(t, book)).toMatchObject({ total_copies: 4, available_copies: 4 });
    const audit = (await auditsOf(t, 'COPIES_ADDED')).filter((a) => a.entity_id === String(book));
    expect(audit).toHaveLength(1);
  });

  test('a copy without a price answers the book’s as its effective price', async () => {
    const book = await addBook(t, 'Priced Title', 0, 45050);
    const response = await addCopiesCall(t, desk, book, {});
    expect(response.statusCode).toBe(201);
    expect(response.json().detail).toBe('1 copy added.');
    expect(response.json().results[0]).toMatchObject({ price: null, effective_price: '450.50', copy_no: 1 });
  });

  test('keeps accession numbers as given; a taken one refuses the call and writes nothing', async () => {
    const book = await addBook(t, 'Imported Title', 0);
    const response = await addCopiesCall(t, desk, book, { accession_numbers: ['OLD/1977-1', 'OLD/1977-2'] });
    expect(response.statusCode).toBe(201);
    expect(response.json().results.map((c: { accession_no: string; barcode: string }) => [c.accession_no, c.barcode])).toEqual([
      ['OLD/1977-1', 'OLD/1977-1'],
      ['OLD/1977-2', 'OLD/1977-2'],
    ]);
    const auditsBefore = (await auditsOf(t, 'COPIES_ADDED')).length;
    const taken = await addCopiesCall(t, desk, book, { accession_numbers: ['OLD/1977-3', 'old/1977-9', 'OLD/1977-2'] });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toEqual({ accession_numbers: [COPY_MESSAGES.accessionTaken] });
    const twice = await addCopiesCall(t, desk, book, { accession_numbers: ['NEW-1', 'NEW-1'] });
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toEqual({ accession_numbers: [COPY_MESSAGES.accessionTaken] });
    expect(await copiesOf(t, book)).toHaveLength(2);
    expect((await auditsOf(t, 'COPIES_ADDED')).length).toBe(auditsBefore);
    expect(await stock(t, book)).toMatchObject({ total_copies: 2, available_copies: 2 });
  });

  test.each([
    [{ count: 0 }, 'count'],
    [{ count: 501 }, 'count'],
    [{ count: 'three' }, 'count'],
    [{ count: 2, accession_numbers: ['A-1'] }, 'non_field_errors'],
    [{ accession_numbers: [] }, 'accession_numbers'],
    [{ accession_numbers: ['has space'] }, 'accession_numbers'],
    [{ accession_numbers: ['x'.repeat(41)] }, 'accession_numbers'],
    [{ accession_numbers: 'A-1' }, 'accession_numbers'],
    [{ accession_numbers: Array.from({ length: 501 }, (_, i) => `B-${i}`) }, 'accession_numbers'],
    [{ price: '12.345' }, 'price'],
    [{ price: '-1' }, 'price'],
    [{ acquired_on: '2026-02-30' }, 'acquired_on'],
    [{ acquired_on: '1899-12-31' }, 'acquired_on'],
    [{ acquired_on: '2999-01-01' }, 'acquired_on'],
    [{ source: 'STOLEN' }, 'source'],
    [{ call_number: 'a\u0007b' }, 'call_number'],
    [{ shelf_location: 'x'.repeat(101) }, 'shelf_location'],
    [{ condition_note: 'x'.repeat(501) }, 'condition_note'],
  ])('refuses a bad body (case %#) on %s, nothing written', async (body, field) => {
    const book = await addBook(t, `Refused ${++seq}`, 1);
    const response = await addCopiesCall(t, desk, book, body);
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json())).toEqual([field]);
    expect(await copiesOf(t, book)).toHaveLength(1);
  });

  test('an unknown book answers 404', async () => {
    expect((await addCopiesCall(t, desk, 999999, { count: 1 })).statusCode).toBe(404);
  });
});

describe('GET /books/books/{id}/copies/ and GET /books/copies/{id}/', () => {
  test('lists a title’s copies in copy order and reads one, with its open loan and its hold', async () => {
    const book = await addBook(t, 'Circulating Title', 3);
    const [c1, c2] = await copiesOf(t, book);
    const borrower = await member(t, 'copies.borrower');
    await t.db.updateTable('member_profiles').set({ member_id: 'M-0042' }).where('user_id', '=', borrower).execute();
    const loan = await lendDirectly(t, c1!.id, borrower, addDays(today, -20), addDays(today, -6));
    const waiting = await member(t, 'copies.waiting');
    const reservation = await holdDirectly(t, c2!.id, waiting, addDays(today, 3));

    const list = await read(t, desk, `/books/books/${book}/copies/`);
    expect(list.statusCode).toBe(200);
    expect(list.json().count).toBe(3);
    expect(list.json().results.map((c: { copy_no: number; status: string }) => [c.copy_no, c.status])).toEqual([
      [1, 'ON_LOAN'],
      [2, 'ON_HOLD'],
      [3, 'AVAILABLE'],
    ]);
    const lent = (await read(t, desk, `/books/copies/${c1!.id}/`)).json();
    expect(lent.loan).toEqual({
      id: loan,
      member: { id: borrower, username: 'copies.borrower', full_name: 'Test copies.borrower', member_id: 'M-0042' },
      issue_date: addDays(today, -20),
      due_date: addDays(today, -6),
      overdue: true,
    });
    expect(lent.hold).toBeNull();
    const held = (await read(t, desk, `/books/copies/${c2!.id}/`)).json();
    expect(held.loan).toBeNull();
    expect(held.hold).toEqual({ reservation_id: reservation, member: { id: waiting, username: 'copies.waiting', full_name: 'Test copies.waiting', member_id: expect.any(String) }, hold_until: addDays(today, 3) });
    expect(await stock(t, book)).toMatchObject({ total_copies: 3, available_copies: 1 });
  });

  test('pages the list (page_size at most 500) and answers 404 for unknown ids', async () => {
    const book = await addBook(t, 'Paged Title', 5);
    const page = (await read(t, desk, `/books/books/${book}/copies/?page=2&page_size=2`)).json();
    expect(page.count).toBe(5);
    expect(page.results.map((c: { copy_no: number }) => c.copy_no)).toEqual([3, 4]);
    expect((await read(t, desk, `/books/books/${book}/copies/?page_size=9999`)).statusCode).toBe(400);
    expect((await read(t, desk, '/books/books/999999/copies/')).statusCode).toBe(404);
    expect((await read(t, desk, '/books/copies/999999/')).statusCode).toBe(404);
    expect((await read(t, desk, '/books/copies/abc/')).statusCode).toBe(404);
  });
});

describe('PATCH /books/copies/{id}/', () => {
  test('status changes follow the allowed transitions, need a reason, and the title’s counts follow each', async () => {
    const book = await addBook(t, 'Fragile Title', 2);
    const [c1, c2] = await copiesOf(t, book);
    const noReason = await patchCopy(t, desk, c1!.id, { status: 'DAMAGED' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json()).toEqual({ reason: [COPY_MESSAGES.reasonRequired] });

    const damaged = await patchCopy(t, desk, c1!.id, { status: 'DAMAGED', reason: 'Spine broken' });
    expect(damaged.statusCode).toBe(200);
    expect(damaged.json()).toMatchObject({ status: 'DAMAGED', status_reason: 'Spine broken' });
    expect(await stock(t, book)).toMatchObject({ total_copies: 2, available_copies: 1 });

    const repaired = await patchCopy(t, desk, c1!.id, { status: 'AVAILABLE' });
    expect(repaired.statusCode).toBe(200);
    expect(await stock(t, book)).toMatchObject({ total_copies: 2, available_copies: 2 });

    for (const [to, total, available] of [['LOST', 1, 1], ['AVAILABLE', 2, 2], ['MISSING', 1, 1], ['WITHDRAWN', 1, 1]] as const) {
      const moved = await patchCopy(t, desk, c1!.id, { status: to, reason: `Now ${to}` });
      expect(moved.statusCode, to).toBe(200);
      expect(await stock(t, book)).toMatchObject({ total_copies: total, available_copies: available });
    }
    const withdrawn = (await read(t, desk, `/books/copies/${c1!.id}/`)).json();
    expect(withdrawn).toMatchObject({ status: 'WITHDRAWN', withdrawn_on: today, status_reason: 'Now WITHDRAWN' });

    const refused = await patchCopy(t, desk, c1!.id, { status: 'DAMAGED', reason: 'x' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ status: [COPY_MESSAGES.transition('WITHDRAWN', 'DAMAGED')] });
    expect((await patchCopy(t, desk, c2!.id, { status: 'ON_LOAN' })).json()).toEqual({ status: [COPY_MESSAGES.transition('AVAILABLE', 'ON_LOAN')] });
    expect((await patchCopy(t, desk, c2!.id, { status: 'BROKEN' })).statusCode).toBe(400);

    const events = await t.db.selectFrom('copy_events').selectAll().where('copy_id', '=', c1!.id).orderBy('id').execute();
    expect(events.map((e) => [e.from_status, e.to_status])).toEqual([
      ['AVAILABLE', 'DAMAGED'],
      ['DAMAGED', 'AVAILABLE'],
      ['AVAILABLE', 'LOST'],
      ['LOST', 'AVAILABLE'],
      ['AVAILABLE', 'MISSING'],
      ['MISSING', 'WITHDRAWN'],
    ]);
    expect(events[0]).toMatchObject({ reason: 'Spine broken', user_id: desk.id });
    expect((await auditsOf(t, 'COPY_STATUS_CHANGED')).filter((a) => a.entity_id === String(c1!.id))).toHaveLength(6);
  });

  test('two editors marking one copy at once: one change lands, the other finds it done, the counts move once', async () => {
    const book = await addBook(t, 'Raced Title', 2);
    const [copy] = await copiesOf(t, book);
    const answers = await Promise.all([
      patchCopy(t, desk, copy!.id, { status: 'DAMAGED', reason: 'Desk one' }),
      patchCopy(t, desk, copy!.id, { status: 'DAMAGED', reason: 'Desk two' }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(answers.map((a) => a.json().status)).toEqual(['DAMAGED', 'DAMAGED']);
    expect(await stock(t, book)).toMatchObject({ total_copies: 2, available_copies: 1 });
    expect(await t.db.selectFrom('copy_events').select('id').where('copy_id', '=', copy!.id).execute()).toHaveLength(1);
  });

  test('a copy on loan cannot be changed by hand', async () => {
    const book = await addBook(t, 'Lent Title', 1);
    const [copy] = await copiesOf(t, book);
    await lendDirectly(t, copy!.id, await member(t, 'copies.lent'), today, addDays(today, 14));
    const response = await patchCopy(t, desk, copy!.id, { status: 'LOST', reason: 'Never came back' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ status: [COPY_MESSAGES.transition('ON_LOAN', 'LOST')] });
    expect(await stock(t, book)).toMatchObject({ total_copies: 1, available_copies: 0 });
  });

  test('edits the copy’s details (audited); a barcode taken by another copy is refused and nothing is written', async () => {
    const book = await addBook(t, 'Edited Title', 2, 30000);
    const [c1, c2] = await copiesOf(t, book);
    const edited = await patchCopy(t, desk, c1!.id, { barcode: 'BC-777', call_number: '823 AUS', shelf_location: 'Shelf A1', acquired_on: '2025-03-01', source: 'PURCHASE', price: '99.5', condition_note: 'Torn cover' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ barcode: 'BC-777', call_number: '823 AUS', shelf_location: 'Shelf A1', acquired_on: '2025-03-01', source: 'PURCHASE', price: '99.50', effective_price: '99.50', condition_note: 'Torn cover' });
    const cleared = await patchCopy(t, desk, c1!.id, { price: null, call_number: '' });
    expect(cleared.json()).toMatchObject({ price: null, effective_price: '300.00', call_number: null });
    const taken = await patchCopy(t, desk, c2!.id, { barcode: 'bc-777', shelf_location: 'Elsewhere' });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toEqual({ barcode: [COPY_MESSAGES.barcodeTaken] });
    const accessionOfFirst = await patchCopy(t, desk, c2!.id, { barcode: c1!.accession_no });
    expect(accessionOfFirst.json()).toEqual({ barcode: [COPY_MESSAGES.barcodeTaken] });
    expect((await read(t, desk, `/books/copies/${c2!.id}/`)).json()).toMatchObject({ barcode: c2!.barcode, shelf_location: null });
    expect((await auditsOf(t, 'COPY_UPDATED')).filter((a) => a.entity_id === String(c1!.id))).toHaveLength(2);
    expect((await patchCopy(t, desk, c2!.id, { barcode: 'two words' })).statusCode).toBe(400);
    expect((await patchCopy(t, desk, c2!.id, { acquired_on: addDays(today, 1) })).statusCode).toBe(400);
  });
});

describe('who may use the copy calls', () => {
  test('signed out 401; a member 403; view_book reads; add_book adds; change_book edits; a loan reader looks up barcodes only', async () => {
    const book = await addBook(t, 'Guarded Title', 1);
    const [copy] = await copiesOf(t, book);
    const reader = await actor(t, 'copies.member');
    const viewer = await staffWith(['view_book']);
    const adder = await staffWith(['add_book']);
    const changer = await staffWith(['change_book']);
    const desker = await staffWith(['view_bookissuance']);

    for (const url of [`/books/books/${book}/copies/`, `/books/copies/${copy!.id}/`, `/books/copies/${copy!.id}/history/`, '/books/copies/', `/books/copies/?barcode=${copy!.barcode}`]) {
      expect((await read(t, undefined, url)).statusCode, url).toBe(401);
      expect((await read(t, reader, url)).statusCode, url).toBe(403);
      expect((await read(t, viewer, url)).statusCode, url).toBe(200);
      expect((await read(t, adder, url)).statusCode, url).toBe(403);
    }
    expect((await read(t, desker, `/books/copies/?barcode=${copy!.barcode}`)).statusCode).toBe(200);
    expect((await read(t, desker, '/books/copies/')).statusCode).toBe(403);
    expect((await read(t, desker, `/books/copies/${copy!.id}/`)).statusCode).toBe(403);

    expect((await addCopiesCall(t, undefined, book, {})).statusCode).toBe(401);
    expect((await addCopiesCall(t, viewer, book, {})).statusCode).toBe(403);
    expect((await addCopiesCall(t, changer, book, {})).statusCode).toBe(403);
    expect((await addCopiesCall(t, adder, book, {})).statusCode).toBe(201);

    expect((await patchCopy(t, undefined, copy!.id, { call_number: 'X' })).statusCode).toBe(401);
    expect((await patchCopy(t, adder, copy!.id, { call_number: 'X' })).statusCode).toBe(403);
    expect((await patchCopy(t, changer, copy!.id, { call_number: 'X' })).statusCode).toBe(200);
    expect(await stock(t, book)).toMatchObject({ total_copies: 2 });
  });
});
