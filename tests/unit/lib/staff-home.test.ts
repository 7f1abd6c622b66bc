import { describe, expect, test } from 'vitest';
import { cardFigure, cardValue, cardsFor, periodFromSearch, searchWithPeriod, sectionsShown } from '../../../src/lib/staff-home';
import type { DashboardCard } from '#shared/schemas/reports';
import { dashboardPath } from '#shared/dashboard-path';

describe('the period in the URL', () => {
  test.each([
    ['', 'week'],
    ['?period=day', 'day'],
    ['?period=month&x=1', 'month'],
    ['?period=year', 'week'],
  ] as const)('%j asks for %s', (search, period) => {
    expect(periodFromSearch(search)).toBe(period);
  });

  test.each([
    ['', 'month', '?period=month'],
    ['?period=month', 'week', ''],
    ['?x=1', 'day', '?x=1&period=day'],
  ] as const)('%j with %s becomes %j', (search, period, expected) => {
    expect(searchWithPeriod(search, period)).toBe(expected);
  });
});

describe('dashboardPath', () => {
  test.each([
    ['members/pending', '/dashboard/members/pending'],
    ['books/record?status=LOST', '/dashboard/books/record?status=LOST'],
    ['/dashboard/books/issue?overdue=1', '/dashboard/books/issue?overdue=1'],
    ['/books/fines', '/dashboard/books/fines'],
    [null, null],
    ['', null],
    ['https://evil.example/', null],
    ['javascript:alert(1)', null],
    ['../admin', null],
    ['books/../../x', null],
  ])('%j leads to %j', (href, path) => {
    expect(dashboardPath(href)).toBe(path);
  });
});

test('a card reads its figure by kind', () => {
  expect(cardValue({ kind: 'count', value: 1234 })).toBe('1,234');
  expect(cardValue({ kind: 'money', value: '1250.5' })).toBe('Rs. 1,250.50');
});

test('a card leads to its list under /dashboard', () => {
  expect(cardFigure({ key: 'lost', label: 'Lost books', kind: 'count', value: 2, href: 'books/record?status=LOST' })).toEqual({
    key: 'lost',
    label: 'Lost books',
    value: '2',
    href: '/dashboard/books/record?status=LOST',
  });
});

describe('the cards a user may see', () => {
  const card = (key: string, href: string | null): DashboardCard => ({ key, label: key, kind: 'count', value: 1, href });
  const cards = [
    card('titles', 'books/record'),
    card('books_out', 'books/issue'),
    card('overdue', 'books/issue?overdue=true'),
    card('waiting', 'reservations/list?status=waiting'),
    card('members_active', 'members/add'),
    card('members_pending', 'members/pending'),
    card('fines_collected', 'reports/financial'),
    card('fines_owed', 'books/fines'),
    card('no_list', null),
    card('unknown_page', 'books/nowhere'),
  ];
  const keys = (session: Parameters<typeof cardsFor>[1]) => cardsFor(cards, session).map((c) => c.key);

  test.each([
    ['a SUPER USER', { role: 'SUPER USER' }, ['titles', 'books_out', 'overdue', 'waiting', 'members_active', 'members_pending', 'fines_collected', 'fines_owed', 'no_list']],
    [
      'the front desk',
      { role: 'MANAGER', permissions: ['view_dashboard_summary', 'view_book', 'add_bookissuance', 'change_bookissuance', 'view_members', 'view_bookreservation'] },
      ['titles', 'books_out', 'overdue', 'waiting', 'members_active', 'no_list'],
    ],
    ['a cashier', { role: 'MANAGER', permissions: ['view_dashboard_summary', 'view_fine', 'view_financial_report'] }, ['fines_collected', 'fines_owed', 'no_list']],
    ['a manager with the home alone', { role: 'MANAGER', permissions: ['view_dashboard_summary'] }, ['no_list']],
  ])('%s sees %j', (_who, session, expected) => {
    expect(keys(session)).toEqual(expected);
  });
});

describe('the sections of the staff home', () => {
  const FRONT_DESK = ['view_dashboard_summary', 'view_book', 'add_bookissuance', 'change_bookissuance', 'view_members', 'view_bookreservation'];
  test.each([
    ['a SUPER USER', { role: 'SUPER USER' }, ['circulation', 'fines', 'registrations', 'recent_issues', 'newest_members', 'top_defaulters']],
    ['the front desk', { role: 'MANAGER', permissions: FRONT_DESK }, ['circulation', 'registrations', 'recent_issues', 'newest_members']],
    ['a cashier', { role: 'MANAGER', permissions: ['view_dashboard_summary', 'view_fine'] }, ['fines', 'top_defaulters']],
    ['nobody signed in', null, []],
  ])('%s is shown %j', (_who, session, expected) => {
    expect([...sectionsShown(session)]).toEqual(expected);
  });
});
