/**
 * Request bodies of the users module: invitations (superstruct, parsed with parseBody) and the
 * profile updates (multipart or JSON, read field by field with the field structs). A profile form is returned with
 * its field errors so far: the service adds the ones that need the database and throws them all.
 */
import { optional, type } from 'superstruct';
import { FieldErrorList } from '../../errors.js';
import type { FormBody } from '../../http/multipart.js';
import { blankableText, emailAddress, readFields, rowId, secret } from '../../http/validation.js';
import { formFlag, formId, formMoney, formOptionalText, formSecret, formText, required } from '../../http/fields.js';
import type { FileType } from '#shared/upload-rules';
import type { MediaStore } from '../../storage/service.js';
import { accountFields, username } from './fields.js';
import { checkMemberField, MEMBER_FIELD_RULES, MEMBER_TEXT_LIMITS, type RuledMemberField } from '#shared/member-rules';
import { ACCOUNT_TEXT_LIMITS as ACCOUNT } from '#shared/field-limits';

/** An invitation: the address, and for staff the role it gives (a role id). */
export const InvitationBody = type({ email: emailAddress(), role: optional(rowId()) });
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

/** Member profile columns a form may set: the free texts, the ruled fields, references and the fee. */
export interface MemberDetails {
  /** Profile columns that were sent (blank → null), already checked and normalised. */
  profile: Partial<Record<MemberProfileColumn, string | null>>;
  department?: number | null | undefined;
  session?: number | null | undefined;
  plan?: number | null | undefined;
  /** Minor units. */
  security_fee?: number | undefined;
}

type FreeText = Exclude<keyof typeof MEMBER_TEXT_LIMITS, 'first_name' | 'last_name' | 'emergency_contact'>;
export type MemberProfileColumn = FreeText | RuledMemberField;

const FREE_TEXTS = (Object.keys(MEMBER_TEXT_LIMITS) as (keyof typeof MEMBER_TEXT_LIMITS)[]).filter(
  (k): k is FreeText => k !== 'first_name' && k !== 'last_name' && k !== 'emergency_contact',
);
const RULED = Object.keys(MEMBER_FIELD_RULES) as RuledMemberField[];
/** The free texts that may hold several lines. */
const MULTI_LINE_TEXTS: ReadonlySet<FreeText> = new Set<FreeText>(['home_address']);

/**
 * Reads the member profile fields of a form or a CSV row with the shared member rules
 * (src/lib/member-rules.ts): free texts by length, CNIC, mobile numbers, registration id and
 * shift by rule, department, session and plan as ids, the security fee as money.
 */
export function readMemberDetails(fields: Record<string, unknown>, errors: FieldErrorList, { references = true }: { references?: boolean } = {}): MemberDetails {
  const texts = Object.fromEntries(FREE_TEXTS.map((field) => [field, formOptionalText(MEMBER_TEXT_LIMITS[field], MULTI_LINE_TEXTS.has(field) ? 'multi' : 'single')]));
  const profile: MemberDetails['profile'] = {};
  for (const [field, value] of Object.entries(readFields(texts, fields, errors).values)) if (value !== undefined) profile[field as FreeText] = value;
  const ruled = readFields(Object.fromEntries(RULED.map((field) => [field, formText({ min: 0, max: 100 })])), fields, errors).values;
  for (const field of RULED) {
    const raw = ruled[field];
    if (raw === undefined) continue;
    const checked = checkMemberField(field, raw);
    if ('error' in checked) errors.add(field, checked.error);
    else profile[field] = checked.value;
  }
  const fee = fields['security_fee'];
  // A blank fee (a CSV cell left empty) is no fee given.
  const security_fee = typeof fee === 'string' && fee.trim() === '' ? undefined : readFields({ security_fee: formMoney() }, fields, errors).values.security_fee;
  const details: MemberDetails = { profile, security_fee };
  if (references) Object.assign(details, readFields({ department: formId(), session: formId(), plan: formId() }, fields, errors).values);
  return details;
}

