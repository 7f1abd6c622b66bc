/**
 * The one search picker (members, users, books): a labelled search box whose typing calls the
 * search it is handed and offers the answers in an Ark combobox (`SearchPickerView`), each named
 * by the label and detail functions it is handed. The combobox code is not part of the page: a
 * plain input with the same look stands in until it has loaded (browser idle, or the pointer or
 * focus reaching the box), and what was typed is kept.
 */
import { useRef, useState, type ReactNode } from 'react';
import { css, cx } from 'styled-system/css';
import { input } from 'styled-system/recipes';
import type { CallName } from '../../lib/errors';
import type { PickerItemText } from '../../lib/search-picker';
import { FieldShell } from '../ui/FieldShell';
import { lazyPart, useLazyPart } from '../ui/lazy-part';

/** A picker's settings: what it searches, how it names items, and its field's texts. */
export interface SearchPickerProps<T> extends PickerItemText<T> {
  label: string;
  /** Called with each item chosen. */
  onPick: (item: T | null) => void;
  search: (term: string) => Promise<T[]>;
  /** Keys not to offer (e.g. users who already have the role). */
  exclude?: ReadonlySet<string> | undefined;
  /** What is searched ('members', 'books'), for the list's messages. */
  noun: string;
  /** The failed search's error-message rule (a call of `CALL_ERRORS`). */
  errorCall: CallName;
  placeholder: string;
  helperText?: ReactNode;
  error?: string | undefined;
  disabled?: boolean | undefined;
  /** A choice made outside the picker (a scan; null clears); leave undefined when only the picker chooses. */
  picked?: T | null | undefined;
  /** The input's id, for focusing it from outside. */
  id?: string | undefined;
}

const view = lazyPart(() => import('./SearchPickerView'));
const standIn = css({ pr: '11' });
const ignore = () => undefined;

export function SearchPicker<T>({ label, helperText, error, disabled, placeholder, picked, id, ...rest }: SearchPickerProps<T>) {
  const loaded = useLazyPart(view);
  const [text, setText] = useState('');
  const focused = useRef(false);
  const load = () => void view.load().catch(ignore);
  const shown = picked ? rest.itemLabel(picked) : text;

  return (
    <FieldShell label={label} helperText={helperText} error={error} disabled={disabled} id={id}>
      {(field) =>
        loaded ? (
          <loaded.SearchPickerView<T> field={field} placeholder={placeholder} initialText={text} focus={focused.current} picked={picked} {...rest} />
        ) : (
          <input
            {...field}
            className={cx(input(), standIn)}
            placeholder={placeholder}
            autoComplete="off"
            role="combobox"
            aria-expanded={false}
            aria-autocomplete="list"
            value={shown}
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
