/**
 * The staff member lists on the shared data table: Member List (active members, delete),
 * Pending Approvals (approve / decline, also in bulk), Rejected Approvals (approve again, also in
 * bulk) and Disable Member (active or disabled members, toggled). Search, sort and paging live in
 * the URL and are answered by the server; only one page is in memory. Every action is confirmed
 * and the list reloads after it; buttons show only for holders of the permission.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useReducer } from 'react';
import { ListToolbar } from '../../components/server-list/ListToolbar';
import { ServerDataTable } from '../../components/server-list/ServerDataTable';
import { useServerList } from '../../components/server-list/use-server-list';
import { fetchMemberPage } from '../../lib/api/members';
import { callErrorMessage } from '../../lib/errors';
import { chosenRows, memberListEmptyText, memberListFlow, NO_SELECTION, type MemberListFlow, type MemberListEvent } from '../../lib/member-list-flow';
import { bulkActions, memberListQuery, memberListSpec, memberListState, rowActions, type MemberListFilter, type MemberListView } from '../../lib/member-lists';
import type { MemberListItem } from '../../lib/schemas/member-lists';
import type { TableState } from '../../lib/table-query';
import { $session } from '../../stores/session';
import { $membersVersion } from '../../stores/members';
import { BulkBar, MemberRowActions } from './MemberListActions';
import { MemberActionDialog } from './MemberActionDialog';
import { MEMBER_COLUMNS } from './member-columns';

const SPECS = {
  active: memberListSpec('active'),
  pending: memberListSpec('pending'),
  rejected: memberListSpec('rejected'),
  disable: memberListSpec('disable'),
} as const;

const SHOW_OPTIONS = [{ value: 'disabled', label: 'Disabled members' }];
const listError = (failure: unknown) => callErrorMessage('member-list', failure);
const flowOf = memberListFlow as (state: MemberListFlow<MemberListItem>, event: MemberListEvent<MemberListItem>) => MemberListFlow<MemberListItem>;

/** One member list screen; `view` names which (the page passes it). */
export default function MemberLists({ view }: { view: MemberListView }) {
  const session = useStore($session);
  // Members added on this page (the top bar's Bulk Upload) reload the list too.
  const membersVersion = useStore($membersVersion);
  const list = useServerList({
    spec: SPECS[view],
    query: (state: TableState<MemberListFilter>) => ({ listState: memberListState(view, state), query: memberListQuery(state) }),
    fetch: ({ listState, query }) => fetchMemberPage(listState, query),
    errorMessage: listError,
    reloadOn: [membersVersion],
  });
  const [flow, dispatch] = useReducer(flowOf, NO_SELECTION);
  const { state, rows } = list;

  // Another page, search or list: what was selected is no longer in view.
  useEffect(() => dispatch({ type: 'clear' }), [list.queryKey]);

  const bulk = bulkActions(view, session);
  const chosen = chosenRows(rows, flow.selected);
  const anyRowActions = rows.some((row) => rowActions(view, row.state, session).length > 0);
  const flags = { failed: list.loadError !== null, searched: state.search !== '', disabledShown: memberListState(view, state) === 'disabled' };
  const showFilter = view === 'disable' ? { label: 'Show', placeholder: 'Active members', options: SHOW_OPTIONS, value: state.filters.show, onChange: (value: string) => list.setFilter('show', value) } : undefined;

  return (
    <div>
      {/* The staff top bar shows the page's h1. */}
      <ServerDataTable
        caption="Members"
        columns={MEMBER_COLUMNS}
        list={list}
        rowKey={(member) => member.id}
        toolbar={(sortSelect) => (
          <ListToolbar search={{ label: 'Search members', placeholder: 'Name, username, e-mail or member ID', text: state.search, onSearch: list.search }} filter={showFilter} sortSelect={sortSelect}>
            <BulkBar actions={bulk} chosen={chosen} onAsk={(action) => dispatch({ type: 'ask', action, members: chosen })} onClear={() => dispatch({ type: 'clear' })} />
          </ListToolbar>
        )}
        loadProblemTitle="Members could not be loaded"
        emptyText={memberListEmptyText(view, flags)}
        selection={bulk.length > 0 ? { selected: flow.selected as Set<string | number>, onChange: (selected) => dispatch({ type: 'select', selected }), rowLabel: (member) => `Select ${member.username}` } : undefined}
        rowActions={
          anyRowActions
            ? (member) => <MemberRowActions member={member} actions={rowActions(view, member.state, session)} onAsk={(action) => dispatch({ type: 'ask', action, members: [member] })} />
            : undefined
        }
      />
      {flow.pending && (
        <MemberActionDialog
          action={flow.pending.action}
          members={flow.pending.members}
          onClose={() => dispatch({ type: 'close' })}
          onDone={() => {
            dispatch({ type: 'done' });
            list.reload();
          }}
        />
      )}
    </div>
  );
}
