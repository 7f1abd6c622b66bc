/** The toolbar of a server-paged list: its search box, one optional filter, the sort select and any extra controls. */
import type { ReactNode } from 'react';
import { toolbar } from 'styled-system/recipes';
import { SearchField } from '../data-table/SearchField';
import { SelectField, type SelectOption } from '../ui/SelectField';

export interface ListFilter {
  label: string;
  placeholder: string;
  options: readonly SelectOption[];
  value: string;
  onChange: (value: string) => void;
}

export function ListToolbar({ search, filter, sortSelect, children }: { search: { label: string; placeholder: string; text: string; onSearch: (text: string) => void }; filter?: ListFilter | undefined; sortSelect: ReactNode; children?: ReactNode }) {
  return (
    <div className={toolbar({ full: true })}>
      <SearchField label={search.label} placeholder={search.placeholder} search={search.text} onSearch={search.onSearch} />
      {filter && <SelectField label={filter.label} placeholder={filter.placeholder} options={filter.options} value={filter.value} onChange={(event) => filter.onChange(event.target.value)} />}
      {sortSelect}
      {children}
    </div>
  );
}
