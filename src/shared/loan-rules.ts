/**
 * The loan rules that apply to a member: each rule his membership plan sets (loan limit, loan
 * period, fine per day), and the book settings' for each rule the plan leaves empty, field by
 * field. The server's SQL form (for lists that read many members in one query) is
 * `server/src/db/loan-rules.ts`, held to the same answers by a table test.
 */

/** The rules circulation applies to one member. */
export interface LoanRules {
  /** Books a member may have out at once. */
  loanLimit: number;
  /** Days from issue to due date. */
  loanPeriodDays: number;
  /** Minor units per late day. */
  finePerDay: number;
}

/** A plan's rules; null where the plan follows the book settings. */
export interface PlanRules {
  loan_limit: number | null;
  loan_period_days: number | null;
  fine_per_day: number | null;
}

/** The book settings' rules (`library_settings`). */
export interface BookSettingsRules {
  max_books_per_member: number;
  max_issue_duration: number;
  fine_per_day: number;
}

/** One rule: the plan's value where it sets one, else the book settings'. */
export const planRuleOr = (planValue: number | null | undefined, setting: number): number => planValue ?? setting;

/** The rules that apply to a member on `plan` (none: the book settings' alone). */
export function loanRulesOf(plan: PlanRules | null | undefined, settings: BookSettingsRules): LoanRules {
  return {
    loanLimit: planRuleOr(plan?.loan_limit, settings.max_books_per_member),
    loanPeriodDays: planRuleOr(plan?.loan_period_days, settings.max_issue_duration),
    finePerDay: planRuleOr(plan?.fine_per_day, settings.fine_per_day),
  };
}
