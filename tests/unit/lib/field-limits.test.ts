/**
 * Every form's limits, probed on both sides: values at and just past each bound go through the
 * site's validator and through the server's own reader of that form (its schemas module), and
 * both must take or refuse each value alike. The bounds probed come from the one home of each
 * rule, so a side that stops reading it (or a home that moves) fails here.
 */
import { describe, expect, test } from 'vitest';
import { ACCOUNT_TEXT_LIMITS, AMOUNT_MAX_WHOLE, GENERAL_SETTINGS_LIMITS, PLAN_LIMITS, REFERENCE_NAME_MAX, SCHEDULE_LIMITS } from '#shared/field-limits';
import { BOOK_TEXT_LIMITS, MAX_PRICE, MAX_TOTAL_COPIES } from '#shared/book-limits';
import { LOAN_RULE_LIMITS } from '#shared/settings-rules';
import { MEMBER_TEXT_LIMITS } from '#shared/member-rules';
import { NOTICE_DEFINITIONS, NOTICE_TYPES, TEMPLATE_LIMITS } from '#shared/notice-templates';
import { settingsToValues, validateGeneralSettings } from '../../../src/lib/general-settings';
import { validateLoanRules, validateReferenceName } from '../../../src/lib/book-settings';
import { NEW_PLAN, validatePlan } from '../../../src/lib/membership-plans';
import { notificationSettingsToValues, templateProblem, validateNotificationSettings } from '../../../src/lib/notification-settings';
import { emptyBookValues, validateBookForm, type BookFormValues } from '../../../src/lib/book-form';
import { emptyMemberForm, validateMemberForm } from '../../../src/lib/member-form';
import { ValidationError } from '../../../server/src/errors';
import { parseBookSettings, parseSettingsForm } from '../../../server/src/modules/settings/schemas';
import { parsePlanForm, parseMemberRegistration } from '../../../server/src/modules/members/schemas';
import { parseNoticeSettings } from '../../../server/src/modules/notices/schemas';
import { parseNamedForm } from '../../../server/src/modules/reference/schemas';
import { CATEGORIES, DEPARTMENTS, LANGUAGES, SESSIONS } from '../../../server/src/modules/reference/service';
import { parseBookUpdateForm } from '../../../server/src/modules/books/schemas';

type Refuses = (value: string) => boolean;
interface Probe {
  field: string;
  values: string[];
  site: Refuses;
  server: Refuses;
}

const long = (n: number): string => 'a'.repeat(n);
const textAt = (max: number): string[] => [long(max), long(max + 1)];
const rangeAt = ({ min, max }: { min: number; max: number }): string[] => [min - 1, min, max, max + 1].map(String);
const amountAt = (maxWhole: number): string[] => [`${maxWhole}`, `${maxWhole}.01`, `${maxWhole + 1}`];
/** An e-mail address of exactly `length` characters (labels of at most 60 characters). */
const emailOf = (length: number): string => {
  let domain = '';
  const body = length - 'a@'.length - '.com'.length;
  while (domain.length < body) domain += domain.length === 0 ? 'b' : (domain.length + 1) % 61 === 0 ? '.' : 'b';
  return `a@${domain}.com`;
};

const media = {
  check: (): never => {
    throw new Error('these probes send no file');
  },
};
const form = (fields: Record<string, unknown>) => ({ fields, files: {} });
/** The server reader refuses `field` (a thrown ValidationError naming it). */
const thrownFor = (field: string, read: () => unknown): boolean => {
  try {
    read();
    return false;
  } catch (error) {
    if (error instanceof ValidationError) return field in error.fields;
    throw error;
  }
};

const generalValues = settingsToValues({ library_name: 'City Library', fine_per_day: '10.00', timezone: 'UTC' });
const general = (field: keyof typeof generalValues, values: string[]): Probe => ({
  field,
  values,
  site: (v) => validateGeneralSettings({ ...generalValues, [field]: v })[field] !== undefined,
  server: (v) => thrownFor(field, () => parseSettingsForm(form({ [field]: v }), media)),
});

