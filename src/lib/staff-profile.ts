/**
 * The staff profile's details form: its values from the saved profile, and what a save sends.
 * A MANAGER also keeps a staff ID and contact number; the current password goes only with a change
 * of username or e-mail (`needsCurrentPassword`).
 */
import type { StaffProfile } from './schemas/profiles';

/** The details form's values. */
export interface StaffProfileValues {
  first_name: string;
  last_name: string;
  username: string;
  email: string;
  member_id: string;
  contact_number: string;
  current_password: string;
}
export type StaffProfileField = keyof StaffProfileValues;

/** Fields whose server errors show under them. */
export const STAFF_PROFILE_FIELDS: readonly (StaffProfileField | 'profile_photo')[] = [
  'first_name',
  'last_name',
  'username',
  'email',
  'member_id',
  'contact_number',
  'current_password',
  'profile_photo',
];

/** The form's values from the saved profile. */
export const staffProfileValues = (profile: StaffProfile): StaffProfileValues => ({
  first_name: profile.first_name ?? '',
  last_name: profile.last_name ?? '',
  username: profile.username,
  email: profile.email ?? '',
  member_id: profile.member_id ?? '',
  contact_number: profile.contact_number ?? '',
  current_password: '',
});

/** The text fields a save sends (the photo goes beside them). */
export function staffProfileFields(values: StaffProfileValues, { isManager, guarded }: { isManager: boolean; guarded: boolean }): Record<string, string> {
  return {
    first_name: values.first_name,
    last_name: values.last_name,
    username: values.username,
    email: values.email,
    ...(isManager ? { member_id: values.member_id, contact_number: values.contact_number } : {}),
    ...(guarded ? { current_password: values.current_password } : {}),
  };
}
