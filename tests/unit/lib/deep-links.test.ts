import { describe, expect, test } from 'vitest';
import { deepLinkRedirect, deepLinkTargets, patternSource, resolveLocation } from '../../../src/lib/deep-links';

describe('deepLinkTargets', () => {
  test('lists the built dynamic routes with their shell pages', () => {
    expect(deepLinkTargets()).toEqual(
      expect.arrayContaining([
        { pattern: '^/auth/verify-email/[^/]+/[^/]+/?$', shell: '/auth/verify-email/' },
        { pattern: '^/reset-password/[^/]+/[^/]+/?$', shell: '/reset-password/' },
      ]),
    );
  });

  test('includes the dynamic dashboard routes now that their pages are built', () => {
    expect(deepLinkTargets().map((target) => target.shell)).toEqual(
      expect.arrayContaining(['/dashboard/books/record/profile/', '/dashboard/member/profile-view/', '/dashboard/settings/users/edit-role/']),
    );
  });

  test('escapes the literal parts of a pattern', () => {
    expect(patternSource('/a.b/:id')).toBe('^/a\\.b/[^/]+/?$');
  });
});

describe('deepLinkRedirect', () => {
  test.each([
    ['/auth/verify-email/MTI/tok', '', '/auth/verify-email/?__path=%2Fauth%2Fverify-email%2FMTI%2Ftok'],
    ['/reset-password/MTI/tok/', '?x=1', '/reset-password/?__path=%2Freset-password%2FMTI%2Ftok%2F%3Fx%3D1'],
  ])('sends %s%s to its shell page', (pathname, search, expected) => {
    expect(deepLinkRedirect(pathname, search)).toBe(expected);
  });

  test.each([['/nowhere'], ['/reset-password/only-uid'], ['/reset-password/a/b/c'], ['/auth/verify-email/']])(
    'leaves %s as a real 404',
    (pathname) => {
      expect(deepLinkRedirect(pathname)).toBeNull();
    },
  );
});

describe('resolveLocation', () => {
  test('reads parameters from the path', () => {
    expect(resolveLocation('http://site.test/reset-password/MTI/tok')).toEqual({
      match: expect.objectContaining({ params: { uid: 'MTI', token: 'tok' } }),
      prettyPath: null,
    });
  });

  test('reads parameters from __path and gives the pretty path back', () => {
    const href = 'http://site.test/reset-password/?__path=%2Freset-password%2FMTI%2Ftok%3Fa%3D1';
    const resolved = resolveLocation(href);
    expect(resolved.match?.params).toEqual({ uid: 'MTI', token: 'tok' });
    expect(resolved.prettyPath).toBe('/reset-password/MTI/tok?a=1');
  });

  test.each([
    ['another origin', 'http://site.test/reset-password/?__path=%2F%2Fevil.test%2Freset-password%2Fa%2Fb'],
    ['an unknown path', 'http://site.test/reset-password/?__path=%2Fnowhere'],
  ])('ignores __path pointing to %s', (_, href) => {
    const resolved = resolveLocation(href);
    expect(resolved.prettyPath).toBeNull();
    expect(resolved.match?.params ?? {}).toEqual({});
  });
});
