/**
 * The Audit Trail names what it shows: each entry carries the actor's name, the record's name as
 * it is now (a loan's book title with its accession number), the member it concerns, and the entry
 * as a sentence with money in rupees and dates in the library's format; a deleted record is named
 * from the entry's snapshot. The CSV carries the sentence too. Runs on SQLite and, with
 * DATABASE_URL, on PostgreSQL.
 */
import Papa from 'papaparse';
import { beforeAll, describe, expect, test } from 'vitest';
import { formatDate } from '#shared/dates';
import { actor, addBook, desk, issue, member, t, today, useDeskApp } from './support/circulation.js';
import { createBook, createFine } from './support/fines.js';
import { postJson } from './support/harness.js';

useDeskApp();

interface Entry { action: string; actor: string | null; record: string | null; member: string | null; sentence: string; user: string | null }
const ids = {} as Record<'book' | 'sara' | 'loan', number>;
let accession = '';
let receiptNo = '';

beforeAll(async () => {
  await t.db.updateTable('users').set({ first_name: 'Sara', last_name: 'Staff' }).where('id', '=', desk.id).execute();
  ids.sara = await member(t, 'sara');
  await t.db.updateTable('users').set({ first_name: 'Sara', last_name: 'Member' }).where('id', '=', ids.sara).execute();
  ids.book = await addBook(t, 'Moby-Dick');
  const issued = await issue(t, desk, { book: ids.book, member: ids.sara });
  expect(issued.statusCode, issued.body).toBe(201);
  ids.loan = issued.json().id;
  accession = (await t.db.selectFrom('loans').innerJoin('copies', 'copies.id', 'loans.copy_id').select('copies.accession_no').where('loans.id', '=', ids.loan).executeTakeFirstOrThrow()).accession_no;
  const fine = await createFine(t.db, ids.sara, await createBook(t.db, 'Old Book'), 125000, '2026-03-10');
  const collected = await postJson(t.app, '/fines-viewset/collect/', { member_id: ids.sara, issued_ids: [fine.loanId], collected_amount: '1250.00', full_payment: false }, desk.headers);
  expect(collected.statusCode, collected.body).toBe(200);
  receiptNo = collected.json().receipt_no;
  await t.db.insertInto('audit_log').values({ user_id: desk.id, action: 'BOOK_DELETED', entity: 'book', entity_id: '999999', before: JSON.stringify({ title: 'A Book Long Gone' }), after: null, created_at: new Date().toISOString() }).execute();
});

const entries = async (query = ''): Promise<Entry[]> => {
  const response = await t.app.inject({ url: `/reports/audit/entries/?from=${today}&to=${today}&ordering=created_at${query}`, headers: desk.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().results;
};

describe('the Audit Trail names who did what to which record', () => {
  test('an issue names the actor, the book with its accession number and the member, as a sentence', async () => {
    const [entry] = (await entries()).filter((e) => e.action === 'BOOK_ISSUED');
    const due = (await t.db.selectFrom('loans').select('due_date').where('id', '=', ids.loan).executeTakeFirstOrThrow()).due_date;
    expect(entry).toMatchObject({ actor: 'Sara Staff', user: 'desk', record: `Moby-Dick (${accession})`, member: 'Sara Member' });
    expect(entry!.sentence).toBe(`Sara Staff issued Moby-Dick (${accession}) to Sara Member, due ${formatDate(due, 'DD/MM/YYYY')}`);
  });

  test('a collection reads in rupees with its receipt; a deleted book is named from its snapshot', async () => {
    const all = await entries();
    expect(all.find((e) => e.action === 'FINE_COLLECTED')!.sentence).toBe(`Sara Staff collected Rs. 1,250.00 from Sara Member (receipt ${receiptNo})`);
    expect(all.find((e) => e.action === 'BOOK_DELETED')).toMatchObject({ record: null, sentence: 'Sara Staff deleted the book A Book Long Gone' });
  });

  test('dates follow the library date format setting', async () => {
    await t.db.updateTable('library_settings').set({ date_format: 'YYYY-MM-DD' }).execute();
    const [entry] = (await entries('&action=BOOK_ISSUED'));
    expect(entry!.sentence).toMatch(/, due \d{4}-\d{2}-\d{2}$/);
    await t.db.updateTable('library_settings').set({ date_format: 'DD/MM/YYYY' }).execute();
  });

  test('the search finds entries by the names of their records and members', async () => {
    expect((await entries('&search=moby')).map((e) => e.action)).toEqual(['BOOK_ISSUED']);
    expect((await entries('&search=sara%20member')).map((e) => e.action)).toEqual(expect.arrayContaining(['BOOK_ISSUED', 'FINE_COLLECTED']));
  });

  test('the CSV carries the sentence', async () => {
    const response = await t.app.inject({ url: `/reports/audit/entries/?from=${today}&to=${today}&ordering=created_at&format=csv&action=BOOK_ISSUED`, headers: desk.headers });
    expect(response.statusCode, response.body).toBe(200);
    const [header, row] = Papa.parse<string[]>(response.body.trim()).data;
    const at = header!.indexOf('What happened');
    expect(at).toBeGreaterThan(-1);
    expect(row![at]).toContain(`issued Moby-Dick (${accession}) to Sara Member`);
  });

  test('one who acts on his own account reads by name, without a staff member', async () => {
    const reader = await actor(t, 'selfie');
    await t.db.updateTable('users').set({ first_name: 'Omar', last_name: 'Reader' }).where('id', '=', reader.id).execute();
    await t.app.inject({ method: 'POST', url: '/auth/login/', payload: { username: 'selfie', password: 'Shelf-Reader-2026' } });
    const signIns = (await entries('&action=USER_SIGNED_IN')).filter((e) => e.user === 'selfie');
    expect(signIns.at(-1)!.sentence).toBe('Omar Reader signed in');
  });
});
