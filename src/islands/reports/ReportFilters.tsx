/**
 * The report's filter bar: the date range (a preset or custom dates), the section's search and
 * only the filters the section declares (department, category, plan, session, member state,
 * staff member, user, action, record type), and Clear. Every change goes to the URL.
 */
import { css } from 'styled-system/css';
import { flex } from 'styled-system/patterns';
import { toolbar } from 'styled-system/recipes';
import { SearchField } from '../../components/data-table/SearchField';
import { Button } from '../../components/ui/Button';
import { SelectField } from '../../components/ui/SelectField';
import { TextField } from '../../components/ui/TextField';
import type { ReportFilter, ReportSection } from '#shared/report-catalogue';
import type { PickedPeople } from '../../lib/report-page-flow';
import { RANGE_PRESETS, isNarrowed, withRange, type RangeChoice, type ReportState } from '../../lib/report-query';
import { ReportFilterControl } from './ReportFilterControl';
import type { FilterOptions } from './use-filter-options';
import type { ReportStateUpdate } from './use-report-state';

const bar = flex({ direction: 'column', gap: '3', w: 'full' });
const grid = css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))', '2xl': 'repeat(4, minmax(0, 1fr))' }, gap: '3', alignItems: 'end' });
const cell = css({ minW: '0' });
const searchRow = toolbar();
const note = css({ fontSize: 'xs', color: 'fg.muted' });

const RANGE_OPTIONS = [...RANGE_PRESETS.map(({ key, label }) => ({ value: key, label })), { value: 'custom', label: 'Custom dates' }];

export function ReportFilters({
  section,
  state,
  today,
  options,
  people,
  onPeople,
  onChange,
}: {
  section: ReportSection;
  state: ReportState;
  today: string;
  options: FilterOptions;
  people: PickedPeople;
  onPeople: (people: PickedPeople) => void;
  onChange: ReportStateUpdate;
}) {
  const setFilter = (name: ReportFilter, value: string) => onChange((current) => ({ ...current, filters: { ...current.filters, [name]: value }, page: 1 }));
  const setRange = (choice: RangeChoice, dates?: { from: string; to: string }) => onChange((current) => withRange(current, choice, today, dates));

  return (
    <div className={bar} data-print-hide="">
      <div className={grid}>
        <div className={cell}>
          <SelectField label="Dates" options={RANGE_OPTIONS} value={state.range} onChange={(event) => setRange(event.target.value as RangeChoice)} />
        </div>
        <TextField label="From" type="date" value={state.from} max={state.to} onChange={(event) => setRange('custom', { from: event.target.value, to: state.to })} />
        <TextField label="To" type="date" value={state.to} min={state.from} onChange={(event) => setRange('custom', { from: state.from, to: event.target.value })} />
        {section.filters.map((name) => (
          <div key={name} className={cell}>
            <ReportFilterControl name={name} state={state} options={options} people={people} onPeople={onPeople} setFilter={setFilter} />
          </div>
        ))}
      </div>
      {!section.dated && <p className={note}>{section.title} is as of today: the dates apply to the figures only.</p>}
      <div className={searchRow}>
        <SearchField
          key={section.key}
          label={`Search ${section.title.toLowerCase()}`}
          placeholder="Search"
          search={state.search}
          onSearch={(text) => onChange((current) => ({ ...current, search: text, page: 1 }), state.search && text ? 'replace' : 'push')}
        />
        {isNarrowed(state) && (
          <Button
            variant="ghost"
            onClick={() => {
              onPeople({ user: null, staff: null });
              onChange((current) => ({ ...current, search: '', page: 1, filters: Object.fromEntries(Object.keys(current.filters).map((name) => [name, ''])) }));
            }}
          >
            Clear filters
          </Button>
        )}
      </div>
    </div>
  );
}
