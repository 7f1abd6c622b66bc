/**
 * LIKE searches: a person's search term is matched literally, so its `%`, `_` and `\` are
 * escaped with `\`, and every LIKE names that escape character (`escape '\'`), which both SQLite
 * and PostgreSQL then honour the same way. Every list that searches builds its LIKE here.
 */
import { sql, type Expression, type RawBuilder } from 'kysely';

/** The term with LIKE's wildcards (`%`, `_`) and the escape character (`\`) taken literally. */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A pattern for values that contain the text anywhere. */
export const containsPattern = (text: string): string => `%${escapeLike(text)}%`;

/** A pattern for values that begin with the text. */
export const startsWithPattern = (text: string): string => `${escapeLike(text)}%`;

/** `expression like pattern escape '\'`: the pattern must come from `containsPattern` or `startsWithPattern`. */
export const like = (expression: Expression<unknown>, pattern: string): RawBuilder<boolean> =>
  sql<boolean>`${expression} like ${pattern} escape '\\'`;

/** `lower(expression)` contains the term, any case (the term is lower-cased here). */
export const containsAnyCase = (expression: Expression<unknown>, term: string): RawBuilder<boolean> =>
  like(sql`lower(${expression})`, containsPattern(term.toLowerCase()));

/** A case-insensitive substring match of the term on any of the expressions. */
export function matchesAny(term: string, expressions: readonly Expression<unknown>[]): RawBuilder<boolean> {
  const pattern = containsPattern(term.toLowerCase());
  return sql<boolean>`(${sql.join(
    expressions.map((e) => like(sql`lower(${e})`, pattern)),
    sql` or `,
  )})`;
}
