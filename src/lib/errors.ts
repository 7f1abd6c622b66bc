/**
 * The error catalogue: how a failed call is read (`error-reading.ts`, re-exported here)
 * and one table of every call's message rule. Sign-in pages import `error-reading.ts` directly, so
 * they do not carry the table.
 */
export * from './error-reading';
import { errorMessage, firstFieldError, errorStatus, type MessageSource } from './error-reading';

/* ---------- The error catalogue, one table keyed by call ---------- */

/** Where a call's message may come from, in order: a body key, `transport`, or `field` (the first field error). */
type CallStep = MessageSource | 'field';

interface CallErrorRule {
  steps: readonly CallStep[];
  /** The specification's sentence when nothing else says more (spelling included). */
  fallback: string;
  /** Said instead of anything else when the server answers 404 (the thing asked for does not exist). */
  notFound?: string;
}

const BOOK_CALL = 'Known Error Occurs';
const ROLE_STEPS: readonly CallStep[] = ['detail', 'non_field_errors', 'field', 'transport'];

/** Every call's message rule: islands name the call, never a fallback sentence of their own. */
export const CALL_ERRORS = {
  'book-list': { steps: ['transport', 'field'], fallback: BOOK_CALL },
  'book-export': { steps: ['transport', 'field'], fallback: BOOK_CALL },
  'book-detail': { steps: ['field'], fallback: BOOK_CALL },
  'book-delete': { steps: ['name', 'detail', 'field'], fallback: BOOK_CALL },
  'book-bulk-upload': { steps: ['transport', 'field'], fallback: BOOK_CALL },
  'catalogue': { steps: ['field'], fallback: BOOK_CALL },
  'ebook-open': { steps: ['detail', 'transport'], fallback: 'The e-book could not be opened. Please try again.', notFound: 'This book has no e-book.' },
  'book-template': { steps: [], fallback: 'Failed to download template' },
  'rejected-rows-download': { steps: [], fallback: 'Could not save the rejected rows.' },
  'general-settings-load': { steps: ['non_field_errors', 'detail', 'transport'], fallback: 'The settings could not be loaded.' },
  'loan-rules-load': { steps: ['non_field_errors', 'detail', 'message'], fallback: 'The loan rules could not be loaded.' },
  'accession-settings-load': { steps: ['non_field_errors', 'detail', 'message'], fallback: 'The accession settings could not be loaded.' },
  'member-profile-load': { steps: ['detail', 'non_field_errors', 'transport'], fallback: 'The profile could not be loaded.' },
  'fetch-department': { steps: ['detail'], fallback: 'Error Fetching Department' },
  'fetch-category': { steps: ['detail'], fallback: 'Error Fetching Category' },
  'fetch-language': { steps: ['detail'], fallback: 'Error Fetching Language' },
  'fetch-book': { steps: ['field'], fallback: BOOK_CALL },
  'book-save': { steps: ['field'], fallback: BOOK_CALL },
  'wishlist': { steps: ['detail', 'transport'], fallback: 'Unkonwn Error Occured' },
  'verify-email': { steps: ['detail', 'non_field_errors', 'transport'], fallback: 'Invalid or expired link.' },
  'register-manager': { steps: ['detail', 'non_field_errors', 'transport'], fallback: 'Registrations Failed.' },
  'staff-invite': { steps: ['detail', 'non_field_errors', 'transport'], fallback: 'The invitation could not be sent. Please try again.' },
  'profile-update': { steps: ['detail', 'non_field_errors', 'transport'], fallback: 'Profile update failed. Please try again.' },
  'fetch-roles': { steps: ROLE_STEPS, fallback: 'Error Fetching Roles' },
  'add-role': { steps: ROLE_STEPS, fallback: 'Error Adding Role' },
  'update-role': { steps: ROLE_STEPS, fallback: 'Unkown Error' },
  'delete-role': { steps: ROLE_STEPS, fallback: 'Error Deletign Role' },
  'assign-role': { steps: ROLE_STEPS, fallback: 'Error Assinging Role' },
  'remove-role': { steps: ROLE_STEPS, fallback: 'Error Removing Role' },
  'fetch-role-users': { steps: ROLE_STEPS, fallback: 'Error Fetching User Roles' },
  'fetch-role-detail': { steps: ROLE_STEPS, fallback: 'Error Fetching Role Detail' },
  'fetch-permissions': { steps: ROLE_STEPS, fallback: 'Error Fetching Permission' },
  // Adding members (member creation prefers the username message, then detail; member upload: detail or 'Upload failed.').
  'member-register': { steps: ['username', 'detail', 'transport'], fallback: 'Registrations Failed.' },
  'member-bulk-upload': { steps: ['detail', 'transport'], fallback: 'Upload failed.' },
  'member-template': { steps: [], fallback: 'Failed to download template' },
  /* Member lists and transitions: the server's detail (409 names the state or the obligations). */
  'member-list': { steps: ['detail', 'transport'], fallback: 'An unknown error occurred' },
  'member-approve': { steps: ['detail', 'non_field_errors', 'transport'], fallback: 'An unknown error occurred' },
  'member-decline': { steps: ['detail', 'non_field_errors', 'transport'], fallback: 'An unknown error occurred' },
  'member-toggle': { steps: ['detail', 'non_field_errors', 'transport'], fallback: 'An unknown error occurred' },
  'member-delete': { steps: ['detail', 'non_field_errors', 'transport'], fallback: 'An unknown error occurred' },
  // Member settings: academic sessions, membership plans, the signed-in user's permissions.
  'fetch-sessions': { steps: ['detail', 'non_field_errors', 'field'], fallback: 'Error Fetching Sessions' },
  'add-sessions': { steps: ['detail', 'non_field_errors', 'field'], fallback: 'Error Adding Sessions' },
  'update-sessions': { steps: ['detail', 'non_field_errors', 'field'], fallback: 'Error Updating Sessions' },
  'delete-sessions': { steps: ['detail', 'non_field_errors', 'field'], fallback: 'Error Deleting Sessions' },
  'fetch-plans': { steps: ['detail', 'non_field_errors', 'transport'], fallback: 'The membership plans could not be loaded.' },
  'save-plan': { steps: ['detail', 'non_field_errors', 'transport'], fallback: 'The plan could not be saved.' },
  'delete-plan': { steps: ['detail', 'non_field_errors', 'field', 'transport'], fallback: 'The plan could not be deleted.' },
  'fetch-user-permissions': { steps: ROLE_STEPS, fallback: 'Error Fetching User Permissions' },
  'member-search': { steps: ['detail', 'non_field_errors', 'transport'], fallback: 'The search failed. Please try again.' },
  /* Circulation: issuing shows the first field error, else 'Known Error Occurs'; the
     return toast is 'Error Occurs' (the dialog shows the server's reason under its fields). */
  'issued-list': { steps: ['detail', 'transport'], fallback: 'Error Fetching Issued Book Record' },
  'issue-book': { steps: ['field', 'transport'], fallback: BOOK_CALL },
  'update-loan': { steps: ['field', 'transport'], fallback: BOOK_CALL },
  'return-book': { steps: [], fallback: 'Error Occurs' },
  'renew-loan': { steps: ['detail', 'non_field_errors', 'transport'], fallback: 'The loan could not be renewed.' },
  'member-issue-summary': { steps: ['detail', 'transport'], fallback: "The member's loans could not be loaded." },
  'returned-history': { steps: ['detail', 'transport'], fallback: 'The returned books could not be loaded.' },
  'holds-to-pull': { steps: ['detail', 'transport'], fallback: 'The holds to pull could not be loaded.' },
  // Fines (fines read non_field_errors first; 'Known Error Occurs' when nothing else says more).
  'fine-list': { steps: ['non_field_errors', 'detail', 'transport'], fallback: BOOK_CALL },
  'fine-collect': { steps: ['non_field_errors', 'detail', 'field', 'transport'], fallback: BOOK_CALL },
  'fine-receipt': { steps: ['non_field_errors', 'detail', 'transport'], fallback: BOOK_CALL, notFound: 'This receipt does not exist.' },
  // Notices: the bell's list and marking read, the notification history and resending a failed e-mail.
  'notifications-list': { steps: ['detail', 'transport'], fallback: 'The notifications could not be loaded.' },
  'notification-mark-read': { steps: ['detail', 'transport'], fallback: 'The notification could not be marked as read.' },
  'notification-log': { steps: ['detail', 'transport'], fallback: 'The notification history could not be loaded.' },
  'notification-log-entry': { steps: ['detail', 'transport'], fallback: 'The message could not be loaded.', notFound: 'This message does not exist.' },
  'notification-resend': { steps: ['detail', 'non_field_errors', 'transport'], fallback: 'The e-mail could not be sent again.' },
  // The homes: the staff dashboard summary and the member's dashboard.
  'dashboard-summary': { steps: ['detail', 'transport'], fallback: 'The dashboard could not be loaded.' },
  'member-dashboard': { steps: ['detail', 'transport'], fallback: 'The dashboard could not be loaded.' },
  // Reservations (reservation calls read book, then detail; issuing one reads non_field_errors first).
  'reservation-list': { steps: ['book', 'detail', 'transport'], fallback: BOOK_CALL },
  'reservation-queue': { steps: ['book', 'detail', 'transport'], fallback: BOOK_CALL },
  'reserve-book': { steps: ['book', 'detail', 'member', 'notes', 'transport'], fallback: BOOK_CALL },
  'reservation-fulfil': { steps: ['book', 'detail', 'transport'], fallback: BOOK_CALL },
  'reservation-cancel': { steps: ['book', 'detail', 'transport'], fallback: BOOK_CALL, notFound: 'This reservation no longer exists.' },
  'reservation-issue': { steps: ['non_field_errors', 'book', 'detail', 'field', 'transport'], fallback: BOOK_CALL },
  'reservation-move': { steps: ['book', 'detail', 'field', 'transport'], fallback: BOOK_CALL },
  // The report pages (figures, rows) and their CSV export.
  'report': { steps: ['detail', 'transport'], fallback: 'The report could not be loaded.' },
  'report-export': { steps: ['detail', 'transport'], fallback: 'The CSV export failed. Please try again.' },
} as const satisfies Record<string, CallErrorRule>;

export type CallName = keyof typeof CALL_ERRORS;

/** The message for a failed call, by the call's rule in CALL_ERRORS. */
export function callErrorMessage(call: CallName, error: unknown): string {
  const rule: CallErrorRule = CALL_ERRORS[call];
  if (rule.notFound && errorStatus(error) === 404) return rule.notFound;
  for (const step of rule.steps) {
    const text = step === 'field' ? firstFieldError(error, '') : errorMessage(error, [step], '');
    if (text) return text;
  }
  return rule.fallback;
}

/** The role and permission calls of the user-management screens. */
export type RoleAction = Extract<CallName, `${string}-role${string}` | 'fetch-permissions'>;

/** The message for a failed role call. */
export const roleErrorMessage = (error: unknown, action: RoleAction): string => callErrorMessage(action, error);

/** The message for a failed profile update. */
export const profileErrorMessage = (error: unknown): string => callErrorMessage('profile-update', error);
