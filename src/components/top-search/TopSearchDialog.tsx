/**
 * The top bar's search as a dialog (focus trapped, Esc closes, a closed one keeps nothing): one
 * input that is a combobox over grouped results (Titles, Members, Copies: only the groups the user
 * may read). Arrow keys, Home and End move the highlight, Enter opens it (a title's or a copy's book
 * profile, a member's profile), a click opens one too. Loaded on first use by the staff top bar.
 */
import { css } from 'styled-system/css';
import { input, popover } from 'styled-system/recipes';
import { TOP_SEARCH_LIMITS, searchLabel, topSearchNote } from '../../lib/top-search';
import type { TopSearchGroupId } from '../../lib/top-search-access';
import { Modal } from '../Modal';
import { TopSearchResults } from './TopSearchResults';
import { useTopSearch } from './use-top-search';

const LIST_ID = 'top-search-results';
const look = popover({ size: 'md' });
const panel = css({ display: 'flex', flexDirection: 'column', gap: '3', mt: '2' });
const MOVES = new Set(['ArrowDown', 'ArrowUp', 'Home', 'End']);

export interface TopSearchDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  groups: readonly TopSearchGroupId[];
}

/** The search dialog; its content lives only while open. */
export function TopSearchDialog({ open, onOpenChange, groups }: TopSearchDialogProps) {
  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Search" initialFocus={() => document.getElementById('top-search-input')}>
      {open && <TopSearchPanel groups={groups} />}
    </Modal>
  );
}

/** The input and its results. */
function TopSearchPanel({ groups }: { groups: readonly TopSearchGroupId[] }) {
  const search = useTopSearch(groups);
  const { state, items, activeItem } = search;
  const note = topSearchNote(state);
  const optionId = (key: string) => `top-search-${key}`;
  return (
    <div className={panel}>
      <input
        id="top-search-input"
        className={input()}
        type="search"
        role="combobox"
        aria-label={searchLabel(groups)}
        aria-autocomplete="list"
        aria-expanded={items.length > 0}
        aria-controls={LIST_ID}
        aria-activedescendant={activeItem ? optionId(activeItem.key) : undefined}
        aria-describedby="top-search-note"
        placeholder="Title, member name or number, copy barcode"
        autoComplete="off"
        minLength={TOP_SEARCH_LIMITS.minLength}
        value={state.text}
        onChange={(event) => search.type(event.target.value)}
        onKeyDown={(event) => {
          if (MOVES.has(event.key)) {
            event.preventDefault();
            search.move(event.key);
          } else if (event.key === 'Enter' && activeItem) {
            event.preventDefault();
            window.location.assign(activeItem.href);
          }
        }}
      />
      <p id="top-search-note" className={look.note} role="status" aria-live="polite">
        {note ?? `${items.length} ${items.length === 1 ? 'result' : 'results'}: arrow keys to choose, Enter to open.`}
      </p>
      <TopSearchResults id={LIST_ID} groups={state.groups} activeKey={activeItem?.key ?? null} optionId={optionId} busy={state.status === 'loading'} />
    </div>
  );
}
