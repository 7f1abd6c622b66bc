/**
 * The Return Book form's state machine (the dialog's controls, its reset rule, its checks, the fine rules), pure so every rule is unit
 * tested; the dialog renders it. The fine and the settlement come from `fines.ts` only.
 *
 * Readings of the specification written down here:
 * - The return form's reset rule says "changing the picks or the return date resets the return date to today and
 *   clears both" ticks. Taken literally for a pick: the return date goes back to today. For the
 *   return date itself that would undo the user's own typing, so an edited return date is kept as
 *   typed and only Fine Collected and Partial Payment are cleared.
 * - Discount and Auto Discount belong to Partial Payment (the discount is "required with Partial
 *   Payment", and Auto Discount is "fine − amount received"): without Partial Payment nothing is
 *   waived, so Fine Collected collects the whole fine and neither ticked collects nothing.
 * - Changing the primary pick clears the secondary one (it was one of the primary's loans);
 *   switching the search mode clears both.
 * - Typed amounts survive unticking Partial Payment (they are only ignored), so ticking it again
 *   brings them back.
 * - Money moves only for fine collectors (`handlesMoney`, the holders of the fines desk's
 *   permission): for anyone else the ticks and amounts are ignored, nothing but the date and
 *   status is sent, and the whole fine is recorded as owed; a return date before today that
 *   lowers the fine is a waiver, refused for them as the server refuses it. A discount needs a
 *   reason, as at the fines desk. Dates follow the loan date window of `loan-dates.ts`.
 */
import { OPEN_EVERY_DAY, parseDate, type LibraryCalendar } from '#shared/dates';
import { backdatingWaiver, computeFine, DEFAULT_FINE_PER_DAY, RETURN_MONEY_MESSAGES, settle, settlementProblem, type Fine, type ReturnStatus, type Settlement } from '#shared/fines';
import { bookLabel } from './book-picker';
import { COLLECT_MESSAGES } from '#shared/collect-messages';
import { returnDateProblem } from '#shared/loan-dates';
import { AMOUNT_MESSAGES, amountProblem, formatMoney, readAmount, toDecimalString, toMinorUnits } from '#shared/money';
import type { ReturnPayload } from './api/circulation';
import type { IssuedRecord, MemberIssueSummary } from './schemas/circulation';
import type { ReservationMember } from './schemas/reservations';

/** Whether the desk starts from the book or from the member. */
export type ReturnMode = 'book' | 'member';

/** A chosen book or member: its id and how the dialog names it. */
export interface ReturnPick {
  id: string;
  label: string;
}

/** The loan being returned, in minor units (the secondary pick). */
export interface ReturnLoan {
  id: string;
  issueDate: string;
  dueDate: string;
  /** The member's daily rate, or null when the server did not say (the library's rate applies). */
  finePerDay: number | null;
  /** The book's price in minor units (0 when unknown). */
  bookPrice: number;
  book: ReturnPick;
  member: ReturnPick;
  /** The member the copy will be held for once returned (the loan's `reserved_for`), when someone waits. */
  heldFor?: ReservationMember;
  /** The member's plan's cap on one loan's overdue fine (minor units; null or left out = none), as the loan answers name it. */
  cap?: number | null;
}

/** The library's rules a fine is counted by beyond the rate: its calendar, whether closed days count, a lost copy's processing fee. */
export interface ReturnRules {
  calendar: LibraryCalendar;
  countClosedDays: boolean;
  /** Minor units. */
  processingFee: number;
}

/** The rules from the public library settings (`GET /settings/library/`): open every day, closed days counted and no fee until known. */
export function deskRulesFrom(settings: { calendar?: { closed_weekdays: readonly number[]; holidays: readonly string[] } | null; fines_count_closed_days?: boolean | null; lost_processing_fee?: string | number | null } | null | undefined): ReturnRules {
  const calendar = settings?.calendar;
  return {
    calendar: calendar ? { closedWeekdays: [...calendar.closed_weekdays], holidays: [...calendar.holidays] } : { ...OPEN_EVERY_DAY },
    countClosedDays: settings?.fines_count_closed_days ?? true,
    processingFee: Math.max(0, toMinorUnits(settings?.lost_processing_fee ?? 0) ?? 0),
  };
}

