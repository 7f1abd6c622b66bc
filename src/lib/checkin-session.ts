/**
 * The check-in desk's session, pure: every scan becomes a row at once (newest first) and takes
 * the server's answer when it comes: the loan returned (late days, the fine charged, collected and
 * owed, whom the copy is now held for) or the copy not on loan, said in words. A row may be undone
 * only when the loan came back today (the library's today) and nothing of its fine was paid: the
 * server's rule for undoing a return. A copy set aside for a hold gets a slip (member, number,
 * pickup deadline, title, accession number).
 */
import { formatDate } from '#shared/dates';
import { formatMoney, toMinorUnits } from '#shared/money';
import { RETURN_MONEY_MESSAGES } from '#shared/fines';
import { errorMessage } from './error-reading';
import type { CheckinAnswer, CheckinResult, HoldSlipAnswer, ToPull } from './schemas/checkin';

/** The words of the check-in desk. */
export const CHECKIN_MESSAGES = {
  hint: 'Scan a copy’s barcode or type its accession number and press Enter.',
  empty: 'No check-ins yet in this session.',
  sending: 'Checking in…',
  notOnLoan: 'Not on loan: nothing to return.',
  found: 'Found: the copy was lost or missing and is back in stock.',
  recordedAsOwed: RETURN_MONEY_MESSAGES.recordedAsOwed,
  undone: 'Check-in undone: the loan is open again and the return’s charges removed.',
  returnUndone: 'Return undone: the loan is open again and the return’s charges removed.',
  undoPaid: 'A payment was taken for this return, so it cannot be undone here.',
  collectedAtDesk: (receiptNo: string | null) => `Fines collected${receiptNo ? ` (receipt ${receiptNo})` : ''}.`,
  undoNotToday: 'Only a check-in of today can be undone.',
  undoQuestion: (title: string, member: string) => `Undo the check-in of “${title}”? The loan to ${member} is open again and the charges of this return are removed.`,
  checkinFailed: 'The copy could not be checked in.',
  undoFailed: 'The check-in could not be undone.',
  nothingToPull: 'Nothing to pull',
  chooseMember: 'Choose the member to place the hold for.',
} as const;

/** A copy set aside for a member: what its slip shows. */
export interface HoldSlip {
  reservationId: string;
  memberName: string;
  memberNo: string | null;
  holdUntil: string | null;
  title: string;
  accessionNo: string | null;
}

/** One row of the session. */
export interface CheckinEntry {
  key: number;
  barcode: string;
  state: 'sending' | 'done' | 'failed' | 'undone';
  result: CheckinResult | null;
  /** The loan returned (RETURNED only), for Undo. */
  loanId: string | null;
  title: string | null;
  accessionNo: string | null;
  member: { id: string; name: string; memberNo: string | null } | null;
  returnDate: string | null;
  lateDays: number;
  /** Minor units: the fine charged by this return, what was collected, what is left owed. */
  fine: number;
  collected: number;
  owed: number;
  /** The server's words (a copy not on loan, a refusal). */
  message: string | null;
  holdSlip: HoldSlip | null;
  /** Set once the member's fines were collected from this row: the receipt (null when none was named). */
  receiptNo?: string | null;
}

export interface CheckinSession {
  entries: CheckinEntry[];
}

export const emptyCheckinSession: CheckinSession = { entries: [] };

export type CheckinAction =
  | { type: 'scanned'; key: number; barcode: string }
  | { type: 'answered'; key: number; answer: CheckinAnswer }
  | { type: 'failed'; key: number; message: string }
  | { type: 'collected'; key: number; receiptNo: string | null }
  | { type: 'undone'; key: number };

const minor = (value: string | number | null | undefined): number => toMinorUnits(value ?? null) ?? 0;

/** The slip of a hold answer. */
export function holdSlipOf(slip: HoldSlipAnswer): HoldSlip {
  return {
    reservationId: String(slip.reservation_id),
    memberName: slip.member.full_name?.trim() || `Member ${slip.member.member_id ?? slip.member.id}`,
    memberNo: slip.member.member_id ?? null,
    holdUntil: slip.hold_until ?? null,
    title: slip.book_title,
    accessionNo: slip.accession_no ?? null,
  };
}

/** A row filled from the server's answer. */
export function entryFromAnswer(entry: CheckinEntry, answer: CheckinAnswer): CheckinEntry {
  const fine = answer.fine_details;
  const returned = answer.result === 'RETURNED';
  const member = answer.member ? { id: String(answer.member.id), name: answer.member.full_name?.trim() || `Member ${answer.member.member_id ?? answer.member.id}`, memberNo: answer.member.member_id ?? null } : null;
  return {
    ...entry,
    state: 'done',
    result: answer.result,
    loanId: returned && answer.id !== undefined && answer.id !== null ? String(answer.id) : null,
    title: answer.book?.title ?? answer.hold_slip?.book_title ?? null,
    accessionNo: answer.copy?.accession_no ?? answer.hold_slip?.accession_no ?? null,
    member,
    returnDate: returned ? (answer.returnDate ?? null) : null,
    lateDays: fine?.late_days ?? 0,
    fine: minor(fine?.total_fine),
    collected: minor(fine?.fineCollectedAmount),
    owed: minor(fine?.remaining_fine),
    message: answer.result === 'RETURNED' ? null : answer.message?.trim() || (answer.result === 'FOUND' ? CHECKIN_MESSAGES.found : CHECKIN_MESSAGES.notOnLoan),
    holdSlip: answer.hold_slip ? holdSlipOf(answer.hold_slip) : null,
  };
}

