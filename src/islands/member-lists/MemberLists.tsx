/**
 * The staff member lists on the shared data table: Member List (active members, delete),
 * Pending Approvals (approve / decline, also in bulk), Rejected Approvals (approve again, also in
 * bulk) and Disable Member (active or disabled members, toggled). Search, sort and paging live in
 * the URL and are answered by the server; only one page is in memory. Every action is confirmed
 * and the list reloads after it; buttons show only for holders of the permission.
 */
import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { css, cx } from 'styled-system/css';
import { DataTable } from '../../components/data-table/DataTable';
import { SearchField } from '../../components/data-table/SearchField';
import { TableLoadProblem } from '../../components/data-table/TableLoadProblem';
import { usePageLoader } from '../../components/data-table/use-page-loader';
import { useUrlTableState, tablePaging, tableSorting } from '../../components/data-table/use-url-table-state';
import { Button } from '../../components/ui/Button';
import { SelectField } from '../../components/ui/SelectField';
import { fetchMemberPage } from '../../lib/api/members';
import { callErrorMessage } from '../../lib/errors';
import {
  MEMBER_ACTION_WORDS,
  bulkActions,
  memberListQuery,
  memberListSpec,
  memberListState,
  rowActions,
  type MemberAction,
  type MemberListView,
} from '../../lib/member-lists';
import { displayName } from '#shared/person-name';
import type { MemberListItem } from '../../lib/schemas/member-lists';
import { $session } from '../../stores/session';
import { $membersVersion } from '../../stores/members';
import { MemberActionDialog } from './MemberActionDialog';
import { MEMBER_COLUMNS } from './member-columns';

const SPECS = {
  active: memberListSpec('active'),
  pending: memberListSpec('pending'),
  rejected: memberListSpec('rejected'),
  disable: memberListSpec('disable'),
} as const;

const EMPTY: Record<MemberListView, string> = {
  active: 'No active members yet.',
  pending: 'No registrations are waiting for approval.',
  rejected: 'No declined registrations.',
  disable: 'No members to show.',
};

const SHOW_OPTIONS = [{ value: 'disabled', label: 'Disabled members' }];

const bulkBar = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2', w: 'full', fontSize: 'sm', fontWeight: 'medium' });
const toolbarRow = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: '3', w: 'full' });
const dangerText = css({ color: 'danger.fg' });

type Pending = { action: MemberAction; members: MemberListItem[] };

/** One member list screen; `view` names which (the page passes it). */
export default function MemberLists({ view }: { view: MemberListView }) {
  const session = useStore($session);
  const spec = SPECS[view];
  const [state, update] = useUrlTableState(spec);
  // Members added on this page (the top bar's Bulk Upload) reload the list too.
  const membersVersion = useStore($membersVersion);
  const [selected, setSelected] = useState<Set<string | number>>(() => new Set());
  const [pending, setPending] = useState<Pending | null>(null);

  const listState = memberListState(view, state);
  const query = useMemo(() => memberListQuery(state), [state]);
  const queryKey = JSON.stringify([listState, query]);

  const { page, loading, loadError, reload } = usePageLoader<MemberListItem>({
    key: queryKey,
    load: () => fetchMemberPage(listState, query),
    pageNumber: state.page,
    toFirstPage: () => update((current) => ({ ...current, page: 1 }), 'replace'),
    errorMessage: (failure) => callErrorMessage('member-list', failure),
    reloadOn: [membersVersion],
  });

  // Another page, search or list: what was selected is no longer in view.
  useEffect(() => setSelected(new Set()), [queryKey]);

  const search = useCallback(
    (text: string) => update((current) => ({ ...current, search: text, page: 1 }), state.search && text ? 'replace' : 'push'),
    [update, state.search],
  );

  const rows = loadError ? [] : (page?.rows ?? []);
  const bulk = bulkActions(view, session);
  const chosen = rows.filter((row) => selected.has(row.id));
  const anyRowActions = rows.some((row) => rowActions(view, row.state, session).length > 0);
  const searched = state.search !== '';

  return (
    <div>
      {/* The staff top bar shows the page's h1. */}
      <DataTable
        caption="Members"
        captionHidden
        columns={MEMBER_COLUMNS}
        rows={rows}
        rowKey={(member) => member.id}
        loading={loading}
        toolbar={(sortSelect) => (
          <div className={toolbarRow}>
            <SearchField label="Search members" placeholder="Name, username, e-mail or member ID" search={state.search} onSearch={search} />
            {view === 'disable' && (
              <SelectField
                label="Show"
                placeholder="Active members"
                options={SHOW_OPTIONS}
                value={state.filters.show}
                onChange={(event) => update((current) => ({ ...current, filters: { show: event.target.value }, page: 1 }))}
              />
            )}
            {sortSelect}
            {bulk.length > 0 && chosen.length > 0 && (
              <div className={bulkBar} role="group" aria-label="Selected members">
                <span>{chosen.length} selected</span>
                {bulk.map((action) => (
                  <Button
                    key={action}
                    variant={MEMBER_ACTION_WORDS[action].danger ? 'danger' : 'solid'}
                    size="sm"
                    onClick={() => setPending({ action, members: chosen })}
                  >
                    {MEMBER_ACTION_WORDS[action].button} selected
                  </Button>
                ))}
                <Button variant="ghost" size="sm" onClick={() => setSelected(new Set())}>
                  Clear selection
                </Button>
              </div>
            )}
          </div>
        )}
        notice={loadError && <TableLoadProblem title="Members could not be loaded" message={loadError} onRetry={reload} />}
        emptyText={loadError ? 'No members to show.' : searched ? 'No members match your search.' : view === 'disable' && listState === 'disabled' ? 'No disabled members.' : EMPTY[view]}
        sort={tableSorting(state, update)}
        pagination={tablePaging(state, update, loadError ? 0 : (page?.count ?? 0))}
        selection={bulk.length > 0 ? { selected, onChange: setSelected, rowLabel: (member) => `Select ${member.username}` } : undefined}
        rowActions={
          anyRowActions
            ? (member) =>
                rowActions(view, member.state, session).map((action) => (
                  <Button
                    key={action}
                    variant={MEMBER_ACTION_WORDS[action].danger ? 'outline' : 'solid'}
                    size="sm"
                    className={cx(MEMBER_ACTION_WORDS[action].danger && dangerText)}
                    aria-label={`${MEMBER_ACTION_WORDS[action].button} ${displayName(member)}`}
                    onClick={() => setPending({ action, members: [member] })}
                  >
                    {MEMBER_ACTION_WORDS[action].button}
                  </Button>
                ))
            : undefined
        }
      />
      {pending && (
        <MemberActionDialog
          action={pending.action}
          members={pending.members}
          onClose={() => setPending(null)}
          onDone={() => {
            setSelected(new Set());
            reload();
          }}
        />
      )}
    </div>
  );
}
