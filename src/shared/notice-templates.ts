/**
 * The library's notices: their kinds, default wording, placeholders and rendering. One module for
 * both sides: the server renders the mails and in-app messages with it, the Notification Settings
 * screen previews a template with sample data through the same function, so the preview is what
 * members receive.
 */

/** Every notice the library sends, in the order the settings screen lists them. */
export const NOTICE_TYPES = [
  'book_issued',
  'due_soon',
  'due_today',
  'overdue',
  'reservation_ready',
  'hold_expiring',
  'hold_expired',
  'fine_imposed',
  'fine_collected',
  'account_approved',
  'membership_expiring',
  'membership_expired',
  'membership_renewed',
  'loan_slip',
] as const;

export type NoticeType = (typeof NOTICE_TYPES)[number];

/** The facts a template may name, written `{member_name}` in a subject or body. */
export const PLACEHOLDERS = ['member_name', 'book_title', 'due_date', 'library_name', 'amount', 'pickup_by', 'days_late', 'charge', 'expires_on', 'loans'] as const;

export type Placeholder = (typeof PLACEHOLDERS)[number];

/** The values of one notice's placeholders (already formatted: dates in the library's format, money as `Rs. 1,250.00`). */
export type NoticeFacts = Partial<Record<Placeholder, string>>;

/** Longest subject and body a template may have. */
export const TEMPLATE_LIMITS = { subject: 200, body: 4000 } as const;

export interface NoticeDefinition {
  type: NoticeType;
  /** The toggle's label. */
  label: string;
  /** When the notice goes, in a sentence. */
  when: string;
  /** The placeholders that have a value for this notice. */
  placeholders: readonly Placeholder[];
  subject: string;
  body: string;
}

const LOAN = ['member_name', 'book_title', 'due_date', 'library_name'] as const;

const def = (type: NoticeType, label: string, when: string, placeholders: readonly Placeholder[], subject: string, body: string): NoticeDefinition => ({
  type,
  label,
  when,
  placeholders,
  subject,
  body,
});

/** Each notice's label, moment and default wording. */
export const NOTICE_DEFINITIONS: Record<NoticeType, NoticeDefinition> = {
  book_issued: def(
    'book_issued',
    'Book issued',
    'When a book is issued to a member.',
    LOAN,
    'Book issued: {book_title}',
    'Dear {member_name},\n\n"{book_title}" has been issued to you. Please return it by {due_date}.\n\n{library_name}',
  ),
  due_soon: def(
    'due_soon',
    'Due soon',
    'A set number of days before a loan is due.',
    LOAN,
    'Due soon: {book_title}',
    'Dear {member_name},\n\n"{book_title}" is due on {due_date}. Return or renew it in time to avoid a fine.\n\n{library_name}',
  ),
  due_today: def(
    'due_today',
    'Due today',
    'On the morning a loan is due.',
    LOAN,
    'Due today: {book_title}',
    'Dear {member_name},\n\n"{book_title}" is due today ({due_date}). Please return it today to avoid a fine.\n\n{library_name}',
  ),
  overdue: def(
    'overdue',
    'Overdue',
    'After the due date, repeated every few days up to a set number of times.',
    [...LOAN, 'days_late', 'amount'],
    'Overdue: {book_title}',
    'Dear {member_name},\n\n"{book_title}" was due on {due_date} and is {days_late} days late. The fine so far is {amount}. Please return it as soon as you can.\n\n{library_name}',
  ),
  reservation_ready: def(
    'reservation_ready',
    'Reservation ready',
    'When a copy is held for a member who reserved the title.',
    ['member_name', 'book_title', 'library_name', 'pickup_by'],
    'Ready for pickup: {book_title}',
    'Dear {member_name},\n\n"{book_title}", which you reserved, is waiting for you at the desk. Please pick it up by {pickup_by}; after that it goes to the next member in line.\n\n{library_name}',
  ),
  hold_expiring: def(
    'hold_expiring',
    'Hold expiring',
    'On the last day a held copy waits for its member.',
    ['member_name', 'book_title', 'library_name', 'pickup_by'],
    'Last day to pick up: {book_title}',
    'Dear {member_name},\n\n"{book_title}" is held for you until {pickup_by}. Today is the last day to pick it up.\n\n{library_name}',
  ),
  hold_expired: def(
    'hold_expired',
    'Hold expired',
    'When a held copy was not picked up in time and goes to the next member.',
    ['member_name', 'book_title', 'library_name', 'pickup_by'],
    'Reservation expired: {book_title}',
    'Dear {member_name},\n\nThe copy of "{book_title}" held for you until {pickup_by} was not picked up, so your reservation has expired. You may reserve the title again.\n\n{library_name}',
  ),
  fine_imposed: def(
    'fine_imposed',
    'Charge imposed',
    'When a charge is made to a member: an overdue fine at a return, a lost or damaged copy, a fee.',
    ['member_name', 'book_title', 'library_name', 'amount', 'days_late', 'charge'],
    '{charge}',
    'Dear {member_name},\n\n{charge}: {amount}. Please pay it at the desk.\n\n{library_name}',
  ),
  fine_collected: def(
    'fine_collected',
    'Fine collected',
    'When a payment towards fines is recorded.',
    ['member_name', 'library_name', 'amount'],
    'Payment received',
    'Dear {member_name},\n\nWe received {amount} towards your fines. Thank you.\n\n{library_name}',
  ),
  account_approved: def(
    'account_approved',
    'Account approved',
    'When the library approves a registration.',
    ['member_name', 'library_name'],
    'Your {library_name} account is approved',
    'Dear {member_name},\n\nYour library account has been approved. You can now sign in, browse the catalogue and reserve books.\n\n{library_name}',
  ),
  membership_expiring: def(
    'membership_expiring',
    'Membership expiring',
    'A set number of days before a membership expires.',
    ['member_name', 'library_name', 'expires_on', 'amount'],
    'Your membership expires on {expires_on}',
    'Dear {member_name},\n\nYour library membership expires on {expires_on}. Renew it at the desk (fee {amount}) to keep borrowing.\n\n{library_name}',
  ),
  membership_expired: def(
    'membership_expired',
    'Membership expired',
    'On the day after a membership expires.',
    ['member_name', 'library_name', 'expires_on', 'amount'],
    'Your membership has expired',
    'Dear {member_name},\n\nYour library membership expired on {expires_on}. Renew it at the desk (fee {amount}) to borrow again.\n\n{library_name}',
  ),
  membership_renewed: def(
    'membership_renewed',
    'Membership renewed',
    'When a membership starts or is renewed at the desk.',
    ['member_name', 'library_name', 'expires_on', 'amount'],
    'Your membership runs until {expires_on}',
    'Dear {member_name},\n\nYour library membership runs until {expires_on}. The fee charged is {amount}.\n\n{library_name}',
  ),
  loan_slip: def(
    'loan_slip',
    'Loan slip',
    'When the desk mails a member the slip of the books issued to him today.',
    ['member_name', 'library_name', 'loans'],
    'Books issued to you today',
    'Dear {member_name},\n\nThese books were issued to you today:\n\n{loans}\n\n{library_name}',
  ),
};

