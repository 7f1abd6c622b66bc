/**
 * The one member picker (circulation, reservations, role assignment): the search picker
 * (`SearchPicker`) over members (`GET /members/search/` unless a search is handed in; role
 * assignment hands in the user search), naming each person "Ada Lovelace (ada)" with the member
 * number and e-mail beneath.
 */
import type { ReactNode } from 'react';
import { searchMembers } from '../../lib/api/members';
import type { CallName } from '../../lib/errors';
import { personDetail, personLabel, type PickablePerson } from '../../lib/member-picker';
import { SearchPicker } from '../search-picker/SearchPicker';

export interface MemberPickerProps {
  label: string;
  /** Called with each person chosen. */
  onPick: (person: PickablePerson | null) => void;
  /** Where to search; active members (`GET /members/search/`) unless given. */
  search?: (term: string) => Promise<PickablePerson[]>;
  /** Ids not to offer (e.g. users who already have the role). */
  exclude?: ReadonlySet<string>;
  /** 'members' or 'users', for the list's messages. */
  noun?: string;
  /** The failed search's error-message rule (a call of `CALL_ERRORS`). */
  errorCall?: CallName;
  placeholder?: string;
  helperText?: ReactNode;
  error?: string | undefined;
  disabled?: boolean;
  /** A person chosen outside the picker (a scanned member number); null clears. */
  picked?: PickablePerson | null | undefined;
  id?: string | undefined;
}

const searchMembersByTerm = (term: string): Promise<PickablePerson[]> => searchMembers(term);
const personKey = (person: PickablePerson): string => String(person.id);

export function MemberPicker({ search = searchMembersByTerm, noun = 'members', errorCall = 'member-search', placeholder = 'Name, number or e-mail', ...rest }: MemberPickerProps) {
  return <SearchPicker<PickablePerson> search={search} noun={noun} errorCall={errorCall} placeholder={placeholder} itemKey={personKey} itemLabel={personLabel} itemDetail={personDetail} {...rest} />;
}
