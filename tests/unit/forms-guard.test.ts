/**
 * The forms rule: every form keeps its state in the one hook (`components/use-form`) and takes its
 * validators and messages from `lib/forms`. No island or component keeps its own copy of the
 * submit flow, calls a field validator itself, or spells a form message of its own.
 */
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, test } from 'vitest';
import { sourceFiles } from '../support/source-files';
import { ACCOUNT_CHANGE_MESSAGES, FORM_MESSAGES } from '../../src/lib/forms';

const root = new URL('../../', import.meta.url).pathname;


/** The hook itself and the focus helper it uses are where this logic belongs. */
const HOME = new Set(['src/components/use-form.ts', 'src/components/focus-first-invalid.ts']);
const files = [...sourceFiles(join(root, 'src/islands')), ...sourceFiles(join(root, 'src/components'))]
  .map((file) => relative(root, file))
  .filter((file) => !HOME.has(file));

/** Pieces of a form's own state and submit flow, or of a validator, that only the hook or lib/forms may hold. */
const FORBIDDEN: { what: string; pattern: RegExp }[] = [
  { what: 'field-error state of its own', pattern: /useState<\s*(FieldErrors|Partial<Record<)/ },
  { what: 'its own focus-the-first-invalid step', pattern: /\bfocusFirstInvalid\(/ },
  { what: 'its own mapping of server field errors', pattern: /\bknownFieldErrors\(/ },
  { what: 'its own "any field errors?" check', pattern: /\bhasFieldErrors\(/ },
  { what: "an image size message of its own (imageTooLargeMessage)", pattern: /The image must be/ },
  { what: 'a field validator called directly', pattern: /\b(checkEmail|checkUsername|isEmailShape|validatePasswordPair|checkCurrentPassword)\(/ },
];

describe('forms', () => {
  test.each(FORBIDDEN)('no island or component keeps $what', ({ pattern }) => {
    const offenders = files.filter((file) => pattern.test(readFileSync(join(root, file), 'utf8')));
    expect(offenders).toEqual([]);
  });

  test('every form message has one wording, in lib/forms', () => {
    const messages = [...Object.values(FORM_MESSAGES), ...Object.values(ACCOUNT_CHANGE_MESSAGES)];
    const offenders = files.flatMap((file) => {
      const text = readFileSync(join(root, file), 'utf8');
      return messages.filter((message) => text.includes(message)).map((message) => `${file}: “${message}”`);
    });
    expect(offenders).toEqual([]);
  });

  test('the guard sees the form islands it protects', () => {
    expect(files).toEqual(expect.arrayContaining(['src/islands/login-form/LoginForm.tsx', 'src/components/book-form/BookFormModal.tsx']));
  });
});
