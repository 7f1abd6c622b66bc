/**
 * The one member picker (circulation, reservations, role assignment): a labelled search box whose
 * typing searches members (`GET /members/search/` unless a search is handed in; role assignment
 * hands in the user search) and offers them in an Ark combobox (`MemberPickerView`). The combobox
 * code is not part of the page: a plain input with the same look stands in until it has loaded
 * (browser idle, or the pointer or focus reaching the box), and what was typed is kept.
 */
import { useRef, useState, type ReactNode } from 'react';
import { css, cx } from 'styled-system/css';
import { input } from 'styled-system/recipes';
import { searchMembers } from '../../lib/api/members';
import type { CallName } from '../../lib/errors';
import type { PickablePerson } from '../../lib/member-picker';
import { FieldShell } from '../ui/FieldShell';
import { lazyPart, useLazyPart } from '../ui/lazy-part';

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
  /** The failed search's section 8 rule. */
  errorCall?: CallName;
  placeholder?: string;
  helperText?: ReactNode;
  error?: string | undefined;
  disabled?: boolean;
}

const view = lazyPart(() => import('./MemberPickerView'));
const searchMembersByTerm = (term: string): Promise<PickablePerson[]> => searchMembers(term);
const standIn = css({ pr: '11' });
const ignore = () => undefined;

export function MemberPicker({
  label,
  onPick,
  search = searchMembersByTerm,
  exclude,
  noun = 'members',
  errorCall = 'member-search',
  placeholder = 'Name, number or e-mail',
  helperText,
  error,
  disabled,
}: MemberPickerProps) {
  const loaded = useLazyPart(view);
  const [text, setText] = useState('');
  const focused = useRef(false);
  const load = () => void view.load().catch(ignore);

  return (
    <FieldShell label={label} helperText={helperText} error={error} disabled={disabled}>
      {(field) =>
        loaded ? (
          <loaded.MemberPickerView
            field={field}
            onPick={onPick}
            search={search}
            exclude={exclude}
            noun={noun}
            errorCall={errorCall}
            placeholder={placeholder}
            initialText={text}
            focus={focused.current}
          />
        ) : (
          <input
            {...field}
            className={cx(input(), standIn)}
            placeholder={placeholder}
            autoComplete="off"
            role="combobox"
            aria-expanded={false}
            aria-autocomplete="list"
            value={text}
            onChange={(event) => setText(event.target.value)}
            onPointerEnter={load}
            onFocus={() => {
              focused.current = true;
              load();
            }}
            onBlur={() => {
              focused.current = false;
            }}
          />
        )
      }
    </FieldShell>
  );
}
