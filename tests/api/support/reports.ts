/**
 * The reports' fixture: a small library written straight into the tables with fixed dates in
 * March 2026 (the library's zone is Asia/Karachi, UTC+5), so every figure and row of the report
 * tests is computed by hand in the test file. Staff hold one report permission each.
 */
import type { TestApp } from './harness.js';
import { bearer, createUser, signIn } from './harness.js';
import { onlyInRole } from './circulation.js';

export const MARCH = 'from=2026-03-01&to=2026-03-31';

export interface ReportFixture {
  headers: Record<'admin' | 'books' | 'members' | 'financial' | 'audit' | 'reader', Record<string, string>>;
  users: Record<'admin' | 'desk' | 'alice' | 'bob' | 'carol' | 'dave' | 'eve', number>;
  memberNo: Record<'alice' | 'bob', string>;
  books: Record<'dune' | 'formula' | 'atlas' | 'lost' | 'quiet', number>;
  loans: Record<'l1' | 'l2' | 'l3' | 'l4' | 'l5' | 'l6', number>;
  departments: Record<'science' | 'arts', number>;
  categories: Record<'fiction' | 'reference', number>;
  plans: Record<'gold' | 'standard', number>;
  staffIds: Record<'books' | 'members' | 'financial' | 'audit', number>;
}

const stamp = (moment: string) => ({ created_at: moment, updated_at: moment });