const blankEntry = (key: number, barcode: string): CheckinEntry => ({
  key,
  barcode,
  state: 'sending',
  result: null,
  loanId: null,
  title: null,
  accessionNo: null,
  member: null,
  returnDate: null,
  lateDays: 0,
  fine: 0,
  collected: 0,
  owed: 0,
  message: null,
  holdSlip: null,
});

const update = (session: CheckinSession, key: number, change: (entry: CheckinEntry) => CheckinEntry): CheckinSession => ({
  ...session,
  entries: session.entries.map((entry) => (entry.key === key ? change(entry) : entry)),
});

/** The session's next state: a scan adds a row on top (blank scans are ignored); answers fill it in. */
export function checkinReducer(session: CheckinSession, action: CheckinAction): CheckinSession {
  switch (action.type) {
    case 'scanned': {
      const barcode = action.barcode.trim();
      if (!barcode) return session;
      return { entries: [blankEntry(action.key, barcode), ...session.entries] };
    }
    case 'answered':
      return update(session, action.key, (entry) => entryFromAnswer(entry, action.answer));
    case 'failed':
      return update(session, action.key, (entry) => ({ ...entry, state: 'failed', message: action.message }));
    case 'collected':
      return update(session, action.key, (entry) => ({ ...entry, receiptNo: action.receiptNo, message: CHECKIN_MESSAGES.collectedAtDesk(action.receiptNo) }));
    case 'undone':
      return update(session, action.key, (entry) => ({ ...entry, state: 'undone', holdSlip: null, message: CHECKIN_MESSAGES.undone }));
  }
}

/** Whether a row offers Undo: a loan returned today whose fine nothing was paid of; else why not (null: no Undo at all). */
export function undoEligibility(entry: CheckinEntry, today: string): { ok: true } | { ok: false; reason: string } | null {
  if (entry.state !== 'done' || entry.result !== 'RETURNED' || entry.loanId === null) return null;
  if (entry.returnDate !== today) return { ok: false, reason: CHECKIN_MESSAGES.undoNotToday };
  if (entry.collected > 0 || entry.receiptNo !== undefined) return { ok: false, reason: CHECKIN_MESSAGES.undoPaid };
  return { ok: true };
}

/** "Hold for Sara Member (M-0042) until 03/12/2026". */
export function holdText(slip: HoldSlip, dateFormat?: string | null): string {
  const until = formatDate(slip.holdUntil, dateFormat);
  return `Hold for ${slip.memberName}${slip.memberNo ? ` (${slip.memberNo})` : ''}${until ? ` until ${until}` : ''}`;
}

/** The hold slip's lines, as printed: heading, member, number, pickup deadline, title, accession number. */
export function holdSlipLines(slip: HoldSlip, dateFormat?: string | null): { label: string; value: string }[] {
  const lines = [
    { label: 'Hold for', value: slip.memberName },
    { label: 'Member no.', value: slip.memberNo ?? '' },
    { label: 'Pick up by', value: formatDate(slip.holdUntil, dateFormat) ?? '' },
    { label: 'Title', value: slip.title },
    { label: 'Accession no.', value: slip.accessionNo ?? '' },
  ];
  return lines.filter((line) => line.value !== '');
}

/** A returned row's facts in words: "3 days late · fine Rs. 15.00 · Rs. 15.00 owed" ("On time" when not late). */
export function returnFacts(entry: CheckinEntry): string {
  if (entry.result !== 'RETURNED') return '';
  const parts = [entry.lateDays > 0 ? `${entry.lateDays} ${entry.lateDays === 1 ? 'day' : 'days'} late` : 'On time'];
  if (entry.fine > 0) parts.push(`fine ${formatMoney(entry.fine)}`);
  if (entry.collected > 0) parts.push(`${formatMoney(entry.collected)} collected`);
  if (entry.owed > 0) parts.push(`${formatMoney(entry.owed)} owed`);
  return parts.join(' · ');
}

/** The body of `POST /circulation/check-in/`: the code, and the return date only when it is not today. */
export function checkinBody(barcode: string, returnDate: string, today: string): { barcode: string; return_date?: string } {
  const code = barcode.trim();
  return returnDate && returnDate !== today ? { barcode: code, return_date: returnDate } : { barcode: code };
}

/** A row of Holds to pull: one copy to take from the shelf. */
export interface PullRow {
  key: string;
  callNumber: string;
  shelf: string;
  accessionNo: string;
  title: string;
  author: string;
  waiting: number;
}

/** The to-pull answer as rows, one per copy, in the server's order (call number, then shelf). */
export function pullRows(answer: ToPull): PullRow[] {
  return answer.results.flatMap((title) =>
    title.copies.map((copy) => ({
      key: `${title.book.id}-${copy.id}`,
      callNumber: copy.call_number ?? '',
      shelf: copy.shelf_location ?? '',
      accessionNo: copy.accession_no ?? '',
      title: title.book.title,
      author: title.book.author ?? '',
      waiting: title.waiting,
    })),
  );
}

/** Why a check-in failed, in the server's words (an unknown code names the barcode field). */
export const checkinErrorMessage = (error: unknown): string =>
  errorMessage(error, ['barcode', 'detail', 'non_field_errors', 'return_date', 'transport'], CHECKIN_MESSAGES.checkinFailed);

/** Why an undo was refused (not today, a payment taken), in the server's words. */
export const undoErrorMessage = (error: unknown): string => errorMessage(error, ['detail', 'non_field_errors', 'loan', 'transport'], CHECKIN_MESSAGES.undoFailed);
