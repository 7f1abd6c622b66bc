import { describe, expect, test } from 'vitest';
import { FORM_MESSAGES } from '../../../src/lib/forms';
import { MEMBER_CSV_COLUMNS, MEMBER_MESSAGES } from '#shared/member-rules';
import { AMOUNT_MESSAGES } from '#shared/money';
import { MEMBER_FORM_FIELDS, emptyMemberForm, memberRegistrationBody, validateMemberForm, type MemberFormValues } from '../../../src/lib/member-form';

const filled: MemberFormValues = {
  ...emptyMemberForm('1'),
  username: 'sara.ali',
  email: 'sara.ali@example.com',
  first_name: 'Sara',
  last_name: 'Ali',
};
const problems = (values: MemberFormValues) => Object.fromEntries(Object.entries(validateMemberForm(values)).filter(([, message]) => message));

describe('the Add Member form', () => {
  test("has a field for each of the template's 21 columns, and the plan", () => {
    expect(MEMBER_FORM_FIELDS).toEqual([...MEMBER_CSV_COLUMNS, 'plan']);
  });

  test('starts blank with the default plan chosen', () => {
    expect(emptyMemberForm('3')).toMatchObject({ username: '', shift: '', plan: '3' });
  });

  test('may be sent with only username, e-mail and names', () => {
    expect(problems(filled)).toEqual({});
  });

  test.each<[string, Partial<MemberFormValues>, Record<string, string>]>([
    ['a blank form', emptyMemberForm(), {
      username: FORM_MESSAGES.usernameRequired,
      email: FORM_MESSAGES.emailRequired,
      first_name: FORM_MESSAGES.memberFirstNameRequired,
      last_name: FORM_MESSAGES.memberLastNameRequired,
    }],
    ['a username with a space', { username: 'sara ali' }, { username: FORM_MESSAGES.usernameSpaces }],
    ['a short password', { password: 'short' }, { password: FORM_MESSAGES.passwordTooShort }],
    ['a CNIC with one dash', { cnic: '35202-12345671' }, { cnic: MEMBER_MESSAGES.cnic }],
    ['a mobile number of letters', { mobile_number: 'call me' }, { mobile_number: MEMBER_MESSAGES.mobile }],
    ['an emergency contact too short', { emergency_contact: '12345' }, { emergency_contact: MEMBER_MESSAGES.mobile }],
    ['a registration id with spaces', { registration_id: 'REG 1' }, { registration_id: MEMBER_MESSAGES.registrationId }],
    ['a negative fee', { security_fee: '-5' }, { security_fee: AMOUNT_MESSAGES.invalid }],
    ['a fee with three decimals', { security_fee: '1.005' }, { security_fee: AMOUNT_MESSAGES.decimals }],
  ])('refuses %s', (_, change, expected) => {
    expect(problems({ ...filled, ...change })).toEqual(expected);
  });
});

describe('memberRegistrationBody', () => {
  test('sends filled fields only, the password untrimmed, and the chosen photo', () => {
    const photo = new File(['png'], 'me.png', { type: 'image/png' });
    const body = memberRegistrationBody({ ...filled, password: ' Secret-Pass-1 ', shift: 'NIGHT', middle_name: '  ' }, { kind: 'replace', file: photo });
    expect(body.get('username')).toBe('sara.ali');
    expect(body.get('password')).toBe(' Secret-Pass-1 ');
    expect(body.get('shift')).toBe('NIGHT');
    expect(body.get('plan')).toBe('1');
    expect(body.has('middle_name')).toBe(false);
    expect(body.has('cnic')).toBe(false);
    expect((body.get('profile_photo') as File).name).toBe('me.png');
  });

  test('leaves out the password and photo when none were given', () => {
    const body = memberRegistrationBody(filled, { kind: 'keep' });
    expect(body.has('password')).toBe(false);
    expect(body.has('profile_photo')).toBe(false);
  });
});
