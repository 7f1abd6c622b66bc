/**
 * A person's name in SQL, the same rule as `src/lib/person-name.ts` (`displayName`): first and
 * last name joined by a space, else the username. Reports read and search it in the query.
 */
import { sql, type RawBuilder } from 'kysely';

/** First and last name of the users row under `alias`, trimmed (empty when both are). */
export const fullNameSql = (alias: string): RawBuilder<string> =>
  sql<string>`trim(${sql.ref(`${alias}.first_name`)} || ' ' || ${sql.ref(`${alias}.last_name`)})`;

/** The users row's display name: first and last name, else the username. */
export const displayNameSql = (alias: string): RawBuilder<string> =>
  sql<string>`coalesce(nullif(${fullNameSql(alias)}, ''), ${sql.ref(`${alias}.username`)})`;
