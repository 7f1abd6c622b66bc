/**
 * A list's search box: what is typed is searched 300 ms after the last key, or at once on Enter,
 * and a search changed from outside (back/forward, Clear) is shown. Shared by the book filters and
 * the member lists; the search itself lives in the screen's URL state.
 */
import { useEffect, useId, useState } from 'react';
import { css, cx } from 'styled-system/css';
import { field, input } from 'styled-system/recipes';
import { CATALOGUE_SEARCH_DELAY_MS } from '../../lib/catalogue-query';
import { SearchIcon } from '../ui/menu-icons';

const searchField = css({ flex: '1 1 16rem', display: 'flex', flexDirection: 'column', gap: '1.5' });
const searchLabelStyle = css({ fontSize: 'sm', fontWeight: 'medium' });
const searchBox = css({ position: 'relative' });
const searchIcon = css({ position: 'absolute', left: '3', top: '50%', transform: 'translateY(-50%)', color: 'fg.muted', pointerEvents: 'none' });

/** The note under a disabled search, as a field's helper text. */
const searchNote = field().helperText;

/** A labelled search input that reports a trimmed search after a pause or on Enter; `disabledNote` disables it and says why. */
export function SearchField({ label, placeholder, search, onSearch, disabledNote }: { label: string; placeholder: string; search: string; onSearch: (text: string) => void; disabledNote?: string | undefined }) {
  const id = useId();
  const [text, setText] = useState(search);

  // Back/forward or Clear changed the search in the URL: show it.
  useEffect(() => {
    setText((current) => (current.trim() === search ? current : search));
  }, [search]);

  // Typing pauses: search. A newer key restarts the wait.
  useEffect(() => {
    if (text.trim() === search) return;
    const timer = window.setTimeout(() => onSearch(text.trim()), CATALOGUE_SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [text, search, onSearch]);

  return (
    <div className={searchField}>
      <label htmlFor={id} className={searchLabelStyle}>
        {label}
      </label>
      <div className={searchBox}>
        <SearchIcon className={searchIcon} width={18} height={18} />
        <input
          id={id}
          type="search"
          name="search"
          className={cx(input(), css({ pl: '10' }))}
          placeholder={placeholder}
          autoComplete="off"
          enterKeyHint="search"
          spellCheck={false}
          value={text}
          disabled={Boolean(disabledNote)}
          aria-describedby={disabledNote ? `${id}-note` : undefined}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && text.trim() !== search) onSearch(text.trim());
          }}
        />
      </div>
      {disabledNote && (
        <span id={`${id}-note`} className={searchNote}>
          {disabledNote}
        </span>
      )}
    </div>
  );
}
