import { describe, expect, test } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { CALL_ERRORS, callErrorMessage, profileErrorMessage, roleErrorMessage, type RoleAction } from '../../../src/lib/errors';

const PROFILE_UPDATE_FALLBACK = CALL_ERRORS['profile-update'].fallback;

const answer = (status: number, data: unknown) => ({ status, statusText: '', data });
const offline = new TypeError('Failed to fetch');

describe('roleErrorMessage fallbacks (section 8 spellings)', () => {
  test.each([
    ['fetch-roles', 'Error Fetching Roles'],
    ['add-role', 'Error Adding Role'],
    ['delete-role', 'Error Deletign Role'],
    ['assign-role', 'Error Assinging Role'],
    ['remove-role', 'Error Removing Role'],
    ['fetch-role-users', 'Error Fetching User Roles'],
    ['fetch-role-detail', 'Error Fetching Role Detail'],
    ['fetch-permissions', 'Error Fetching Permission'],
  ] as const)('%s falls back to %j when the answer carries no message', (action: RoleAction, fallback) => {
    expect(CALL_ERRORS[action].fallback).toBe(fallback);
    expect(roleErrorMessage(answer(500, '<html/>'), action)).toBe(fallback);
    expect(roleErrorMessage(undefined, action)).toBe(fallback);
  });

  test.each([
    ['detail first', answer(400, { detail: 'Built-in roles cannot be deleted.', name: ['x'] }), 'Built-in roles cannot be deleted.'],
    ['then non_field_errors', answer(400, { non_field_errors: ['Pick a user.'] }), 'Pick a user.'],
    ['then the first field error', answer(400, { name: ['A role with that name already exists.'] }), 'A role with that name already exists.'],
    ['then a network error', offline, 'Failed to fetch'],
  ])('uses the server message: %s', (_title, error, message) => {
    expect(roleErrorMessage(error, 'delete-role')).toBe(message);
  });
});

describe('profileErrorMessage', () => {
  test.each([
    ['detail', answer(400, { detail: 'Old password is incorrect.' }), 'Old password is incorrect.'],
    ['non_field_errors', answer(400, { non_field_errors: ['Nope.'] }), 'Nope.'],
    ['network', offline, 'Failed to fetch'],
    ['nothing', answer(500, null), PROFILE_UPDATE_FALLBACK],
  ])('%s', (_title, error, message) => {
    expect(profileErrorMessage(error)).toBe(message);
  });
  test('the fallback is the specification sentence', () => {
    expect(PROFILE_UPDATE_FALLBACK).toBe('Profile update failed. Please try again.');
  });
});

describe('one table of call messages', () => {
  const root = new URL('../../../', import.meta.url).pathname;
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const full = join(dir, name);
      return statSync(full).isDirectory() ? files(full) : /\.tsx?$/.test(name) ? [full] : [];
    });

  test('no island or component passes a fallback sentence of its own', () => {
    const inline = [...files(join(root, 'src/islands')), ...files(join(root, 'src/components'))].flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/(?:errorMessage|firstFieldError)\([^;]*?['"`][A-Z][^'"`]*['"`]\s*\)/g)].map((m) => `${file.slice(root.length)}: ${m[0]}`),
    );
    expect(inline).toEqual([]);
  });

  test.each([
    ['book-list', { status: 400, data: { search: ['Bad.'] } }, 'Bad.'],
    ['book-list', new TypeError('Failed to fetch'), 'Failed to fetch'],
    ['book-delete', { status: 400, data: { name: ['Wrong title.'] } }, 'Wrong title.'],
    ['wishlist', { status: 500, data: null }, 'Unkonwn Error Occured'],
    ['verify-email', { status: 400, data: { detail: 'Invalid or expired link.' } }, 'Invalid or expired link.'],
  ] as const)('%s reads its rule', (call, error, message) => {
    expect(callErrorMessage(call, error)).toBe(message);
  });
});
