/**
 * The audit actions, one list for the server that writes them and the site's Audit Trail that
 * filters and names them. Each action code is stored as written here, in one convention:
 * UPPER_SNAKE, the thing then what became of it (`BOOK_RETURNED`, `EMAIL_VERIFIED`; migration
 * 0018 renamed the older dotted codes of stored rows); the words are what people read.
 * `recordAudit` takes only an `AuditAction`, so an action missing here does not compile.
 */

/** Kinds of reference data whose changes are audited, each as `<KIND>_<CHANGE>`. */
export const REFERENCE_KINDS = ['department', 'category', 'language', 'session'] as const;
export type ReferenceKind = (typeof REFERENCE_KINDS)[number];
export const REFERENCE_CHANGES = ['CREATED', 'UPDATED', 'DELETED'] as const;
export type ReferenceChange = (typeof REFERENCE_CHANGES)[number];

const REFERENCE_NOUNS: Readonly<Record<ReferenceKind, string>> = { department: 'department', category: 'category', language: 'language', session: 'academic session' };
const CHANGE_VERBS: Readonly<Record<ReferenceChange, string>> = { CREATED: 'Created', UPDATED: 'Updated', DELETED: 'Deleted' };

/** Every action but the reference changes, with its words. */
const NAMED_ACTIONS = {
  USER_SIGNED_IN: 'Signed in',
  ACCOUNT_REGISTERED: 'Registered an account',
  EMAIL_VERIFIED: 'Verified an email address',
  EMAIL_CHANGED: 'Changed an email address',
  PASSWORD_RESET: 'Reset a password',
  ADMIN_CREATED: 'Created the administrator',
  STAFF_INVITED: 'Invited a staff member',
  INVITATION_ACCEPTED: 'Accepted an invitation',
  PROFILE_UPDATED: 'Updated a profile',
  PROFILE_UPDATED_PASSWORD_CHANGED: 'Updated a profile and its password',
  MANAGER_REGISTERED: 'Registered a manager',
  BOOK_CREATED: 'Added a book',
  BOOK_UPDATED: 'Edited a book',
  BOOK_STATUS_CHANGED: 'Changed a book’s status',
  BOOK_DELETED: 'Deleted a book',
  BOOKS_IMPORTED: 'Imported books',
  BOOK_ISSUED: 'Issued a book',
  BOOK_RETURNED: 'Returned a book',
  LOAN_RENEWED: 'Renewed a loan',
  LOAN_DUE_DATE_CHANGED: 'Changed a due date',
  FINE_COLLECTED: 'Collected a fine',
  MEMBER_REGISTERED: 'Registered a member',
  MEMBER_IMPORTED: 'Imported a member',
  MEMBERS_IMPORTED: 'Imported members',
  MEMBER_APPROVED: 'Approved a member',
  MEMBER_DECLINED: 'Declined a member',
  MEMBER_ENABLED: 'Enabled a member',
  MEMBER_DISABLED: 'Disabled a member',
  MEMBER_DELETED: 'Deleted a member',
  MEMBER_PROFILE_UPDATED: 'Edited a member’s profile',
  PLAN_CREATED: 'Created a plan',
  PLAN_UPDATED: 'Updated a plan',
  PLAN_DELETED: 'Deleted a plan',
  RESERVATION_CREATED: 'Reserved a book',
  RESERVATION_CANCELLED: 'Cancelled a reservation',
  RESERVATION_FULFILLED: 'Held a copy for a reservation',
  RESERVATION_ISSUED: 'Issued a reserved book',
  RESERVATION_EXPIRED: 'A held copy expired',
  RESERVATION_MOVED: 'Moved a reservation in the queue',
  ROLE_CREATED: 'Created a role',
  ROLE_UPDATED: 'Updated a role',
  ROLE_DELETED: 'Deleted a role',
  ROLE_ASSIGNED: 'Gave a user a role',
  ROLE_UNASSIGNED: 'Took a role from a user',
  SETTINGS_UPDATED: 'Changed the library settings',
  BOOK_SETTINGS_UPDATED: 'Changed the book settings',
  NOTIFICATION_SETTINGS_CHANGED: 'Changed the notification settings',
  NOTICE_RESENT: 'Resent a notice',
  COPIES_ADDED: 'Added copies of a book',
  COPY_UPDATED: 'Edited a copy',
  COPY_STATUS_CHANGED: 'Changed a copy’s status',
  COPIES_WITHDRAWN: 'Withdrew copies of a book',
  STOCK_VERIFICATION_OPENED: 'Opened a stock verification',
  STOCK_VERIFICATION_CLOSED: 'Closed a stock verification',
  STOCK_VERIFICATION_MISSING_MARKED: 'Marked unseen copies missing',
  CIRCULATION_BLOCK_OVERRIDDEN: 'Overrode a circulation block',
  RETURN_UNDONE: 'Undid a return',
  LOAN_MARKED_LOST: 'Marked a loan’s copy lost',
  COPY_DAMAGE_CHARGED: 'Charged for a damaged copy',
  LOST_COPY_FOUND: 'Found a lost copy',
  CHARGE_ADDED: 'Added a charge',
  CHARGE_CANCELLED: 'Cancelled a charge',
  CHARGE_REFUNDED: 'Refunded a charge',
  MEMBERSHIP_STARTED: 'Started a membership',
  MEMBERSHIP_RENEWED: 'Renewed a membership',
  HOLIDAY_ADDED: 'Added a holiday',
  HOLIDAY_REMOVED: 'Removed a holiday',
  LOAN_SLIP_MAILED: 'Mailed a loan slip',
} as const satisfies Record<string, string>;

/** An action code the server may write but a reference change. */
export type NamedAuditAction = keyof typeof NAMED_ACTIONS;
/** The action of a change to reference data (`SESSION_DELETED`). */
export type ReferenceAction = `${Uppercase<ReferenceKind>}_${ReferenceChange}`;
/** An action code the server may write. */
export type AuditAction = NamedAuditAction | ReferenceAction;

/** The action of a change to reference data: `referenceAction('session', 'DELETED')` is `SESSION_DELETED`. */
export function referenceAction(kind: ReferenceKind, change: ReferenceChange): AuditAction {
  return `${kind.toUpperCase() as Uppercase<ReferenceKind>}_${change}`;
}

const WORDS: ReadonlyMap<string, string> = new Map<string, string>([
  ...Object.entries(NAMED_ACTIONS),
  ...REFERENCE_KINDS.flatMap((kind) => REFERENCE_CHANGES.map((change): [string, string] => [referenceAction(kind, change), `${CHANGE_VERBS[change]} a ${REFERENCE_NOUNS[kind]}`])),
]);

/** Every action the server writes, in the order the Audit Trail's filter offers them. */
export const AUDIT_ACTIONS: readonly AuditAction[] = [...WORDS.keys()] as AuditAction[];

/** The action that a successful sign-in writes (the Audit Trail counts sign-ins by it). */
export const SIGNED_IN_ACTION = 'USER_SIGNED_IN' satisfies AuditAction;

/** An action in words ("Signed in"); an action not in the list is shown as it is stored. */
export const auditActionWords = (action: string): string => WORDS.get(action) ?? action;