/** Everything the form holds. Amounts are kept as typed. */
export interface ReturnFormState {
  mode: ReturnMode;
  lost: boolean;
  primary: ReturnPick | null;
  loan: ReturnLoan | null;
  /** The library's today (YYYY-MM-DD), where resets go back to. */
  today: string;
  returnDate: string;
  /** LOST or WRITE_OFF while Lost / Damage is on; '' until chosen. */
  status: '' | ReturnStatus;
  fineCollected: boolean;
  partialPayment: boolean;
  amountReceived: string;
  discount: string;
  /** Why the fine is lowered (required with a discount). */
  discountReason: string;
  autoDiscount: boolean;
  /** The user may take or waive money (holds the fines desk's permission); otherwise the fine is recorded as owed. */
  handlesMoney: boolean;
  /** The library's daily rate (minor units) for loans that name none: DEFAULT_FINE_PER_DAY until known. */
  libraryRate: number;
  /** The calendar, closed days and processing fee the server counts with (`deskRulesFrom`). */
  rules: ReturnRules;
}

/** The fields that can show a message (server field names where they match). */
export type ReturnField = 'primary' | 'loan' | 'returnDate' | 'status' | 'fine_collected_amount' | 'discount' | 'discount_reason';

/** What changes the form. */
export type ReturnFormAction =
  | { type: 'set-mode'; mode: ReturnMode }
  | { type: 'set-lost'; lost: boolean }
  | { type: 'pick-primary'; pick: ReturnPick | null }
  | { type: 'pick-loan'; loan: ReturnLoan | null }
  | { type: 'set-return-date'; value: string }
  | { type: 'set-status'; status: '' | ReturnStatus }
  | { type: 'set-fine-collected'; on: boolean }
  | { type: 'set-partial-payment'; on: boolean }
  | { type: 'set-amount-received'; value: string }
  | { type: 'set-discount'; value: string }
  | { type: 'set-discount-reason'; value: string }
  | { type: 'set-auto-discount'; on: boolean }
  | { type: 'set-library-rate'; rate: number | null }
  | { type: 'set-desk-rules'; rules: ReturnRules }
  /** The user's permission for money, read again after the form opened. */
  | { type: 'set-handles-money'; on: boolean }
  /** The dialog opens afresh (another return, or opened again). */
  | { type: 'replace'; state: ReturnFormState };

/** The messages of the return form, one wording each (the return form's required fields; amounts, negative ones too, are money.ts's, dates loan-dates.ts's). */
export const RETURN_MESSAGES = {
  required: 'Required',
  negative: AMOUNT_MESSAGES.negative,
  reasonRequired: COLLECT_MESSAGES.discountReasonRequired,
  noCopyOut: 'No copy of this book is out',
  noBooksOut: 'This member has no books out',
} as const;

/**
 * A blank form in `mode` with today's date (the library's today, `todayIn(settings.timezone)`);
 * `handlesMoney` for a fine collector (money controls offered).
 */
export function initialReturnForm(today: string, mode: ReturnMode = 'book', libraryRate: number | null = null, handlesMoney = false): ReturnFormState {
  return {
    mode,
    lost: false,
    primary: null,
    loan: null,
    today,
    returnDate: today,
    status: '',
    fineCollected: false,
    partialPayment: false,
    amountReceived: '',
    discount: '',
    discountReason: '',
    autoDiscount: false,
    handlesMoney,
    libraryRate: libraryRate ?? DEFAULT_FINE_PER_DAY,
    rules: deskRulesFrom(null),
  };
}


/** A form opened for one loan already chosen (the Issue Book list's row action): Member mode, both picks made. */
export function returnFormForLoan(loan: ReturnLoan, today: string, libraryRate: number | null = null, handlesMoney = false): ReturnFormState {
  return { ...initialReturnForm(today, 'member', libraryRate, handlesMoney), primary: loan.member, loan };
}

/** A pick changed: back to today, both ticks cleared. */
const afterPickChange = (state: ReturnFormState): ReturnFormState => ({ ...state, returnDate: state.today, fineCollected: false, partialPayment: false });

/** The form's next state; see the module comment for the resets. */
export function returnFormReducer(state: ReturnFormState, action: ReturnFormAction): ReturnFormState {
  switch (action.type) {
    case 'set-mode':
      return action.mode === state.mode ? state : afterPickChange({ ...state, mode: action.mode, primary: null, loan: null });
    case 'set-lost':
      return { ...state, lost: action.lost, status: action.lost ? state.status : '' };
    case 'pick-primary':
      if (action.pick?.id === state.primary?.id) return state;
      return afterPickChange({ ...state, primary: action.pick, loan: null });
    case 'pick-loan':
      if (action.loan?.id === state.loan?.id) return state;
      return afterPickChange({ ...state, loan: action.loan });
    case 'set-return-date':
      return { ...state, returnDate: action.value, fineCollected: false, partialPayment: false };
    case 'set-status':
      return { ...state, status: action.status };
    // Each tick disables the other: a tick only takes effect while the other is off.
    case 'set-fine-collected':
      return action.on && state.partialPayment ? state : { ...state, fineCollected: action.on };
    case 'set-partial-payment':
      return action.on && state.fineCollected ? state : { ...state, partialPayment: action.on };
    case 'set-amount-received':
      return { ...state, amountReceived: action.value };
    case 'set-discount':
      return { ...state, discount: action.value };
    case 'set-discount-reason':
      return { ...state, discountReason: action.value };
    case 'set-auto-discount':
      return { ...state, autoDiscount: action.on };
    case 'set-library-rate':
      return { ...state, libraryRate: action.rate ?? DEFAULT_FINE_PER_DAY };
    // Picks stay; ticks made under the other rule go (the money controls appear or disappear).
    case 'set-handles-money':
      return action.on === state.handlesMoney ? state : { ...state, handlesMoney: action.on, fineCollected: false, partialPayment: false };
    case 'set-desk-rules':
      return { ...state, rules: action.rules };
    case 'replace':
      return action.state;
  }
}

