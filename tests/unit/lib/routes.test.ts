import { existsSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { BUILT_PAGES, ROUTES, isDynamic, matchRoute, pathFor, rewriteRules, route, shellPath } from '#shared/routes';

describe('matchRoute', () => {
  test.each([
    ['/', 'login', {}],
    ['/register', 'register', {}],
    ['/register/', 'register', {}],
    ['/dashboard', 'home', {}],
    ['/dashboard/', 'home', {}],
    ['/dashboard/member/retuned', 'member-returned', {}],
    ['/auth/verify-email/MTI/abc-123', 'verify-email', { uid: 'MTI', token: 'abc-123' }],
    ['/auth/verify-email/MTI/abc-123/', 'verify-email', { uid: 'MTI', token: 'abc-123' }],
    ['/reset-password/a%2Fb/t%20k', 'reset-password', { uid: 'a/b', token: 't k' }],
    ['/dashboard/books/record/profile/42', 'book-profile', { bookId: '42' }],
    ['/dashboard/settings/users/edit-role/3', 'settings-edit-role', { role_id: '3' }],
    ['/dashboard/member/profile-view/9', 'member-profile-view', { memberId: '9' }],
  ])('matches %s to %s with its parameters', (path, id, params) => {
    const match = matchRoute(path);
    expect(match?.route.id).toBe(id);
    expect(match?.params).toEqual(params);
  });

  test.each([
    ['/nowhere'],
    ['/auth/verify-email/only-uid'],
    ['/auth/verify-email//token'],
    ['/auth/verify-email/a/b/c'],
    ['/reset-password/%E0%A4%A/token'],
    ['/dashboard/books/record/profile/'],
  ])('does not match %s', (path) => {
    expect(matchRoute(path)).toBeNull();
  });
});

describe('pathFor', () => {
  test('builds a static path', () => {
    expect(pathFor('member-home')).toBe('/dashboard/member/home');
  });

  test('encodes each parameter', () => {
    expect(pathFor('reset-password', { uid: 'a/b', token: 't k?' })).toBe('/reset-password/a%2Fb/t%20k%3F');
    expect(pathFor('book-profile', { bookId: 42 })).toBe('/dashboard/books/record/profile/42');
  });

  test('round-trips through matchRoute', () => {
    const path = pathFor('verify-email', { uid: 'ü/1', token: '#x' });
    expect(matchRoute(path)?.params).toEqual({ uid: 'ü/1', token: '#x' });
  });

  test('refuses a missing parameter and an unknown route id', () => {
    expect(() => pathFor('reset-password', { uid: 'a' })).toThrow(/Missing parameter token/);
    expect(() => pathFor('no-such-route')).toThrow(/Unknown route id/);
  });
});

describe('shellPath and rewriteRules', () => {
  test.each([
    ['verify-email', '/auth/verify-email/'],
    ['reset-password', '/reset-password/'],
    ['book-profile', '/dashboard/books/record/profile/'],
    ['register', '/register'],
  ])('puts the %s page at %s', (id, expected) => {
    expect(shellPath(route(id))).toBe(expected);
  });

  test('rewrites every dynamic route to its shell page', () => {
    const rules = rewriteRules();
    expect(rules).toHaveLength(ROUTES.filter(isDynamic).length);
    expect(rules).toContainEqual({ from: '/auth/verify-email/*', to: '/auth/verify-email/' });
    expect(rules).toContainEqual({ from: '/reset-password/*', to: '/reset-password/' });
    for (const rule of rules) expect(rule.from).toBe(`${rule.to}*`);
  });
});

describe('route table', () => {
  test('has unique ids and patterns', () => {
    expect(new Set(ROUTES.map((def) => def.id)).size).toBe(ROUTES.length);
    expect(new Set(ROUTES.map((def) => def.pattern)).size).toBe(ROUTES.length);
  });

  test('names only existing routes as built pages', () => {
    for (const id of BUILT_PAGES) expect(() => route(id)).not.toThrow();
  });

  test('has a page file for every built route, at the shell path for dynamic ones', () => {
    for (const id of BUILT_PAGES) {
      const def = route(id);
      const path = shellPath(def).replace(/\/$/, '');
      const candidates = path === '' ? ['src/pages/index.astro'] : [`src/pages${path}.astro`, `src/pages${path}/index.astro`];
      expect(candidates.some((file) => existsSync(file)), `${id}: ${candidates.join(' or ')}`).toBe(true);
    }
  });
});
