/**
 * The hostile-input corpus's values and what each write route reads: per route, the kind of each
 * body field (from the route's parse function in server/src/modules/<module>/schemas.ts) and a
 * small valid body over a real record, so each field can be made hostile in turn while the rest
 * stays valid. A kind ending in `?` is optional: an empty value or null there means "not given" and
 * is allowed, so those two are sent to required fields only.
 */

/** The records a route's path or body names (ids of real rows, set up by the corpus test). */
export interface HostileRecords {
  book: number;
  copy: number;
  barcode: string;
  member: number;
  staff: number;
  loan: number;
  returnedLoan: number;
  reservation: number;
  fine: number;
  role: number;
  holiday: number;
  plan: number;
  department: number;
  category: number;
  language: number;
  session: number;
  alert: number;
  wish: number;
  noticeLog: number;
  verification: number;
}

export type FieldKind = 'text' | 'lines' | 'date' | 'money' | 'int' | 'id' | 'ids' | 'codes' | 'flag' | 'choice' | 'secret' | 'email';
type Kind = FieldKind | `${FieldKind}?`;

export interface RouteSpec {
  /** json: a JSON body; form: a JSON or multipart form (readForm); csv: a streamed CSV upload; none: no body is read. */
  body: 'json' | 'form' | 'csv' | 'none';
  fields?: Record<string, Kind>;
  /** A valid body (but for the field made hostile); `{}` when every field is optional. */
  base?: (r: HostileRecords) => Record<string, unknown>;
  /** Every field may be left out (a PATCH, or a PUT the route reads like one): an empty body changes nothing. */
  partial?: boolean;
  /** The path's ids (`:id` → a real record). */
  id?: (r: HostileRecords) => number;
  /** A file part the form takes (for the wrong-type file case). */
  file?: string;
}

const TOO_LONG = 'x'.repeat(100_000);
/** Stands for a value nested 10,000 levels deep (`{"a":[{"a":[…]}]}`), spliced into the body's text by `bodyText`. */
export const DEEP = '\u2063deeply-nested\u2063';
const DEEP_TEXT = '{"a":['.repeat(10_000) + '1' + ']}'.repeat(10_000);

/** A body as JSON text, DEEP replaced by the deep value itself. */
export const bodyText = (body: unknown): string => JSON.stringify(body).replaceAll(JSON.stringify(DEEP), DEEP_TEXT);
const FIFTY_THOUSAND_IDS = Array.from({ length: 50_000 }, (_, i) => i + 1);

/**
 * The hostile values of each kind of field: each must be refused (4xx) in any route. Wrong JSON
 * types are spread over the kinds (a list, an object, a boolean, a number where text belongs);
 * nesting 10,000 levels deep is sent once per route (`DEEP`, see the corpus test).
 */
export const HOSTILE: Record<FieldKind, unknown[]> = {
  text: ['a\u0000b', 'a\u001b[31mb', TOO_LONG, [], { a: 1 }, true],
  lines: ['a\u0000b', 'a\u0007b', TOO_LONG, [{ a: 1 }]],
  date: ['9999-12-31', '0000-01-01', '2024-02-30', '2026-13-01', '2026-1-1', 'tomorrow', 20260101, []],
  money: ['1.234', '-1', '1e308', '99999999999999999999', 'abc', 'NaN', 'Infinity', '1,5', { a: 1 }],
  int: ['1.5', '-1', '99999999999999999999', 'abc', []],
  id: [2147483648, '99999999999999999999', -1, 'abc', { a: 1 }],
  ids: [FIFTY_THOUSAND_IDS, [2147483648], ['abc'], 'not a list'],
  codes: [Array.from({ length: 50_000 }, (_, i) => `C-${i}`), [TOO_LONG], ['a\u0000b'], 'not a list'],
  // A JSON boolean is a flag's own type; a word that is not yes or no is not.
  flag: ['maybe', 2, []],
  choice: ['NOT_A_CHOICE', 7, []],
  secret: ['a\u0000b', 5, []],
  email: ['not-an-email', `${TOO_LONG}@example.test`, 'a\u0000b@example.test', []],
};

/** Refused in a required field only (an optional one reads them as "not given"). */
export const MISSING_VALUES: unknown[] = ['', null];

