/**
 * The report's filter bar: the date range (a preset or custom dates typed in the library's
 * format), the search and every filter of the report (department, category, plan, session,
 * member state, staff member, user, action, record type), and Clear. A filter (or the search) the
 * section does not take is shown disabled with "Does not apply to <section>", its value kept.
 * Every change goes to the URL.
 */
import { css } from 'styled-system/css';
import { flex } from 'styled-system/patterns';
import { toolbar } from 'styled-system/recipes';
import { SearchField } from '../../components/data-table/SearchField';
import { Button } from '../../components/ui/Button';
import type { ReportDefinition, ReportFilter, ReportSection } from '#shared/report-catalogue';
import type { PickedPeople } from '../../lib/report-page-flow';
import { filterApplies, isNarrowed, notApplyingNote, reportFilters, type ReportState } from '../../lib/report-query';
import { ReportFilterControl } from './ReportFilterControl';
import { ReportRangeFields } from './ReportRangeFields';
import type { FilterOptions } from './use-filter-options';
import type { ReportStateUpdate } from './use-report-state';

const bar = flex({ direction: 'column', gap: '3', w: 'full' });
const grid = css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))', '2xl': 'repeat(4, minmax(0, 1fr))' }, gap: '3', alignItems: 'end' });
const cell = css({ minW: '0' });
const searchRow = toolbar();
const note = css({ fontSize: 'xs', color: 'fg.muted' });

export function ReportFilters({
  report,
  section,
  state,
  today,
  options,
  people,
  onPeople,
  onChange,
}: {
  report: ReportDefinition;
  section: ReportSection;
  state: ReportState;
  today: string;
  options: FilterOptions;
  people: PickedPeople;
  onPeople: (people: PickedPeople) => void;
  onChange: ReportStateUpdate;
}) {
  const setFilter = (name: ReportFilter, value: string) => onChange((current) => ({ ...current, filters: { ...current.filters, [name]: value }, page: 1 }));

  return (
    <div className={bar} data-print-hide="">
      <div className={grid}>
        <ReportRangeFields state={state} today={today} onChange={onChange} />
        {reportFilters(report).map((name) => (
          <div key={name} className={cell}>
            <ReportFilterControl
              name={name}
              state={state}
              options={options}
              people={people}
              onPeople={onPeople}
              setFilter={setFilter}
              notApplying={filterApplies(section, name) ? undefined : notApplyingNote(section)}
            />
          </div>
        ))}
      </div>
      {!section.dated && <p className={note}>{section.title} is as of today: the dates apply to the figures only.</p>}
      <div className={searchRow}>
        <SearchField
          label={`Search ${section.title.toLowerCase()}`}
          placeholder="Search"
          disabledNote={section.searched === false ? notApplyingNote(section) : undefined}
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
