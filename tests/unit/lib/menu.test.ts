import { describe, expect, test } from 'vitest';
import { currentEntryPath, groupOfPath, memberMenu, staffMenu, type MenuEntry } from '../../../src/lib/menu';

/** The menu as lines: entries and their children with paths and icons, easy to read in a snapshot. */
const outline = (menu: readonly MenuEntry[]): string[] =>
  menu.flatMap((entry) =>
    entry.kind === 'link'
      ? [`${entry.label} ${entry.path} [${entry.icon}]`]
      : [`${entry.label} ${entry.path} [${entry.icon}]`, ...entry.children.map((c) => `  ${c.label} ${c.path} [${c.icon}]`)],
  );

const FRONT_DESK = ['view_dashboard_summary', 'view_book', 'add_bookissuance', 'change_bookissuance', 'view_members', 'view_bookreservation'];

describe('staffMenu', () => {
  test('shows a super user every entry of the staff menu in order', () => {
    expect(outline(staffMenu({ role: 'SUPER USER', permissions: [] }))).toMatchInlineSnapshot(`
      [
        "Dashboard /dashboard [home]",
        "Book /dashboard/books [book]",
        "  Book Record /dashboard/books/record [book]",
        "  Issue Book /dashboard/books/issue [issue]",
        "  Return Book /dashboard/books/return [return]",
        "  Fines /dashboard/books/fines [coins]",
        "  Online Catalogue /dashboard/books/catalogue [search]",
        "  Spine Labels /dashboard/books/labels [book]",
        "  Stock Verification /dashboard/books/stock [book]",
        "Member /dashboard/members [users]",
        "  Member List /dashboard/members/add [users]",
        "  Pending Approvals /dashboard/members/pending [users]",
        "  Rejected Approvals /dashboard/members/rejected [users]",
        "  Disable Member /dashboard/members/disable [users]",
        "  Member Cards /dashboard/members/cards [users]",
        "  Membership Plans /dashboard/members/plan [users]",
        "Reservations /dashboard/reservations [bookmark]",
        "  Book Reservation List /dashboard/reservations/list [bookmark]",
        "  Reserved Book Queue /dashboard/reservations/queue [bookmark]",
        "  Holds to Pull /dashboard/reservations/pull [bookmark]",
        "Reports /dashboard/reports [chart]",
        "  Book Report /dashboard/reports/books [chart]",
        "  Member Report /dashboard/reports/members [chart]",
        "  Financial Report /dashboard/reports/financial [coins]",
        "  Notification History Panel /dashboard/reports/notifications [chart]",
        "  Audit Trail /dashboard/reports/audit [history]",
        "Settings /dashboard/settings [settings]",
        "  General Settings /dashboard/settings/general [settings]",
        "  Book Settings /dashboard/settings/books [settings]",
        "  User Management /dashboard/settings/users [settings]",
        "  Invite Staff /dashboard/settings/users/invite [settings]",
        "  Notification Settings /dashboard/settings/notifications [settings]",
      ]
    `);
  });

  test('shows a front-desk manager only the entries their permissions allow', () => {
    expect(outline(staffMenu({ role: 'MANAGER', permissions: FRONT_DESK }))).toMatchInlineSnapshot(`
      [
        "Dashboard /dashboard [home]",
        "Book /dashboard/books [book]",
        "  Book Record /dashboard/books/record [book]",
        "  Issue Book /dashboard/books/issue [issue]",
        "  Return Book /dashboard/books/return [return]",
        "  Online Catalogue /dashboard/books/catalogue [search]",
        "  Spine Labels /dashboard/books/labels [book]",
        "Member /dashboard/members [users]",
        "  Member List /dashboard/members/add [users]",
        "  Member Cards /dashboard/members/cards [users]",
        "  Membership Plans /dashboard/members/plan [users]",
        "Reservations /dashboard/reservations [bookmark]",
        "  Book Reservation List /dashboard/reservations/list [bookmark]",
        "  Holds to Pull /dashboard/reservations/pull [bookmark]",
      ]
    `);
  });

  test('hides the Book group from a manager without book permissions', () => {
    const permissions = ['view_members', 'change_members', 'view_reports', 'view_member_report', 'view_librarysettings'];
    expect(outline(staffMenu({ role: 'MANAGER', permissions }))).toMatchInlineSnapshot(`
      [
        "Member /dashboard/members [users]",
        "  Member List /dashboard/members/add [users]",
        "  Pending Approvals /dashboard/members/pending [users]",
        "  Rejected Approvals /dashboard/members/rejected [users]",
        "  Disable Member /dashboard/members/disable [users]",
        "  Member Cards /dashboard/members/cards [users]",
        "  Membership Plans /dashboard/members/plan [users]",
        "Reports /dashboard/reports [chart]",
        "  Member Report /dashboard/reports/members [chart]",
        "Settings /dashboard/settings [settings]",
        "  General Settings /dashboard/settings/general [settings]",
        "  Book Settings /dashboard/settings/books [settings]",
      ]
    `);
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
    expect(outline(memberMenu())).toMatchInlineSnapshot(`
      [
        "Dashboard /dashboard/member/home [home]",
        "Catalogue /dashboard/books/catalogue [search]",
        "Issued Books /dashboard/books/issue [book]",
        "Reserved Books /dashboard/member/reserved [bookmark]",
        "Returned Books /dashboard/member/retuned [return]",
        "Fines /dashboard/member/fines [coins]",
      ]
    `);
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
