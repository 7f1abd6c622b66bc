/**
 * The member panel of the checkout session in words: his loans by due date with the overdue ones
 * marked, what he owes, his membership, and what the panel's actions confirm first: a renewal of
 * his membership (the new expiry and the plan's fee, collected now only by fine collectors) and a
 * loan marked lost (the charge the server will write: the overdue fine so far, the copy's price
 * and the library's processing fee). Pure; the panel renders.
 */
import { formatMoney, toDecimalString, toMinorUnits } from '#shared/money';
import { formatDate } from '#shared/dates';
import { membershipEnd, membershipText, renewalStart } from '#shared/membership';
import { errorMessage } from './error-reading';
import type { DeskLoan, DeskPanel } from './schemas/desk';

/** A loan as the panel lists it. */
export interface PanelLoan {
  id: string;
  title: string;
  accessionNo: string | null;
  due: string;
  overdue: boolean;
  loan: DeskLoan;
}

/** His open loans, soonest due first, each marked overdue as the server judged it (the one rule, `#shared/overdue`). */
export function panelLoans(loans: readonly DeskLoan[], dateFormat?: string | null): PanelLoan[] {
  return [...loans]
    .sort((a, b) => a.due_date.localeCompare(b.due_date))
    .map((loan) => ({
      id: String(loan.issue_id),
      title: loan.book.title,
      accessionNo: loan.copy?.accession_no ?? null,
      due: formatDate(loan.due_date, dateFormat) ?? loan.due_date,
      overdue: loan.overdue ?? (loan.late_days ?? 0) > 0,
      loan,
    }));
}

/** "Rs. 1,250.00", or "Nothing" when he owes nothing. */
export function owedText(owed: string | number | null | undefined): string {
  const minor = toMinorUnits(owed ?? 0) ?? 0;
  return minor > 0 ? formatMoney(minor) : 'Nothing';
}

/** The panel's membership line: "Valid until 31/12/2026", "Expired on 01/11/2026", or none yet. */
export const panelMembership = (panel: Pick<DeskPanel, 'member'>, today: string, dateFormat?: string | null): string =>
  membershipText(panel.member.membership_expires ?? null, today, dateFormat);

/** What Renew membership confirms: the new expiry, the fee, and whether it may be collected now. */
export interface RenewalOffer {
  newExpires: string;
  newExpiresText: string;
  fee: number;
  feeText: string;
  collectable: boolean;
}

/** The renewal the panel offers, or null when he has no plan or no membership to renew yet. */
export function renewalOffer(panel: Pick<DeskPanel, 'member'>, today: string, canCollect: boolean, dateFormat?: string | null): RenewalOffer | null {
  const plan = panel.member.plan;
  if (!plan || !panel.member.membership_expires) return null;
  const start = renewalStart(panel.member.membership_expires, today);
  const newExpires = membershipEnd(start, plan.validity_months ?? 12);
  const fee = toMinorUnits(plan.fee ?? 0) ?? 0;
  return { newExpires, newExpiresText: formatDate(newExpires, dateFormat) ?? newExpires, fee, feeText: fee > 0 ? formatMoney(fee) : 'no fee', collectable: canCollect && fee > 0 };
}

/** The body of the renewal: the fee as collected when asked to (and allowed), else nothing (left owing). */
export const renewalBody = (offer: RenewalOffer, collect: boolean): { collected?: string } =>
  offer.collectable && collect ? { collected: toDecimalString(offer.fee) } : {};

/** The charge a loan marked lost will write, as confirmed: overdue fine so far + the copy's price + the processing fee. */
export function lostEstimate(loan: Pick<DeskLoan, 'fine_amount' | 'book'>, processingFee: string | number | null | undefined): { total: number; text: string; parts: string } {
  const overdue = toMinorUnits(loan.fine_amount ?? 0) ?? 0;
  const price = toMinorUnits(loan.book.price ?? 0) ?? 0;
  const fee = toMinorUnits(processingFee ?? 0) ?? 0;
  const parts = [price > 0 ? `price ${formatMoney(price)}` : null, fee > 0 ? `processing ${formatMoney(fee)}` : null, overdue > 0 ? `overdue ${formatMoney(overdue)}` : null].filter(Boolean).join(' + ');
  return { total: overdue + price + fee, text: formatMoney(overdue + price + fee), parts };
}

/** A panel action's failure in words: the server's detail or first field message, else `fallback`. */
export const actionFailure = (failure: unknown, fallback: string): string =>
  errorMessage(failure, ['detail', 'non_field_errors', 'member', 'book', 'collected', 'loans', 'transport'], fallback);

/** The fallbacks of the panel's actions when the server says nothing. */
export const PANEL_MESSAGES = {
  renewFailed: 'The membership could not be renewed.',
  holdFailed: 'The hold could not be placed.',
  lostFailed: 'The loan could not be marked lost.',
  mailFailed: 'The slip could not be mailed.',
  chooseBook: 'Choose the book to reserve.',
} as const;
