import { describe, expect, test } from 'vitest';
import { afterSignInPath, guardDecision, homePath, mayFollow, safeNextPath, signInPath } from '../../../src/lib/guard';
import { route } from '#shared/routes';

const superUser = { role: 'SUPER USER' };
const manager = { role: 'MANAGER' };
const frontDesk = {
  role: 'MANAGER',
  permissions: ['view_dashboard_summary', 'view_book', 'add_bookissuance', 'change_bookissuance', 'view_members', 'view_bookreservation'],
};
const member = { role: 'MEMBER' };

describe('guardDecision', () => {
  test.each([
    ['lets a signed-out visitor open the login page', 'login', null, undefined, { kind: 'allow' }],
    ['lets a signed-out visitor register', 'register', null, undefined, { kind: 'allow' }],
    ['sends a signed-in manager from the login page to the dashboard', 'login', manager, undefined, { kind: 'redirect', to: '/dashboard' }],
    ['sends a signed-in member from the login page to the member home', 'login', member, undefined, { kind: 'redirect', to: '/dashboard/member/home' }],
    ['sends a signed-in member from registration to the member home', 'register', member, undefined, { kind: 'redirect', to: '/dashboard/member/home' }],
    ['lets a signed-in user open an e-mail verification link', 'verify-email', member, undefined, { kind: 'allow' }],
    ['lets a signed-in user open a password reset link', 'reset-password', manager, undefined, { kind: 'allow' }],
    ['sends a signed-out visitor of the dashboard to sign in with next', 'home', null, '/dashboard', { kind: 'redirect', to: '/?next=%2Fdashboard' }],
    ['keeps the query in next', 'member-home', null, '/dashboard/member/home?tab=2', { kind: 'redirect', to: '/?next=%2Fdashboard%2Fmember%2Fhome%3Ftab%3D2' }],
    ['sends a member away from the staff dashboard to the member home', 'home', member, undefined, { kind: 'redirect', to: '/dashboard/member/home' }],
    ['lets a manager open the staff dashboard', 'home', frontDesk, undefined, { kind: 'allow' }],
    ['lets a super user open the staff dashboard', 'home', superUser, undefined, { kind: 'allow' }],
    ['sends a manager away from the member home to the dashboard', 'member-home', manager, undefined, { kind: 'redirect', to: '/dashboard' }],
    ['sends a super user away from the member home to the dashboard', 'member-home', superUser, undefined, { kind: 'redirect', to: '/dashboard' }],
    ['lets a member open the member home', 'member-home', member, undefined, { kind: 'allow' }],
    ['lets a member open a page for any user', 'book-catalogue', member, undefined, { kind: 'allow' }],
    ['lets staff open a page for any user', 'book-profile', manager, undefined, { kind: 'allow' }],
    ['sends a signed-out visitor of a page for any user to sign in', 'book-catalogue', null, '/dashboard/books/catalogue', { kind: 'redirect', to: '/?next=%2Fdashboard%2Fbooks%2Fcatalogue' }],
    ['sends a signed-out visitor of a settings page to sign in with next', 'settings-general', null, '/dashboard/settings/general', { kind: 'redirect', to: '/?next=%2Fdashboard%2Fsettings%2Fgeneral' }],
    ['lets a super user without listed permissions open any staff page', 'report-audit', { role: 'SUPER USER', permissions: [] }, undefined, { kind: 'allow' }],
    ['lets a manager open a page whose permission they hold', 'book-return', frontDesk, undefined, { kind: 'allow' }],
    ['refuses a manager a page whose permission they lack', 'settings-users', frontDesk, undefined, { kind: 'forbidden' }],
    ['lets a manager without view_dashboard_summary open the staff home (he is welcomed, not shown figures)', 'home', manager, undefined, { kind: 'allow' }],
    ['refuses a manager without view_book the catalogue', 'book-catalogue', { role: 'MANAGER', permissions: ['view_members'] }, undefined, { kind: 'forbidden' }],
    ['lets staff without a permission open their own profile', 'staff-profile', manager, undefined, { kind: 'allow' }],
    ['lets a member open Issued Books although it names a staff permission', 'book-issue', member, undefined, { kind: 'allow' }],
    ['lets a member open a member profile view', 'member-profile-view', member, undefined, { kind: 'allow' }],
    ['sends a member away from a staff page to the member home', 'settings-general', member, undefined, { kind: 'redirect', to: '/dashboard/member/home' }],
    ['sends a manager away from the member fines page to the dashboard', 'member-fines', frontDesk, undefined, { kind: 'redirect', to: '/dashboard' }],
    ['sends a super user away from the member profile redirect to the dashboard', 'member-profile', superUser, undefined, { kind: 'redirect', to: '/dashboard' }],
  ])('%s', (_, id, session, currentPath, expected) => {
    expect(guardDecision(route(id), session, currentPath)).toEqual(expected);
  });
});

describe('homePath', () => {
  test.each([
    ['SUPER USER', '/dashboard'],
    ['MANAGER', '/dashboard'],
    ['MEMBER', '/dashboard/member/home'],
  ])('sends %s to %s', (role, expected) => {
    expect(homePath(role)).toBe(expected);
  });
});

describe('safeNextPath', () => {
  test.each([
    ['/dashboard', '/dashboard'],
    ['/dashboard/books/record?page=2', '/dashboard/books/record?page=2'],
    ['/dashboard/member/home#top', '/dashboard/member/home#top'],
    ['/', null],
    ['/register', null],
    ['/dashboardx', null],
    ['//evil.example/dashboard', null],
    ['/\\evil.example/dashboard', null],
    ['https://evil.example/dashboard', null],
    ['javascript:alert(1)', null],
    ['/dashboard/../register', null],
    ['', null],
    [null, null],
  ])('accepts %s as %s', (next, expected) => {
    expect(safeNextPath(next)).toBe(expected);
  });
});

describe('afterSignInPath and signInPath', () => {
  test('goes to a safe next path after signing in', () => {
    expect(afterSignInPath('MEMBER', '/dashboard/member/fines')).toBe('/dashboard/member/fines');
  });

  test('goes home when next is unsafe', () => {
    expect(afterSignInPath('MANAGER', 'https://evil.example')).toBe('/dashboard');
  });

  test('leaves next out of the sign-in path when it is not a dashboard path', () => {
    expect(signInPath('/register')).toBe('/');
    expect(signInPath('/dashboard')).toBe('/?next=%2Fdashboard');
  });
});

describe('mayFollow: a screen links to a page only when it opens (the staff home, the Fines page)', () => {
  const cashier = { role: 'MANAGER', permissions: ['view_dashboard_summary', 'view_fine', 'change_fine'] };
  test.each([
    ['member-profile-view', superUser, true],
    ['member-profile-view', frontDesk, true],
    ['member-profile-view', cashier, false],
    ['member-profile-view', member, true],
    ['book-profile', cashier, true],
    ['book-fines', frontDesk, false],
    ['book-fines', cashier, true],
    ['book-fines', superUser, true],
    ['member-profile-view', null, false],
  ])('a link to %s is followed by %j: %s', (routeId, session, expected) => {
    expect(mayFollow(routeId, session)).toBe(expected);
  });
});
