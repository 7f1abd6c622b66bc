/**
 * The success and information toasts of the dashboard, one wording each (the specification words
 * some of them; the rest follow the same plain style). Error toasts come from `errors.ts`. Islands never
 * spell a toast out themselves (`tests/unit/lib/notices.test.ts` checks).
 */
import { formatCount } from '#shared/numbers';

const books = (n: number): string => `${formatCount(n)} ${n === 1 ? 'book' : 'books'}`;

export const NOTICES = {
  wishListAdded: 'Added to your wish list',
  wishListRemoved: 'Book removed successfully',
  settingsUpdated: 'Settings updated successfully',
  profileUpdated: 'Profile updated successfully',
  passwordChanged: 'Password changed successfully',
  exportCancelled: 'Export cancelled',
  exported: (n: number) => `Exported ${books(n)}`,
  exportCapped: (cap: number, total: number) => `Exported the first ${formatCount(cap)} of ${books(total)}`,
  exportCappedHint: 'Narrow the search or filters to export the rest.',
  reportExported: (fileName: string) => `Saved ${fileName}`,
  roleCreated: (name: string) => `Role ${name} created`,
  roleRenamed: (name: string) => `Role renamed to ${name}`,
  roleSaved: (name: string) => `Role ${name} saved`,
  roleDeleted: (name: string) => `Role ${name} deleted`,
  addedToRole: (username: string, role: string) => `${username} added to ${role}`,
  removedFromRole: (username: string, role: string) => `${username} removed from ${role}`,
  memberAdded: (username: string, memberId: string | null | undefined) => `Member ${username} added successfully${memberId ? ` (Member ID ${memberId})` : ''}.`,
  managerRegistered: (username: string) => `Manager ${username} registered`,
  staffInvited: (email: string, role: string) => `Invitation sent to ${email} as ${role}`,
  planDeleted: (name: string) => `Plan “${name}” deleted`,
  movedToPlan: (username: string, plan: string) => `${username} moved to ${plan}`,
  referenceAdded: (kind: string, name: string) => `${kind} “${name}” added`,
  referenceUpdated: (kind: string, name: string) => `${kind} “${name}” updated`,
  referenceDeleted: (kind: string, name: string) => `${kind} “${name}” deleted`,
  // Circulation (the specification words the first two).
  bookIssued: 'Book Issued Successfully',
  bookReturned: 'Book returned Successfully',
  // Issuing a copy: the notice names the accession number of the copy lent.
  bookIssuedCopy: (accession: string) => `Book Issued Successfully: copy ${accession}`,
  dueDateUpdated: (title: string, due: string) => `“${title}” is now due ${due}`,
  loanRenewed: (title: string, due: string) => `“${title}” renewed, now due ${due}`,
  // The member's Renew all, when the server gives no summary of its own.
  loansRenewed: (n: number) => `Renewed ${books(n)}`,
  finesCollected: (receiptNo: string | null | undefined) => `Fines updated successfully${receiptNo ? ` (receipt ${receiptNo})` : ''}.`,
  // Charges staff add and cancel by hand (the Fines page).
  chargeAdded: (type: string, amount: string, member: string) => `${type} of ${amount} charged to ${member}`,
  chargeCancelled: (amount: string) => `Charge cancelled (${amount})`,
  damageCharged: (amount: string, member: string) => `Damage of ${amount} charged to ${member}`,
  // Notices: a failed e-mail queued again; every notification marked read.
  notificationResent: (recipient: string | null | undefined) => `The e-mail${recipient ? ` to ${recipient}` : ''} will be sent again`,
  notificationsAllRead: 'All notifications marked as read',
  // Reservations.
  bookReserved: (title: string, position: number | null | undefined) => `“${title}” reserved${typeof position === 'number' ? ` — position ${position}` : ''}`,
  reservationCancelled: (title: string) => `Reservation of “${title}” cancelled`,
  reservationFulfilled: 'Reservation fulfilled and user will be notified',
  reservationIssued: 'Reservation successfully issued.',
  reservationMoved: (position: number) => `Moved to position ${position}.`,
  bookReturnedHeld: (name: string, until: string | null) => `Book returned Successfully — held for ${name}${until ? ` until ${until}` : ''}`,
  // A title's copies (book profile).
  copiesAdded: (n: number) => `${formatCount(n)} ${n === 1 ? 'copy' : 'copies'} added`,
  copySaved: (accessionNo: string) => `Copy ${accessionNo} saved`,
  copyStatusChanged: (accessionNo: string, status: string) => `Copy ${accessionNo} is now ${status.toLowerCase()}`,
  // The checkout session at the desk.
  loanSlipMailed: (name: string) => `Loan slip mailed to ${name}`,
  membershipRenewed: (until: string, receiptNo: string | null | undefined) => `Membership renewed until ${until}${receiptNo ? ` (receipt ${receiptNo})` : ''}`,
  holdPlaced: (title: string, name: string) => `“${title}” reserved for ${name}`,
  // A hold staff place for a member from the book profile: where he stands in the title's queue.
  holdPlacedInLine: (title: string, name: string, position: number | null | undefined) =>
    `“${title}” reserved for ${name}${typeof position === 'number' ? ` — number ${position} in line` : ''}`,
  loanMarkedLost: (title: string, amount: string) => `“${title}” marked lost — ${amount} charged`,
  // Stock verification.
  stockSessionOpened: (name: string) => `Verification “${name}” opened — start scanning`,
  stockSessionClosed: (name: string) => `Verification “${name}” closed — the report is ready`,
  copiesMarkedMissing: (n: number) => `${formatCount(n)} ${n === 1 ? 'copy' : 'copies'} marked missing.`,
} as const;
