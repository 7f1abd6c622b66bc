/**
 * "Overdue" in SQL, the rule of `#shared/overdue` (`isOverdue`): a loan with no return whose due
 * date is before the library's today. Every query that filters or counts overdue loans builds the
 * condition here. Dates are stored as `YYYY-MM-DD` text, so the comparison is the calendar's.
 */
import { sql, type RawBuilder } from 'kysely';

/** A column of the loans table, qualified by its alias in the query when it has one. */
const loanColumn = (alias: string | undefined, column: 'due_date' | 'returned_at') => sql.ref(alias ? `${alias}.${column}` : column);

/** `returned_at is null and due_date < today` on the loans `alias` (the bare table without one). */
export const overdueSql = (today: string, alias?: string): RawBuilder<boolean> =>
  sql<boolean>`(${loanColumn(alias, 'returned_at')} is null and ${loanColumn(alias, 'due_date')} < ${today})`;

/** How many of the rows are overdue loans: 0, not null, when there are none. */
export const overdueCountSql = (today: string, alias?: string): RawBuilder<number | string> =>
  sql<number | string>`coalesce(sum(case when ${overdueSql(today, alias)} then 1 else 0 end), 0)`;
