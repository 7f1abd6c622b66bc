import { describe, expect, test } from 'vitest';
import { FORM_MESSAGES } from '../../../src/lib/forms';
import { STAFF_INVITE_MESSAGES, emptyStaffInvite, staffInviteBody, staffRoleOptions, validateStaffInvite } from '../../../src/lib/staff-invite';

describe('inviting staff', () => {
  test('offers the staff roles by name, never SUPER USER or MEMBER', () => {
    const roles = [
      { id: 1, name: 'SUPER USER', built_in: true },
      { id: 2, name: 'MANAGER', built_in: true },
      { id: 3, name: 'MEMBER', built_in: true },
      { id: 7, name: 'Front Desk' },
      { id: 8, name: 'Cataloguer' },
    ];
    expect(staffRoleOptions(roles)).toEqual([
      { value: '8', label: 'Cataloguer' },
      { value: '7', label: 'Front Desk' },
      { value: '2', label: 'MANAGER' },
    ]);
  });

  test.each([
    ['an empty form', emptyStaffInvite(), { email: FORM_MESSAGES.emailRequired, role: STAFF_INVITE_MESSAGES.roleRequired }],
    ['an address without its domain', { email: 'sara@', role: '7' }, { email: FORM_MESSAGES.emailInvalid, role: undefined }],
    ['an address and a role', { email: ' sara@example.org ', role: '7' }, { email: undefined, role: undefined }],
  ])('checks %s', (_name, values, errors) => {
    expect(validateStaffInvite(values)).toEqual(errors);
  });

  test('sends the address trimmed and the role by id', () => {
    expect(staffInviteBody({ email: ' sara@example.org ', role: '7' })).toEqual({ email: 'sara@example.org', role: 7 });
  });
});
