/**
 * The site's form checks run the server's control-character rule (src/lib/control-characters.ts),
 * so the message shows under the field before anything is sent: one-line fields refuse tab and
 * newline too; descriptions, addresses, reasons and notice wording keep them.
 */
import { describe, expect, test } from 'vitest';
import { emptyBookValues, validateBookForm } from '../../../src/lib/book-form';
import { CONTROL_CHARACTERS_MESSAGE as MESSAGE } from '#shared/control-characters';
import { validateGeneralSettings } from '../../../src/lib/general-settings';
import { FORM_MESSAGES, validateManager, validateProfileEdit, validateRegistration, validateRoleName, validateSignIn } from '../../../src/lib/forms';
import { emptyMemberForm, validateMemberForm } from '../../../src/lib/member-form';
import { templateProblem } from '../../../src/lib/notification-settings';
import { validateMove } from '../../../src/lib/reservations';

const ONE_LINE_REFUSED = ['a\u0000b', 'a\u0007b', 'a\u001b[31mb', 'a\tb', 'a\nb', 'a\u007fb'];
const ALWAYS_REFUSED = ['a\u0000b', 'a\u0007b', 'a\u001b[31mb', 'a\u007fb'];

const registration = { first_name: 'Ada', last_name: 'Lovelace', username: 'ada', email: 'ada@example.com', password: 'analytical', password2: 'analytical', department: '', session: '' };
const book = { ...emptyBookValues(), title: 'T', author: 'A', isbn: '9780306406157', department: '1', publisher: 'P', total_copies: '1', category: '1', rack_no: 'R', language: '1' };

test('the message is the one form wording', () => {
  expect(FORM_MESSAGES.controlCharacters).toBe(MESSAGE);
});

describe('one-line fields', () => {
  test.each(ONE_LINE_REFUSED)('refuse %j in every account form', (bad) => {
    expect(validateRegistration({ ...registration, first_name: bad }).first_name).toBe(MESSAGE);
    expect(validateRegistration({ ...registration, last_name: bad }).last_name).toBe(MESSAGE);
    expect(validateRoleName({ name: bad }).name).toBe(MESSAGE);
    expect(validateSignIn({ username: bad, password: 'x' }).username).toBe(MESSAGE);
    expect(validateManager({ username: 'm', email: 'm@example.com', password: 'analytical', password2: 'analytical', first_name: bad }).first_name).toBe(MESSAGE);
    expect(validateProfileEdit({ email: 'ada@example.com', current_password: '', first_name: bad }, { email: 'ada@example.com' }).first_name).toBe(MESSAGE);
  });

  test.each(ONE_LINE_REFUSED)('refuse %j in the book, member and settings forms', (bad) => {
    expect(validateBookForm({ ...book, title: bad }, 'add').title).toBe(MESSAGE);
    expect(validateMemberForm({ ...emptyMemberForm(), username: 'm', email: 'm@example.com', first_name: 'M', last_name: 'N', class_name: bad }).class_name).toBe(MESSAGE);
    expect(validateGeneralSettings({ library_name: bad, theme: 'light', fine_per_day: '5', timezone: 'UTC', date_format: 'YYYY-MM-DD', time_format: '24h', max_books_per_member: '3', max_issue_duration: '14', low_stock_threshold: '2' }).library_name).toBe(MESSAGE);
    expect(templateProblem(`Due ${bad}`, 'subject')).toBe(MESSAGE);
  });

  test('a missing value keeps its own message; passwords are not text fields', () => {
    expect(validateRegistration({ ...registration, first_name: '' }).first_name).toBe(FORM_MESSAGES.firstNameRequired);
    expect(validateRegistration({ ...registration, password: 'tab\tinside', password2: 'tab\tinside' })).toEqual({});
  });
});

describe('fields that allow several lines', () => {
  test.each(ALWAYS_REFUSED)('refuse %j', (bad) => {
    expect(validateBookForm({ ...book, detailed_description: `One\n${bad}` }, 'add').detailed_description).toBe(MESSAGE);
    expect(validateMemberForm({ ...emptyMemberForm(), username: 'm', email: 'm@example.com', first_name: 'M', last_name: 'N', home_address: `House 1\n${bad}` }).home_address).toBe(MESSAGE);
    expect(validateMove({ position: '1', reason: `Exam ${bad}` }, 3).reason).toBe(MESSAGE);
    expect(templateProblem(`Dear {member_name},\n${bad}`, 'body')).toBe(MESSAGE);
  });

  test('keep tabs and line breaks', () => {
    expect(validateBookForm({ ...book, detailed_description: 'One\n\tTwo\r\nThree' }, 'add')).toEqual({});
    expect(validateMemberForm({ ...emptyMemberForm(), username: 'm', email: 'm@example.com', first_name: 'M', last_name: 'N', home_address: 'House 1\nStreet 2' }).home_address).toBeUndefined();
    expect(validateMove({ position: '1', reason: 'Exam\nnext week' }, 3)).toEqual({});
    expect(templateProblem('Dear {member_name},\n\n\tThanks.', 'body')).toBeUndefined();
  });
});
