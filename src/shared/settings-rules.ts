/**
 * The settings' choices and loan-rule bounds, one rule for the site's forms and the server's checks
 * (server/src/modules/settings/schemas.ts imports it, like password-rules.ts). Pure, no imports.
 */
export const DATE_FORMATS = ['DD/MM/YYYY', 'MM/DD/YYYY', 'YYYY-MM-DD'] as const;
export const TIME_FORMATS = ['12hr', '24hr'] as const;
export const THEMES = ['dark', 'light'] as const;

export const LOAN_RULE_LIMITS = {
  max_books_per_member: { min: 1, max: 1000 },
  max_issue_duration: { min: 1, max: 3650 },
  fine_per_day: { max: 9_999_999 },
} as const;
