/**
 * A person's name as every screen and answer shows it: the name parts present (blank ones left
 * out) joined by one space; where a name must be shown, first and last name, else the username.
 * Pure and without imports, so the server compiles it too (the `full_name` of its answers, the
 * staff home's names); the same rule in SQL is `server/src/db/person-name.ts`.
 */

type NamePart = string | null | undefined;

/** The non-blank name parts joined by a space; empty when there are none. */
export const fullName = (parts: readonly NamePart[]): string =>
  parts.filter((part): part is string => part !== null && part !== undefined && part.trim() !== '').join(' ');

/** First and last name, else the username. */
export const displayName = (person: { first_name?: NamePart; last_name?: NamePart; username: string }): string =>
  fullName([person.first_name, person.last_name]) || person.username;
