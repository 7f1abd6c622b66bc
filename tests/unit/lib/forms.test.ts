import { describe, expect, test } from 'vitest';
import { buildFormData, checkCurrentPassword, isImageFile, knownFieldErrors, needsCurrentPassword, validatePasswordChange, KEEP_FILE } from '../../../src/lib/forms';

const entries = (body: FormData) => [...body.entries()].map(([key, value]) => [key, typeof value === 'string' ? value : `file:${(value as File).name}`]);

describe('buildFormData', () => {
  test('trims text, writes numbers and flags as text, sends null as empty and skips undefined', () => {
    const body = buildFormData({ library_name: '  City Library ', fine_per_day: 12.5, active: true, note: null, skipped: undefined });
    expect(entries(body)).toEqual([
      ['library_name', 'City Library'],
      ['fine_per_day', '12.5'],
      ['active', 'true'],
      ['note', ''],
    ]);
  });

  test.each([
    ['a kept file sends nothing', KEEP_FILE, []],
    ['a new file is sent under its field with its name', { kind: 'replace' as const, file: new File(['x'], 'logo.png', { type: 'image/png' }) }, [['logo', 'file:logo.png']]],
    ['a removed file sends <field>_clear=true', { kind: 'clear' as const }, [['logo_clear', 'true']]],
  ])('%s', (_title, change, expected) => {
    expect(entries(buildFormData({}, { logo: change }))).toEqual(expected);
  });
});

describe('isImageFile', () => {
  test.each([
    [{ name: 'a.png', type: 'image/png' }, true],
    [{ name: 'a.pdf', type: 'application/pdf' }, false],
    [{ name: 'favicon.ico', type: '' }, true],
    [{ name: 'notes.txt', type: '' }, false],
  ])('%j is an image: %s', (file, expected) => {
    expect(isImageFile(file)).toBe(expected);
  });
});

describe('validatePasswordChange', () => {
  test('asks for every field when all are empty', () => {
    expect(validatePasswordChange({ old_password: '', new_password: '', confirm_password: '' })).toEqual({
      old_password: 'Enter your current password.',
      new_password: 'Enter a new password.',
      confirm_password: 'Enter the password again.',
    });
  });
  test('refuses a short new password and a mismatched confirmation', () => {
    expect(validatePasswordChange({ old_password: 'old-one', new_password: 'short', confirm_password: 'other' })).toEqual({
      new_password: 'Use at least 8 characters.',
      confirm_password: 'Passwords do not match.',
    });
  });
  test('accepts a complete change', () => {
    expect(validatePasswordChange({ old_password: 'old-one', new_password: 'a-long-one', confirm_password: 'a-long-one' })).toEqual({});
  });
});

test('knownFieldErrors keeps only the fields a form shows', () => {
  expect(knownFieldErrors({ email: 'Taken.', secret: 'x' }, ['email', 'username'] as const)).toEqual({ email: 'Taken.' });
});

describe('username and e-mail changes', () => {
  const saved = { username: 'desk', email: 'desk@example.test' };
  test.each([
    [{ username: 'desk', email: 'desk@example.test' }, false],
    [{ username: ' desk ', email: 'desk@example.test ' }, false],
    [{ username: 'desk2', email: 'desk@example.test' }, true],
    [{ username: 'desk', email: 'new@example.test' }, true],
    [{}, false],
  ])('%o needs the current password: %o', (edited, needed) => {
    expect(needsCurrentPassword(saved, edited)).toBe(needed);
  });

  test('the current password is asked for only when needed', () => {
    expect(checkCurrentPassword(true, '')).toBe('Enter your current password to change your username or e-mail.');
    expect(checkCurrentPassword(true, 'secret-1')).toBeUndefined();
    expect(checkCurrentPassword(false, '')).toBeUndefined();
  });
});
