/**
 * The fine rules (late days, late fine, Lost / Damage, Auto Discount, amount collected), one implementation for the return dialog and the server (which
 * computes the authoritative fine with this module). Amounts are integer minor units (paisa);
 * dates are `YYYY-MM-DD` calendar dates of the library's time zone (see dates.ts).
 *
 * - late days = whole days from the due date to the return date, never negative;
 * - late fine = late days × daily rate;
 * - Lost / Damage: the book's price alone when no day is late, otherwise late fine plus price;
 * - Auto Discount: discount = fine − amount received, not below 0;
 * - amount collected = the amount received on partial payment, the whole fine when Fine
 *   Collected is ticked, otherwise 0;
 * - remaining = fine − collected − discount; collected + discount never exceed the fine.
 */
import { daysBetween, openDaysBetween, type LibraryCalendar } from './dates.js';
import { AMOUNT_MESSAGES } from './money.js';

/** How a loan ends: back on the shelf, or lost / written off (the price is charged). */
export type ReturnStatus = 'RETURNED' | 'LOST' | 'WRITE_OFF';
export const RETURN_STATUSES: readonly ReturnStatus[] = ['RETURNED', 'LOST', 'WRITE_OFF'];
/** The statuses offered when Lost / Damage is on. */
export const LOST_STATUSES: readonly ReturnStatus[] = ['LOST', 'WRITE_OFF'];

/** The daily rate used until the library's settings have loaded (the default fine per day): Rs. 10. */
export const DEFAULT_FINE_PER_DAY = 1000;

/** Whole days from the due date to the return date; 0 when returned on or before the due date. */
export function lateDays(dueDate: string, returnDate: string): number {
  return Math.max(0, daysBetween(dueDate, returnDate));
}

/**
 * The library's rules an overdue fine is counted by, beyond the daily rate: the member's plan's cap
 * on one loan's overdue fine (null = none), and whether closed days (the library's calendar) count
 * as late days. Left out, every calendar day counts and nothing is capped (the seed's rule).
 */
export interface OverdueRules {
  /** The plan's cap on one loan's overdue fine, minor units; null or undefined = no cap. */
  cap?: number | null | undefined;
  /** The library's calendar; with `countClosedDays` false, only open days are late days. */
  calendar?: LibraryCalendar | undefined;
  /** Whether closed days count as late days (the library's setting; true when left out). */
  countClosedDays?: boolean | undefined;
}

export interface FineInput extends OverdueRules {
  /** YYYY-MM-DD. */
  dueDate: string;
  /** YYYY-MM-DD. */
  returnDate: string;
  /** Minor units per late day. */
  finePerDay: number;
  /** The book's price in minor units (charged only when lost or damaged). */
  bookPrice: number;
  /** Lost / Damage on (status LOST or WRITE_OFF). */
  lost: boolean;
  /** The processing fee charged with a lost copy's price (the library's setting), minor units. */
  processingFee?: number | undefined;
}

export interface Fine {
  lateDays: number;
  /** Late days × daily rate, capped by the plan's cap. */
  overdueFine: number;
  /** The price charged for a lost or damaged book; null otherwise. */
  bookPrice: number | null;
  /** The processing fee charged with a lost copy; null when not lost or no fee is set. */
  processingFee: number | null;
  /** What the member owes for this loan. */
  total: number;
}

/** The late days a fine counts from the due date to the return date: calendar days, or open days only. */
export function chargeableLateDays(dueDate: string, returnDate: string, rules: OverdueRules = {}): number {
  if (rules.countClosedDays === false && rules.calendar) return openDaysBetween(dueDate, returnDate, rules.calendar);
  return lateDays(dueDate, returnDate);
}

/** The overdue fine of `days` late days at `finePerDay`, never above the plan's cap. */
export function overdueFineFor(days: number, finePerDay: number, cap?: number | null): number {
  const fine = days * Math.max(0, Math.trunc(finePerDay));
  return cap === null || cap === undefined ? fine : Math.min(fine, Math.max(0, Math.trunc(cap)));
}

/** The fine of one loan returned on `returnDate`. */
export function computeFine(input: FineInput): Fine {
  const days = chargeableLateDays(input.dueDate, input.returnDate, input);
  const overdueFine = overdueFineFor(days, input.finePerDay, input.cap);
  const bookPrice = input.lost ? Math.max(0, Math.trunc(input.bookPrice)) : null;
  const fee = input.lost ? Math.max(0, Math.trunc(input.processingFee ?? 0)) : 0;
  const processingFee = fee > 0 ? fee : null;
  // "Price alone when no day is late, otherwise late fine plus price": with 0 late days the late
  // fine is 0, so both branches are overdue fine + price (+ the processing fee of a lost copy).
  return { lateDays: days, overdueFine, bookPrice, processingFee, total: overdueFine + (bookPrice ?? 0) + (processingFee ?? 0) };
}

/**
 * The ledger charges one return writes, each with its fee type: the overdue fine always (a zero
 * fine too, so reports see every return's outcome), then a lost copy's price and its processing fee.
 */
