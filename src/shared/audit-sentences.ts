/**
 * An audit entry as one sentence a librarian reads: who did what to which record, named ("Sara
 * Staff issued Moby-Dick (ACC-00042) to Sara Member, due 10/12/2026"). The names come from the
 * server (the record's label and the member it concerns, resolved in the Audit Trail's query);
 * a deleted record falls back to what the entry's before and after hold, then to its kind and id.
 * Money reads in the library's currency and dates in its date format. One phrase per action: a
 * named action without one does not compile, and the unit test walks every listed action.
 */
import type { MomentFormat } from './dates.js';
import { auditActionWords, REFERENCE_KINDS, type NamedAuditAction, type ReferenceKind } from './audit-actions.js';
import { fieldValueText, readSnapshot, type Snapshot } from './audit-fields.js';
import { fullName } from './person-name.js';

/** What the sentence is made of: the stored entry and the names the server resolved for it. */
export interface AuditFacts {
  action: string;
  /** The acting user's name; null for the library itself (scheduled work, the command line). */
  actor: string | null;
  /** The record's name as it is now ("Moby-Dick (ACC-00042)", "Sara Member", "Six months"); null when it is gone. */
  record: string | null;
  /** The member the record concerns (a loan's borrower, a charge's payer); null when none or gone. */
  member: string | null;
  entity: string;
  entity_id: string | null;
  before: unknown;
  after: unknown;
}

/** What a phrase reads from: the names with their fallbacks, the snapshots and the value formatters. */
interface Context {
  who: string;
  record: string;
  member: string;
  /** "their" when the actor acts on his own record, else "Sara Member’s". */
  whose: string;
  /** " for Sara Member" unless the member is the actor. */
  forMember: string;
  a: Snapshot;
  b: Snapshot;
  /** A field of after (or before) in words; '' when absent. */
  text: (key: string, side?: 'after' | 'before') => string;
  /** ", receipt R-…" when after names a receipt. */
  receipt: string;
}

type Phrase = (c: Context) => string;

const ENTITY_NOUNS: Readonly<Record<string, string>> = {
  loan: 'loan',
  book: 'book',
  copy: 'copy',
  user: 'account',
  member: 'member',
  fine: 'charge',
  reservation: 'reservation',
  role: 'role',
  membership_plan: 'plan',
  library_holiday: 'holiday',
  stock_verification: 'stock verification',
  notification_log: 'notice',
  invitation: 'invitation',
};

/** A record's name from a snapshot: a title with its accession number, a name, a person, an address. */
export function snapshotLabel(snapshot: Snapshot | null): string | null {
  if (!snapshot) return null;
  const text = (key: string) => (typeof snapshot[key] === 'string' && (snapshot[key] as string).trim() !== '' ? (snapshot[key] as string) : null);
  const title = text('title');
  const accession = text('accession_no');
  if (title) return accession ? `${title} (${accession})` : title;
  const person = fullName([text('first_name'), text('last_name')]);
  return text('name') ?? text('role') ?? (person || null) ?? text('username') ?? text('email') ?? accession ?? text('receipt_no');
}

const count = (value: unknown): number => (Array.isArray(value) ? value.length : typeof value === 'number' ? value : 0);
const plural = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;
const words = (value: string): string => value.toLowerCase().replace(/_/g, ' ');