/** Whole bodies no route may take: not JSON, and JSON that is not an object. */
export const HOSTILE_BODIES: { name: string; payload: string }[] = [
  { name: 'not JSON', payload: '{"title": "cut' },
  { name: 'an array', payload: '[{"a":1}]' },
  { name: 'a string', payload: '"text"' },
  { name: 'a number', payload: '42' },
];

/** Path ids no record can have. */
export const HOSTILE_IDS = ['2147483648', '99999999999999999999', '-1', 'abc'];

const ID = (key: keyof HostileRecords) => (r: HostileRecords) => r[key] as number;

const named = (field: string, file?: string): RouteSpec => ({ body: 'form', fields: { [field]: 'text' }, base: () => ({ [field]: 'Hostile 2030-2031' }), ...(file ? { file } : {}) });
const REFERENCE = named('name');
const CATEGORY = named('name', 'image');
const SESSION = named('session_range');
/** A member's details (users/schemas.ts readMemberDetails): free texts, the ruled numbers, the fee and the references. */
const MEMBER_DETAILS = {
  middle_name: 'text?', father_first_name: 'text?', father_last_name: 'text?', class_name: 'text?', section: 'text?', roll_no: 'text?', home_address: 'lines?',
  library_membership_id: 'text?', cnic: 'text?', mobile_number: 'text?', emergency_contact: 'text?', security_fee: 'money?', department: 'id?', session: 'id?', plan: 'id?',
} as const;
const BOOK_FIELDS = {
  title: 'text', author: 'text', isbn: 'text', publisher: 'text', rack_no: 'text', edition: 'text?', shelf_location: 'text?',
  specification_description: 'lines?', detailed_description: 'lines?', total_copies: 'int', price: 'money?', department: 'id?', category: 'id?', language: 'id?',
} as const;
const BOOK_BASE = (r: HostileRecords) => ({
  title: 'Hostile Book', author: 'An Author', isbn: '9780306406157', publisher: 'A Publisher', rack_no: 'R-1', total_copies: '1',
  department: r.department, category: r.category, language: r.language,
});
const PLAN: RouteSpec = {
  body: 'form',
  fields: { name: 'text', loan_limit: 'int?', loan_period_days: 'int?', fine_per_day: 'money?', fee: 'money', max_overdue_fine: 'money?', validity_months: 'int', is_default: 'flag?' },
  base: () => ({ name: 'Hostile plan', fee: '10.00', validity_months: '12' }),
};
const PROFILE: RouteSpec = { body: 'form', fields: { email: 'text?', first_name: 'text?', last_name: 'text?', old_password: 'secret?', new_password: 'secret?', profile_photo_clear: 'flag?' }, base: () => ({}), file: 'profile_photo' };
const MEMBER_PROFILE: RouteSpec = { ...PROFILE, fields: { ...PROFILE.fields, ...MEMBER_DETAILS } };

/**
 * Every write route (method and URL as in the route table) and what it reads. A write route of the
 * table that is neither here nor in HOSTILE_SKIPPED fails the corpus test by name.
 */
