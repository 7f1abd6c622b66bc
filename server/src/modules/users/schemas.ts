/**
 * Request bodies of the users module: invitations (superstruct, parsed with parseBody) and the
 * profile updates (multipart or JSON, read with the form readers). A profile form is returned with
 * its field errors so far: the service adds the ones that need the database and throws them all.
 */
import { type } from 'superstruct';
import type { FieldErrorList } from '../../errors.js';
import { FormReader } from '../../http/form.js';
import type { FormBody } from '../../http/multipart.js';
import { emailAddress } from '../../http/validation.js';
import type { FileType, MediaStore } from '../../storage/service.js';
import { accountFields } from './fields.js';

export const InvitationBody = type({ email: emailAddress() });
export const InvitationAcceptanceBody = type(accountFields());

/** A parsed form and the field errors found while reading it (not yet thrown). */
export interface ParsedForm<T> {
  input: T;
  errors: FieldErrorList;
}

/** The account part of a profile update (each field absent when not sent). */
export interface AccountForm {
  username?: string | undefined;
  email?: string | undefined;
  first_name?: string | undefined;
  last_name?: string | undefined;
  old_password?: string | undefined;
  new_password?: string | undefined;
  confirm_password?: string | undefined;
  current_password?: string | undefined;
}

export interface PhotoForm {
  /** A new photo, checked by type and size. */
  photo?: { buffer: Buffer; type: FileType } | undefined;
  /** `profile_photo_clear` without a new photo. */
  clearPhoto: boolean;
}

export interface StaffProfileForm extends AccountForm, PhotoForm {
  member_id?: string | null | undefined;
  contact_number?: string | null | undefined;
}

export const MEMBER_TEXT_FIELDS = [
  ['middle_name', 150],
  ['father_first_name', 150],
  ['father_last_name', 150],
  ['class_name', 100],
  ['section', 50],
  ['mobile_number', 30],
  ['cnic', 30],
  ['roll_no', 50],
  ['shift', 50],
  ['home_address', 500],
  ['emergency_contact', 100],
] as const;

export interface MemberProfileForm extends AccountForm, PhotoForm {
  /** The member's own text fields that were sent (blank → null). */
  texts: Record<string, string | null>;
  department?: number | null | undefined;
  session?: number | null | undefined;
}

function readAccount(f: FormReader, withUsername: boolean): AccountForm {
  return {
    username: withUsername ? f.text('username', { max: 150 }) : undefined,
    email: f.text('email', { max: 254 }),
    first_name: f.text('first_name', { min: 0, max: 150 }),
    last_name: f.text('last_name', { min: 0, max: 150 }),
    old_password: f.secret('old_password'),
    new_password: f.secret('new_password'),
    confirm_password: f.secret('confirm_password'),
    current_password: f.secret('current_password'),
  };
}

function readPhoto(f: FormReader, form: FormBody, media: Pick<MediaStore, 'check'>): PhotoForm {
  const file = form.files['profile_photo'];
  if (!file) return { clearPhoto: f.flag('profile_photo_clear') };
  const checked = media.check('profiles', file.buffer, file.truncated);
  if ('error' in checked) {
    f.errors.add('profile_photo', checked.error);
    return { clearPhoto: false };
  }
  return { photo: { buffer: file.buffer, type: checked.type }, clearPhoto: false };
}

/** A staff user's own profile update (the route drops member_id and contact_number unless MANAGER). */
export function parseStaffProfileForm(form: FormBody, media: Pick<MediaStore, 'check'>): ParsedForm<StaffProfileForm> {
  const f = new FormReader(form.fields);
  const account = readAccount(f, true);
  const input: StaffProfileForm = { ...account, member_id: f.optionalText('member_id', 50), contact_number: f.optionalText('contact_number', 50), ...readPhoto(f, form, media) };
  return { input, errors: f.errors };
}

/** A member's own profile update. */
export function parseMemberProfileForm(form: FormBody, media: Pick<MediaStore, 'check'>): ParsedForm<MemberProfileForm> {
  const f = new FormReader(form.fields);
  const account = readAccount(f, false);
  const texts: Record<string, string | null> = {};
  for (const [field, max] of MEMBER_TEXT_FIELDS) {
    const value = f.optionalText(field, max);
    if (value !== undefined) texts[field] = value;
  }
  const input: MemberProfileForm = { ...account, texts, department: f.id('department'), session: f.id('session'), ...readPhoto(f, form, media) };
  return { input, errors: f.errors };
}