/** Whether Submit may be pressed: both picks made. */
export const canSubmitReturn = (state: ReturnFormState): boolean => state.primary !== null && state.loan !== null;

/** Whether Fine Collected can be ticked now (Partial Payment is off), and the other way round. */
export const tickLocks = (state: ReturnFormState): { fineCollectedDisabled: boolean; partialPaymentDisabled: boolean } => ({
  fineCollectedDisabled: state.partialPayment,
  partialPaymentDisabled: state.fineCollected,
});

/** The daily rate this loan is fined at: the loan's own, else the library's. */
export const rateFor = (state: ReturnFormState): number => state.loan?.finePerDay ?? state.libraryRate;

/** The fine of the chosen loan on the typed return date, or null before a loan and a date. */
export function returnFine(state: ReturnFormState): Fine | null {
  if (!state.loan || !validDate(state.returnDate)) return null;
  return computeFine({
    dueDate: state.loan.dueDate,
    returnDate: state.returnDate,
    finePerDay: rateFor(state),
    bookPrice: state.loan.bookPrice,
    lost: state.lost,
    // The server's rules: the plan's cap, the calendar and whether closed days count, a lost copy's processing fee.
    cap: state.loan.cap ?? null,
    calendar: state.rules.calendar,
    countClosedDays: state.rules.countClosedDays,
    processingFee: state.rules.processingFee,
  });
}

const validDate = (value: string): boolean => parseDate(value) === value;

/** An amount field read: minor units, null when blank, NaN when not an amount. */
function amountOf(text: string): number | null {
  if (!text.trim()) return null;
  const amount = readAmount(text);
  return amount.ok ? amount.minor : Number.NaN;
}

/** What the settlement would be with the amounts as typed (blank or unreadable amounts count as 0; nothing without `handlesMoney`). */
export function returnSettlement(state: ReturnFormState): Settlement {
  const fine = returnFine(state)?.total ?? 0;
  if (!state.handlesMoney) return { collected: 0, discount: 0, remaining: fine };
  const received = amountOf(state.amountReceived);
  const typedDiscount = amountOf(state.discount);
  const partial = state.partialPayment;
  return settle({
    fine,
    fineCollected: state.fineCollected,
    partialPayment: partial,
    amountReceived: partial && received !== null && Number.isFinite(received) ? received : 0,
    discount: partial && typedDiscount !== null && Number.isFinite(typedDiscount) ? typedDiscount : 0,
    autoDiscount: partial && state.autoDiscount,
  });
}

/** The status the payload carries: RETURNED, or the chosen one with Lost / Damage. */
const payloadStatus = (state: ReturnFormState): ReturnStatus | '' => (state.lost ? state.status : 'RETURNED');

/** Client checks before sending; an empty object means the form may be sent. */
export function validateReturn(state: ReturnFormState): Partial<Record<ReturnField, string>> {
  const errors: Partial<Record<ReturnField, string>> = {};
  if (!state.primary) errors.primary = RETURN_MESSAGES.required;
  if (!state.loan) errors.loan = RETURN_MESSAGES.required;
  if (!validDate(state.returnDate)) errors.returnDate = RETURN_MESSAGES.required;
  else {
    const problem = returnDateProblem(state.returnDate, state.loan?.issueDate ?? state.returnDate, state.today) ?? backdatingProblem(state);
    if (problem) errors.returnDate = problem;
  }
  if (state.lost && !state.status) errors.status = RETURN_MESSAGES.required;
  if (!state.handlesMoney) return errors;
  if (state.partialPayment) {
    const received = amountOf(state.amountReceived);
    if (received === null) errors.fine_collected_amount = RETURN_MESSAGES.required;
    else if (Number.isNaN(received)) errors.fine_collected_amount = amountProblem(state.amountReceived, { grouped: true }) ?? AMOUNT_MESSAGES.invalid;
    else if (received < 0) errors.fine_collected_amount = RETURN_MESSAGES.negative;
    if (!state.autoDiscount) {
      const discount = amountOf(state.discount);
      if (discount === null) errors.discount = RETURN_MESSAGES.required;
      else if (Number.isNaN(discount)) errors.discount = amountProblem(state.discount, { grouped: true }) ?? AMOUNT_MESSAGES.invalid;
      else if (discount < 0) errors.discount = RETURN_MESSAGES.negative;
    }
  }
  if (!errors.fine_collected_amount && !errors.discount) {
    const fine = returnFine(state);
    const settlement = returnSettlement(state);
    const problem = fine ? settlementProblem(fine.total, settlement) : null;
    if (problem) errors.fine_collected_amount = problem;
    else if (settlement.discount > 0 && !state.discountReason.trim()) errors.discount_reason = RETURN_MESSAGES.reasonRequired;
  }
  return errors;
}

