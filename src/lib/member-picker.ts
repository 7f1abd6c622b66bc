/**
 * How the member picker names people and when it searches: "Ada Lovelace (ada)" as the choice, a
 * second line with the member number, the e-mail and (for staff) the role, and a search only for
 * a term the server would answer (it answers a blank term with nothing).
 */

import { fullName } from '#shared/person-name';

/** What every picker shows of a person: a member from `GET /members/search/` or a user from `GET /users/`. */
export interface PickablePerson {
  id: string | number;
  username: string;
  first_name?: string | null | undefined;
  last_name?: string | null | undefined;
  email?: string | null | undefined;
  member_id?: string | null | undefined;
  role?: string | null | undefined;
}

// The debounce and the term rule are every picker's (src/lib/search-picker.ts); kept importable from here.
export { PICKER_DEBOUNCE_MS, searchTerm } from './search-picker';

/** "Ada Lovelace (ada)", or the username alone when the person has no name. */
export function personLabel(person: PickablePerson): string {
  const name = fullName([person.first_name, person.last_name]);
  return name ? `${name} (${person.username})` : person.username;
}

/** The second line: member number, e-mail and role, those the person has. */
export function personDetail(person: PickablePerson): string {
  return [person.member_id, person.email, person.role].filter(Boolean).join(' · ');
}
