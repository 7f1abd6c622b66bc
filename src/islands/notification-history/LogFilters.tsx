/**
 * The history panel's search and filters: member (the one member picker), notice type, status,
 * channel and a date range typed in the library's date format (the one date field), Clear, and
 * the panel's actions (Export CSV, Print). Every change goes to the URL through the panel's table
 * state; a date goes there in ISO once its text is a whole date.
 */
import { useState, type ReactNode } from 'react';
import { css } from 'styled-system/css';
import { flex } from 'styled-system/patterns';
import { MemberPicker } from '../../components/member-picker/MemberPicker';
import { SearchField } from '../../components/data-table/SearchField';
import { Button } from '../../components/ui/Button';
import DateField from '../../components/DateField';
import { SelectField } from '../../components/ui/SelectField';
import { LOG_CHANNELS, LOG_STATUSES, LOG_TYPES, channelLabel, noticeLabel, statusBadge, type LogFilter } from '../../lib/notification-log';
import { personLabel, type PickablePerson } from '../../lib/member-picker';
import { isFiltered, type TableState } from '../../lib/table-query';

const bar = flex({ direction: 'column', gap: '4', w: 'full' });
const grid = css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)', '2xl': 'repeat(6, 1fr)' }, gap: '3', alignItems: 'end' });

const TYPE_OPTIONS = LOG_TYPES.map((type) => ({ value: type, label: noticeLabel(type) }));
const STATUS_OPTIONS = LOG_STATUSES.map((status) => ({ value: status, label: statusBadge(status).label }));
const CHANNEL_OPTIONS = LOG_CHANNELS.map((channel) => ({ value: channel, label: channelLabel(channel) }));

type Change = (next: (current: TableState<LogFilter>) => TableState<LogFilter>, mode?: 'push' | 'replace') => void;

const actionsRow = flex({ gap: '3', wrap: 'wrap', align: 'center', justify: 'space-between' });

export function LogFilters({ state, onChange, actions }: { state: TableState<LogFilter>; onChange: Change; actions?: ReactNode }) {
  // The picked member's name, so the picker can show who the member filter is (the URL holds the id).
  const [member, setMember] = useState<PickablePerson | null>(null);
  const setFilter = (name: LogFilter, value: string) => onChange((current) => ({ ...current, filters: { ...current.filters, [name]: value } }));
  const pickedShown = member && String(member.id) === state.filters.member ? member : null;

  return (
    <div className={bar}>
      {/* The search box grows along a row; in this column it keeps its own height. */}
      <div className={flex()}>
        <SearchField
          label="Search notifications"
          placeholder="Member, member number or recipient"
          search={state.search}
          onSearch={(text) => onChange((current) => ({ ...current, search: text }), state.search && text ? 'replace' : 'push')}
        />
      </div>
      <div className={grid}>
        <MemberPicker
          label="Member"
          picked={pickedShown}
          helperText={state.filters.member && !pickedShown ? `Member filter: user ${state.filters.member}` : undefined}
          onPick={(person) => {
            setMember(person);
            setFilter('member', person ? String(person.id) : '');
          }}
        />
        <SelectField label="Notice" placeholder="All notices" options={TYPE_OPTIONS} value={state.filters.type} onChange={(event) => setFilter('type', event.target.value)} />
        <SelectField label="Status" placeholder="Any status" options={STATUS_OPTIONS} value={state.filters.status} onChange={(event) => setFilter('status', event.target.value)} />
        <SelectField label="Channel" placeholder="Any channel" options={CHANNEL_OPTIONS} value={state.filters.channel} onChange={(event) => setFilter('channel', event.target.value)} />
        <DateField label="From" value={state.filters.date_from} max={state.filters.date_to || undefined} onChange={(date) => setFilter('date_from', date)} />
        <DateField label="To" value={state.filters.date_to} min={state.filters.date_from || undefined} onChange={(date) => setFilter('date_to', date)} />
      </div>
      <div className={actionsRow}>
        {isFiltered(state) ? (
          <Button
            variant="ghost"
            size="sm"
            aria-label={member ? `Clear the filters (member ${personLabel(member)})` : 'Clear the filters'}
            onClick={() => {
              setMember(null);
              onChange((current) => ({ ...current, search: '', filters: { member: '', type: '', status: '', channel: '', date_from: '', date_to: '' } }));
            }}
          >
            Clear filters
          </Button>
        ) : (
          <span />
        )}
        {actions}
      </div>
    </div>
  );
}
