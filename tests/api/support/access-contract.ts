/**
 * The API's access rules as data: who may call each route ("METHOD url", the url pattern of the
 * server's route table), written from the "who" column of docs/API.md. It is a statement separate
 * from the routes' own guards, so server code never imports it: the permission matrix
 * (tests/api/permission-matrix.test.ts) calls every route as every kind of caller and proves the
 * server honours what is written here.
 *
 * The rules:
 * - 'anyone': no sign-in needed.
 * - 'signed-in': any active user; the answer is about himself.
 * - { owner, others }: any signed-in user, on a record of his own only (another's answers `others`).
 * - { role }: a profile of one's own, for users of that built-in role alone (others 403).
 * - { staff, member }: staff need the code (a list: any one of them; { all }: every one of them);
 *   SUPER USER passes. A MEMBER gets 403 ('none', the default), passes ('all': the same answer
 *   as staff get; 'self': an answer about himself alone), or reaches only his own record
 *   ({ own, others }: the path, or the body's `member`, names it; another's answers `others`).
 */
import type { RoleName } from '#shared/permission-codes';

/** A member's own record a path (or body) can name: his user id, loan, reservation, wish, alert or receipt. */
export type OwnRecord = 'user' | 'loan' | 'reservation' | 'wish' | 'alert' | 'receipt';

/** A member reaching his own record only; another member's answers `others`. */
export interface Own {
  own: OwnRecord;
  others: 403 | 404;
  /** Where the record's id goes: the path (default) or the body's `member`. */
  in?: 'path' | 'body';
}

export type StaffCodes = string | readonly string[] | { all: readonly string[] };

export type Who =
  | 'anyone'
  | 'signed-in'
  | { owner: OwnRecord; others: 403 | 404 }
  | { role: RoleName }
  | { staff: StaffCodes; member?: 'none' | 'all' | 'self' | Own };

/** One way of calling a route: its rule, and what the call needs to reach it. */
export interface Entry {
  who: Who;
  /** Names the variant when a route's rule depends on its query or path (e.g. `barcode`). */
  variant?: string;
  /** Fixed values of path parameters (e.g. `report: 'books'`). */
  params?: Record<string, string>;
  /** The query string sent, without `?`. */
  query?: string;
  /** The call spends the caller's sign-in (sign out): each caller signs in afresh for it. */
  spendsSignIn?: true;
  /** The body sent instead of one no route accepts (a route that must read its body to know the caller). */
  body?: unknown;
  /** A rule of the route the matrix does not call (a body that asks for more). */
  note?: string;
}

/** The staff who read loans: any bookissuance permission (a desk that issues or takes books back sees what is out). */
const LOAN_READERS = ['view_bookissuance', 'add_bookissuance', 'change_bookissuance'] as const;
const mine = (own: OwnRecord, others: 403 | 404 = 403): Own => ({ own, others });