/** What a return date before today would waive, for a user who may not waive (null when nothing, or when he may). */
function backdatingProblem(state: ReturnFormState): string | null {
  if (state.handlesMoney || !state.loan) return null;
  const { dueDate, bookPrice } = state.loan;
  const { waived } = backdatingWaiver({ dueDate, returnDate: state.returnDate, today: state.today, finePerDay: rateFor(state), bookPrice, lost: state.lost });
  return waived > 0 ? RETURN_MONEY_MESSAGES.backdating(formatMoney(waived)) : null;
}

/** The loan id and the return payload (returnDate, fine_collected_amount, discount, status), or null while the form does not validate. */
export function returnPayload(state: ReturnFormState): { loanId: string; payload: ReturnPayload } | null {
  const status = payloadStatus(state);
  if (!state.loan || !status || Object.keys(validateReturn(state)).length > 0) return null;
  // Without the permission for money nothing but the date and status is sent: the fine is owed.
  if (!state.handlesMoney) return { loanId: state.loan.id, payload: { returnDate: state.returnDate, status } };
  const { collected, discount } = returnSettlement(state);
  return {
    loanId: state.loan.id,
    payload: {
      returnDate: state.returnDate,
      fine_collected_amount: toDecimalString(collected),
      discount: toDecimalString(discount),
      ...(discount > 0 ? { discount_reason: state.discountReason.trim() } : {}),
      status,
    },
  };
}

/* ---------- Loans as the form holds them ---------- */

const money = (value: string | number | null | undefined): number | null => {
  const minor = toMinorUnits(value);
  return minor === null || minor < 0 ? null : minor;
};

/** The plan's cap as a loan holds it: named only when the plan sets one. */
const capOf = (value: string | number | null | undefined): { cap?: number } => {
  const cap = money(value);
  return cap === null ? {} : { cap };
};

/** How a member is named in the dialog: "Full Name (username)", else the username or member number. */
export function memberLabel(member: { name?: string | null | undefined; full_name?: string | null | undefined; member_id?: string | null | undefined; id: string | number }): string {
  const handle = member.name ?? member.member_id ?? `#${member.id}`;
  return member.full_name ? `${member.full_name} (${handle})` : handle;
}

/** A loan from the issued list (`fetchOpenLoans`) as the form holds it. */
export function loanFromRecord(record: IssuedRecord): ReturnLoan {
  return {
    id: String(record.id),
    issueDate: record.issue_date,
    dueDate: record.due_date,
    finePerDay: money(record.fine_per_day),
    ...capOf(record.max_overdue_fine),
    bookPrice: money(record.book.price) ?? 0,
    book: { id: String(record.book.id), label: bookLabel(record.book) },
    member: { id: String(record.member.id), label: memberLabel(record.member) },
    ...(record.reserved_for ? { heldFor: record.reserved_for.member } : {}),
  };
}

/** One loan of a member issue summary (the member's profile) as the form holds it. */
export function loanFromSummary(summary: MemberIssueSummary, loan: MemberIssueSummary['issued_books'][number]): ReturnLoan {
  const { member } = summary;
  return {
    id: String(loan.issue_id),
    issueDate: loan.issue_date,
    dueDate: loan.due_date,
    finePerDay: money(summary.fine_per_day),
    ...capOf(summary.max_overdue_fine),
    bookPrice: money(loan.book.price) ?? 0,
    book: { id: String(loan.book.id), label: bookLabel(loan.book) },
    member: { id: String(member.id), label: memberLabel({ id: member.id, name: member.username, full_name: member.full_name, member_id: member.member_id }) },
    ...(loan.reserved_for ? { heldFor: loan.reserved_for.member } : {}),
  };
}

/** The secondary choices: the primary's loans, named by the other side (members for a book, books for a member). */
export const secondaryLabel = (mode: ReturnMode, loan: ReturnLoan): string => (mode === 'book' ? loan.member.label : loan.book.label);
