/**
 * Circulation calls (docs/API.md "Circulation and fines"): the issued list, issuing, changing a
 * due date, returning, renewing, a member's issue summary and the returned history.
 */
import { array } from 'superstruct';
import { http } from '../http';
import { parseAnswer } from '../schemas';
import {
  IssuedPageStruct,
  IssuedRecordStruct,
  MemberIssueSummaryStruct,
  RenewAllAnswerStruct,
  ReturnAnswerStruct,
  ReturnedHistoryStruct,
  type IssuedPage,
  type IssuedRecord,
  type MemberIssueSummary,
  type RenewAllAnswer,
  type ReturnAnswer,
  type ReturnedHistory,
} from '../schemas/circulation';
import type { ReturnStatus } from '#shared/fines';

type Id = string | number;
const seg = (id: Id): string => encodeURIComponent(String(id));

/** The issued list's query (empty values are left out). */
export interface IssuedQuery {
  search?: string | undefined;
  /** `issue_date`, `due_date`, `title`, `member`, each optionally with `-`. */
  ordering?: string | undefined;
  member?: Id | undefined;
  book?: Id | undefined;
  overdue?: boolean | undefined;
  page: number;
  page_size: number;
}

const issuedParams = (query: Partial<IssuedQuery>): URLSearchParams => {
  const params = new URLSearchParams();
  if (query.search?.trim()) params.set('search', query.search.trim());
  if (query.ordering) params.set('ordering', query.ordering);
  if (query.member !== undefined && query.member !== '') params.set('member', String(query.member));
  if (query.book !== undefined && query.book !== '') params.set('book', String(query.book));
  if (query.overdue) params.set('overdue', 'true');
  if (query.page !== undefined) params.set('page', String(query.page));
  if (query.page_size !== undefined) params.set('page_size', String(query.page_size));
  return params;
};

/** `GET /books/issued-books/?page=…`: one page of the loans still out (a member gets only his own). */
export async function fetchIssuedPage(query: IssuedQuery): Promise<IssuedPage> {
  return parseAnswer(await http.get('/books/issued-books/', { params: issuedParams(query) }), IssuedPageStruct);
}

/** `GET /books/issued-books/?member=…` or `?book=…` without paging: a member's or a title's open loans (the return dialog's second pick). */
export async function fetchOpenLoans(filter: { member?: Id; book?: Id }): Promise<IssuedRecord[]> {
  return parseAnswer(await http.get('/books/issued-books/', { params: issuedParams(filter) }), array(IssuedRecordStruct));
}

/** The issue payload: issue_date, due_date, status (ISSUED), book id, member id. */
export interface IssuePayload {
  issue_date: string;
  due_date: string;
  status: 'ISSUED';
  book: Id;
  member: Id;
}

/** `POST books/issued-books/`: lends a copy; answers the new loan. */
export async function issueBook(payload: IssuePayload): Promise<IssuedRecord> {
  return parseAnswer(await http.post('/books/issued-books/', payload), IssuedRecordStruct);
}

/** `PATCH /books/issued-books/{id}/`: a new due date for a loan still out (the dialog's Update). */
export async function updateLoanDueDate(id: Id, dueDate: string): Promise<IssuedRecord> {
  return parseAnswer(await http.patch(`/books/issued-books/${seg(id)}/`, { due_date: dueDate }), IssuedRecordStruct);
}

/** The return payload: returnDate, fine_collected_amount, discount, status (amounts as decimal strings). */
export interface ReturnPayload {
  returnDate: string;
  /** Sent only by fine collectors (holders of change_fine); without them the fine is recorded as owed. */
  fine_collected_amount?: string;
  discount?: string;
  discount_reason?: string;
  status: ReturnStatus;
}

/** `POST /books/issued-books/{id}/return/`: ends a loan; answers the fine the server recorded. */
export async function returnBook(id: Id, payload: ReturnPayload): Promise<ReturnAnswer> {
  return parseAnswer(await http.post(`/books/issued-books/${seg(id)}/return/`, payload), ReturnAnswerStruct);
}

/** `POST /books/issued-books/{id}/renew/`: the loan with its new due date. */
export async function renewLoan(id: Id): Promise<IssuedRecord> {
  return parseAnswer(await http.post(`/books/issued-books/${seg(id)}/renew/`, {}), IssuedRecordStruct);
}

/** `POST /books/issued-books/renew-all/`: every loan of a member (staff name him; a member renews his own). */
export async function renewAllLoans(member?: Id): Promise<RenewAllAnswer> {
  return parseAnswer(await http.post('/books/issued-books/renew-all/', member === undefined ? {} : { member }), RenewAllAnswerStruct);
}

/** `GET /reports/members/{id}/issued-books/`: the member issue summary (count, defaulter, fine, his loans and rules). */
export async function fetchMemberIssueSummary(memberId: Id): Promise<MemberIssueSummary> {
  return parseAnswer(await http.get(`/reports/members/${seg(memberId)}/issued-books/`), MemberIssueSummaryStruct);
}

/** The returned history's query. */
export interface ReturnedQuery {
  search?: string | undefined;
  page?: number | undefined;
  page_size?: number | undefined;
}

/** `GET reports/books/returned-history/` (all members) or `/reports/returned-books/{memberId}/` (one). */
export async function fetchReturnedHistory(memberId: Id | null, query: ReturnedQuery = {}): Promise<ReturnedHistory> {
  const params = new URLSearchParams();
  if (query.search?.trim()) params.set('search', query.search.trim());
  if (query.page !== undefined) params.set('page', String(query.page));
  if (query.page_size !== undefined) params.set('page_size', String(query.page_size));
  const path = memberId === null ? '/reports/books/returned-history/' : `/reports/returned-books/${seg(memberId)}/`;
  return parseAnswer(await http.get(path, { params }), ReturnedHistoryStruct);
}
