/**
 * Reservation answers (docs/API.md "Reservations and notices"): a reservation, a page of them, the
 * queue per title, and the answers of fulfil, issue and move; also the `reserved_for` of a loan
 * and the `held_for` of a return. Fields this site can live without are optional, so another
 * server that honours the contract with fewer extras still works.
 */
import { array, enums, nullable, number, optional, string, type, type Infer } from 'superstruct';
import { IdStruct } from '#shared/schemas/common';
import { CopyRefStruct } from './copies';

const Text = optional(nullable(string()));

/** The five states of a reservation. */
export const RESERVATION_STATUSES = ['PENDING', 'FULFILLED', 'ISSUED', 'CANCELLED', 'EXPIRED'] as const;
export type ReservationStatus = (typeof RESERVATION_STATUSES)[number];

/** The member a reservation, a hold or a waiting loan is for. */
export const ReservationMemberStruct = type({ id: IdStruct, username: Text, full_name: Text, member_id: Text });
export type ReservationMember = Infer<typeof ReservationMemberStruct>;

/** One reservation. */
export const ReservationStruct = type({
  id: IdStruct,
  book: IdStruct,
  book_title: string(),
  book_author: Text,
  user: optional(nullable(IdStruct)),
  user_name: Text,
  member: optional(nullable(ReservationMemberStruct)),
  status: enums(RESERVATION_STATUSES),
  position: optional(nullable(number())),
  queue_length: optional(nullable(number())),
  hold_until: Text,
  reserved_at: string(),
  notes: Text,
  loan_id: optional(nullable(IdStruct)),
  available_copies: optional(nullable(number())),
  /** The copy held for the member while FULFILLED. */
  copy: optional(nullable(CopyRefStruct)),
});
export type Reservation = Infer<typeof ReservationStruct>;

/** One page of `GET /books/reservations/?page=`. */
export const ReservationPageStruct = type({ count: number(), next: Text, previous: Text, results: array(ReservationStruct) });
export type ReservationPage = Infer<typeof ReservationPageStruct>;

/** A title of the queue: its held copies (earliest deadline first) and the waiting members in order. */
export const QueueTitleStruct = type({
  book: type({ id: IdStruct, title: string(), author: Text, isbn: Text, available_copies: optional(nullable(number())), total_copies: optional(nullable(number())) }),
  held: array(ReservationStruct),
  waiting: array(ReservationStruct),
});
export type QueueTitle = Infer<typeof QueueTitleStruct>;

/** One page of `GET /books/reservations/queue/`. */
export const QueuePageStruct = type({ count: number(), next: Text, previous: Text, results: array(QueueTitleStruct) });
export type QueuePage = Infer<typeof QueuePageStruct>;

/** `POST …/fulfill/`: the server's sentence and the reservation now held. */
export const FulfilAnswerStruct = type({ detail: Text, reservation: optional(ReservationStruct) });
export type FulfilAnswer = Infer<typeof FulfilAnswerStruct>;

/** `POST …/issue/`: the loan made from the held copy. */
export const ReservationIssueAnswerStruct = type({ detail: Text, issuance_id: optional(nullable(IdStruct)), reservation: optional(ReservationStruct) });
export type ReservationIssueAnswer = Infer<typeof ReservationIssueAnswerStruct>;

/** `POST …/move/`: the server's sentence and the title's new queue. */
export const MoveAnswerStruct = type({ detail: Text, waiting: optional(array(ReservationStruct)) });
export type MoveAnswer = Infer<typeof MoveAnswerStruct>;

/** A loan's `reserved_for`: the first in the title's queue while the loan is out. */
export const ReservedForStruct = type({ reservation_id: IdStruct, member: ReservationMemberStruct });

/** A return's `held_for`: the member the returned copy is now held for, until when. */
export const HeldForStruct = type({ reservation_id: IdStruct, member: ReservationMemberStruct, hold_until: Text, copy: optional(nullable(CopyRefStruct)) });
export type HeldFor = Infer<typeof HeldForStruct>;
