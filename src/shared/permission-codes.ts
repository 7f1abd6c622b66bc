/**
 * The permission catalogue: every codename the product checks, its label and the module it is
 * grouped under in the role editor, plus the default set of each built-in role. Pure data, shared
 * by the site (menus) and the server (which seeds it into the database and enforces it).
 */

export type RoleName = 'SUPER USER' | 'MANAGER' | 'MEMBER';

/** The three built-in roles; they cannot be deleted. */
export const BUILT_IN_ROLES: readonly RoleName[] = ['SUPER USER', 'MANAGER', 'MEMBER'];

/** Staff roles use the dashboard with the staff top bar; MEMBER uses the member area. */
export const isStaffRole = (role: string | null | undefined): boolean =>
  role === 'SUPER USER' || role === 'MANAGER';

export interface PermissionDef {
  codename: string;
  name: string;
  module: string;
}

const def = (module: string, entries: [codename: string, name: string][]): PermissionDef[] =>
  entries.map(([codename, name]) => ({ codename, name, module }));

/** Every permission, in the order the role editor lists them. */
export const PERMISSIONS: readonly PermissionDef[] = [
  ...def('Dashboard', [['view_dashboard_summary', 'View dashboard summary']]),
  ...def('Books', [
    ['view_book', 'View books'],
    ['add_book', 'Add books'],
    ['change_book', 'Change books'],
    ['delete_book', 'Delete books'],
  ]),
  ...def('Stock verification', [
    ['view_stockverification', 'View stock verifications'],
    ['add_stockverification', 'Open stock verifications and scan copies'],
    ['change_stockverification', 'Close stock verifications and mark copies missing'],
  ]),
  ...def('Reference data', [
    ['add_category', 'Add categories'],
    ['change_category', 'Change categories'],
    ['delete_category', 'Delete categories'],
    ['add_language', 'Add languages'],
    ['change_language', 'Change languages'],
    ['delete_language', 'Delete languages'],
    ['view_department', 'View departments'],
    ['add_department', 'Add departments'],
    ['change_department', 'Change departments'],
    ['delete_department', 'Delete departments'],
    ['view_sessionsettings', 'View academic sessions'],
    ['add_sessionsettings', 'Add academic sessions'],
    ['change_sessionsettings', 'Change academic sessions'],
    ['delete_sessionsettings', 'Delete academic sessions'],
  ]),
  ...def('Circulation', [
    ['view_bookissuance', 'View issued books'],
    ['add_bookissuance', 'Issue books'],
    ['change_bookissuance', 'Return books'],
    ['override_circulation_block', 'Override circulation blocks (with a reason)'],
  ]),
  ...def('Members', [
    ['view_members', 'View members'],
    ['add_members', 'Add members'],
    ['change_members', 'Approve, decline and disable members'],
    ['delete_members', 'Delete members'],
  ]),
  ...def('Reservations', [
    ['view_bookreservation', 'View reservations'],
    ['change_bookreservation', 'Fulfil, cancel and issue reservations'],
  ]),
  ...def('Fines', [
    ['view_fine', 'View fines'],
    ['change_fine', 'Collect fines'],
  ]),
  ...def('Reports', [
    ['view_reports', 'View reports'],
    ['view_book_report', 'View book report'],
    ['view_member_report', 'View member report'],
    ['view_financial_report', 'View financial report'],
    ['view_notificationlog', 'View notification history'],
    ['view_auditlog', 'View audit trail'],
  ]),
  ...def('Settings', [
    ['view_librarysettings', 'View library settings'],
    ['change_librarysettings', 'Change library settings'],
    ['view_notificationsettings', 'View notification settings'],
    ['change_notificationsettings', 'Change notification settings'],
    ['change_user_admin', 'Manage users and roles'],
  ]),
];

/** Staff who may read loans (the issued list, a member's loans, returns): any of these, since a desk that issues or takes books back must see what is out. */
export const LOAN_READERS: readonly string[] = ['view_bookissuance', 'add_bookissuance', 'change_bookissuance'];

/** Codenames a MANAGER holds by default: a librarian's daily work, without deleting members,
 * changing settings, reading the audit trail or managing users and roles. */
const MANAGER_EXCLUDED = new Set([
  'delete_members',
  'view_auditlog',
  'change_librarysettings',
  'change_notificationsettings',
  'change_user_admin',
  // Overriding a block is a senior librarian's call: the administrator grants it to whom he trusts.
  'override_circulation_block',
]);

/** Default permission codenames of each built-in role. SUPER USER passes every check anyway. */
export const DEFAULT_ROLE_PERMISSIONS: Record<RoleName, readonly string[]> = {
  'SUPER USER': PERMISSIONS.map((p) => p.codename),
  MANAGER: PERMISSIONS.map((p) => p.codename).filter((c) => !MANAGER_EXCLUDED.has(c)),
  MEMBER: [],
};
