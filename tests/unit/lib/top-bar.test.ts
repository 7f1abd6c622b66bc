import { describe, expect, test } from 'vitest';
import { route } from '#shared/routes';
import { STAFF_SHORTCUTS, badgeText, mayUseDeskShortcut, notificationsLabel, pageActionSets, roleLabel, staffShortcuts, topBarTitle } from '../../../src/lib/top-bar';

describe('topBarTitle', () => {
  test.each([
    ['settings-general', '/dashboard/settings/general', false, 'Settings'],
    ['settings-edit-role', '/dashboard/settings/users/edit-role/4', false, 'Settings'],
    ['book-record', '/dashboard/books/record', false, 'Book Record'],
    ['book-issue', '/dashboard/books/issue', false, 'Issue Book'],
    ['book-issue', '/dashboard/books/issue', true, 'Issued Books'],
    ['member-fines', '/dashboard/member/fines', true, 'Fines'],
  ])('titles %s at %s (member %s) as %s', (id, path, member, expected) => {
    expect(topBarTitle(route(id), path, member)).toBe(expected);
  });
});

describe('pageActionSets', () => {
  const adder = { role: 'MANAGER', permissions: ['add_book', 'add_members'] };
  test.each([
    ['/dashboard/books/record', adder, ['books']],
    ['/dashboard/members/add', adder, ['members']],
    ['/dashboard/member/profile-view/3', adder, ['members']],
    ['/dashboard/books/record', { role: 'MANAGER', permissions: ['add_members'] }, []],
    ['/dashboard/settings/general', { role: 'SUPER USER' }, []],
    ['/dashboard', adder, []],
  ])('offers at %s the sets %j', (path, session, expected) => {
    expect(pageActionSets(path, session)).toEqual(expected);
  });
});

describe('badgeText and notificationsLabel', () => {
  test.each([
    [0, null, 'Notifications, 0 unread'],
    [1, '1', 'Notifications, 1 unread'],
    [3, '3', 'Notifications, 3 unread'],
    [99, '99', 'Notifications, 99 unread'],
    [100, '99+', 'Notifications, more than 99 unread'],
  ])('shows %i unread as %s', (count, badge, label) => {
    expect(badgeText(count)).toBe(badge);
    expect(notificationsLabel(count)).toBe(label);
  });
});

describe('the shortcut menu', () => {
  test.each([
    ['issue', 'Issue Book', 'add_bookissuance', '/dashboard/books/issue?dialog=issue'],
    ['checkout', 'Check out', 'add_bookissuance', '/dashboard/books/issue?dialog=checkout'],
    ['return', 'Return Book', 'change_bookissuance', '/dashboard/books/return?dialog=return'],
    ['checkin', 'Check in', 'change_bookissuance', '/dashboard/books/return?dialog=checkin'],
    ['add-book', 'Add Book', 'add_book', '/dashboard/books/record?add=1'],
    ['add-member', 'Add Member', 'add_members', '/dashboard/members/add/form'],
  ])('%s ("%s") is for holders of %s and leads to %s', (value, label, permission, href) => {
    expect(STAFF_SHORTCUTS.find((shortcut) => shortcut.value === value)).toMatchObject({ label, permission, href });
  });

  const frontDesk = { role: 'MANAGER', permissions: ['view_book', 'add_bookissuance', 'change_bookissuance', 'view_members'] };
  test.each([
    ['a SUPER USER', { role: 'SUPER USER' }, ['issue', 'checkout', 'return', 'checkin', 'add-book', 'add-member']],
    ['the front desk', frontDesk, ['issue', 'checkout', 'return', 'checkin']],
    ['a cataloguer', { role: 'MANAGER', permissions: ['view_book', 'add_book'] }, ['add-book']],
    ['a registrar', { role: 'MANAGER', permissions: ['add_members'] }, ['add-member']],
    ['staff holding none of the codes', { role: 'MANAGER', permissions: ['view_book'] }, []],
    ['staff with no permission list', { role: 'MANAGER' }, []],
    ['nobody signed in', null, []],
  ])('%s is offered %j', (_who, session, expected) => {
    expect(staffShortcuts(session).map((shortcut) => shortcut.value)).toEqual(expected);
  });

  test.each([
    ['issue', frontDesk, true],
    ['return', frontDesk, true],
    ['issue', { role: 'MANAGER', permissions: ['change_bookissuance'] }, false],
    ['return', { role: 'MANAGER', permissions: ['add_bookissuance'] }, false],
    ['return', { role: 'SUPER USER' }, true],
    ['checkin', frontDesk, true],
    ['checkin', { role: 'MANAGER', permissions: ['add_bookissuance'] }, false],
    ['issue', null, false],
  ] as const)('Alt+%s works for %j: %s', (dialog, session, expected) => {
    expect(mayUseDeskShortcut(session, dialog)).toBe(expected);
  });
});

describe('roleLabel', () => {
  test.each([
    [{ role: 'MANAGER', roles: ['Front Desk'] }, 'Front Desk'],
    [{ role: 'MANAGER', roles: ['Front Desk', 'Cataloguer'] }, 'Front Desk, Cataloguer'],
    [{ role: 'MANAGER', roles: [] }, 'MANAGER'],
    [{ role: 'SUPER USER', roles: null }, 'SUPER USER'],
    [{ role: 'MANAGER' }, 'MANAGER'],
  ])('names %j as %s', (user, expected) => {
    expect(roleLabel(user)).toBe(expected);
  });
});