export async function reportFixture(t: TestApp): Promise<ReportFixture> {
  const db = t.db;
  await db.updateTable('library_settings').set({ timezone: 'Asia/Karachi', low_stock_threshold: 1, max_books_per_member: 1 }).execute();
  const science = (await db.insertInto('departments').values({ name: 'Science' }).returning('id').executeTakeFirstOrThrow()).id;
  const arts = (await db.insertInto('departments').values({ name: 'Arts' }).returning('id').executeTakeFirstOrThrow()).id;
  const fiction = (await db.insertInto('categories').values({ name: 'Fiction', image: null }).returning('id').executeTakeFirstOrThrow()).id;
  const reference = (await db.insertInto('categories').values({ name: 'Reference', image: null }).returning('id').executeTakeFirstOrThrow()).id;
  const session = (await db.insertInto('academic_sessions').values({ session_range: '2025-2029' }).returning('id').executeTakeFirstOrThrow()).id;
  const now = '2026-01-01T00:00:00.000Z';
  const gold = (
    await db
      .insertInto('membership_plans')
      .values({ name: 'Gold', loan_limit: 2, loan_period_days: null, fine_per_day: null, fee: 0, validity_months: 12, is_default: 0, ...stamp(now) })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  const standard = (await db.selectFrom('membership_plans').select('id').where('is_default', '=', 1).executeTakeFirstOrThrow()).id;

  const admin = await createUser(db, { username: 'admin', role: 'SUPER USER' });
  const desk = await createUser(db, { username: 'desk', role: 'MANAGER' });
  const staff = { books: 'view_book_report', members: 'view_member_report', financial: 'view_financial_report', audit: 'view_auditlog' } as const;
  const staffIds = {} as ReportFixture['staffIds'];
  for (const [name, code] of Object.entries(staff) as [keyof typeof staff, string][]) {
    const user = await createUser(db, { username: `${name}-analyst`, role: 'MANAGER' });
    await onlyInRole(t, user.id, `Only ${code}`, ['view_reports', code]);
    staffIds[name] = user.id;
  }
  const alice = await createUser(db, { username: 'alice' });
  const bob = await createUser(db, { username: 'bob' });
  const carol = await createUser(db, { username: 'carol', state: 'pending' });
  const dave = await createUser(db, { username: 'dave', state: 'disabled' });
  const eve = await createUser(db, { username: 'eve', state: 'declined' });
  const joined: [number, string][] = [
    [alice.id, '2026-03-05T10:00:00.000Z'],
    // 01:00 on 1 April in Karachi: outside March.
    [bob.id, '2026-03-31T20:00:00.000Z'],
    // 00:30 on 1 March in Karachi: inside March.
    [carol.id, '2026-02-28T19:30:00.000Z'],
    [dave.id, '2026-01-10T10:00:00.000Z'],
    [eve.id, '2026-05-01T10:00:00.000Z'],
  ];
  for (const [id, at] of joined) await db.updateTable('users').set({ date_joined: at }).where('id', '=', id).execute();
  await db.updateTable('users').set({ first_name: '+cmd', last_name: '' }).where('id', '=', bob.id).execute();
  await db.updateTable('member_profiles').set({ department_id: science, session_id: session, plan_id: gold }).where('user_id', '=', alice.id).execute();
  await db.updateTable('member_profiles').set({ department_id: arts }).where('user_id', '=', bob.id).execute();
  const profiles = await db.selectFrom('member_profiles').select(['user_id', 'member_id']).where('user_id', 'in', [alice.id, bob.id]).execute();
  const memberNo = { alice: profiles.find((p) => p.user_id === alice.id)!.member_id, bob: profiles.find((p) => p.user_id === bob.id)!.member_id };

  let isbn = 0;
  const book = async (title: string, department: number, category: number, total: number, available: number, price: number, status: 'ACTIVE' | 'LOST' = 'ACTIVE') => {
    isbn += 1;
    const row = await db
      .insertInto('books')
      .values({
        title, author: `Author of ${title}`, isbn: `97800000000${String(isbn).padStart(2, '0')}`, department_id: department, category_id: category, language_id: null,
        publisher: 'Press', total_copies: total, available_copies: available, rack_no: 'R-1', date_of_entry: '2026-01-01', price, status, ...stamp(now),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  };
  const books = {
    dune: await book('Dune', science, fiction, 3, 1, 20000),
    formula: await book('=HYPERLINK("x")', arts, fiction, 2, 2, 10000),
    atlas: await book('Atlas', science, reference, 1, 1, 8000),
    lost: await book('Lost Tome', arts, reference, 1, 0, 5000, 'LOST'),
    quiet: await book('Quiet Book', science, reference, 4, 4, 1500),
  };

  const loan = async (bookId: number, memberId: number, issue: string, due: string, returned: string | null, status: 'ISSUED' | 'RETURNED' | 'LOST') => {
    const row = await db
      .insertInto('loans')
      .values({ book_id: bookId, member_id: memberId, issue_date: issue, due_date: due, returned_at: returned, status, renewals: 0, issued_by: desk.id, returned_by: null, ...stamp(`${issue}T09:00:00.000Z`) })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  };
  const loans = {
    l1: await loan(books.dune, alice.id, '2026-03-02', '2026-03-05', null, 'ISSUED'),
    l2: await loan(books.dune, bob.id, '2026-03-10', '2026-03-13', null, 'ISSUED'),
    l3: await loan(books.atlas, alice.id, '2026-03-03', '2026-03-06', '2026-03-08', 'RETURNED'),
    l4: await loan(books.lost, bob.id, '2026-02-20', '2026-02-23', '2026-03-12', 'LOST'),
    l5: await loan(books.formula, alice.id, '2026-01-15', '2026-01-18', '2026-01-21', 'RETURNED'),
    l6: await loan(books.atlas, bob.id, '2026-03-20', '2026-03-23', '2026-03-21', 'RETURNED'),
  };

  const fine = async (loanId: number, memberId: number, amount: number, bookPrice: number | null, collected: number, discount: number, at: string) => {
    await db
      .insertInto('fines')
      .values({
        loan_id: loanId, member_id: memberId, late_days: 0, overdue_fine: amount - (bookPrice ?? 0), book_price: bookPrice, amount, collected_amount: collected, discount,
        remaining: amount - collected - discount, ...stamp(at),
      })
      .execute();
  };
  await fine(loans.l3, alice.id, 2000, null, 1500, 500, '2026-03-08T06:00:00.000Z');
  // 01:00 on 13 March in Karachi.
  await fine(loans.l4, bob.id, 22000, 5000, 2000, 0, '2026-03-12T20:00:00.000Z');
  await fine(loans.l5, alice.id, 3000, null, 0, 0, '2026-01-21T08:00:00.000Z');
  await fine(loans.l6, bob.id, 0, null, 0, 0, '2026-03-21T08:00:00.000Z');

  const receipt = async (no: string, memberId: number, cash: number, discount: number, by: number, at: string, reason: string | null = null) => {
    await db.insertInto('fine_receipts').values({ receipt_no: no, member_id: memberId, cash, discount, discount_reason: reason, collected_by: by, created_at: at }).execute();
  };
  await receipt('R-20260308-000001', alice.id, 1500, 500, desk.id, '2026-03-08T07:00:00.000Z', 'Student');
  // 00:30 on 14 March in Karachi.
  await receipt('R-20260314-000002', bob.id, 2000, 0, desk.id, '2026-03-13T19:30:00.000Z');
  await receipt('R-20260308-000003', alice.id, 700, 0, admin.id, '2026-03-08T09:00:00.000Z');

  const audit = async (action: string, entity: string, entityId: number, at: string, before: string | null = null, after: string | null = null) => {
    await db.insertInto('audit_log').values({ user_id: admin.id, action, entity, entity_id: String(entityId), before, after, created_at: at }).execute();
  };
  await audit('BOOK_UPDATED', 'book', books.dune, '2026-03-04T10:00:00.000Z', '{"title":"Dun"}', '{"title":"Dune"}');
  await audit('MEMBER_APPROVED', 'user', alice.id, '2026-03-05T11:00:00.000Z');
  await audit('ROLE_CREATED', 'role', 1, '2026-03-06T10:00:00.000Z');
  await audit('SETTINGS_UPDATED', 'library_settings', 1, '2026-03-07T10:00:00.000Z');
  await audit('BOOK_ISSUED', 'loan', loans.l2, '2026-03-10T10:00:00.000Z');
  await audit('FINE_COLLECTED', 'member', bob.id, '2026-03-13T19:30:00.000Z');

  const token = async (username: string) => bearer((await signIn(t.app, username)).access);
  await createUser(db, { username: 'reader' });
  return {
    headers: {
      admin: await token('admin'),
      books: await token('books-analyst'),
      members: await token('members-analyst'),
      financial: await token('financial-analyst'),
      audit: await token('audit-analyst'),
      reader: await token('reader'),
    },
    users: { admin: admin.id, desk: desk.id, alice: alice.id, bob: bob.id, carol: carol.id, dave: dave.id, eve: eve.id },
    memberNo,
    books,
    loans,
    departments: { science, arts },
    categories: { fiction, reference },
    plans: { gold, standard },
    staffIds,
  };
}
