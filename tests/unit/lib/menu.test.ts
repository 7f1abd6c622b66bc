import { describe, expect, test } from 'vitest';
import { DEFAULT_ROLE_PERMISSIONS } from '#shared/permission-codes';
import { currentEntryPath, groupOfPath, memberMenu, staffMenu, type MenuEntry } from '../../../src/lib/menu';

/**
 * The entries a menu shows, in order, as its reader sees them: a link by its label, a group by its
 * label and then each of its children as "Group › Child". Stated by hand in each test, never as a
 * snapshot, so a change of who sees what fails here until someone writes the new list.
 */
const labels = (menu: readonly MenuEntry[]): string[] =>
  menu.flatMap((entry) => (entry.kind === 'link' ? [entry.label] : [entry.label, ...entry.children.map((child) => `${entry.label} › ${child.label}`)]));

const superUser = { role: 'SUPER USER', permissions: [] };
const manager = { role: 'MANAGER', permissions: DEFAULT_ROLE_PERMISSIONS.MANAGER };
const FRONT_DESK = ['view_dashboard_summary', 'view_book', 'add_bookissuance', 'change_bookissuance', 'view_members', 'view_bookreservation'];

/** Every entry of the staff menu, in the route table's order: what the super user sees. */
const EVERY_STAFF_ENTRY = [
  'Dashboard',
  'Book',
  'Book › Book Record',
  'Book › Issue Book',
  'Book › Return Book',
  'Book › Fines',
  'Book › Online Catalogue',
  'Book › Spine Labels',
  'Book › Stock Verification',
  'Member',
  'Member › Member List',
  'Member › Pending Approvals',
  'Member › Rejected Approvals',
  'Member › Disable Member',
  'Member › Member Cards',
  'Member › Membership Plans',
  'Reservations',
  'Reservations › Book Reservation List',
  'Reservations › Reserved Book Queue',
  'Reservations › Holds to Pull',
  'Reports',
  'Reports › Book Report',
  'Reports › Member Report',
  'Reports › Financial Report',
  'Reports › Notification History Panel',
  'Reports › Audit Trail',
  'Settings',
  'Settings › General Settings',
  'Settings › Book Settings',
  'Settings › User Management',
  'Settings › Invite Staff',
  'Settings › Notification Settings',
];

