import { describe, expect, test } from 'vitest';
import { staffProfileFields, staffProfileValues } from '../../../src/lib/staff-profile';
import type { StaffProfile } from '../../../src/lib/schemas/profiles';

const saved = { role: 'MANAGER', username: 'desk', email: 'desk@library.test', first_name: 'Sara', last_name: null, member_id: 'S-1', contact_number: null } as StaffProfile;

describe('the staff profile form', () => {
  test('starts from the saved profile with empty text for missing values and no password', () => {
    expect(staffProfileValues(saved)).toEqual({
      first_name: 'Sara',
      last_name: '',
      username: 'desk',
      email: 'desk@library.test',
      member_id: 'S-1',
      contact_number: '',
      current_password: '',
    });
  });

  const edited = { ...staffProfileValues(saved), first_name: 'Sarah', current_password: 'secret' };

  test('a SUPER USER sends his name, username and e-mail only', () => {
    expect(staffProfileFields(edited, { isManager: false, guarded: false })).toEqual({ first_name: 'Sarah', last_name: '', username: 'desk', email: 'desk@library.test' });
  });

  test('a MANAGER also sends his staff ID and contact number', () => {
    expect(staffProfileFields(edited, { isManager: true, guarded: false })).toMatchObject({ member_id: 'S-1', contact_number: '' });
  });

  test('the current password goes only with a change of username or e-mail', () => {
    expect(staffProfileFields(edited, { isManager: false, guarded: true })).toMatchObject({ current_password: 'secret' });
    expect(staffProfileFields(edited, { isManager: false, guarded: false })).not.toHaveProperty('current_password');
  });
});
