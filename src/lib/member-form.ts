/**
 * The Add Member form (`members/add/form`; `POST /auth/Single-Member-Register/`): every field of
 * the member template (its 21 columns), the plan and the photo; the checks
 * run before anything is sent; and the multipart body. Pure, so the rules are unit-tested.
 *
 * - Required: username (no spaces), e-mail, first and last name. The password is optional: without
 *   one the member chooses it through the mailed link; when given it must be long enough.
 * - CNIC, mobile numbers, registration id and shift by member-rules (the server's own rules);
 *   the security fee an amount of 0 or more with at most 2 decimals.
 * - Department, session and plan are ids; blank fields are not sent (the server then leaves the
 *   profile field empty and puts the member on the default plan).
 */
import { FORM_MESSAGES, buildFormData, checkEmail, checkUsername, tooLongMessage, withControlCharacterErrors, type FieldErrors, type FileChange, type FormValue } from './forms';
import { MEMBER_CSV_COLUMNS, MEMBER_FIELD_RULES, MEMBER_TEXT_LIMITS, checkMemberField, type MemberCsvColumn } from '#shared/member-rules';
import { ACCOUNT_TEXT_LIMITS, AMOUNT_MAX_WHOLE } from '#shared/field-limits';
import { MIN_PASSWORD_LENGTH } from '#shared/password-rules';
import { amountProblem } from '#shared/money';
import { BOUND_MESSAGES } from '#shared/numbers';

/** The form's fields: the template's 21 columns and the plan. */
export const MEMBER_FORM_FIELDS = [...MEMBER_CSV_COLUMNS, 'plan'] as const;
export type MemberFormField = MemberCsvColumn | 'plan';
export type MemberFormValues = Record<MemberFormField, string>;
/** Fields whose server errors show under them (the photo too). */
export type MemberFormErrorField = MemberFormField | 'profile_photo';
export const MEMBER_FORM_ERROR_FIELDS: readonly MemberFormErrorField[] = [...MEMBER_FORM_FIELDS, 'profile_photo'];

/** A blank form; `plan` is the default plan's id when known. */
export function emptyMemberForm(plan = ''): MemberFormValues {
  const values = Object.fromEntries(MEMBER_FORM_FIELDS.map((field) => [field, ''])) as MemberFormValues;
  return { ...values, plan };
}

const RULED = Object.keys(MEMBER_FIELD_RULES) as (keyof typeof MEMBER_FIELD_RULES)[];

/** The longest value of each text field, as the server stores it (a ruled field's own check comes first). */
const TEXT_LIMITS = Object.entries({ ...MEMBER_TEXT_LIMITS, ...ACCOUNT_TEXT_LIMITS }) as [MemberCsvColumn, number][];

/** The security fee's ceiling, in the server's words. */
const FEE_MAX_MESSAGE = BOUND_MESSAGES.atMost(AMOUNT_MAX_WHOLE);

/** Errors of the form by field; empty when it may be sent. */
export function validateMemberForm(values: MemberFormValues): FieldErrors<MemberFormErrorField> {
  const errors: FieldErrors<MemberFormErrorField> = {
    username: checkUsername(values.username),
    email: checkEmail(values.email),
    first_name: values.first_name.trim() ? undefined : FORM_MESSAGES.memberFirstNameRequired,
    last_name: values.last_name.trim() ? undefined : FORM_MESSAGES.memberLastNameRequired,
  };
  if (values.password && values.password.length < MIN_PASSWORD_LENGTH) errors.password = FORM_MESSAGES.passwordTooShort;
  for (const field of RULED) {
    const checked = checkMemberField(field, values[field]);
    if ('error' in checked) errors[field] = checked.error;
  }
  for (const [field, limit] of TEXT_LIMITS) {
    if (!errors[field] && values[field].trim().length > limit) errors[field] = tooLongMessage(limit);
  }
  const fee = values.security_fee.trim();
  const feeProblem = fee ? amountProblem(fee) : null;
  if (feeProblem) errors.security_fee = feeProblem;
  else if (fee && Number(fee) > AMOUNT_MAX_WHOLE) errors.security_fee = FEE_MAX_MESSAGE;
  return withControlCharacterErrors(errors, values, ['home_address']);
}

/** The multipart body: filled fields only (the password as typed, not trimmed), and the photo when one was chosen. */
export function memberRegistrationBody(values: MemberFormValues, photo: FileChange): FormData {
  const fields: Record<string, FormValue> = {};
  for (const field of MEMBER_FORM_FIELDS) {
    if (field === 'password') continue;
    fields[field] = values[field].trim() ? values[field] : undefined;
  }
  const body = buildFormData(fields, photo.kind === 'replace' ? { profile_photo: photo } : {});
  if (values.password) body.append('password', values.password);
  return body;
}
