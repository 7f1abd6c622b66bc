import { describe, expect, test } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { CALL_ERRORS, callErrorMessage, profileErrorMessage, roleErrorMessage, type RoleAction } from '../../../src/lib/errors';

const PROFILE_UPDATE_FALLBACK = CALL_ERRORS['profile-update'].fallback;

const answer = (status: number, data: unknown) => ({ status, statusText: '', data });
const offline = new TypeError('Failed to fetch');

describe('roleErrorMessage fallbacks (as the error catalogue spells them)', () => {
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

  // Comments may name a rule's sentence; code may not.
  const code = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const sources = () => [...files(join(root, 'src/islands')), ...files(join(root, 'src/components'))].map((file) => ({ file: file.slice(root.length), text: code(readFileSync(file, 'utf8')) }));

  test('no island or component spells a sentence of the table itself', () => {
    const sentences = Object.values<{ fallback: string; notFound?: string }>(CALL_ERRORS).flatMap((rule) => [rule.fallback, ...(rule.notFound ? [rule.notFound] : [])]);
    const offenders = sources().flatMap(({ file, text }) => sentences.filter((sentence) => text.includes(sentence)).map((sentence) => `${file}: “${sentence}”`));
    expect(offenders).toEqual([]);
  });

  test.each([
    ['an error toast written out', /toast\.error\(\s*['"`]/],
    ['a sentence after a message rule (`|| "…"`)', /[Ee]rrorMessage\([^;]*?\)\s*(\|\||\?\?)\s*['"`]/],
    ['a sentence handed to a message rule', /[Ee]rrorMessage\([^;)]*?,\s*['"`][A-Z]/],
    ['a comparison with a rule sentence', /[Ee]rrorMessage\([^;]*?\)\s*[!=]==\s*['"`]/],
  ])('no island or component keeps %s', (_, pattern) => {
    const offenders = sources().filter(({ text }) => pattern.test(text)).map(({ file }) => file);
    expect(offenders).toEqual([]);
  });

  test.each([
    ['a 404 of the e-book', 'ebook-open', answer(404, { detail: 'Not found.' }), 'This book has no e-book.'],
    ['other e-book failures', 'ebook-open', answer(500, { detail: 'Storage down.' }), 'Storage down.'],
    ['the template download', 'book-template', new Error('chunk failed'), 'Failed to download template'],
    ['the rejected rows download', 'rejected-rows-download', new Error('disk full'), 'Could not save the rejected rows.'],
    ['a settings load without a reason', 'general-settings-load', answer(500, {}), 'The settings could not be loaded.'],
    ['a settings load with a reason', 'general-settings-load', answer(403, { detail: 'No access.' }), 'No access.'],
    ['a loan rules load without a reason', 'loan-rules-load', answer(500, {}), 'The loan rules could not be loaded.'],
    ['a profile load without a reason', 'member-profile-load', answer(500, {}), 'The profile could not be loaded.'],
    ['a profile load with a reason', 'member-profile-load', answer(400, { detail: 'Bad id.' }), 'Bad id.'],
  ] as const)('%s reads its rule', (_, call, error, message) => {
    expect(callErrorMessage(call, error)).toBe(message);
  });

  test.each([
    ['book-list', answer(400, { search: ['Bad.'] }), 'Bad.'],
    ['book-list', new TypeError('Failed to fetch'), 'Failed to fetch'],
    ['book-delete', answer(400, { name: ['Wrong title.'] }), 'Wrong title.'],
    ['wishlist', { status: 500, data: null }, 'Unkonwn Error Occured'],
    ['verify-email', answer(400, { detail: 'Invalid or expired link.' }), 'Invalid or expired link.'],
  ] as const)('%s reads its rule', (call, error, message) => {
    expect(callErrorMessage(call, error)).toBe(message);
  });
});
