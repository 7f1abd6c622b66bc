/**
 * The member's record as staff see it: which actions the bar offers (each only to those the server
 * lets do it) and the renewal it offers, read from the desk's member panel. The dialogs are the
 * checkout panel's; this module only decides.
 */
import { LOAN_READERS } from '#shared/permission-codes';
import { pathFor } from '#shared/routes';
import { checkoutHrefFor } from './desk-shortcuts';
import { renewalOffer, type RenewalOffer } from './checkout-session-panel';
import type { DeskPanel } from './schemas/desk';

/** The actions of the record's bar, in the order it shows them. */
export interface RecordActionRights {
  /** Issue: the checkout session started on him (add_bookissuance). */
  issue: boolean;
  /** Place a hold for him (change_bookreservation). */
  hold: boolean;
  /** Renew membership (change_members; the offer is read from the desk panel, which a loan reader may read). */
  renew: boolean;
  /** Edit his profile (change_members). */
  edit: boolean;
  /** Print his card (the Member Cards page). */
  card: boolean;
}

/** Which actions `holds` (a permission check) and `opens` (a route check) allow. */
export function recordActionRights(holds: (codename: string) => boolean, opens: (routeId: string) => boolean): RecordActionRights {
  return {
    issue: holds('add_bookissuance') && opens('book-issue'),
    hold: holds('change_bookreservation'),
    renew: holds('change_members') && LOAN_READERS.some(holds),
    edit: holds('change_members'),
    card: opens('member-cards'),
  };
}

/** The Issue action's address: the Issue Book page's checkout session on this member. */
export const issueHrefFor = (memberId: string | number): string => checkoutHrefFor(pathFor('book-issue'), memberId);

/** The Print card action's address: the Member Cards page previewing his card. */
export const cardHrefFor = (memberId: string | number): string => `${pathFor('member-cards')}?member=${encodeURIComponent(String(memberId))}`;

/** Why there is nothing to renew: he has no plan or his membership has not started (never approved). */
export const NOTHING_TO_RENEW = 'This member has no membership to renew yet: it starts when he is approved.';

/** The renewal the record offers from his desk panel, or the reason there is none. */
export function recordRenewal(panel: Pick<DeskPanel, 'member'>, today: string, canCollect: boolean, dateFormat?: string | null): { offer: RenewalOffer } | { problem: string } {
  const offer = renewalOffer(panel, today, canCollect, dateFormat);
  return offer ? { offer } : { problem: NOTHING_TO_RENEW };
}

/**
 * The fields staff send when they edit a member (`PATCH /users/profile/update/`, change_members):
 * his profile's fields and plan, named by `user_id`; never his e-mail or a password, which only he
 * changes.
 */
export function staffEditFields<V extends Record<string, string>>(userId: string, values: V): Record<string, string> {
  const { email: _email, current_password: _password, ...rest } = values;
  return { user_id: userId, ...rest };
}
