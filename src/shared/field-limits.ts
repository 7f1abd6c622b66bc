/**
 * The bounds of the fields that the site's forms check before sending and the server checks
 * again: General Settings, membership plans, the notification schedule, reference names and
 * the account fields of every user form. One home, so the two sides cannot drift; the server
 * compiles this file too (server/tsconfig.json). The stored column sizes decide (the original
 * backend's `library_name` is char 255). Pure, no imports. Book fields live in `book-limits.ts`,
 * member profile texts in `member-rules.ts`, loan rules in `settings-rules.ts`.
 */

/** Account fields of the users table (characters). */
export const ACCOUNT_TEXT_LIMITS = {
  username: 150,
  email: 254,
  first_name: 150,
  last_name: 150,
} as const;

/** General Settings fields other than the loan rules (texts in characters, numbers inclusive). */
export const GENERAL_SETTINGS_LIMITS = {
  library_name: 255,
  timezone: 64,
  rack_number_format: 50,
  member_id_format: 50,
  /** A title is low on stock with at most this many copies on the shelf. */
  low_stock_threshold: { min: 1, max: 1_000_000 },
} as const;

/** Largest whole part of an amount when a field names no lower cap (fees, security fee). */
export const AMOUNT_MAX_WHOLE = 9_999_999;

/** A membership plan's bounds; blank loan rules fall back to the book settings. */
export const PLAN_LIMITS = {
  nameMax: 100,
  loanLimit: { min: 1, max: 1000 },
  loanPeriodDays: { min: 1, max: 3650 },
  /** Whole units of the library's currency. */
  finePerDayMax: 100_000,
  feeMax: AMOUNT_MAX_WHOLE,
  validityMonths: { min: 1, max: 120 },
} as const;

/** The notification schedule's numbers (inclusive ranges). */
export const SCHEDULE_LIMITS = {
  due_soon_days: { min: 1, max: 30 },
  overdue_every_days: { min: 1, max: 30 },
  overdue_max_times: { min: 0, max: 20 },
  hold_pickup_days: { min: 1, max: 30 },
} as const;

/** Days before a membership expires that its notice goes (notification settings' `membership_notice_days`). */
export const MEMBERSHIP_NOTICE_LIMITS = { min: 1, max: 90 } as const;

/** The longest name of each reference list (a session is a range such as "2024-2028"). */
export const REFERENCE_NAME_MAX = { category: 100, language: 100, department: 100, session: 20 } as const;
