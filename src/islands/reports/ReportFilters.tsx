/**
 * The report's filter bar: the date range (a preset or custom dates), the section's search and
 * only the filters the section declares (department, category, plan, session, member state,
 * staff member, user, action, record type), and Clear. Every change goes to the URL.
 */
import { useId } from 'react';
import { css } from 'styled-system/css';
import { SearchField } from '../../components/data-table/SearchField';
import { MemberPicker } from '../../components/member-picker/MemberPicker';
import { Button } from '../../components/ui/Button';
import { SelectField } from '../../components/ui/SelectField';
import { TextField } from '../../components/ui/TextField';
import { searchUsers } from '../../lib/api/users';
import type { PickablePerson } from '../../lib/member-picker';
import type { ReportFilter, ReportSection } from '#shared/report-catalogue';
import { AUDIT_ENTITIES, MEMBER_STATE_OPTIONS, RANGE_PRESETS, filterLabel, isNarrowed, withRange, type RangeChoice, type ReportState } from '../../lib/report-query';
import { AUDIT_ACTIONS, auditActionWords } from '#shared/audit-actions';
import type { FilterOptions } from './use-filter-options';
import type { ReportStateUpdate } from './use-report-state';

const bar = css({ display: 'flex', flexDirection: 'column', gap: '3', w: 'full' });
const grid = css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))', '2xl': 'repeat(4, minmax(0, 1fr))' }, gap: '3', alignItems: 'end' });
const cell = css({ minW: '0' });

const RANGE_OPTIONS = [...RANGE_PRESETS.map(({ key, label }) => ({ value: key, label })), { value: 'custom', label: 'Custom dates' }];
const SELECT_PLACEHOLDERS: Partial<Record<ReportFilter, string>> = { department: 'All departments', category: 'All categories', session: 'All sessions', plan: 'All plans' };

/** Users for the audit trail's "Who" (any role); staff only for a collector. */
const searchAnyUser = (term: string): Promise<PickablePerson[]> => searchUsers(term);
const searchStaff = async (term: string): Promise<PickablePerson[]> => (await searchUsers(term)).filter((user) => user.role !== 'MEMBER');

export interface PickedPeople {
  user: PickablePerson | null;
  staff: PickablePerson | null;
}

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
  const actionsId = useId();
  const setFilter = (name: ReportFilter, value: string) => onChange((current) => ({ ...current, filters: { ...current.filters, [name]: value }, page: 1 }));
  const setRange = (choice: RangeChoice, dates?: { from: string; to: string }) => onChange((current) => withRange(current, choice, today, dates));

  const personFilter = (name: 'user' | 'staff') => {
    const picked = people[name] && String(people[name]!.id) === state.filters[name] ? people[name] : null;
    return (
      <MemberPicker
        key={name}
        label={name === 'user' ? 'Who' : 'Collected by'}
        placeholder="Search by name or username"
        noun={name === 'user' ? 'users' : 'staff members'}
        errorCall="member-search"
        search={name === 'user' ? searchAnyUser : searchStaff}
        picked={picked}
        helperText={state.filters[name] && !picked ? `${filterLabel(name)}: user ${state.filters[name]}` : undefined}
        onPick={(person) => {
          onPeople({ ...people, [name]: person });
          setFilter(name, person ? String(person.id) : '');
        }}
      />
    );
  };

  const control = (name: ReportFilter) => {
    switch (name) {
      case 'department':
      case 'category':
      case 'session':
      case 'plan': {
        const list = options[name];
        return (
          <SelectField
            key={name}
            label={filterLabel(name)}
            placeholder={list ? SELECT_PLACEHOLDERS[name] : 'Loading...'}
            options={list ?? []}
            value={state.filters[name] ?? ''}
            onChange={(event) => setFilter(name, event.target.value)}
          />
        );
      }
      case 'state':
        return <SelectField key={name} label="Member state" placeholder="Any state" options={MEMBER_STATE_OPTIONS} value={state.filters.state ?? ''} onChange={(event) => setFilter('state', event.target.value)} />;
      case 'entity':
        return <SelectField key={name} label={filterLabel('entity')} placeholder="Any record" options={AUDIT_ENTITIES} value={state.filters.entity ?? ''} onChange={(event) => setFilter('entity', event.target.value)} />;
      case 'action':
        return (
          <div key={name}>
            <TextField
              // A new key when the filter changes from outside (Clear, back), so the field shows it.
              key={state.filters.action ?? ''}
              label={filterLabel('action')}
              placeholder="e.g. BOOK_UPDATED"
              list={actionsId}
              defaultValue={state.filters.action ?? ''}
              // Typed words apply when the field is left or Enter is pressed, not on every key.
              onBlur={(event) => event.target.value.trim() !== (state.filters.action ?? '') && setFilter('action', event.target.value.trim())}
              onKeyDown={(event) => {
                if (event.key === 'Enter') setFilter('action', event.currentTarget.value.trim());
              }}
            />
            <datalist id={actionsId}>
              {AUDIT_ACTIONS.map((action) => (
                <option key={action} value={action} label={auditActionWords(action)} />
              ))}
            </datalist>
          </div>
        );
      case 'user':
      case 'staff':
        return personFilter(name);
    }
  };

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
            {control(name)}
          </div>
        ))}
      </div>
      {!section.dated && <p className={css({ fontSize: 'xs', color: 'fg.muted' })}>{section.title} is as of today: the dates apply to the figures only.</p>}
      <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'flex-end' })}>
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
