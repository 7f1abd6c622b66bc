/**
 * Memberships that start, expire and renew, one rule for the site and the server: a membership
 * starts on approval and runs for its plan's validity in months (its last day is the day before
 * the same date that many months on); renewing extends it by the plan's validity from its expiry
 * when still running, else from today. Dates are `YYYY-MM-DD` in the library's zone.
 */
import { addDays, addMonths, daysBetween, formatDate } from './dates.js';

/** The last day of a membership that starts on `start` for `validityMonths` months. */
export const membershipEnd = (start: string, validityMonths: number): string => addDays(addMonths(start, Math.max(1, Math.trunc(validityMonths))), -1);

/** Where a renewal's new term starts: the day after the current expiry while it still runs, else today. */
export function renewalStart(expires: string | null, today: string): string {
  if (expires !== null && expires >= today) return addDays(expires, 1);
  return today;
}

/** A membership's standing on `today`: none (never approved), active, expiring within `warnDays`, or expired. */
export type MembershipStanding = 'none' | 'active' | 'expiring' | 'expired';

export function membershipStanding(expires: string | null | undefined, today: string, warnDays = 14): MembershipStanding {
  if (!expires) return 'none';
  if (expires < today) return 'expired';
  return daysBetween(today, expires) <= warnDays ? 'expiring' : 'active';
}

export const MEMBERSHIP_STANDING_TEXT: Readonly<Record<MembershipStanding, string>> = {
  none: 'No membership yet',
  active: 'Active',
  expiring: 'Expiring soon',
  expired: 'Expired',
};

/** The membership in words for the member panel and the member's pages: "Valid until 31/12/2026", "Expired on 01/11/2026". */
export function membershipText(expires: string | null | undefined, today: string, format?: string | null): string {
  if (!expires) return MEMBERSHIP_STANDING_TEXT.none;
  const shown = formatDate(expires, format) ?? expires;
  return expires < today ? `Expired on ${shown}` : `Valid until ${shown}`;
}

export const MEMBERSHIP_MESSAGES = {
  renewed: (until: string) => `Membership renewed until ${until}.`,
  notApproved: 'This member has not been approved yet; a membership starts on approval.',
} as const;