describe('staffMenu', () => {
  test('shows a super user every entry of the staff menu in order', () => {
    expect(labels(staffMenu(superUser))).toEqual(EVERY_STAFF_ENTRY);
  });

  test('links each entry of the super user’s menu to its page, with its icon', () => {
    const links = staffMenu(superUser).flatMap((entry) => [entry, ...(entry.kind === 'group' ? entry.children : [])]);
    expect(links.map((entry) => `${entry.label} ${entry.path} [${entry.icon}]`)).toEqual([
      'Dashboard /dashboard [home]',
      'Book /dashboard/books [book]',
      'Book Record /dashboard/books/record [book]',
      'Issue Book /dashboard/books/issue [issue]',
      'Return Book /dashboard/books/return [return]',
      'Fines /dashboard/books/fines [coins]',
      'Online Catalogue /dashboard/books/catalogue [search]',
      'Spine Labels /dashboard/books/labels [book]',
      'Stock Verification /dashboard/books/stock [book]',
      'Member /dashboard/members [users]',
      'Member List /dashboard/members/add [users]',
      'Pending Approvals /dashboard/members/pending [users]',
      'Rejected Approvals /dashboard/members/rejected [users]',
      'Disable Member /dashboard/members/disable [users]',
      'Member Cards /dashboard/members/cards [users]',
      'Membership Plans /dashboard/members/plan [users]',
      'Reservations /dashboard/reservations [bookmark]',
      'Book Reservation List /dashboard/reservations/list [bookmark]',
      'Reserved Book Queue /dashboard/reservations/queue [bookmark]',
      'Holds to Pull /dashboard/reservations/pull [bookmark]',
      'Reports /dashboard/reports [chart]',
      'Book Report /dashboard/reports/books [chart]',
      'Member Report /dashboard/reports/members [chart]',
      'Financial Report /dashboard/reports/financial [coins]',
      'Notification History Panel /dashboard/reports/notifications [chart]',
      'Audit Trail /dashboard/reports/audit [history]',
      'Settings /dashboard/settings [settings]',
      'General Settings /dashboard/settings/general [settings]',
      'Book Settings /dashboard/settings/books [settings]',
      'User Management /dashboard/settings/users [settings]',
      'Invite Staff /dashboard/settings/users/invite [settings]',
      'Notification Settings /dashboard/settings/notifications [settings]',
    ]);
  });

  test('shows a manager with the default permissions everything but the audit trail and the management of staff', () => {
    const withheld = ['Reports › Audit Trail', 'Settings › User Management', 'Settings › Invite Staff'];
    expect(labels(staffMenu(manager))).toEqual(EVERY_STAFF_ENTRY.filter((entry) => !withheld.includes(entry)));
  });

  test('shows a front-desk manager only the entries their permissions allow', () => {
    expect(labels(staffMenu({ role: 'MANAGER', permissions: FRONT_DESK }))).toEqual([
      'Dashboard',
      'Book',
      'Book › Book Record',
      'Book › Issue Book',
      'Book › Return Book',
      'Book › Online Catalogue',
      'Book › Spine Labels',
      'Member',
      'Member › Member List',
      'Member › Member Cards',
      'Member › Membership Plans',
      'Reservations',
      'Reservations › Book Reservation List',
      'Reservations › Holds to Pull',
    ]);
  });

  test('shows staff holding only view_book the Book group’s pages that need no more', () => {
    expect(labels(staffMenu({ role: 'MANAGER', permissions: ['view_book'] }))).toEqual([
      'Book',
      'Book › Book Record',
      'Book › Online Catalogue',
      'Book › Spine Labels',
    ]);
  });

  test('hides the Book group from a manager without book permissions', () => {
    const permissions = ['view_members', 'change_members', 'view_reports', 'view_member_report', 'view_librarysettings'];
    expect(labels(staffMenu({ role: 'MANAGER', permissions }))).toEqual([
      'Member',
      'Member › Member List',
      'Member › Pending Approvals',
      'Member › Rejected Approvals',
      'Member › Disable Member',
      'Member › Member Cards',
      'Member › Membership Plans',
      'Reports',
      'Reports › Member Report',
      'Settings',
      'Settings › General Settings',
      'Settings › Book Settings',
    ]);
  });

  test('shows a member holding no staff permission no staff entry', () => {
    expect(staffMenu({ role: 'MEMBER', permissions: DEFAULT_ROLE_PERMISSIONS.MEMBER })).toEqual([]);
  });

  test('shows nothing to a signed-out visitor', () => {
    expect(staffMenu(null)).toEqual([]);
  });

  test('hides a group whose own permission is missing even when a child permission is held', () => {
    const menu = staffMenu({ role: 'MANAGER', permissions: ['view_book_report'] });
    expect(menu).toEqual([]);
  });
});

describe('memberMenu', () => {
  test('is the short fixed list of the member area', () => {
    expect(memberMenu().map((entry) => `${entry.label} ${entry.path} [${entry.icon}]`)).toEqual([
      'Dashboard /dashboard/member/home [home]',
      'Catalogue /dashboard/books/catalogue [search]',
      'Issued Books /dashboard/books/issue [book]',
      'Reserved Books /dashboard/member/reserved [bookmark]',
      'Returned Books /dashboard/member/retuned [return]',
      'Fines /dashboard/member/fines [coins]',
    ]);
  });
});

describe('currentEntryPath and groupOfPath', () => {
  const menu = staffMenu({ role: 'SUPER USER' });
  test.each([
    ['/dashboard', '/dashboard', null],
    ['/dashboard/', '/dashboard', null],
    ['/dashboard/books/issue', '/dashboard/books/issue', 'books'],
    ['/dashboard/books/record/profile/42', '/dashboard/books/record', 'books'],
    ['/dashboard/settings/users/edit-role/3', '/dashboard/settings/users', 'settings'],
    ['/dashboard/staff/profile', null, null],
  ])('marks %s as %s in group %s', (path, current, group) => {
    expect(currentEntryPath(menu, path)).toBe(current);
    expect(groupOfPath(menu, path)).toBe(group);
  });
});
