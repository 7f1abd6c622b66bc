import { describe, expect, test } from 'vitest';
import { libraryName, pageTitle } from '../../../src/lib/branding';

describe('branding', () => {
  test.each([
    [{ library_name: 'Riverside Library' }, 'Riverside Library'],
    [{ library_name: '  Riverside Library  ' }, 'Riverside Library'],
    [{ library_name: '   ' }, 'Library'],
    [{ library_name: null }, 'Library'],
    [null, 'Library'],
  ])('names the library from %j as %s', (settings, expected) => {
    expect(libraryName(settings)).toBe(expected);
  });

  test('titles a page "<page> · <library name>"', () => {
    expect(pageTitle('Login', 'Riverside Library')).toBe('Login · Riverside Library');
  });
});
