/**
 * The catalogue's search box and filters. Categories and languages come from their lists;
 * departments from the staff list for holders of view_department, else from the public list that
 * members read. A list that cannot be loaded leaves its select with "All" only (the search still
 * works), and says so under the select.
 */
import { useEffect, useId, useState } from 'react';
import { css } from 'styled-system/css';
import { Button } from '../../components/ui/Button';
import { SelectField, type SelectOption } from '../../components/ui/SelectField';
import { TextField } from '../../components/ui/TextField';
import { fetchCategories, fetchDepartments, fetchLanguages } from '../../lib/api/reference';
import { fetchMemberDepartments } from '../../lib/api/reference';
import type { CatalogueFilter } from '../../lib/catalogue-query';
import { $isStaff, hasPermission } from '../../stores/session';

type Options = SelectOption[] | 'failed' | null;

const toOptions = (rows: { id: string | number; name: string }[]): SelectOption[] => rows.map((row) => ({ value: String(row.id), label: row.name }));

function useOptions(load: () => Promise<{ id: string | number; name: string }[]>): Options {
  const [options, setOptions] = useState<Options>(null);
  useEffect(() => {
    let live = true;
    load()
      .then((rows) => live && setOptions(toOptions(rows)))
      .catch((error: unknown) => {
        console.warn('A catalogue filter list could not be loaded', error);
        if (live) setOptions('failed');
      });
    return () => {
      live = false;
    };
  }, [load]);
  return options;
}

const loadDepartments = () => ($isStaff.get() && hasPermission('view_department') ? fetchDepartments() : fetchMemberDepartments());

const bar = css({
  display: 'grid',
  gridTemplateColumns: { base: '1fr', sm: '1fr 1fr', lg: 'repeat(3, minmax(0, 1fr)) auto' },
  alignItems: 'end',
  gap: '4',
  p: { base: '3', md: '4' },
  bg: 'bg.surface',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'lg',
});
const searchCell = css({ gridColumn: '1 / -1' });
/** On phones the filters fold away behind a toggle so the books show on the first screen. */
const filterGroup = css({ display: { base: 'none', sm: 'contents' }, '&[data-open]': { display: 'contents' } });
const phoneOnly = css({ display: { base: 'flex', sm: 'none' } });
const checkLabel = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '2',
  minH: '11',
  px: '1',
  cursor: 'pointer',
  fontSize: 'sm',
  fontWeight: 'medium',
  whiteSpace: 'nowrap',
  borderRadius: 'md',
  '&:has(input:focus-visible)': { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '2px' },
});
const checkbox = css({ w: '5', h: '5', accentColor: 'accent.default', cursor: 'pointer', _focusVisible: { outline: 'none' } });

export interface CatalogueFiltersProps {
  searchText: string;
  onSearchTextChange: (text: string) => void;
  filters: Record<CatalogueFilter, string>;
  onFilterChange: (name: CatalogueFilter, value: string) => void;
}

export function CatalogueFilters({ searchText, onSearchTextChange, filters, onFilterChange }: CatalogueFiltersProps) {
  const categories = useOptions(fetchCategories);
  const departments = useOptions(loadDepartments);
  const languages = useOptions(fetchLanguages);
  const [open, setOpen] = useState(false);
  const groupId = useId();
  const active = Object.values<string>(filters).filter(Boolean).length;

  const select = (name: 'category' | 'department' | 'language', label: string, all: string, options: Options) => (
    <SelectField
      label={label}
      name={name}
      placeholder={all}
      options={Array.isArray(options) ? options : []}
      value={Array.isArray(options) ? filters[name] : ''}
      helperText={options === 'failed' ? 'Could not be loaded.' : undefined}
      disabled={options === null}
      onChange={(event) => onFilterChange(name, event.target.value)}
    />
  );

  return (
    <div className={bar} role="search" aria-label="Catalogue">
      <div className={searchCell}>
        <TextField
          label="Search the catalogue"
          type="search"
          name="search"
          placeholder="Title, author, ISBN or publisher"
          autoComplete="off"
          enterKeyHint="search"
          value={searchText}
          onChange={(event) => onSearchTextChange(event.target.value)}
        />
      </div>
      <Button variant="outline" className={phoneOnly} aria-expanded={open} aria-controls={groupId} onClick={() => setOpen((value) => !value)}>
        {open ? 'Hide filters' : 'Show filters'}
        {active > 0 && ` (${active})`}
      </Button>
      <div id={groupId} className={filterGroup} data-open={open || undefined}>
        {select('category', 'Category', 'All categories', categories)}
        {select('department', 'Department', 'All departments', departments)}
        {select('language', 'Language', 'All languages', languages)}
        <label className={checkLabel}>
          <input type="checkbox" className={checkbox} checked={filters.available === 'true'} onChange={(event) => onFilterChange('available', event.target.checked ? 'true' : '')} />
          Available only
        </label>
      </div>
    </div>
  );
}
