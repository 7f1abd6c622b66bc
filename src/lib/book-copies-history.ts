/**
 * A copy's history in words (`GET /books/copies/{id}/history/`, newest first): each loan, hold and
 * hand status change becomes one row of when, what and the detail, dates in the library's format.
 */
import { COPY_STATUS_LABELS } from '#shared/copies';
import { formatDate, isCalendarDate, momentText, type MomentFormat } from '#shared/dates';
import { copyMemberName } from './book-copies';
import type { CopyHistoryEntry } from './schemas/copies';

/** One row of the history as shown. */
export interface CopyHistoryRow {
  key: string;
  /** When, in the library's zone and formats. */
  at: string;
  /** 'Loan', 'Hold' or 'Status'. */
  kind: string;
  what: string;
  detail: string;
}

const LOAN_STATUS_WORDS: Record<string, string> = {
  ISSUED: 'Still out',
  RETURNED: 'Returned',
  LOST: 'Lost',
  WRITE_OFF: 'Written off',
};
const HOLD_STATUS_WORDS: Record<string, string> = {
  PENDING: 'Waiting',
  FULFILLED: 'Waiting for pickup',
  ISSUED: 'Picked up',
  CANCELLED: 'Cancelled',
  EXPIRED: 'Not picked up in time',
};

const words = (table: Record<string, string>, status: string): string => table[status] ?? status.charAt(0) + status.slice(1).toLowerCase().replace(/_/g, ' ');

/** The row of one history entry. */
export function copyHistoryRow(entry: CopyHistoryEntry, format: MomentFormat, index = 0): CopyHistoryRow {
  const date = (value: string | null | undefined) => formatDate(value, format.date_format) ?? '—';
  const at = momentText(entry.at, format);
  switch (entry.kind) {
    case 'loan': {
      const returned = entry.returned_at
        ? `returned ${isCalendarDate(entry.returned_at) ? date(entry.returned_at) : momentText(entry.returned_at, format)}`
        : null;
      const parts = [`Issued ${date(entry.issue_date)}`, `due ${date(entry.due_date)}`, returned ?? words(LOAN_STATUS_WORDS, entry.status).toLowerCase()];
      if (returned && entry.status !== 'RETURNED') parts.push(words(LOAN_STATUS_WORDS, entry.status).toLowerCase());
      return {
        key: `loan-${entry.loan_id}-${index}`,
        at,
        kind: 'Loan',
        what: `Lent to ${copyMemberName(entry.member)}`,
        detail: parts.join(' · '),
      };
    }
    case 'hold': {
      const until = entry.hold_until ? `pick up by ${date(entry.hold_until)}` : null;
      const detail = [words(HOLD_STATUS_WORDS, entry.status), until].filter(Boolean).join(' · ');
      return {
        key: `hold-${entry.reservation_id}-${index}`,
        at,
        kind: 'Hold',
        what: `Held for ${copyMemberName(entry.member)}`,
        detail,
      };
    }
    case 'status': {
      const from = entry.from_status ? `was ${COPY_STATUS_LABELS[entry.from_status].toLowerCase()}` : null;
      const reason = entry.reason?.trim() ? `reason: ${entry.reason.trim()}` : null;
      const by = entry.user?.name ? `by ${entry.user.name}` : null;
      const detail = [from, reason, by].filter(Boolean).join(' · ');
      return {
        key: `status-${entry.at}-${index}`,
        at,
        kind: 'Status',
        what: COPY_STATUS_LABELS[entry.to_status],
        detail: detail.charAt(0).toUpperCase() + detail.slice(1),
      };
    }
  }
}

/** Every row of a history, in the server's order (newest first). */
export const copyHistoryRows = (entries: readonly CopyHistoryEntry[], format: MomentFormat): CopyHistoryRow[] =>
  entries.map((entry, index) => copyHistoryRow(entry, format, index));