const PHRASES: Record<NamedAuditAction, Phrase> = {
  USER_SIGNED_IN: () => 'signed in',
  ACCOUNT_REGISTERED: (c) => `registered the account ${c.text('username') || c.record}`,
  EMAIL_VERIFIED: (c) => `verified ${c.whose} e-mail address`,
  EMAIL_CHANGED: (c) => `changed ${c.whose} e-mail address from ${c.text('email', 'before') || '—'} to ${c.text('email') || '—'}`,
  PASSWORD_RESET: (c) => `reset ${c.whose} password`,
  ADMIN_CREATED: (c) => `created the administrator account ${c.text('username') || c.record}`,
  STAFF_INVITED: (c) => `invited ${c.text('email') || c.record} to join the staff`,
  INVITATION_ACCEPTED: (c) => `accepted an invitation as ${c.record}`,
  PROFILE_UPDATED: (c) => `updated ${c.whose} profile`,
  PROFILE_UPDATED_PASSWORD_CHANGED: (c) => `updated ${c.whose} profile and password`,
  MANAGER_REGISTERED: (c) => `registered the staff member ${c.record}`,
  BOOK_CREATED: (c) => `added the book ${c.record}`,
  BOOK_UPDATED: (c) => `edited the book ${c.record}`,
  BOOK_STATUS_CHANGED: (c) => `changed the status of ${c.record} to ${words(c.text('status') || 'unknown')}${c.text('reason') ? ` (${c.text('reason')})` : ''}`,
  BOOK_DELETED: (c) => `deleted the book ${c.record}`,
  BOOKS_IMPORTED: (c) => `imported books from a file${c.text('imported') ? ` (${c.text('imported')} saved)` : ''}`,
  BOOK_ISSUED: (c) => `issued ${c.record} to ${c.member}${c.text('due_date') ? `, due ${c.text('due_date')}` : ''}`,
  BOOK_RETURNED: (c) => `took back ${c.record} from ${c.member}${money(c)}`,
  LOAN_RENEWED: (c) => `renewed ${c.record}${c.forMember}${c.text('due_date') ? ` until ${c.text('due_date')}` : ''}`,
  LOAN_DUE_DATE_CHANGED: (c) => `moved the due date of ${c.record}${c.forMember} from ${c.text('due_date', 'before') || '—'} to ${c.text('due_date') || '—'}`,
  FINE_COLLECTED: (c) => `collected ${c.text('cash') || c.text('collected') || 'nothing'} from ${c.member}${Number(c.a['discount'] ?? 0) > 0 ? ` with a discount of ${c.text('discount')}` : ''}${c.receipt}`,
  MEMBER_REGISTERED: (c) => `registered the member ${c.record}`,
  MEMBER_IMPORTED: (c) => `imported the member ${c.record}`,
  MEMBERS_IMPORTED: (c) => `imported members from a file${c.text('imported') ? ` (${c.text('imported')} saved)` : ''}`,
  MEMBER_APPROVED: (c) => `approved the member ${c.record}`,
  MEMBER_DECLINED: (c) => `declined the member ${c.record}`,
  MEMBER_ENABLED: (c) => `enabled the member ${c.record}`,
  MEMBER_DISABLED: (c) => `disabled the member ${c.record}`,
  MEMBER_DELETED: (c) => `deleted the member ${c.record}`,
  MEMBER_PROFILE_UPDATED: (c) => `edited the profile of ${c.record}`,
  PLAN_CREATED: (c) => `created the membership plan ${c.record}`,
  PLAN_UPDATED: (c) => `edited the membership plan ${c.record}`,
  PLAN_DELETED: (c) => `deleted the membership plan ${c.record}`,
  RESERVATION_CREATED: (c) => `reserved ${c.record}${c.forMember}`,
  RESERVATION_CANCELLED: (c) => `cancelled the reservation of ${c.record}${c.forMember}`,
  RESERVATION_FULFILLED: (c) => `held a copy of ${c.record} for ${c.member}`,
  RESERVATION_ISSUED: (c) => `issued the reserved ${c.record} to ${c.member}`,
  RESERVATION_EXPIRED: (c) => `ended the hold on ${c.record} for ${c.member} (not collected in time)`,
  RESERVATION_MOVED: (c) => `moved the reservation of ${c.record}${c.forMember} from place ${c.text('position', 'before') || '—'} to ${c.text('position') || '—'}`,
  ROLE_CREATED: (c) => `created the role ${c.record}`,
  ROLE_UPDATED: (c) => `edited the role ${c.record}`,
  ROLE_DELETED: (c) => `deleted the role ${c.record}`,
  ROLE_ASSIGNED: (c) => `gave the role ${c.record} to ${plural(count(c.a['changed']), 'user', 'users')}`,
  ROLE_UNASSIGNED: (c) => `took the role ${c.record} from ${plural(count(c.a['changed']), 'user', 'users')}`,
  SETTINGS_UPDATED: () => 'changed the library settings',
  BOOK_SETTINGS_UPDATED: () => 'changed the book settings',
  NOTIFICATION_SETTINGS_CHANGED: () => 'changed the notification settings',
  NOTICE_RESENT: (c) => `sent a notice again${c.member === 'a member' ? '' : ` to ${c.member}`}`,
  COPIES_ADDED: (c) => `added ${plural(count(c.a['accession_numbers']), 'copy', 'copies')} of ${c.record}${c.text('accession_numbers') ? ` (${c.text('accession_numbers')})` : ''}`,
  COPY_UPDATED: (c) => `edited the copy ${c.record}`,
  COPY_STATUS_CHANGED: (c) => `changed the status of the copy ${c.record} from ${words(c.text('status', 'before') || '—')} to ${words(c.text('status') || '—')}${c.text('reason') ? ` (${c.text('reason')})` : ''}`,
  COPIES_WITHDRAWN: (c) => `withdrew ${plural(count(c.a['accession_numbers']), 'copy', 'copies')} of ${c.record}${c.text('accession_numbers') ? ` (${c.text('accession_numbers')})` : ''}`,
  STOCK_VERIFICATION_OPENED: (c) => `opened the stock verification ${c.record}`,
  STOCK_VERIFICATION_CLOSED: (c) => `closed the stock verification ${c.record}`,
  STOCK_VERIFICATION_MISSING_MARKED: (c) => `marked ${plural(count(c.a['marked']), 'unseen copy', 'unseen copies')} missing in the stock verification ${c.record}`,
  CIRCULATION_BLOCK_OVERRIDDEN: (c) => `overrode a circulation block for ${c.member} on ${c.record}${c.text('reason') ? ` (${c.text('reason')})` : ''}`,
  RETURN_UNDONE: (c) => (c.b['status'] === 'FULFILLED' ? `put ${c.member} back in line for ${c.record} (a return was undone)` : `undid the return of ${c.record} by ${c.member}`),
  LOAN_MARKED_LOST: (c) => `marked ${c.record} lost by ${c.member}${money(c)}`,
  COPY_DAMAGE_CHARGED: (c) => `charged ${c.member} ${c.text('amount') || '—'} for damage to ${c.record}`,
  LOST_COPY_FOUND: (c) => `found the lost copy ${c.record}`,
  CHARGE_ADDED: (c) => `charged ${c.member} ${c.text('amount') || '—'}${c.text('fee_type') ? ` (${words(c.text('fee_type'))})` : ''}`,
  CHARGE_CANCELLED: (c) => `cancelled ${c.text('cancelled_amount') || c.text('remaining', 'before') || '—'} owed by ${c.member}${c.text('reason') ? ` (${c.text('reason')})` : ''}`,
  CHARGE_REFUNDED: (c) => `refunded ${c.text('refunded') || '—'} to ${c.member}${c.receipt}`,
  MEMBERSHIP_STARTED: (c) => `started the membership of ${c.record}${c.text('membership_expires') ? ` until ${c.text('membership_expires')}` : ''}${Number(c.a['fee'] ?? 0) > 0 ? `, fee ${c.text('fee')}` : ''}`,
  MEMBERSHIP_RENEWED: (c) => `renewed the membership of ${c.record}${c.text('membership_expires') ? ` until ${c.text('membership_expires')}` : ''}${Number(c.a['collected'] ?? 0) > 0 ? `, collected ${c.text('collected')}` : ''}${c.receipt}`,
  HOLIDAY_ADDED: (c) => `added the holiday ${c.record}`,
  HOLIDAY_REMOVED: (c) => `removed the holiday ${c.record}`,
  LOAN_SLIP_MAILED: (c) => `mailed a loan slip to ${c.record}`,
};

