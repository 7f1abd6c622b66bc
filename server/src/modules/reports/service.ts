/**
 * Reports. `GET reports/books/{id}/issued-members/`: who has had a title on loan, read from the
 * loans of circulation by `issuedMembersOf`. The four reports of `src/lib/report-catalogue.ts`
 * (books, members, financial, audit): a summary of figures and charts, a page of a section, or a
 * section as CSV, each report's queries in its own file; every figure and row is aggregated and
 * paged in SQL.
 */
import type { Db } from '../../db/schema.js';
import { notFound } from '../../errors.js';
import type { PageWindow } from '../../http/paging.js';
import { toDecimalString } from '#shared/money';
import { libraryToday } from '../../lib/library-clock.js';
import type { ReportDefinition, ReportKey, ReportSection } from '#shared/report-catalogue';
import type { ReportRow, ReportSummary } from '#shared/schemas/reports';
import { readSettings } from '../settings/service.js';
import { AUDIT_SECTIONS, auditSummary } from './audit-report.js';
import { BOOK_SECTIONS, bookSummary } from './book-report.js';
import { csvParts, exportFileName } from './export.js';
import { FINANCIAL_SECTIONS, financialSummary } from './financial-report.js';
import { MEMBER_SECTIONS, memberSummary } from './member-report.js';
import { rangeOf } from './range.js';
import type { ReportQuery } from './schemas.js';
import { sectionPage, type SectionBuilder, type SectionInput } from './sections.js';

/** The borrower of one loan, as the original backend shows it. */
export interface IssuedMember {
  issue_id: number;
  /** YYYY-MM-DD. */
  issue_date: string;
  /** YYYY-MM-DD. */
  due_date: string;
  /** YYYY-MM-DD once returned, else null. */
  return_date: string | null;
  status: string;
  member: {
    id: number;
    username: string;
    email: string;
    member_id: string | null;
    roll_no: string | null;
    class: string | null;
    section: string | null;
  };
}

export interface BookLoansReport {
  book: { id: number; title: string; isbn: string; price: string };
  /** Distinct members among `issued_to`. */
  member_count: number;
  issued_to: IssuedMember[];
}

/** Every loan of the book with its borrower, newest first (one query). */
export async function issuedMembersOf(db: Db, bookId: number): Promise<IssuedMember[]> {
  const rows = await db
    .selectFrom('loans as l')
    .innerJoin('users as u', 'u.id', 'l.member_id')
    .leftJoin('member_profiles as p', 'p.user_id', 'u.id')
    .select(['l.id', 'l.issue_date', 'l.due_date', 'l.returned_at', 'l.status', 'u.id as user_id', 'u.username', 'u.email'])
    .select(['p.member_id', 'p.roll_no', 'p.class_name', 'p.section'])
    .where('l.book_id', '=', bookId)
    .orderBy('l.issue_date', 'desc')
    .orderBy('l.id', 'desc')
    .execute();
  return rows.map((r) => ({
    issue_id: r.id,
    issue_date: r.issue_date,
    due_date: r.due_date,
    return_date: r.returned_at,
    status: r.status,
    member: { id: r.user_id, username: r.username, email: r.email, member_id: r.member_id, roll_no: r.roll_no, class: r.class_name, section: r.section },
  }));
}

/** The book's loan report; 404 for an unknown book. */
export async function bookLoansReport(db: Db, bookId: number): Promise<BookLoansReport> {
  const book = await db.selectFrom('books').select(['id', 'title', 'isbn', 'price']).where('id', '=', bookId).executeTakeFirst();
  if (!book) throw notFound();
  const issued = await issuedMembersOf(db, book.id);
  return {
    book: { id: book.id, title: book.title, isbn: book.isbn, price: toDecimalString(book.price) },
    member_count: new Set(issued.map((loan) => loan.member.id)).size,
    issued_to: issued,
  };
}

/** Every section's builder by report and section key. */
export const SECTIONS: Record<ReportKey, Record<string, SectionBuilder>> = { books: BOOK_SECTIONS, members: MEMBER_SECTIONS, financial: FINANCIAL_SECTIONS, audit: AUDIT_SECTIONS };
const SUMMARIES: Record<ReportKey, (input: SectionInput) => Promise<Pick<ReportSummary, 'figures' | 'charts'>>> = {
  books: bookSummary,
  members: memberSummary,
  financial: financialSummary,
  audit: auditSummary,
};

/** What every report reads from the settings: the library's today and zone, the stock and loan rules. */
export interface ReportClock {
  today: string;
  timezone: string;
  lowStockThreshold: number;
  maxBooksPerMember: number;
}

/** The library's today and the settings the reports need, read once per call. */
export async function reportClock(db: Db): Promise<ReportClock> {
  const settings = await readSettings(db);
  return {
    today: libraryToday(settings.timezone),
    timezone: settings.timezone,
    lowStockThreshold: settings.low_stock_threshold,
    maxBooksPerMember: settings.max_books_per_member,
  };
}

function inputOf(db: Db, clock: ReportClock, query: ReportQuery): SectionInput {
  return {
    db,
    query,
    range: rangeOf(query.from, query.to, clock.today, clock.timezone),
    settings: { lowStockThreshold: clock.lowStockThreshold, maxBooksPerMember: clock.maxBooksPerMember },
  };
}

/** `GET reports/{report}/summary/`: the report's figures and charts over the range. */
export async function reportSummary(db: Db, clock: ReportClock, report: ReportDefinition, query: ReportQuery): Promise<ReportSummary> {
  const { figures, charts } = await SUMMARIES[report.key](inputOf(db, clock, query));
  return { report: report.key, from: query.from, to: query.to, figures, charts };
}

function builderOf(report: ReportDefinition, section: ReportSection): SectionBuilder {
  const build = SECTIONS[report.key][section.key];
  if (!build) throw notFound();
  return build;
}

/** `GET reports/{report}/{section}/`: one page of the section's rows. */
export async function reportPage(db: Db, clock: ReportClock, report: ReportDefinition, section: ReportSection, query: ReportQuery): Promise<{ window: PageWindow; results: ReportRow[] }> {
  return sectionPage(inputOf(db, clock, query), section, builderOf(report, section));
}

/** `GET reports/{report}/{section}/?format=csv`: the file's name and its text, a part at a time. */
export function reportExport(db: Db, clock: ReportClock, report: ReportDefinition, section: ReportSection, query: ReportQuery): { fileName: string; parts: AsyncGenerator<string> } {
  const build = builderOf(report, section);
  return { fileName: exportFileName(report, section, query.from, query.to), parts: csvParts(inputOf(db, clock, query), section, build) };
}