export interface MemberProfileForm extends AccountForm, PhotoForm {
  /** The member's own profile fields that were sent (blank → null). */
  texts: MemberDetails['profile'];
  department?: number | null | undefined;
  session?: number | null | undefined;
}

/** The account fields of a profile update. */
const ACCOUNT_FORM = {
  email: formText({ max: ACCOUNT.email }),
  first_name: formText({ min: 0, max: ACCOUNT.first_name }),
  last_name: formText({ min: 0, max: ACCOUNT.last_name }),
  old_password: formSecret(),
  new_password: formSecret(),
  confirm_password: formSecret(),
  current_password: formSecret(),
};

/** Reads `profile_photo` checked by type and size, or `profile_photo_clear`. */
export function readPhoto(errors: FieldErrorList, form: FormBody, media: Pick<MediaStore, 'check'>): PhotoForm {
  const file = form.files['profile_photo'];
  if (!file) return { clearPhoto: readFields({ profile_photo_clear: formFlag() }, form.fields, errors).values.profile_photo_clear ?? false };
  const checked = media.check('profiles', file.buffer, file.truncated);
  if ('error' in checked) {
    errors.add('profile_photo', checked.error);
    return { clearPhoto: false };
  }
  return { photo: { buffer: file.buffer, type: checked.type }, clearPhoto: false };
}

/** A staff user's own profile update (the route drops member_id and contact_number unless MANAGER). */
export function parseStaffProfileForm(form: FormBody, media: Pick<MediaStore, 'check'>): ParsedForm<StaffProfileForm> {
  const shape = { username: formText({ max: ACCOUNT.username }), ...ACCOUNT_FORM, member_id: formOptionalText(50), contact_number: formOptionalText(50) };
  const { values, errors } = readFields(shape, form.fields);
  const input: StaffProfileForm = { ...values, ...readPhoto(errors, form, media) };
  return { input, errors };
}

/** A member's own profile update. */
export function parseMemberProfileForm(form: FormBody, media: Pick<MediaStore, 'check'>): ParsedForm<MemberProfileForm> {
  const { values: account, errors } = readFields(ACCOUNT_FORM, form.fields);
  // A member edits his own personal fields; the registration id, membership id, plan and fee are the library's.
  const { profile } = readMemberDetails(form.fields, errors, { references: false });
  delete profile.registration_id;
  delete profile.library_membership_id;
  const { values: references } = readFields({ department: formId(), session: formId() }, form.fields, errors);
  const input: MemberProfileForm = { ...account, texts: profile, ...references, ...readPhoto(errors, form, media) };
  return { input, errors };
}

/** Staff editing a member's profile: whose (`user_id`), the names, the profile details and the photo. */
export interface StaffMemberEditForm extends MemberDetails, PhotoForm {
  userId?: number | null | undefined;
  first_name?: string | undefined;
  last_name?: string | undefined;
}

/** Reads `PATCH users/profile/update/`; field errors are returned for the service to add to. */
export function parseStaffMemberEdit(form: FormBody, media: Pick<MediaStore, 'check'>): ParsedForm<StaffMemberEditForm> {
  const shape = { user_id: required(formId()), first_name: formText({ max: ACCOUNT.first_name }), last_name: formText({ max: ACCOUNT.last_name }) };
  const { values: { user_id, ...names }, errors } = readFields(shape, form.fields);
  const input: StaffMemberEditForm = { userId: user_id, ...names, ...readMemberDetails(form.fields, errors), ...readPhoto(errors, form, media) };
  return { input, errors };
}

/** `POST /auth/register/manager/`: a staff account made by an administrator. */
export const ManagerBody = type({
  username: username(),
  email: emailAddress(),
  password: secret(),
  password2: secret(),
  first_name: optional(blankableText(150)),
  last_name: optional(blankableText(150)),
  member_id: optional(blankableText(50)),
  contact_number: optional(blankableText(50)),
});