/** A return's or loss's money, when there was any: ", fine Rs. 20.00, collected Rs. 15.00, receipt R-…". */
function money(c: Context): string {
  if (!(Number(c.a['fine'] ?? 0) > 0)) return '';
  const collected = Number(c.a['collected'] ?? 0) > 0 ? `, collected ${c.text('collected')}` : '';
  return `, fine ${c.text('fine')}${collected}${c.receipt}`;
}

const REFERENCE_NAMES: Readonly<Record<ReferenceKind, string>> = { department: 'department', category: 'category', language: 'language', session: 'academic session' };
const REFERENCE_VERBS: Readonly<Record<string, string>> = { CREATED: 'created', UPDATED: 'edited', DELETED: 'deleted' };

/** The phrase of an action: its own, a reference change's, or the listed words for any other. */
function phraseOf(action: string): Phrase {
  if (Object.prototype.hasOwnProperty.call(PHRASES, action)) return PHRASES[action as NamedAuditAction];
  const kind = REFERENCE_KINDS.find((k) => action.startsWith(`${k.toUpperCase()}_`));
  const verb = kind ? REFERENCE_VERBS[action.slice(kind.length + 1)] : undefined;
  if (kind && verb) return (c) => `${verb} the ${REFERENCE_NAMES[kind]} ${c.record}`;
  return () => `did “${auditActionWords(action)}”`;
}

/** Whether an action has a phrase of its own (a listed one always has). */
export const hasSentence = (action: string): boolean => Object.prototype.hasOwnProperty.call(PHRASES, action) || REFERENCE_KINDS.some((k) => action.startsWith(`${k.toUpperCase()}_`) && REFERENCE_VERBS[action.slice(k.length + 1)] !== undefined);

/** The entry's sentence: "Sara Staff issued Moby-Dick (ACC-00042) to Sara Member, due 10/12/2026". */
export function auditSentence(facts: AuditFacts, format: MomentFormat = {}): string {
  const a = readSnapshot(facts.after) ?? {};
  const b = readSnapshot(facts.before) ?? {};
  const noun = ENTITY_NOUNS[facts.entity] ?? facts.entity.replace(/_/g, ' ');
  const record = facts.record ?? snapshotLabel(readSnapshot(facts.after)) ?? snapshotLabel(readSnapshot(facts.before)) ?? `${noun}${facts.entity_id ? ` #${facts.entity_id}` : ''}`;
  const who = facts.actor ?? 'The library';
  const member = facts.member ?? 'a member';
  const text = (key: string, side: 'after' | 'before' = 'after') => {
    const snapshot = side === 'after' ? a : b;
    return snapshot[key] === undefined || snapshot[key] === null || snapshot[key] === '' ? '' : fieldValueText(key, snapshot[key], format);
  };
  const receipt = text('receipt_no') ? ` (receipt ${text('receipt_no')})` : '';
  const context: Context = {
    who,
    record,
    member,
    whose: facts.actor !== null && facts.actor === record ? 'their' : `${record}’s`,
    forMember: facts.member !== null && facts.member !== facts.actor ? ` for ${facts.member}` : '',
    a,
    b,
    text,
    receipt,
  };
  return `${who} ${phraseOf(facts.action)(context)}`;
}
