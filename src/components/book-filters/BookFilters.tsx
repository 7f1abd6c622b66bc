/**
 * The search box and filters of a book list, shared by the Online Catalogue and the Book Record:
 * search (sent 300 ms after the last key, or on Enter), category, department and language from the
 * shared reference store, and "Available only". Each screen passes what differs: the search label,
 * extra filters (the Book Record's status and sort), actions (Clear, Export) and whether the bar
 * stands on its own surface (a search landmark). The values live in the screen's URL state (`lib/table-query`,
 * `lib/catalogue-query`); this component only shows them and reports changes.
 *
 * Departments come from the staff list for holders of view_department, else from the public list
 * members read. A list that cannot be loaded leaves its select with "All" only and says so under
 * it (the search still works). On phones the filters fold away behind a toggle.
 */
import { useStore } from '@nanostores/react';
import { useId, useState, type ReactNode } from 'react';
import { css, cx } from 'styled-system/css';
import { flex } from 'styled-system/patterns';
import { card, checkRow, toolbar } from 'styled-system/recipes';
import { $departments, $categories, $languages, $memberDepartments, type ReferenceList } from '../../stores/reference';
import { holdsPermission } from '../../lib/permissions';
import { $isStaff, $session } from '../../stores/session';
import { Button } from '../ui/Button';
import { SearchField } from '../data-table/SearchField';
import { SelectField } from '../ui/SelectField';
import { referenceOptions, useReferenceList } from '../use-reference-list';

/** The filters every book list offers. */
export type BookListFilter = 'category' | 'department' | 'language' | 'available';

export interface BookFiltersProps {
  /** The search box's label ('Search the catalogue', 'Search books'). */
  searchLabel: string;
  /** The search as it stands in the URL. */
  search: string;
  /** A new search (trimmed), after the pause or on Enter. */
  onSearch: (text: string) => void;
  filters: Record<BookListFilter, string>;
  onFilterChange: (name: BookListFilter, value: string) => void;
  /** Filters only this screen has, shown after the language (the Book Record's status and sort). */
  moreFilters?: ReactNode;
  /** How many of `moreFilters` are set, for the phone toggle's count. */
  moreActive?: number;
  /** Buttons beside the search (Clear filters, Export). */
  actions?: ReactNode;
  /** Given: the bar stands on its own surface as a search landmark of this name (the catalogue); else it sits in the screen's table. */
  landmark?: string;
}

const framedBar = card({ padding: 'sm' });
const layout = flex({ direction: 'column', gap: '3', w: 'full' });
const searchRow = toolbar();
const buttons = toolbar({ gap: 'sm', align: 'start' });
const filterGrid = css({
  display: 'grid',
  gridTemplateColumns: { base: '1fr 1fr', md: 'repeat(3, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' },
  gap: '3',
  alignItems: 'end',
  // On phones the filters fold away behind a button; from 640 px they are always shown.
  '&[data-closed]': { display: { base: 'none', sm: 'grid' } },
});
const phoneOnly = css({ display: { base: 'inline-flex', sm: 'none' } });
const checkRowPlace = css({ gridColumn: { base: 'span 2', md: 'auto' }, justifySelf: 'start', px: '1', whiteSpace: 'nowrap', borderRadius: 'md' });

/** One reference filter: disabled while its list loads, "All" only (with a note) when it failed. */
function ReferenceSelect<T extends { id: string | number; name: string }>({
  name,
  label,
  all,
  list,
  value,
  onChange,
}: {
  name: 'category' | 'department' | 'language';
  label: string;
  all: string;
  list: ReferenceList<T>;
  value: string;
  onChange: (value: string) => void;
}) {
  const options = referenceOptions(list);
  return (
    <SelectField
      label={label}
      name={name}
      placeholder={all}
      options={options ?? []}
      value={options ? value : ''}
      helperText={list.status === 'failed' ? 'Could not be loaded.' : undefined}
      disabled={list.status === 'loading'}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

export function BookFilters({ searchLabel, search, onSearch, filters, onFilterChange, moreFilters, moreActive = 0, actions, landmark }: BookFiltersProps) {
  const filtersId = useId();
  const [open, setOpen] = useState(false);
  const isStaff = useStore($isStaff);
  const session = useStore($session);
  const staffDepartments = isStaff && holdsPermission(session, 'view_department');
  const categories = useReferenceList($categories);
  const departments = useReferenceList(staffDepartments ? $departments : $memberDepartments);
  const languages = useReferenceList($languages);
  const active = Object.values<string>(filters).filter(Boolean).length + moreActive;

  return (
    <div className={cx(layout, landmark && framedBar)} role={landmark ? 'search' : undefined} aria-label={landmark}>
      <div className={searchRow}>
        <SearchField label={searchLabel} placeholder="Title, author, ISBN or publisher" search={search} onSearch={onSearch} />
        <div className={buttons}>
          <Button variant="outline" className={phoneOnly} aria-expanded={open} aria-controls={filtersId} onClick={() => setOpen((value) => !value)}>
            {open ? 'Hide filters' : 'Show filters'}
            {active > 0 && ` (${active})`}
          </Button>
          {actions}
        </div>
      </div>
      <div id={filtersId} className={filterGrid} data-closed={open ? undefined : ''}>
        <ReferenceSelect name="category" label="Category" all="All categories" list={categories} value={filters.category} onChange={(value) => onFilterChange('category', value)} />
        <ReferenceSelect name="department" label="Department" all="All departments" list={departments} value={filters.department} onChange={(value) => onFilterChange('department', value)} />
        <ReferenceSelect name="language" label="Language" all="All languages" list={languages} value={filters.language} onChange={(value) => onFilterChange('language', value)} />
        {moreFilters}
        <label className={cx(checkRow(), checkRowPlace)}>
          <input type="checkbox" checked={filters.available === 'true'} onChange={(event) => onFilterChange('available', event.target.checked ? 'true' : '')} />
          Available only
        </label>
      </div>
    </div>
  );
}
