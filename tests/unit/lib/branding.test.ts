import { is } from 'superstruct';
import { describe, expect, test } from 'vitest';
import { isCachedBranding, libraryName, pageTitle } from '../../../src/lib/branding';
import { LibrarySettingsStruct } from '../../../src/lib/schemas/settings';

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

  test.each([
    ['an empty record', {}, true],
    ['every field', { library_name: 'X', logo: '/l.png', favicon: null, theme: 'dark', fine_per_day: '0.50', timezone: 'UTC', date_format: 'DD/MM/YYYY', time_format: 'HH:mm', upload_limits: { image: 1, csv: 2 } }, true],
    ['a numeric fine', { fine_per_day: 50 }, true],
    ['unknown fields', { id: 1, extra: [1] }, true],
    ['null', null, false],
    ['a string', 'Riverside', false],
    ['a number', 42, false],
    ['a list', [], false],
    ['a numeric name', { library_name: 42 }, false],
    ['a logo object', { logo: { url: '/l.png' } }, false],
    ['a boolean fine', { fine_per_day: true }, false],
    ['upload limits as a list', { upload_limits: [1] }, false],
    ['a text upload limit', { upload_limits: { image: '5' } }, false],
    ['a null upload limit', { upload_limits: { csv: null } }, false],
  ])('reads the cached branding %s as valid: %s, as the settings struct does', (_, value, valid) => {
    expect(isCachedBranding(value)).toBe(valid);
    expect(is(value, LibrarySettingsStruct)).toBe(valid);
  });
});
