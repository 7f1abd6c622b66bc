/**
 * Reservation calls (docs/API.md "Reservations and notices"): the list (paged, or a bare array for
 * a member's own), one member's, the queue per title, reserving, and the desk's fulfil, cancel,
 * issue and move.
 */
import { array } from 'superstruct';
import { http } from '../http';
import { parseAnswer } from '../schemas';
import {
  FulfilAnswerStruct,
  MoveAnswerStruct,
  QueuePageStruct,
  ReservationIssueAnswerStruct,
  ReservationPageStruct,
  ReservationStruct,
  type FulfilAnswer,
  type MoveAnswer,
  type QueuePage,
  type Reservation,
  type ReservationIssueAnswer,
  type ReservationPage,
} from '../schemas/reservations';

type Id = string | number;
const seg = (id: Id): string => encodeURIComponent(String(id));

/** The list's `status=`: one of the five states, or `active` (waiting and ready). */
export type ReservationStatusQuery = 'active' | 'PENDING' | 'FULFILLED' | 'ISSUED' | 'CANCELLED' | 'EXPIRED';

/** The list's query (empty values are left out). */
export interface ReservationQuery {
  status?: ReservationStatusQuery | undefined;
  search?: string | undefined;
  member?: Id | undefined;
  book?: Id | undefined;
  /** `reserved_at`, `title`, `member`, `status`, `hold_until`, `position`, each optionally with `-`. */
  ordering?: string | undefined;
}

const listParams = (query: ReservationQuery & { page?: number; page_size?: number }): URLSearchParams => {
  const params = new URLSearchParams();
  if (query.status) params.set('status', query.status);
  if (query.search?.trim()) params.set('search', query.search.trim());
  if (query.member !== undefined) params.set('member', String(query.member));
  if (query.book !== undefined) params.set('book', String(query.book));
  if (query.ordering) params.set('ordering', query.ordering);
  if (query.page !== undefined) params.set('page', String(query.page));
  if (query.page_size !== undefined) params.set('page_size', String(query.page_size));
  return params;
};

/** `GET /books/reservations/?page=…`: one page (staff: all; a member: his own). */
export async function fetchReservationPage(query: ReservationQuery & { page: number; page_size: number }): Promise<ReservationPage> {
  return parseAnswer(await http.get('/books/reservations/', { params: listParams(query) }), ReservationPageStruct);
}

/** `GET /books/reservations/` without a page: a bare array (a member's own, at most 1,000). */
export async function fetchReservations(query: ReservationQuery = {}): Promise<Reservation[]> {
  return parseAnswer(await http.get('/books/reservations/', { params: listParams(query) }), array(ReservationStruct));
}

/** `GET /books/reservations/by-member/{id}/`: one member's reservations, newest first. */
export async function fetchMemberReservations(memberId: Id, status?: ReservationStatusQuery): Promise<Reservation[]> {
  const params = listParams({ status });
  return parseAnswer(await http.get(`/books/reservations/by-member/${seg(memberId)}/`, { params }), array(ReservationStruct));
}

/** The queue's query. */
export interface QueueQuery {
  search?: string | undefined;
  page: number;
  page_size: number;
}

/** `GET /books/reservations/queue/`: titles with an active reservation, the longest-waiting first. */
export async function fetchReservationQueue(query: QueueQuery): Promise<QueuePage> {
  const params = listParams({ search: query.search, page: query.page, page_size: query.page_size });
  return parseAnswer(await http.get('/books/reservations/queue/', { params }), QueuePageStruct);
}

/** The body of `POST /books/reservations/`: a member for himself sends `book` (and notes); staff also `member`. */
export interface ReserveBody {
  book: Id;
  member?: Id;
  notes?: string;
}

/** `POST /books/reservations/`: joins the end of the title's queue (201, PENDING). */
export async function reserveBook(body: ReserveBody): Promise<Reservation> {
  return parseAnswer(await http.post('/books/reservations/', body), ReservationStruct);
}

/** `POST /books/reservations/{id}/fulfill/`: holds a copy from the shelf for the first in line. */
export async function fulfilReservation(id: Id): Promise<FulfilAnswer> {
  return parseAnswer(await http.post(`/books/reservations/${seg(id)}/fulfill/`), FulfilAnswerStruct);
}

/** `POST /books/reservations/{id}/cancel/`: a held copy goes to the next in line or back to the shelf. */
export async function cancelReservation(id: Id, reason?: string): Promise<Reservation> {
  return parseAnswer(await http.post(`/books/reservations/${seg(id)}/cancel/`, reason ? { reason } : {}), ReservationStruct);
}

/** The body of `POST /books/reservations/{id}/issue/`. */
export interface ReservationIssueBody {
  issue_date: string;
  due_date: string;
}

/** `POST /books/reservations/{id}/issue/`: the held copy becomes the member's loan. */
export async function issueReservation(id: Id, body: ReservationIssueBody): Promise<ReservationIssueAnswer> {
  return parseAnswer(await http.post(`/books/reservations/${seg(id)}/issue/`, body), ReservationIssueAnswerStruct);
}

/** `POST /books/reservations/{id}/move/`: a new place in the queue, with the reason audited. */
export async function moveReservation(id: Id, body: { position: number; reason: string }): Promise<MoveAnswer> {
  return parseAnswer(await http.post(`/books/reservations/${seg(id)}/move/`, body), MoveAnswerStruct);
}