export function fineCharges(fine: Fine): { feeType: 'overdue' | 'lost' | 'processing'; amount: number }[] {
  const charges: { feeType: 'overdue' | 'lost' | 'processing'; amount: number }[] = [{ feeType: 'overdue', amount: fine.overdueFine }];
  if (fine.bookPrice !== null) charges.push({ feeType: 'lost', amount: fine.bookPrice });
  if (fine.processingFee !== null) charges.push({ feeType: 'processing', amount: fine.processingFee });
  return charges;
}

/** How the desk settles a fine at return. */
export interface SettlementInput {
  /** The loan's fine (Fine.total). */
  fine: number;
  /** Fine Collected: the whole fine is paid. */
  fineCollected: boolean;
  /** Partial Payment: `amountReceived` is paid, `discount` waived. */
  partialPayment: boolean;
  /** Amount Received, minor units. */
  amountReceived: number;
  /** Discount as typed, minor units (replaced by the computed one with Auto Discount). */
  discount: number;
  /** Auto Discount: discount = fine − amount received, not below 0. */
  autoDiscount: boolean;
}

export interface Settlement {
  collected: number;
  discount: number;
  remaining: number;
}

/** Discount under Auto Discount: fine minus the amount received, never below 0. */
export const autoDiscountFor = (fine: number, amountReceived: number): number => Math.max(0, fine - amountReceived);

/** What is collected, waived and left owing; `settlementProblem` says whether it may be recorded. */
export function settle(input: SettlementInput): Settlement {
  const collected = input.partialPayment ? input.amountReceived : input.fineCollected ? input.fine : 0;
  const discount = input.autoDiscount ? autoDiscountFor(input.fine, input.amountReceived) : input.discount;
  return { collected, discount, remaining: Math.max(0, input.fine - collected - discount) };
}

/**
 * Why a settlement cannot be recorded (the server's and the dialog's wording), or null. Amounts
 * must be whole minor units, not negative, and together not exceed the fine.
 */
export function settlementProblem(fine: number, { collected, discount }: Pick<Settlement, 'collected' | 'discount'>): string | null {
  if (!Number.isSafeInteger(collected) || !Number.isSafeInteger(discount)) return AMOUNT_MESSAGES.invalid;
  if (collected < 0 || discount < 0) return AMOUNT_MESSAGES.negative;
  if (collected + discount > fine) return 'Amount received and discount together cannot exceed the fine.';
  return null;
}

/** One fine's share of a collection. */
export interface FineShare {
  id: number;
  discount: number;
  cash: number;
  /** What the fine still owes afterwards. */
  remaining: number;
}

/**
 * Spreads a collection over a member's selected fines, oldest first (the order given): first the
 * discount, then the cash, each fine taking at most what it still owes. Whatever exceeds the
 * total owed is left out of the shares (`unused`); the server refuses such a collection.
 */
export function spreadCollection(
  fines: readonly { id: number; remaining: number }[],
  discount: number,
  cash: number,
): { shares: FineShare[]; unusedDiscount: number; unusedCash: number } {
  let discountLeft = Math.max(0, discount);
  let cashLeft = Math.max(0, cash);
  const shares = fines.map(({ id, remaining }) => {
    const owed = Math.max(0, remaining);
    const discountShare = Math.min(discountLeft, owed);
    discountLeft -= discountShare;
    return { id, discount: discountShare, cash: 0, remaining: owed - discountShare };
  });
  for (const share of shares) {
    const cashShare = Math.min(cashLeft, share.remaining);
    cashLeft -= cashShare;
    share.cash = cashShare;
    share.remaining -= cashShare;
  }
  return { shares, unusedDiscount: discountLeft, unusedCash: cashLeft };
}

/** The permission that moves money: collecting or waiving fines, at the fines desk and at a return. */
export const FINE_COLLECTOR_PERMISSION = 'change_fine';

/** The refusals of money at a return by staff without `FINE_COLLECTOR_PERMISSION` (the server's and the dialog's wording). */
export const RETURN_MONEY_MESSAGES = {
  notAllowed: 'You do not have permission to collect or waive fines. Return the book without an amount or discount; the fine is recorded as owed.',
  backdating: (waived: string) => `This return date lowers the fine by ${waived}. Only staff who may waive fines can backdate a return that lowers the fine.`,
  recordedAsOwed: 'The fine will be recorded as owed; staff who collect fines can take it later.',
} as const;

/**
 * What a return date before the library's today removes from the fine: the fine charged on
 * `returnDate` against the fine had the book come back `today`. `waived` is 0 when backdating
 * lowers nothing (the loan was not late either way, or the date is today).
 */
export function backdatingWaiver(input: Omit<FineInput, 'returnDate'> & { returnDate: string; today: string }): { fineToday: number; fineCharged: number; waived: number } {
  const fineCharged = computeFine(input).total;
  const fineToday = computeFine({ ...input, returnDate: input.today }).total;
  return { fineToday, fineCharged, waived: Math.max(0, fineToday - fineCharged) };
}

/** The fine a loan still out has accrued by `today` (what it would cost returned today). */
export const accruedFine = (dueDate: string, today: string, finePerDay: number, rules: OverdueRules = {}): number =>
  computeFine({ ...rules, dueDate, returnDate: today, finePerDay, bookPrice: 0, lost: false }).total;
