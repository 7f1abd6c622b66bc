import { describe, expect, test } from 'vitest';
import { route } from '../../../src/lib/routes';
import { badgeText, notificationsLabel, pageActionSets, topBarTitle } from '../../../src/lib/top-bar';

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