export const WRITE_ROUTES: Record<string, RouteSpec> = {
  'POST /auth/login/': { body: 'json', fields: { username: 'text', password: 'secret' }, base: () => ({ username: 'nobody.here', password: 'Wrong-Password-1' }) },
  'POST /api/token/refresh/': { body: 'json', fields: { refresh: 'secret' }, base: () => ({ refresh: 'not-a-token' }) },
  'POST /auth/register/member/': {
    body: 'json',
    fields: { username: 'text', email: 'email', password: 'secret', password2: 'secret', first_name: 'text', last_name: 'text', department: 'id?', session: 'id?' },
    base: (r) => ({ username: 'hostile.member', email: 'hostile.member@example.test', password: 'Amber-Window-51', password2: 'Amber-Window-51', first_name: 'Host', last_name: 'Ile', department: r.department, session: r.session }),
  },
  'POST /auth/forgot-password/': { body: 'json', fields: { email: 'email' }, base: () => ({ email: 'nobody@example.test' }) },
  'POST /auth/resend-verification/': { body: 'json', fields: { username: 'text' }, base: () => ({ username: 'nobody.here' }) },
  'POST /auth/reset-password/:uid/:token/': { body: 'json', fields: { password: 'secret', confirm_password: 'secret' }, base: () => ({ password: 'Amber-Window-51', confirm_password: 'Amber-Window-51' }) },
  'POST /users/invitations/': { body: 'json', fields: { email: 'email', role: 'id?' }, base: () => ({ email: 'invited@example.test' }) },
  'POST /users/invitation/confirm/:token': {
    body: 'json',
    fields: { username: 'text', password: 'secret', password2: 'secret', first_name: 'text?', last_name: 'text?' },
    base: () => ({ username: 'invited.one', password: 'Amber-Window-51', password2: 'Amber-Window-51', first_name: 'In', last_name: 'Vited' }),
  },
  'POST /auth/register/manager/': {
    body: 'json',
    fields: { username: 'text', email: 'email', password: 'secret', password2: 'secret', first_name: 'text?', last_name: 'text?', member_id: 'text?', contact_number: 'text?' },
    base: () => ({ username: 'hostile.manager', email: 'hostile.manager@example.test', password: 'Amber-Window-51', password2: 'Amber-Window-51' }),
  },
  'POST /roles/': { body: 'json', fields: { name: 'text', permissions: 'ids?' }, base: () => ({ name: 'Hostile role' }) },
  'PATCH /roles/:id/': { body: 'json', fields: { name: 'text?', permissions: 'ids?' }, base: () => ({}), id: ID('role') },
  'PUT /roles/:id/': { body: 'json', fields: { name: 'text', permissions: 'ids?' }, base: () => ({ name: 'Hostile role again' }), id: ID('role'), partial: true },
  'DELETE /roles/:id/': { body: 'none', id: ID('role') },
  'POST /roles/:id/assign_user/': { body: 'json', fields: { user_ids: 'ids' }, base: (r) => ({ user_ids: [r.staff] }), id: ID('role') },
  'POST /roles/:id/remove_user/': { body: 'json', fields: { user_ids: 'ids' }, base: (r) => ({ user_ids: [r.staff] }), id: ID('role') },
  'PUT /settings/library/': {
    body: 'form',
    fields: {
      library_name: 'text?', theme: 'choice?', timezone: 'text?', date_format: 'choice?', time_format: 'choice?', fine_per_day: 'money?', max_books_per_member: 'int?', max_issue_duration: 'int?',
      low_stock_threshold: 'int?', rack_number_format: 'text?', member_id_format: 'text?', logo_clear: 'flag?', favicon_clear: 'flag?',
    },
    base: () => ({}),
    file: 'logo',
  },
  'POST /settings/Books_settings/': {
    body: 'json',
    fields: {
      max_books_per_member: 'int', max_issue_duration: 'int', fine_per_day: 'money', accession_prefix: 'text?', accession_digits: 'int?', next_accession_number: 'int?', label_sheet: 'choice?',
      block_fines_over: 'money?', block_overdue_count: 'int?', block_overdue_days: 'int?', block_membership_expired: 'flag?', lost_processing_fee: 'money?', lost_found_action: 'choice?',
      closed_weekdays: 'ids?', fines_count_closed_days: 'flag?',
    },
    base: () => ({ max_books_per_member: '3', max_issue_duration: '14', fine_per_day: '5.00' }),
  },
  'POST /settings/holidays/': { body: 'json', fields: { date: 'date', name: 'text' }, base: () => ({ date: '2026-12-25', name: 'Hostile holiday' }) },
  'DELETE /settings/holidays/:id/': { body: 'none', id: ID('holiday') },
  'POST /admin-departments/': REFERENCE,
  'PATCH /admin-departments/:id/': { ...REFERENCE, partial: true, id: ID('department') },
  'PUT /admin-departments/:id/': { ...REFERENCE, partial: true, id: ID('department') },
  'DELETE /admin-departments/:id/': { body: 'none', id: ID('department') },
  'POST /categories/': CATEGORY,
  'PATCH /categories/:id/': { ...CATEGORY, partial: true, id: ID('category') },
  'PUT /categories/:id/': { ...CATEGORY, partial: true, id: ID('category') },
  'DELETE /categories/:id/': { body: 'none', id: ID('category') },
  'POST /language/': REFERENCE,
  'PATCH /language/:id/': { ...REFERENCE, partial: true, id: ID('language') },
  'PUT /language/:id/': { ...REFERENCE, partial: true, id: ID('language') },
  'DELETE /language/:id/': { body: 'none', id: ID('language') },
  'POST /admin-sessions/': SESSION,
  'PATCH /admin-sessions/:id/': { ...SESSION, partial: true, id: ID('session') },
  'PUT /admin-sessions/:id/': { ...SESSION, partial: true, id: ID('session') },
  'DELETE /admin-sessions/:id/': { body: 'none', id: ID('session') },
  'PATCH /users/admin/profile/': PROFILE,
  'PUT /users/admin/profile/': PROFILE,
  'PATCH /users/update-manager-profile/': PROFILE,
  'PUT /users/update-manager-profile/': PROFILE,
  'PATCH /users/update-profile/': MEMBER_PROFILE,
  'PUT /users/update-profile/': MEMBER_PROFILE,
  'PATCH /users/profile/update/': {
    body: 'form',
    fields: { user_id: 'id', first_name: 'text?', last_name: 'text?', ...MEMBER_DETAILS },
    base: (r) => ({ user_id: r.member }),
    file: 'profile_photo',
  },
  'POST /notifications/alerts/:id/mark_read/': { body: 'none', id: ID('alert') },
  'POST /notifications/wishlist/': { body: 'json', fields: { book_id: 'id' }, base: (r) => ({ book_id: r.book }) },
  'DELETE /notifications/wishlist/:id/': { body: 'none', id: ID('wish') },
  'POST /books/books/': { body: 'form', fields: BOOK_FIELDS, base: BOOK_BASE, file: 'cover_photo' },
  'PATCH /books/books/:id/': { body: 'form', fields: { ...BOOK_FIELDS, status: 'choice?', reason: 'lines?' }, base: () => ({}), id: ID('book'), file: 'cover_photo', partial: true },
  'PUT /books/books/:id/': { body: 'form', fields: { ...BOOK_FIELDS, status: 'choice?', reason: 'lines?' }, base: BOOK_BASE, id: ID('book'), file: 'cover_photo', partial: true },
  'POST /books/books/:id/confirm-delete/': { body: 'json', fields: { reason: 'lines?' }, base: () => ({}), id: ID('book') },
  'POST /books/bulk-upload/': { body: 'csv' },
  'POST /books/books/:id/copies/': {
    body: 'json',
    fields: { count: 'int?', accession_numbers: 'codes?', call_number: 'text?', shelf_location: 'text?', acquired_on: 'date?', source: 'choice?', price: 'money?', condition_note: 'lines?' },
    base: () => ({}),
    id: ID('book'),
  },
  'PATCH /books/copies/:id/': {
    body: 'json',
    fields: { barcode: 'text?', call_number: 'text?', shelf_location: 'text?', acquired_on: 'date?', source: 'choice?', price: 'money?', condition_note: 'lines?', status: 'choice?', reason: 'text?' },
    base: () => ({}),
    id: ID('copy'),
  },
  'POST /auth/approve-user/:id/': { body: 'none', id: ID('member') },
  'POST /auth/decline/:id/': { body: 'none', id: ID('member') },
  'POST /users/member/:id/disable_enable/': { body: 'none', id: ID('member') },
  'DELETE /users/delete/:id/': { body: 'none', id: ID('member') },
  'POST /members/:id/membership/renew/': { body: 'json', fields: { collected: 'money?' }, base: () => ({}), id: ID('member') },
  'POST /auth/Single-Member-Register/': {
    body: 'form',
    fields: { username: 'text', email: 'text', first_name: 'text', last_name: 'text', password: 'secret?', ...MEMBER_DETAILS },
    base: () => ({ username: 'hostile.single', email: 'hostile.single@example.test', first_name: 'Single', last_name: 'Member' }),
    file: 'profile_photo',
  },
  'POST /users/bulk-upload-members/': { body: 'csv' },
  'POST /members/plans/': PLAN,
  'PATCH /members/plans/:id/': { ...PLAN, base: () => ({}), id: ID('plan'), partial: true },
  'PUT /members/plans/:id/': { ...PLAN, id: ID('plan'), partial: true },
  'DELETE /members/plans/:id/': { body: 'none', id: ID('plan') },
  'POST /books/issued-books/': {
    body: 'json',
    fields: { book: 'id', member: 'id', issue_date: 'date?', due_date: 'date?', status: 'choice?', override_reason: 'text?' },
    base: (r) => ({ book: r.book, member: r.member }),
  },
  'PATCH /books/issued-books/:id/': { body: 'json', fields: { due_date: 'date' }, base: () => ({ due_date: '2026-12-30' }), id: ID('loan') },
  'POST /books/issued-books/:id/return/': {
    body: 'json',
    fields: { return_date: 'date?', returnDate: 'date?', fine_collected_amount: 'money?', discount: 'money?', discount_reason: 'text?', status: 'choice?' },
    base: () => ({}),
    id: ID('loan'),
  },
  'POST /books/issued-books/:id/undo-return/': { body: 'none', id: ID('returnedLoan') },
  'POST /circulation/check-in/': {
    body: 'json',
    fields: { barcode: 'text', return_date: 'date?', collected: 'money?', discount: 'money?', discount_reason: 'text?' },
    base: (r) => ({ barcode: r.barcode }),
  },
  'POST /books/issued-books/:id/lost/': { body: 'json', fields: { collected: 'money?', discount: 'money?', discount_reason: 'text?', note: 'text?' }, base: () => ({}), id: ID('loan') },
  'POST /books/copies/:id/damage/': { body: 'json', fields: { amount: 'money', note: 'text', mark_damaged: 'flag?' }, base: () => ({ amount: '5.00', note: 'Torn page' }), id: ID('copy') },
  'POST /books/issued-books/:id/renew/': { body: 'json', fields: { override_reason: 'text?' }, base: () => ({}), id: ID('loan') },
  'POST /books/issued-books/renew-all/': { body: 'json', fields: { member: 'id?', override_reason: 'text?' }, base: (r) => ({ member: r.member }) },
  'POST /circulation/loan-slip/': { body: 'json', fields: { loans: 'ids' }, base: (r) => ({ loans: [r.loan] }) },
  'POST /fines-viewset/collect/': {
    body: 'json',
    fields: { member_id: 'id', issued_ids: 'ids?', fine_ids: 'ids?', full_payment: 'flag?', discount: 'money?', discount_reason: 'text?' },
    base: (r) => ({ member_id: r.member, fine_ids: [r.fine] }),
  },
  'POST /fines/charges/': {
    body: 'json',
    fields: { member: 'id', fee_type: 'choice', amount: 'money', note: 'text', loan: 'id?', copy: 'id?' },
    base: (r) => ({ member: r.member, fee_type: 'OTHER', amount: '5.00', note: 'A charge' }),
  },
  'POST /fines/:id/cancel/': { body: 'json', fields: { reason: 'text' }, base: () => ({ reason: 'Charged by mistake' }), id: ID('fine') },
  'POST /books/reservations/': { body: 'json', fields: { book: 'id', member: 'id', notes: 'lines?' }, base: (r) => ({ book: r.book, member: r.member }) },
  'POST /books/reservations/:id/fulfill/': { body: 'none', id: ID('reservation') },
  'POST /books/reservations/:id/cancel/': { body: 'json', fields: { reason: 'text?' }, base: () => ({}), id: ID('reservation') },
  'POST /books/reservations/:id/issue/': { body: 'json', fields: { issue_date: 'date?', due_date: 'date?', override_reason: 'text?' }, base: () => ({}), id: ID('reservation') },
  'POST /books/reservations/:id/move/': { body: 'json', fields: { position: 'int', reason: 'text' }, base: () => ({ position: 1, reason: 'Urgent' }), id: ID('reservation') },
  'PUT /settings/notifications/': { body: 'json', fields: { jobs_run_at: 'text?', notices: 'ids?' }, base: () => ({}) },
  'POST /notifications-logs/:id/resend/': { body: 'none', id: ID('noticeLog') },
  'POST /stock-verifications/': { body: 'form', fields: { name: 'text', department: 'id?', category: 'id?', shelf: 'text?' }, base: () => ({ name: 'Hostile count' }) },
  'POST /stock-verifications/:id/scans/': { body: 'json', fields: { barcode: 'text' }, base: (r) => ({ barcode: r.barcode }), id: ID('verification') },
  'POST /stock-verifications/:id/close/': { body: 'none', id: ID('verification') },
  'POST /stock-verifications/:id/mark-missing/': { body: 'none', id: ID('verification') },
};

/** Write routes the corpus does not call, each with why it cannot take hostile input. */
export const HOSTILE_SKIPPED: Record<string, string> = {
  // Sign-out reads an optional refresh token and always answers 205: there is nothing to refuse.
  'POST /auth/logout/': 'reads nothing it could refuse',
  // Marks every alert of the caller read; it reads no body.
  'POST /notifications/alerts/mark_all_read/': 'reads no body and takes no id',
};