export const ACCESS_CONTRACT: Record<string, Entry | Entry[]> = {
  // Session and accounts: signing in, registering, links from mail.
  'GET /healthz/': { who: 'anyone' },
  'POST /auth/login/': { who: 'anyone' },
  'POST /api/token/refresh/': { who: 'anyone' },
  'POST /auth/logout/': { who: 'signed-in', spendsSignIn: true, body: {}, note: 'public in the route table: the refresh token may come in the body, so the handler reads it first' },
  'POST /auth/register/member/': { who: 'anyone' },
  'GET /auth/verify-email/:uid/:token/': { who: 'anyone', params: { uid: '2147483000', token: 'no-such-token' } },
  'POST /auth/forgot-password/': { who: 'anyone' },
  'POST /auth/resend-verification/': { who: 'anyone' },
  'POST /auth/reset-password/:uid/:token/': { who: 'anyone', params: { uid: '2147483000', token: 'no-such-token' } },
  'POST /users/invitations/': { who: { staff: 'add_members' }, note: 'with `role` also change_user_admin' },
  'POST /users/invitation/confirm/:token': { who: 'anyone', params: { token: 'no-such-token' } },

  // Users, roles and permissions.
  'POST /auth/register/manager/': { who: { staff: 'change_user_admin' } },
  'GET /auth/manager-profile/': { who: { staff: 'change_user_admin' } },
  'GET /auth/manager-profile/:id/': { who: { staff: 'change_user_admin' } },
  'GET /permissions/': { who: { staff: 'change_user_admin' } },
  'GET /users/:id/permissions/': { who: { staff: 'change_user_admin', member: mine('user') } },
  'GET /users/': [
    { variant: 'name search', who: { staff: ['change_user_admin', 'view_auditlog', 'view_financial_report'] } },
    { variant: 'paged list', query: 'page=1', who: { staff: 'change_user_admin' } },
  ],
  'GET /roles/': { who: { staff: 'change_user_admin' } },
  'POST /roles/': { who: { staff: 'change_user_admin' } },
  'GET /roles/:id/': { who: { staff: 'change_user_admin' } },
  'PATCH /roles/:id/': { who: { staff: 'change_user_admin' } },
  'PUT /roles/:id/': { who: { staff: 'change_user_admin' } },
  'DELETE /roles/:id/': { who: { staff: 'change_user_admin' } },
  'POST /roles/:id/assign_user/': { who: { staff: 'change_user_admin' } },
  'POST /roles/:id/remove_user/': { who: { staff: 'change_user_admin' } },
  'GET /roles/:id/users/': { who: { staff: 'change_user_admin' } },
  'GET /roles/:id/permissions/': { who: { staff: 'change_user_admin' } },

  // Settings: the public general settings, book settings and holidays.
  'GET /settings/library/': { who: 'anyone' },
  'PUT /settings/library/': { who: { staff: 'change_librarysettings' } },
  'GET /settings/Books_settings/': { who: { staff: 'view_librarysettings' } },
  'POST /settings/Books_settings/': { who: { staff: 'change_librarysettings' } },
  'GET /settings/holidays/': { who: { staff: 'view_librarysettings' } },
  'POST /settings/holidays/': { who: { staff: 'change_librarysettings' } },
  'DELETE /settings/holidays/:id/': { who: { staff: 'change_librarysettings' } },

  // Reference data: the registration form's lists, departments, categories, languages, sessions.
  'GET /member-departments/': { who: 'anyone' },
  'GET /member-sessions/': { who: 'anyone' },
  'GET /admin-departments/': { who: { staff: 'view_department' } },
  'POST /admin-departments/': { who: { staff: 'add_department' } },
  'PATCH /admin-departments/:id/': { who: { staff: 'change_department' } },
  'PUT /admin-departments/:id/': { who: { staff: 'change_department' } },
  'DELETE /admin-departments/:id/': { who: { staff: 'delete_department' } },
  'GET /categories/': { who: 'signed-in' },
  'POST /categories/': { who: { staff: 'add_category' } },
  'PATCH /categories/:id/': { who: { staff: 'change_category' } },
  'PUT /categories/:id/': { who: { staff: 'change_category' } },
  'DELETE /categories/:id/': { who: { staff: 'delete_category' } },
  'GET /language/': { who: 'signed-in' },
  'POST /language/': { who: { staff: 'add_language' } },
  'PATCH /language/:id/': { who: { staff: 'change_language' } },
  'PUT /language/:id/': { who: { staff: 'change_language' } },
  'DELETE /language/:id/': { who: { staff: 'delete_language' } },
  'GET /admin-sessions/': { who: { staff: 'view_sessionsettings' } },
  'POST /admin-sessions/': { who: { staff: 'add_sessionsettings' } },
  'PATCH /admin-sessions/:id/': { who: { staff: 'change_sessionsettings' } },
  'PUT /admin-sessions/:id/': { who: { staff: 'change_sessionsettings' } },
  'DELETE /admin-sessions/:id/': { who: { staff: 'delete_sessionsettings' } },

  // Profiles of one's own, by built-in role; a member's profile for staff.
  'GET /users/admin/profile/': { who: { role: 'SUPER USER' } },
  'PATCH /users/admin/profile/': { who: { role: 'SUPER USER' } },
  'PUT /users/admin/profile/': { who: { role: 'SUPER USER' } },
  'GET /users/update-manager-profile/': { who: { role: 'MANAGER' } },
  'PATCH /users/update-manager-profile/': { who: { role: 'MANAGER' } },
  'PUT /users/update-manager-profile/': { who: { role: 'MANAGER' } },
  'GET /users/members/:id/profile/': { who: { staff: 'view_members', member: mine('user') } },
  'GET /users/update-profile/': { who: { role: 'MEMBER' } },
  'PATCH /users/update-profile/': { who: { role: 'MEMBER' } },
  'PUT /users/update-profile/': { who: { role: 'MEMBER' } },
  'PATCH /users/profile/update/': { who: { staff: 'change_members' } },

  // Notifications and the wish list: each user's own.
  'GET /notifications/': { who: 'signed-in' },
  'GET /notifications/unread-count/': { who: 'signed-in' },
  'POST /notifications/alerts/:id/mark_read/': { who: { owner: 'alert', others: 404 } },
  'POST /notifications/alerts/mark_all_read/': { who: 'signed-in' },
  'GET /notifications/wishlist/': { who: 'signed-in' },
  'POST /notifications/wishlist/': { who: 'signed-in', note: 'a user without a member profile gets 400 (members only)' },
  'DELETE /notifications/wishlist/:id/': { who: { owner: 'wish', others: 404 } },

  // The catalogue: members browse it, staff need view_book.
  'GET /books/books/': { who: { staff: 'view_book', member: 'all' } },
  'GET /books/books/:id/': { who: { staff: 'view_book', member: 'all' } },
  'POST /books/books/': { who: { staff: 'add_book' } },
  'PATCH /books/books/:id/': { who: { staff: 'change_book' } },
  'PUT /books/books/:id/': { who: { staff: 'change_book' } },
  'POST /books/books/:id/confirm-delete/': { who: { staff: 'delete_book' } },
  'POST /books/bulk-upload/': { who: { staff: 'add_book' } },
  'GET /books/books/:id/ebook/': { who: 'signed-in' },

  // Copies (the accession register); the desk looks a copy up by its barcode.
  'GET /books/books/:id/copies/': { who: { staff: 'view_book' } },
  'POST /books/books/:id/copies/': { who: { staff: 'add_book' } },
  'GET /books/copies/': [
    { variant: 'accession list', who: { staff: 'view_book' } },
    { variant: 'barcode lookup', query: 'barcode=NO-SUCH-COPY', who: { staff: ['view_book', ...LOAN_READERS] } },
  ],
  'GET /books/copies/:id/': { who: { staff: 'view_book' } },
  'PATCH /books/copies/:id/': { who: { staff: 'change_book' } },
  'GET /books/copies/:id/history/': { who: { staff: 'view_book' } },

  // Members: lists, approval, registration, membership, plans.
  'GET /users/all-members/': { who: { staff: 'view_members' } },
  'GET /users/pending-users/': { who: { staff: 'change_members' } },
  'GET /users/declined/': { who: { staff: 'change_members' } },
  'GET /users/disabled-members/': { who: { staff: 'change_members' } },
  'GET /members/search/': { who: { staff: 'view_members' } },
  'POST /auth/approve-user/:id/': { who: { staff: 'change_members' } },
  'POST /auth/decline/:id/': { who: { staff: 'change_members' } },
  'POST /users/member/:id/disable_enable/': { who: { staff: 'change_members' } },
  'DELETE /users/delete/:id/': { who: { staff: 'delete_members' } },
  'POST /members/:id/membership/renew/': { who: { staff: 'change_members' }, note: '`collected` also needs change_fine' },
  'POST /auth/Single-Member-Register/': { who: { staff: 'add_members' } },
  'POST /users/bulk-upload-members/': { who: { staff: 'add_members' } },
  'GET /members/plans/': { who: { staff: 'view_members' } },
  'GET /members/plans/:id/': { who: { staff: 'view_members' } },
  'POST /members/plans/': { who: { staff: 'add_members' } },
  'PATCH /members/plans/:id/': { who: { staff: 'change_members' } },
  'PUT /members/plans/:id/': { who: { staff: 'change_members' } },
  'DELETE /members/plans/:id/': { who: { staff: 'delete_members' } },

  // Reports: the book loan report, and the four reports each behind its own permission.
  'GET /reports/books/:id/issued-members/': { who: { staff: ['view_book', 'view_book_report'] } },
  'GET /reports/:report/summary/': [
    { variant: 'books', params: { report: 'books' }, who: { staff: 'view_book_report' } },
    { variant: 'members', params: { report: 'members' }, who: { staff: 'view_member_report' } },
    { variant: 'financial', params: { report: 'financial' }, who: { staff: 'view_financial_report' } },
    { variant: 'audit', params: { report: 'audit' }, who: { staff: 'view_auditlog' } },
  ],
  'GET /reports/:report/:section/': [
    { variant: 'books', params: { report: 'books', section: 'out' }, who: { staff: 'view_book_report' } },
    { variant: 'members', params: { report: 'members', section: 'defaulters' }, who: { staff: 'view_member_report' } },
    { variant: 'financial', params: { report: 'financial', section: 'payments' }, who: { staff: 'view_financial_report' } },
    { variant: 'audit', params: { report: 'audit', section: 'entries' }, who: { staff: 'view_auditlog' } },
  ],
  'GET /media/*': { who: 'anyone', params: { '*': 'covers/no-such-file.png' } },

  // Circulation: loans, the desk, returns and their money.
  'GET /books/issued-books/': { who: { staff: LOAN_READERS, member: 'self' } },
  'POST /books/issued-books/': { who: { staff: 'add_bookissuance' }, note: 'an override_reason (past a block) also needs override_circulation_block' },
  'PATCH /books/issued-books/:id/': { who: { staff: 'change_bookissuance' } },
  'POST /books/issued-books/:id/return/': { who: { staff: 'change_bookissuance' }, note: 'money taken or waived also needs change_fine' },
  'POST /books/issued-books/:id/undo-return/': { who: { staff: 'change_bookissuance' } },
  'POST /circulation/check-in/': { who: { staff: 'change_bookissuance' }, note: 'money also needs change_fine' },
  'POST /books/issued-books/:id/lost/': { who: { staff: 'change_bookissuance' }, note: 'money also needs change_fine' },
  'POST /books/copies/:id/damage/': { who: { staff: 'change_fine' }, note: 'mark_damaged (the default) also needs change_book' },
  'POST /books/issued-books/:id/renew/': { who: { staff: 'change_bookissuance', member: mine('loan', 404) }, note: 'an override_reason (past a block) also needs override_circulation_block; a member is never let past his blocks' },
  'POST /books/issued-books/renew-all/': { who: { staff: 'change_bookissuance', member: { own: 'user', others: 403, in: 'body' } }, note: 'an override_reason (past a block) also needs override_circulation_block' },
  'GET /circulation/blocks/': { who: { staff: LOAN_READERS } },
  'GET /circulation/desk/members/:id/': { who: { staff: LOAN_READERS } },
  'POST /circulation/loan-slip/': { who: { staff: 'add_bookissuance' } },
  'GET /reports/members/:id/issued-books/': { who: { staff: LOAN_READERS, member: mine('user') } },
  'GET /reports/books/returned-history/': { who: { staff: LOAN_READERS } },
  'GET /reports/returned-books/:id/': { who: { staff: LOAN_READERS, member: mine('user') } },

  // Fines: the desk's, and a member's own fines and receipts.
  'GET /fines-viewset/pending/': { who: { staff: 'view_fine' } },
  'POST /fines-viewset/collect/': { who: { staff: 'change_fine' } },
  'POST /fines/charges/': { who: { staff: 'change_fine' } },
  'POST /fines/:id/cancel/': { who: { staff: 'change_fine' } },
  'GET /fines/user/:id/': { who: { staff: 'view_fine', member: mine('user') } },
  'GET /fines/user/:id/receipts/': { who: { staff: 'view_fine', member: mine('user') } },
  'GET /fines/receipts/:receipt_no/': { who: { staff: 'view_fine', member: mine('receipt', 404) } },

  // Reservations: a member's own; staff read with view_bookreservation and act with change_bookreservation.
  'GET /books/reservations/': { who: { staff: 'view_bookreservation', member: 'self' } },
  'POST /books/reservations/': { who: { staff: 'change_bookreservation', member: 'self' } },
  'GET /books/reservations/queue/': { who: { staff: 'view_bookreservation' } },
  'GET /books/reservations/to-pull/': { who: { staff: 'view_bookreservation' } },
  'GET /books/reservations/by-member/:id/': { who: { staff: 'view_bookreservation', member: mine('user') } },
  'GET /books/reservations/:id/': { who: { staff: 'view_bookreservation', member: mine('reservation', 404) } },
  'POST /books/reservations/:id/fulfill/': { who: { staff: 'change_bookreservation' } },
  'POST /books/reservations/:id/cancel/': { who: { staff: 'change_bookreservation', member: mine('reservation', 404) } },
  'POST /books/reservations/:id/issue/': { who: { staff: 'add_bookissuance' }, note: 'an override_reason (past a block) also needs override_circulation_block' },
  'POST /books/reservations/:id/move/': { who: { staff: 'change_bookreservation' } },

  // Notices: settings and the log (sending again also needs the right to change notices).
  'GET /settings/notifications/': { who: { staff: 'view_notificationsettings' } },
  'PUT /settings/notifications/': { who: { staff: 'change_notificationsettings' } },
  'GET /notifications-logs/': { who: { staff: 'view_notificationlog' } },
  'GET /notifications-logs/:id/': { who: { staff: 'view_notificationlog' } },
  'POST /notifications-logs/:id/resend/': { who: { staff: { all: ['view_notificationlog', 'change_notificationsettings'] } } },

  // Dashboards.
  'GET /reports/dashboard/': { who: { staff: 'view_dashboard_summary' } },
  'GET /users/meberview/:id/dashboard/': { who: { staff: 'view_members', member: mine('user') } },

  // Stock verification.
  'GET /stock-verifications/': { who: { staff: 'view_stockverification' } },
  'POST /stock-verifications/': { who: { staff: 'add_stockverification' } },
  'GET /stock-verifications/:id/': { who: { staff: 'view_stockverification' } },
  'POST /stock-verifications/:id/scans/': { who: { staff: 'add_stockverification' } },
  'POST /stock-verifications/:id/close/': { who: { staff: 'change_stockverification' } },
  'POST /stock-verifications/:id/mark-missing/': { who: { staff: 'change_stockverification' } },
  'GET /stock-verifications/:id/report/': { who: { staff: 'view_stockverification' } },
  'GET /stock-verifications/:id/report/shelves/': { who: { staff: 'view_stockverification' } },
  'GET /stock-verifications/:id/report/export/': { who: { staff: 'view_stockverification' } },
};