/** Values the settings screen previews templates with. */
/** A notice type in words: its label ("Book issued"), or an unknown type read as words ("fine" → "Fine"). */
export function noticeTypeLabel(type: string): string {
  if (Object.prototype.hasOwnProperty.call(NOTICE_DEFINITIONS, type)) return NOTICE_DEFINITIONS[type as NoticeType].label;
  const words = type.replace(/[_-]+/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : type;
}

export const SAMPLE_FACTS: Required<NoticeFacts> = {
  member_name: 'Ayesha Khan',
  book_title: 'The Old Man and the Sea',
  due_date: '28/11/2026',
  library_name: 'City Library',
  amount: 'Rs. 30.00',
  pickup_by: '30/11/2026',
  days_late: '3',
  charge: 'Charge for the lost copy ACC-00042 of "The Old Man and the Sea"',
  expires_on: '31/12/2026',
  loans: '"The Old Man and the Sea" (ACC-00042), due 11/12/2026',
};

const PLACEHOLDER_PATTERN = /\{([a-z_]+)\}/g;

/** The `{names}` in a template that are not placeholders (a typo the settings form reports). */
export function unknownPlaceholders(template: string): string[] {
  const known = new Set<string>(PLACEHOLDERS);
  const unknown = new Set<string>();
  for (const match of template.matchAll(PLACEHOLDER_PATTERN)) if (!known.has(match[1]!)) unknown.add(match[1]!);
  return [...unknown];
}

/** Fills a template's placeholders as plain text; a placeholder without a value reads as empty. */
export function renderText(template: string, facts: NoticeFacts): string {
  return template.replace(PLACEHOLDER_PATTERN, (whole, name: string) =>
    (PLACEHOLDERS as readonly string[]).includes(name) ? (facts[name as Placeholder] ?? '') : whole,
  );
}

/** Escapes text for HTML (element content and quoted attributes). */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

/**
 * Fills a template as HTML: the template's own text and every value are escaped (a book titled
 * `<script>` stays text), blank lines start paragraphs and single newlines become line breaks.
 */
export function renderHtml(template: string, facts: NoticeFacts): string {
  return renderText(template, facts)
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`)
    .join('\n');
}
