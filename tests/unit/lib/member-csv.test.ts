import Papa from 'papaparse';
import { describe, expect, test } from 'vitest';
import { MEMBER_CSV_COLUMNS, MEMBER_MESSAGES } from '#shared/member-rules';
import { AMOUNT_MESSAGES } from '#shared/money';
import { MEMBER_ROW_MESSAGES, memberKnownNames, previewMemberCsvText, validateMemberRow } from '../../../src/lib/member-csv';
import { MEMBER_TEMPLATE_SAMPLE, type MemberCsvRow } from '../../../src/lib/member-template';

const good: MemberCsvRow = MEMBER_TEMPLATE_SAMPLE[0]!;
const csv = (rows: readonly MemberCsvRow[], columns: readonly string[] = MEMBER_CSV_COLUMNS) =>
  Papa.unparse({ fields: [...columns], data: rows.map((row) => columns.map((c) => row[c as keyof MemberCsvRow] ?? '')) });

describe('validateMemberRow', () => {
  test.each<[string, Partial<MemberCsvRow>, string, string]>([
    ['a blank username', { username: '' }, 'username', 'This field may not be blank.'],
    ['a username with a space', { username: 'sana sheikh' }, 'username', MEMBER_ROW_MESSAGES.usernameInvalid],
    ['an e-mail without a domain', { email: 'sana@' }, 'email', MEMBER_ROW_MESSAGES.email],
    ['a short password', { password: 'Ab-1' }, 'password', MEMBER_ROW_MESSAGES.passwordShort],
    ['a password of digits only', { password: '2718281828' }, 'password', MEMBER_ROW_MESSAGES.passwordNumeric],
    ['a CNIC of 12 digits', { cnic: '35202-765432-1' }, 'cnic', MEMBER_MESSAGES.cnic],
    ['a mobile number of 8 digits', { mobile_number: '0300-1234' }, 'mobile_number', MEMBER_MESSAGES.mobile],
    ['a shift that is neither DAY nor NIGHT', { shift: 'EVENING' }, 'shift', MEMBER_MESSAGES.shift('EVENING')],
    ['a fee with three decimals', { security_fee: '5.005' }, 'security_fee', AMOUNT_MESSAGES.decimals],
    ['a too long section', { section: 'x'.repeat(51) }, 'section', 'Ensure this field has no more than 50 characters.'],
  ])('reports %s', (_, change, field, message) => {
    expect(validateMemberRow({ ...good, ...change }, 3)).toEqual([{ row: 3, field, message }]);
  });

  test('accepts a sample member, and blank optional fields', () => {
    expect(validateMemberRow(good, 1)).toEqual([]);
    expect(validateMemberRow({ ...good, cnic: '', shift: '', security_fee: '', mobile_number: '' }, 1)).toEqual([]);
  });
});

describe('previewMemberCsvText', () => {
  test('blocks a header without the required columns', () => {
    const preview = previewMemberCsvText(csv([good], ['username', 'email', 'first_name']));
    expect(preview.missingColumns).toEqual(['password', 'last_name']);
  });

  test('refuses a username or e-mail an earlier row used, in any letter case, naming that row', () => {
    const second = { ...MEMBER_TEMPLATE_SAMPLE[1]!, username: 'SANA.SHEIKH', email: 'Sana.Sheikh@example.com' };
    const preview = previewMemberCsvText(csv([good, second]));
    expect(preview.errors).toEqual([
      { row: 2, field: 'username', message: 'Duplicate username in this file (first on row 1).' },
      { row: 2, field: 'email', message: 'Duplicate email in this file (first on row 1).' },
    ]);
  });

  test('warns of departments and sessions the library does not have, by name or id', () => {
    const names = memberKnownNames({ department: [{ id: 4, name: 'Computer Science' }], session: [{ id: 9, session_range: '2023-2027' }] });
    const rows = [good, { ...MEMBER_TEMPLATE_SAMPLE[1]!, department: '4', session: '9' }];
    const preview = previewMemberCsvText(csv(rows), names);
    expect(preview.warnings).toEqual([{ row: 1, field: 'session', message: 'Unknown session "2024-2028".' }]);
  });
});