const loanRules = { max_books_per_member: '3', max_issue_duration: '14', fine_per_day: '10' };
const loanRule = (field: keyof typeof loanRules, values: string[]): Probe => ({
  field,
  values,
  site: (v) => validateLoanRules({ ...loanRules, [field]: v })[field] !== undefined,
  server: (v) => thrownFor(field, () => parseBookSettings({ ...loanRules, [field]: v })),
});

const planValues = { ...NEW_PLAN, name: 'Student', loan_limit: '3', loan_period_days: '14', fine_per_day: '2.5', fee: '1250', validity_months: '6' };
const plan = (field: keyof typeof planValues, values: string[]): Probe => ({
  field,
  values,
  site: (v) => validatePlan({ ...planValues, [field]: v }, [])[field] !== undefined,
  server: (v) => thrownFor(field, () => parsePlanForm(form({ [field]: v }), false)),
});

const scheduleValues = notificationSettingsToValues({
  due_soon_days: 2,
  overdue_every_days: 3,
  overdue_max_times: 3,
  hold_pickup_days: 3,
  jobs_run_at: '08:00',
  notices: NOTICE_TYPES.map((type) => {
    const { subject, body } = NOTICE_DEFINITIONS[type];
    return { type, enabled: true, subject, body, default_subject: subject, default_body: body };
  }),
});
const schedule = (field: keyof typeof SCHEDULE_LIMITS): Probe => ({
  field,
  values: rangeAt(SCHEDULE_LIMITS[field]),
  site: (v) => validateNotificationSettings({ ...scheduleValues, [field]: v })[field] !== undefined,
  server: (v) => thrownFor(field, () => parseNoticeSettings({ [field]: Number(v) })),
});
const template = (part: 'subject' | 'body'): Probe => ({
  field: `notices.due_soon.${part}`,
  values: textAt(TEMPLATE_LIMITS[part]),
  site: (v) => templateProblem(v, part) !== undefined,
  server: (v) => thrownFor(`notices.due_soon.${part}`, () => parseNoticeSettings({ notices: [{ type: 'due_soon', [part]: v }] })),
});

const SERVER_KINDS = { category: CATEGORIES, language: LANGUAGES, department: DEPARTMENTS, session: SESSIONS } as const;
const referenceName = (kind: keyof typeof REFERENCE_NAME_MAX): Probe => {
  const served = SERVER_KINDS[kind];
  return {
    field: `${kind} ${served.column}`,
    values: textAt(REFERENCE_NAME_MAX[kind]),
    site: (v) => validateReferenceName(v, [], undefined, REFERENCE_NAME_MAX[kind]) !== undefined,
    server: (v) => thrownFor(served.column, () => parseNamedForm(form({ [served.column]: v }), { withImage: false, creating: false, media, field: served.column, max: served.max })),
  };
};

const bookValues: BookFormValues = { ...emptyBookValues(), title: 'Dune', author: 'Frank Herbert', isbn: '0-441-17271-7', department: '2', publisher: 'Chilton', total_copies: '3', category: '5', rack_no: 'R-12', language: '1' };
const book = (field: keyof BookFormValues, values: string[]): Probe => ({
  field,
  values,
  site: (v) =>
    field === 'reason'
      ? validateBookForm({ ...bookValues, status: 'LOST', reason: v }, 'edit', 'ACTIVE')[field] !== undefined
      : validateBookForm({ ...bookValues, [field]: v }, 'add')[field] !== undefined,
  server: (v) => parseBookUpdateForm(form({ [field]: v }), media).errors.has(field),
});

const memberValues = { ...emptyMemberForm('1'), username: 'sara.ali', email: 'sara.ali@example.com', first_name: 'Sara', last_name: 'Ali' };
const member = (field: keyof typeof memberValues, values: string[]): Probe => ({
  field,
  values,
  site: (v) => validateMemberForm({ ...memberValues, [field]: v })[field] !== undefined,
  server: (v) => parseMemberRegistration(form({ ...memberValues, [field]: v }), media).errors.has(field),
});

