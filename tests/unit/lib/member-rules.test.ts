import { describe, expect, test } from 'vitest';
import {
  checkMemberField,
  MEMBER_CSV_COLUMNS,
  MEMBER_CSV_REQUIRED,
  MEMBER_MESSAGES,
  normaliseCnic,
  normaliseMobile,
  normaliseRegistrationId,
  normaliseShift,
} from '#shared/member-rules';

describe('normaliseCnic', () => {
  test.each([
    ['3520212345671', '35202-1234567-1'],
    ['35202-1234567-1', '35202-1234567-1'],
    ['  35202-1234567-1 ', '35202-1234567-1'],
  ])('accepts %j as %j', (raw, stored) => {
    expect(normaliseCnic(raw)).toBe(stored);
  });

  test.each([
    ['352021234567', '12 digits'],
    ['35202123456712', '14 digits'],
    ['35202-12345671', 'one dash only'],
    ['3520-21234567-1', 'dashes in the wrong places'],
    ['35202 1234567 1', 'spaces instead of dashes'],
    ['3520212345a71', 'a letter'],
    ['', 'empty'],
  ])('refuses %j (%s)', (raw) => {
    expect(normaliseCnic(raw)).toBeUndefined();
  });
});

describe('normaliseMobile', () => {
  test.each([
    ['03001234567', '03001234567'],
    ['0300-1234567', '0300-1234567'],
    ['+92 300 1234567', '+92 300 1234567'],
    [' +92  300 1234567 ', '+92 300 1234567'],
    ['123456789012345', '123456789012345'],
  ])('accepts %j as %j', (raw, stored) => {
    expect(normaliseMobile(raw)).toBe(stored);
  });

  test.each([
    ['030012345', 'nine digits'],
    ['1234567890123456', 'sixteen digits'],
    ['0300-123456x', 'a letter'],
    ['++923001234567', 'two plus signs'],
    ['0300--1234567', 'doubled dash'],
    ['-03001234567', 'leading dash'],
    ['0300123456\u0000', 'a control character'],
  ])('refuses %j (%s)', (raw) => {
    expect(normaliseMobile(raw)).toBeUndefined();
  });
});

describe('normaliseRegistrationId and normaliseShift', () => {
  test.each([
    ['REG-2024/001', 'REG-2024/001'],
    [' cs_19.7 ', 'cs_19.7'],
  ])('accepts registration id %j', (raw, stored) => {
    expect(normaliseRegistrationId(raw)).toBe(stored);
  });

  test.each([['-REG'], ['REG 1'], ['R'.repeat(51)], ['<script>']])('refuses registration id %j', (raw) => {
    expect(normaliseRegistrationId(raw)).toBeUndefined();
  });

  test.each([
    ['DAY', 'DAY'],
    ['night', 'NIGHT'],
    [' Day ', 'DAY'],
    ['EVENING', undefined],
    ['', undefined],
  ])('reads shift %j as %j', (raw, stored) => {
    expect(normaliseShift(raw)).toBe(stored);
  });
});

describe('checkMemberField', () => {
  test.each([
    ['cnic', '', { value: null }],
    ['cnic', '12345', { error: MEMBER_MESSAGES.cnic }],
    ['mobile_number', '0300 1234567', { value: '0300 1234567' }],
    ['mobile_number', 'call me', { error: MEMBER_MESSAGES.mobile }],
    ['registration_id', 'bad id', { error: MEMBER_MESSAGES.registrationId }],
    ['shift', 'evening', { error: '"evening" is not a valid choice.' }],
    ['shift', 'night', { value: 'NIGHT' }],
  ] as const)('checks %s %j', (field, raw, expected) => {
    expect(checkMemberField(field, raw)).toEqual(expected);
  });
});

describe('the member template', () => {
  test('has the 21 columns of the specification in order', () => {
    expect(MEMBER_CSV_COLUMNS).toHaveLength(21);
    expect(MEMBER_CSV_COLUMNS.slice(0, 5)).toEqual(MEMBER_CSV_REQUIRED);
    expect(MEMBER_CSV_COLUMNS.join(',')).toBe(
      'username,email,password,first_name,last_name,middle_name,father_first_name,father_last_name,class_name,section,mobile_number,cnic,department,session,registration_id,roll_no,shift,security_fee,home_address,emergency_contact,library_membership_id',
    );
  });
});
