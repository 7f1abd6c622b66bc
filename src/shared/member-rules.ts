/**
 * Member field rules shared by the site's member form, its CSV preview and the server (single
 * registration, bulk upload, profile updates): CNIC, mobile number, registration id, shift, and
 * the member template's 21 columns in the specification's order. Pure, with no imports, so the
 * server compiles this very file (server/tsconfig.json) and both sides decide with one code.
 */

/** The member CSV template's columns, in the specification's order. */
export const MEMBER_CSV_COLUMNS = [
  'username',
  'email',
  'password',
  'first_name',
  'last_name',
  'middle_name',
  'father_first_name',
  'father_last_name',
  'class_name',
  'section',
  'mobile_number',
  'cnic',
  'department',
  'session',
  'registration_id',
  'roll_no',
  'shift',
  'security_fee',
  'home_address',
  'emergency_contact',
  'library_membership_id',
] as const;

export type MemberCsvColumn = (typeof MEMBER_CSV_COLUMNS)[number];

/** Columns a bulk upload row must fill. */
export const MEMBER_CSV_REQUIRED: readonly MemberCsvColumn[] = ['username', 'email', 'password', 'first_name', 'last_name'];

/** The shifts a member studies in (the template's sample uses DAY and NIGHT). */
export const SHIFTS = ['DAY', 'NIGHT'] as const;
export type Shift = (typeof SHIFTS)[number];

/** Longest value of each free-text member field (characters). */
export const MEMBER_TEXT_LIMITS = {
  first_name: 150,
  last_name: 150,
  middle_name: 150,
  father_first_name: 150,
  father_last_name: 150,
  class_name: 100,
  section: 50,
  roll_no: 50,
  home_address: 500,
  emergency_contact: 100,
  library_membership_id: 50,
} as const;

export const MEMBER_MESSAGES = {
  cnic: 'Enter a valid CNIC: 13 digits, with or without dashes (12345-1234567-1).',
  mobile: 'Enter a valid mobile number: 10 to 15 digits, optionally starting with + (spaces and dashes allowed).',
  registrationId: 'Enter a valid registration id: up to 50 letters, digits and - / . _ characters.',
  shift: (value: string): string => `"${value}" is not a valid choice.`,
} as const;

/** A CNIC as stored (`12345-1234567-1`), or undefined when it is not 13 digits with or without its two dashes. */
export function normaliseCnic(raw: string): string | undefined {
  const value = raw.trim();
  const match = /^(\d{5})-?(\d{7})-?(\d)$/.exec(value);
  if (!match) return undefined;
  // Dashes are all or nothing: "12345-12345671" is a typing slip, not a format.
  const dashes = (value.match(/-/g) ?? []).length;
  if (dashes === 1) return undefined;
  return `${match[1]}-${match[2]}-${match[3]}`;
}

/** A mobile number as stored (trimmed, inner spaces collapsed), or undefined when invalid. */
export function normaliseMobile(raw: string): string | undefined {
  const value = raw.trim().replace(/\s+/g, ' ');
  if (!/^\+?\d[\d -]*\d$/.test(value) || /[ -]{2}/.test(value)) return undefined;
  const digits = value.replace(/\D/g, '').length;
  return digits >= 10 && digits <= 15 ? value : undefined;
}

/** A registration id as stored (trimmed), or undefined when invalid. */
export function normaliseRegistrationId(raw: string): string | undefined {
  const value = raw.trim();
  return /^[A-Za-z0-9][A-Za-z0-9/._-]{0,49}$/.test(value) ? value : undefined;
}

/** A shift in its stored letter case, or undefined when it is not one of SHIFTS. */
export function normaliseShift(raw: string): Shift | undefined {
  const value = raw.trim().toUpperCase();
  return (SHIFTS as readonly string[]).includes(value) ? (value as Shift) : undefined;
}

/** The rule of each validated member field: stored value, or undefined with the message to show. */
export const MEMBER_FIELD_RULES = {
  cnic: { normalise: normaliseCnic, message: () => MEMBER_MESSAGES.cnic },
  mobile_number: { normalise: normaliseMobile, message: () => MEMBER_MESSAGES.mobile },
  emergency_contact: { normalise: normaliseMobile, message: () => MEMBER_MESSAGES.mobile },
  registration_id: { normalise: normaliseRegistrationId, message: () => MEMBER_MESSAGES.registrationId },
  shift: { normalise: normaliseShift, message: (raw: string) => MEMBER_MESSAGES.shift(raw.trim()) },
} as const;

export type RuledMemberField = keyof typeof MEMBER_FIELD_RULES;

/**
 * Checks one ruled field: blank is allowed (null), otherwise the stored value or the message.
 */
export function checkMemberField(field: RuledMemberField, raw: string): { value: string | null } | { error: string } {
  if (raw.trim() === '') return { value: null };
  const rule = MEMBER_FIELD_RULES[field];
  const value = rule.normalise(raw);
  return value === undefined ? { error: rule.message(raw) } : { value };
}