const FORMS: Record<string, Probe[]> = {
  'General Settings form': [
    general('library_name', textAt(GENERAL_SETTINGS_LIMITS.library_name)),
    general('low_stock_threshold', rangeAt(GENERAL_SETTINGS_LIMITS.low_stock_threshold)),
    general('max_books_per_member', rangeAt(LOAN_RULE_LIMITS.max_books_per_member)),
    general('max_issue_duration', rangeAt(LOAN_RULE_LIMITS.max_issue_duration)),
    general('fine_per_day', amountAt(LOAN_RULE_LIMITS.fine_per_day.max)),
  ],
  'Loan Rules form': [
    loanRule('max_books_per_member', rangeAt(LOAN_RULE_LIMITS.max_books_per_member)),
    loanRule('max_issue_duration', rangeAt(LOAN_RULE_LIMITS.max_issue_duration)),
    loanRule('fine_per_day', amountAt(LOAN_RULE_LIMITS.fine_per_day.max)),
  ],
  'membership plan form': [
    plan('name', textAt(PLAN_LIMITS.nameMax)),
    plan('loan_limit', rangeAt(PLAN_LIMITS.loanLimit)),
    plan('loan_period_days', rangeAt(PLAN_LIMITS.loanPeriodDays)),
    plan('fine_per_day', amountAt(PLAN_LIMITS.finePerDayMax)),
    plan('fee', amountAt(PLAN_LIMITS.feeMax)),
    plan('validity_months', rangeAt(PLAN_LIMITS.validityMonths)),
  ],
  'Notification Settings form': [schedule('due_soon_days'), schedule('overdue_every_days'), schedule('overdue_max_times'), schedule('hold_pickup_days'), template('subject'), template('body')],
  'reference name forms': [referenceName('category'), referenceName('language'), referenceName('department'), referenceName('session')],
  'book form': [
    ...(['title', 'author', 'publisher', 'rack_no', 'edition', 'shelf_location', 'detailed_description'] as const).map((field) =>
      book(field, textAt(BOOK_TEXT_LIMITS[field])),
    ),
    book('reason', textAt(BOOK_TEXT_LIMITS.status_reason)),
    book('total_copies', rangeAt({ min: 1, max: MAX_TOTAL_COPIES })),
    book('price', amountAt(MAX_PRICE)),
  ],
  'Add Member form': [
    member('username', textAt(ACCOUNT_TEXT_LIMITS.username)),
    member('email', [emailOf(ACCOUNT_TEXT_LIMITS.email), emailOf(ACCOUNT_TEXT_LIMITS.email + 1)]),
    member('first_name', textAt(ACCOUNT_TEXT_LIMITS.first_name)),
    member('last_name', textAt(ACCOUNT_TEXT_LIMITS.last_name)),
    ...(['middle_name', 'father_first_name', 'father_last_name', 'class_name', 'section', 'roll_no', 'home_address', 'library_membership_id'] as const).map((field) =>
      member(field, textAt(MEMBER_TEXT_LIMITS[field])),
    ),
    member('security_fee', amountAt(AMOUNT_MAX_WHOLE)),
  ],
};

const shown = (value: string): string => (value.length > 24 ? `${value.length} characters` : JSON.stringify(value));

describe.each(Object.entries(FORMS))('the %s and the server take the same values', (_name, probes) => {
  test.each(probes.map((probe) => [probe.field, probe] as const))('%s', (_field, probe) => {
    const verdict = (refuses: Refuses) => probe.values.map((value) => `${shown(value)}: ${refuses(value) ? 'refused' : 'taken'}`);
    expect(verdict(probe.site)).toEqual(verdict(probe.server));
  });
});

test('each form probes at least one value taken and one refused, so the comparison means something', () => {
  for (const probes of Object.values(FORMS)) {
    for (const probe of probes) {
      const outcomes = new Set(probe.values.map(probe.server));
      expect([probe.field, outcomes.size]).toEqual([probe.field, 2]);
    }
  }
});
