/**
 * The Book Record's toolbar: the search box (sent 300 ms after the last key), the filters, Clear
 * and the CSV export. Reference lists come from the shared store; one that cannot be loaded (e.g.
 * departments without view_department) leaves its filter out rather than offering an empty one.
 */
import { useEffect, useId, useState, type ReactNode } from 'react';
import { css } from 'styled-system/css';
import { input } from 'styled-system/recipes';
import { Button } from '../../components/ui/Button';
import { SelectField, type SelectOption } from '../../components/ui/SelectField';
import { SearchIcon } from '../../components/ui/menu-icons';
import { referenceOptions, useReferenceList } from '../../components/use-reference-list';
import type { BookQuery } from '../../lib/api/books';
import type { BookFilter, BookRecordState } from '../../lib/table-query';
import { $categories, $departments, $languages } from '../../stores/reference';
import { ExportBooks } from './ExportBooks';

export const SEARCH_DELAY_MS = 300;

interface FilterOptions {
  category: SelectOption[] | null;
  department: SelectOption[] | null;
  language: SelectOption[] | null;
}

const STATUS_OPTIONS: SelectOption[] = [
  { value: 'ACTIVE', label: 'Active' },
  { value: 'LOST', label: 'Lost' },
  { value: 'WRITE_OFF', label: 'Written off' },
];

const layout = css({ display: 'flex', flexDirection: 'column', gap: '3', w: 'full' });
const searchRow = css({ display: 'flex', gap: '3', alignItems: 'flex-end', flexWrap: 'wrap' });
const searchField = css({ flex: '1 1 16rem', display: 'flex', flexDirection: 'column', gap: '1.5' });
const searchLabel = css({ fontSize: 'sm', fontWeight: 'medium' });
const searchBox = css({ position: 'relative' });
const searchIcon = css({ position: 'absolute', left: '3', top: '50%', transform: 'translateY(-50%)', color: 'fg.muted', pointerEvents: 'none' });
const filterGrid = css({
  display: 'grid',
  gridTemplateColumns: { base: '1fr 1fr', md: 'repeat(3, minmax(0, 1fr))' },
  gap: '3',
  alignItems: 'end',
  // On phones the filters fold away behind a button; from 640 px they are always shown.
  '&[data-closed]': { display: { base: 'none', sm: 'grid' } },
});
const filtersToggle = css({ display: { base: 'inline-flex', sm: 'none' } });
const checkRow = css({
  gridColumn: { base: 'span 2', md: 'auto' },
  justifySelf: 'start',
  display: 'inline-flex',
  alignItems: 'center',
  gap: '2',
  minH: '11',
  px: '1',
  cursor: 'pointer',
  fontSize: 'sm',
  whiteSpace: 'nowrap',
  '& input': { w: '5', h: '5', accentColor: 'accent.default', cursor: 'pointer' },
  '& input:focus-visible': { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '2px' },
});

export function BookToolbar({
  state,
  query,
  filtered,
  onSearch,
  onFilter,
  onClear,
  sortSelect,
}: {
  sortSelect: ReactNode;
  state: BookRecordState;
  query: BookQuery;
  filtered: boolean;
  onSearch: (search: string) => void;
  onFilter: (name: BookFilter, value: string) => void;
  onClear: () => void;
}) {
  const options: FilterOptions = {
    category: referenceOptions(useReferenceList($categories)),
    department: referenceOptions(useReferenceList($departments)),
    language: referenceOptions(useReferenceList($languages)),
  };
  const searchId = useId();
  const filtersId = useId();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const activeFilters = Object.values<string>(state.filters).filter(Boolean).length;
  const [text, setText] = useState(state.search);

  // Back/forward or Clear changed the search: show it.
  useEffect(() => {
    setText((current) => (current.trim() === state.search ? current : state.search));
  }, [state.search]);

  useEffect(() => {
    if (text.trim() === state.search) return;
    const timer = window.setTimeout(() => onSearch(text.trim()), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [text, state.search, onSearch]);

  const select = (name: 'category' | 'department' | 'language', label: string, all: string) => {
    const list = options[name];
    if (list === null) return null;
    return (
      <SelectField label={label} placeholder={all} options={list} value={state.filters[name]} onChange={(event) => onFilter(name, event.target.value)} />
    );
  };

  return (
    <div className={layout}>
      <div className={searchRow}>
        <div className={searchField}>
          <label htmlFor={searchId} className={searchLabel}>
            Search books
          </label>
          <div className={searchBox}>
            <SearchIcon className={searchIcon} width={18} height={18} />
            <input
              id={searchId}
              type="search"
              className={`${input()} ${css({ pl: '10' })}`}
              placeholder="Title, author, ISBN or publisher"
              autoComplete="off"
              spellCheck={false}
              value={text}
              onChange={(event) => setText(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') onSearch(text.trim());
              }}
            />
          </div>
        </div>
        <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap' })}>
          <Button variant="outline" className={filtersToggle} aria-expanded={filtersOpen} aria-controls={filtersId} onClick={() => setFiltersOpen((open) => !open)}>
            {activeFilters ? `Filters (${activeFilters})` : 'Filters'}
          </Button>
          {filtered && (
            <Button variant="ghost" onClick={onClear}>
              Clear filters
            </Button>
          )}
          <ExportBooks query={query} />
        </div>
      </div>
      <div id={filtersId} className={filterGrid} data-closed={filtersOpen ? undefined : ''}>
        {select('category', 'Category', 'All categories')}
        {select('department', 'Department', 'All departments')}
        {select('language', 'Language', 'All languages')}
        <SelectField label="Status" placeholder="All statuses" options={STATUS_OPTIONS} value={state.filters.status} onChange={(event) => onFilter('status', event.target.value)} />
        {sortSelect}
        <label className={checkRow}>
          <input type="checkbox" checked={state.filters.available === 'true'} onChange={(event) => onFilter('available', event.target.checked ? 'true' : '')} />
          Available only
        </label>
      </div>
    </div>
  );
}
