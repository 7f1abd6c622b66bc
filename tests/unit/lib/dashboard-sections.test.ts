import { describe, expect, test } from 'vitest';
import { DASHBOARD_SECTIONS, sectionsFor } from '#shared/dashboard-sections';
import { holdsPermission } from '../../../src/lib/permissions';
import { route } from '#shared/routes';

const FRONT_DESK = ['view_dashboard_summary', 'view_book', 'add_bookissuance', 'change_bookissuance', 'view_members', 'view_bookreservation'];
const holderOf = (session: { role: string; permissions?: string[] }) => (code: string) => holdsPermission(session, code);

describe('the sections of the staff home a reader sees', () => {
  test.each([
    ['a SUPER USER', { role: 'SUPER USER' }, ['circulation', 'fines', 'registrations', 'recent_issues', 'newest_members', 'top_defaulters']],
    ['the front desk (no fines permission)', { role: 'MANAGER', permissions: FRONT_DESK }, ['circulation', 'registrations', 'recent_issues', 'newest_members']],
    ['a cashier', { role: 'MANAGER', permissions: ['view_dashboard_summary', 'view_fine'] }, ['fines', 'top_defaulters']],
    ['a member clerk', { role: 'MANAGER', permissions: ['view_dashboard_summary', 'view_members'] }, ['registrations', 'newest_members']],
    ['an issuer', { role: 'MANAGER', permissions: ['view_dashboard_summary', 'add_bookissuance'] }, ['circulation', 'recent_issues']],
    ['a manager with the home alone', { role: 'MANAGER', permissions: ['view_dashboard_summary'] }, []],
    ['a manager holding the financial report but not the fines list', { role: 'MANAGER', permissions: ['view_financial_report'] }, []],
  ])('%s sees %j', (_who, session, expected) => {
    expect(sectionsFor(holderOf(session))).toEqual(expected);
  });

  test.each([
    ['circulation', 'book-issue'],
    ['recent_issues', 'book-issue'],
    ['fines', 'book-fines'],
    ['top_defaulters', 'book-fines'],
    ['registrations', 'member-list'],
    ['newest_members', 'member-list'],
  ] as const)('%s is read by those who may open the %s page', (section, routeId) => {
    const permission = route(routeId).permission!;
    expect(sectionsFor((code) => code === permission)).toContain(section);
    expect(DASHBOARD_SECTIONS[section]).toBe(routeId);
  });

  test('the money sections need the code of the fines pages', () => {
    expect(route('book-fines').permission).toBe('view_fine');
    const withoutFines = sectionsFor((code) => code !== 'view_fine');
    expect(withoutFines).not.toContain('fines');
    expect(withoutFines).not.toContain('top_defaulters');
  });
});
