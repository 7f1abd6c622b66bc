/**
 * Table types of circulation (loans, fines, receipts, reservations) and notices (settings, the
 * notice log, notice keys, scheduler leases): migrations 0008–0010. Part of `Database` in
 * `schema.ts`, split out only to keep each file readable.
 */
import type { Generated } from 'kysely';
import type { FeeType } from '#shared/fee-types';

export type LoanStatus = 'ISSUED' | 'RETURNED' | 'LOST' | 'WRITE_OFF';

/** One copy lent to a member; `returned_at` null while it is out. Dates YYYY-MM-DD. */
export interface LoansTable {
  id: Generated<number>;
  book_id: number;
  member_id: number;
  issue_date: string;
  due_date: string;
  returned_at: string | null;
  status: Generated<LoanStatus>;
  renewals: Generated<number>;
  issued_by: number | null;
  returned_by: number | null;
  created_at: string;
  updated_at: string;
  /** The copy lent (migration 0015); null only on loans closed before copies were tracked. */
  copy_id: number | null;
}

/** Loans issued and returned on one calendar day, kept by triggers on `loans` (migration 0011). */
export interface LoanDaysTable {
  /** YYYY-MM-DD. */
  day: string;
  issued: number;
  returned: number;
}

/**
 * One charge of the fine ledger (migration 0017 types them): the overdue fine of a returned loan,
 * a lost copy's price and its processing fee, a damage charge, a membership fee, a manual charge.
 * Money in minor units; remaining = amount − collected − discount ≥ 0 (0 once cancelled).
 */
export interface FinesTable {
  id: Generated<number>;
  /** The loan the charge is for; null for membership and manual charges. */
  loan_id: number | null;
  member_id: number;
  /** A `FeeType` of `#shared/fee-types`. */
  fee_type: Generated<FeeType>;
  /** The copy a lost or damage charge is for. */
  copy_id: Generated<number | null>;
  /** What staff wrote with a damage or manual charge. */
  note: Generated<string | null>;
  /** The staff member who charged it (null for charges the product makes itself, or old rows). */
  created_by: Generated<number | null>;
  /** Set when cancelled: the moment, by whom, why, and what was still owed then (now 0). */
  cancelled_at: Generated<string | null>;
  cancelled_by: Generated<number | null>;
  cancel_reason: Generated<string | null>;
  cancelled_amount: Generated<number | null>;
  late_days: number;
  overdue_fine: number;
  book_price: number | null;
  amount: number;
  collected_amount: number;
  discount: number;
  remaining: number;
  created_at: string;
  updated_at: string;
}

/** One collection (cash and/or discount) with its receipt number. */
export interface FineReceiptsTable {
  id: Generated<number>;
  receipt_no: string;
  /** PAYMENT (cash ≥ 0), or REFUND: money handed back (cash < 0 on the receipt and its lines). */
  kind: Generated<'PAYMENT' | 'REFUND'>;
  member_id: number;
  cash: number;
  discount: number;
  discount_reason: string | null;
  collected_by: number | null;
  created_at: string;
}

/** A receipt's share of one fine. */
export interface FinePaymentsTable {
  id: Generated<number>;
  receipt_id: number;
  fine_id: number;
  cash: number;
  discount: number;
}

export type ReservationStatus = 'PENDING' | 'FULFILLED' | 'ISSUED' | 'CANCELLED' | 'EXPIRED';

/** A member's place in a title's queue; a copy is held for him until `hold_until` once FULFILLED. */
export interface ReservationsTable {
  id: Generated<number>;
  book_id: number;
  member_id: number;
  status: Generated<ReservationStatus>;
  /** First come, first served: lower waits less (staff may reorder). */
  queue_rank: number;
  /** YYYY-MM-DD pickup deadline of a held copy. */
  hold_until: string | null;
  loan_id: number | null;
  /** The copy held for the member while FULFILLED (and kept after, for the copy's history). */
  copy_id: number | null;
  notes: string | null;
  created_at: string;
  updated_at: string;
}

export type NoticeChannel = 'email' | 'in_app';
export type NoticeStatus = 'PENDING' | 'SENDING' | 'SENT' | 'FAILED';

/** One message to one person on one channel, with its delivery state (migration 0010). */
export interface NotificationLogTable {
  id: Generated<number>;
  user_id: number | null;
  /** The e-mail address, or the username for an in-app notice. */
  recipient: string;
  subject: string;
  /** The mail template (account mails) or the notice type. */
  kind: string;
  created_at: string;
  /** A notice type of `src/lib/notice-templates.ts`; null for account mails. */
  notice_type: string | null;
  channel: Generated<NoticeChannel>;
  status: Generated<NoticeStatus>;
  attempts: Generated<number>;
  next_attempt_at: string | null;
  lease_until: string | null;
  error: string | null;
  body_text: string | null;
  body_html: string | null;
  sent_at: string | null;
}

/** The notification settings (first row); `notices` is JSON `{type: {enabled?, subject?, body?}}`. */
export interface NotificationSettingsTable {
  id: Generated<number>;
  due_soon_days: Generated<number>;
  overdue_every_days: Generated<number>;
  overdue_max_times: Generated<number>;
  hold_pickup_days: Generated<number>;
  /** Days before a membership expires that the "membership expiring" notice goes (migration 0017). */
  membership_notice_days: Generated<number>;
  /** HH:MM in the library's time zone. */
  jobs_run_at: Generated<string>;
  notices: Generated<string>;
  updated_at: string | null;
}

/** A notice occurrence already sent (its key), so no notice goes twice. */
export interface NoticeKeysTable {
  key: string;
  created_at: string;
}

/** A scheduled job's lease and last run. */
export interface SchedulerLeasesTable {
  job: string;
  holder: string | null;
  lease_until: string | null;
  /** YYYY-MM-DD (library date) of the last completed run. */
  last_run_on: string | null;
  last_started_at: string | null;
  last_finished_at: string | null;
  last_error: string | null;
}

/** A dated day the library is closed (migration 0017). */
export interface LibraryHolidaysTable {
  id: Generated<number>;
  /** YYYY-MM-DD, unique. */
  date: string;
  name: string;
  created_at: string;
}
