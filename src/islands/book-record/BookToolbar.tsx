/**
 * The Book Record's toolbar: the shared book filters (`components/book-filters/BookFilters`: search,
 * category, department, language, Available only, the phone toggle) with what only this screen has:
 * the status filter, the sort select, Clear filters and the CSV export.
 */
import type { ReactNode } from 'react';
import { BookFilters } from '../../components/book-filters/BookFilters';
import { Button } from '../../components/ui/Button';
import { SelectField, type SelectOption } from '../../components/ui/SelectField';
import type { BookQuery } from '../../lib/api/books';
import type { BookFilter, BookRecordState } from '../../lib/table-query';
import { ExportBooks } from './ExportBooks';

const STATUS_OPTIONS: SelectOption[] = [
  { value: 'ACTIVE', label: 'Active' },
  { value: 'LOST', label: 'Lost' },
  { value: 'WRITE_OFF', label: 'Written off' },
];

/** The search, filters, sort, Clear and Export above the Book Record's table. */
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
  const { status, ...shared } = state.filters;
  return (
    <BookFilters
      searchLabel="Search books"
      search={state.search}
      onSearch={onSearch}
      filters={shared}
      onFilterChange={onFilter}
      moreActive={status ? 1 : 0}
      moreFilters={
        <>
          <SelectField label="Status" placeholder="All statuses" options={STATUS_OPTIONS} value={status} onChange={(event) => onFilter('status', event.target.value)} />
          {sortSelect}
        </>
      }
      actions={
        <>
          {filtered && (
            <Button variant="ghost" onClick={onClear}>
              Clear filters
            </Button>
          )}
          <ExportBooks query={query} />
        </>
      }
    />
  );
}
