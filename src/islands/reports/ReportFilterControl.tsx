/**
 * One of the report's filters: a select (department, category, plan, session, member state,
 * record type), the audit action typed with suggestions, or a person picked from the users
 * ("Who") or the staff ("Collected by"). Where the section does not take it, it is disabled with
 * the note saying so, its value still shown.
 */
import { MemberPicker } from '../../components/member-picker/MemberPicker';
import { SelectField } from '../../components/ui/SelectField';
import { searchUsers } from '../../lib/api/users';
import type { PickablePerson } from '../../lib/member-picker';
import type { ReportFilter } from '#shared/report-catalogue';
import type { PickedPeople } from '../../lib/report-page-flow';
import { AUDIT_ENTITIES, MEMBER_STATE_OPTIONS, filterLabel, type ReportState } from '../../lib/report-query';
import { AUDIT_ACTIONS, auditActionWords } from '#shared/audit-actions';
import type { FilterOptions } from './use-filter-options';

const SELECT_PLACEHOLDERS: Partial<Record<ReportFilter, string>> = { department: 'All departments', category: 'All categories', session: 'All sessions', plan: 'All plans' };

/** Users for the audit trail's "Who" (any role); staff only for a collector. */
const searchAnyUser = (term: string): Promise<PickablePerson[]> => searchUsers(term);
const searchStaff = async (term: string): Promise<PickablePerson[]> => (await searchUsers(term)).filter((user) => user.role !== 'MEMBER');

interface ControlProps {
  name: ReportFilter;
  state: ReportState;
  options: FilterOptions;
  people: PickedPeople;
  onPeople: (people: PickedPeople) => void;
  setFilter: (name: ReportFilter, value: string) => void;
  /** "Does not apply to <section>" where the section does not take the filter. */
  notApplying?: string | undefined;
}

function PersonFilter({ name, state, people, onPeople, setFilter, notApplying }: Omit<ControlProps, 'name' | 'options'> & { name: 'user' | 'staff' }) {
  const picked = people[name] && String(people[name]!.id) === state.filters[name] ? people[name] : null;
  return (
    <MemberPicker
      label={name === 'user' ? 'Who' : 'Collected by'}
      placeholder="Search by name or username"
      noun={name === 'user' ? 'users' : 'staff members'}
      errorCall="member-search"
      search={name === 'user' ? searchAnyUser : searchStaff}
      picked={picked}
      disabled={Boolean(notApplying)}
      helperText={[notApplying, state.filters[name] && !picked ? `${filterLabel(name)}: user ${state.filters[name]}` : null].filter(Boolean).join(' · ') || undefined}
      onPick={(person) => {
        onPeople({ ...people, [name]: person });
        setFilter(name, person ? String(person.id) : '');
      }}
    />
  );
}

/** Every action in words, A to Z; a code kept in the URL that names no one action (a prefix such as `MEMBER_`) shows as such. */
const ACTION_OPTIONS = AUDIT_ACTIONS.map((action) => ({ value: action, label: auditActionWords(action) })).sort((a, b) => a.label.localeCompare(b.label));

function ActionFilter({ state, setFilter }: Pick<ControlProps, 'state' | 'setFilter'>) {
  const current = state.filters.action ?? '';
  const options = current && !ACTION_OPTIONS.some((option) => option.value === current) ? [{ value: current, label: `Actions starting ${current}` }, ...ACTION_OPTIONS] : ACTION_OPTIONS;
  return <SelectField label={filterLabel('action')} placeholder="Any action" options={options} value={current} onChange={(event) => setFilter('action', event.target.value)} />;
}

/** The control of one declared filter; every change goes through `setFilter` to the URL. */
export function ReportFilterControl(props: ControlProps) {
  const { name, state, options, setFilter, notApplying } = props;
  const off = { disabled: Boolean(notApplying), helperText: notApplying };
  switch (name) {
    case 'department':
    case 'category':
    case 'session':
    case 'plan': {
      const list = options[name];
      return (
        <SelectField
          label={filterLabel(name)}
          placeholder={list ? SELECT_PLACEHOLDERS[name] : 'Loading...'}
          options={list ?? []}
          value={state.filters[name] ?? ''}
          onChange={(event) => setFilter(name, event.target.value)}
          {...off}
        />
      );
    }
    case 'state':
      return <SelectField label="Member state" placeholder="Any state" options={MEMBER_STATE_OPTIONS} value={state.filters.state ?? ''} onChange={(event) => setFilter('state', event.target.value)} {...off} />;
    case 'entity':
      return <SelectField label={filterLabel('entity')} placeholder="Any record" options={AUDIT_ENTITIES} value={state.filters.entity ?? ''} onChange={(event) => setFilter('entity', event.target.value)} {...off} />;
    case 'action':
      return <ActionFilter state={state} setFilter={setFilter} />;
    case 'user':
    case 'staff':
      return <PersonFilter {...props} name={name} />;
  }
}
