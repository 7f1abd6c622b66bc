/**
 * The staff Fines page: pending fines (something remaining) on the shared data table, oldest
 * first, with server paging and search kept in the URL, the failed-load notice with Retry, and
 * for holders of `change_fine` a Collect button per row that opens the Collect dialog for that
 * member (loaded on first use); after a collection the list reloads and the receipt shows. A
 * member's name links to his profile only for staff who may open it (`mayFollow`).
 */
import { useStore } from '@nanostores/react';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { css, cx } from 'styled-system/css';
import { table, textLink } from 'styled-system/recipes';
import { DataTable, type DataTableColumn } from '../../components/data-table/DataTable';
import { SearchField } from '../../components/data-table/SearchField';
import { TableLoadProblem } from '../../components/data-table/TableLoadProblem';
import { usePageLoader } from '../../components/data-table/use-page-loader';
import { useUrlTableState, tablePaging } from '../../components/data-table/use-url-table-state';
import { Button } from '../../components/ui/Button';
import type { CollectMember } from '../../components/fines/CollectDialog';
import { fetchPendingFines } from '../../lib/api/fines';
import { formatDate } from '#shared/dates';
import { mayFollow } from '../../lib/guard';
import { callErrorMessage } from '../../lib/errors';
import { formatAmount } from '#shared/money';
import { holdsPermission } from '../../lib/permissions';
import { pathFor } from '#shared/routes';
import type { FineRow } from '../../lib/schemas/fines';
import type { TableSpec } from '../../lib/table-query';
import { $librarySettings } from '../../stores/library-settings';
import { $session } from '../../stores/session';

const CollectDialog = lazy(() => import('../../components/fines/CollectDialog'));
const ReceiptDialog = lazy(() => import('../../components/fines/ReceiptDialog'));

/** The pending list's URL state: search and paging (the server orders oldest first). */
const SPEC: TableSpec<never> = { filters: {}, sortKeys: [], defaultPageSize: 20 };

const { cellStack: who, cellDetail: handle, cellNumber: money } = table();
const strong = cx(money, css({ fontWeight: 'semibold' }));

const memberName = (row: FineRow): string => row.full_name || row.username;

/** The pending list's columns; dates in the library's format; names as links when `memberLinks`. */
const columnsFor = (dateFormat: string | null | undefined, memberLinks: boolean): DataTableColumn<FineRow>[] => [
  {
    id: 'member',
    header: 'Member',
    rowHeader: true,
    cell: (row) => (
      <span className={who}>
        {memberLinks ? (
          <a className={textLink()} href={pathFor('member-profile-view', { memberId: row.user_id })}>
            {memberName(row)}
          </a>
        ) : (
          memberName(row)
        )}
        <span className={handle}>
          @{row.username}
          {row.member_id ? ` · ${row.member_id}` : ''}
        </span>
      </span>
    ),
  },
  { id: 'book', header: 'Book', cell: (row) => row.book_title },
  { id: 'returned', header: 'Returned', hideBelow: 'lg', cell: (row) => formatDate(row.return_date, dateFormat) ?? '—' },
  // Late days and Waived give way first, so Collect stays in view beside the sidebar at 1280 px.
  { id: 'late', header: 'Late days', hideBelow: '2xl', align: 'end', cell: (row) => row.late_days ?? 0 },
  { id: 'amount', header: 'Fine', align: 'end', hideBelow: 'md', cell: (row) => <span className={money}>{formatAmount(row.amount)}</span> },
  { id: 'paid', header: 'Paid', align: 'end', hideBelow: 'xl', cell: (row) => <span className={money}>{formatAmount(row.collected_amount)}</span> },
  { id: 'discount', header: 'Waived', align: 'end', hideBelow: '2xl', cell: (row) => <span className={money}>{formatAmount(row.discount)}</span> },
  { id: 'remaining', header: 'Remaining', align: 'end', cell: (row) => <span className={strong}>{formatAmount(row.remaining_fines)}</span> },
];

export default function FinesDesk() {
  const session = useStore($session);
  const dateFormat = useStore($librarySettings)?.date_format;
  const memberLinks = mayFollow('member-profile-view', session);
  const columns = useMemo(() => columnsFor(dateFormat, memberLinks), [dateFormat, memberLinks]);
  const canCollect = holdsPermission(session, 'change_fine');
  const [state, update] = useUrlTableState(SPEC);
  const [collecting, setCollecting] = useState<CollectMember | null>(null);
  const [receiptNo, setReceiptNo] = useState<string | null>(null);
  const query = useMemo(() => ({ search: state.search.trim(), page: state.page, page_size: state.pageSize }), [state]);

  const { page, loading, loadError, reload } = usePageLoader<FineRow>({
    key: JSON.stringify(query),
    load: () => fetchPendingFines(query),
    pageNumber: state.page,
    toFirstPage: () => update((current) => ({ ...current, page: 1 }), 'replace'),
    errorMessage: (failure) => callErrorMessage('fine-list', failure),
  });

  const search = useCallback(
    (text: string) => update((current) => ({ ...current, search: text, page: 1 }), state.search && text ? 'replace' : 'push'),
    [update, state.search],
  );

  const rows = loadError ? [] : (page?.rows ?? []);

  return (
    <div>
      <DataTable
        caption="Pending fines"
        captionHidden
        columns={columns}
        rows={rows}
        rowKey={(row) => row.id}
        loading={loading}
        toolbar={<SearchField label="Search fines" placeholder="Member, member ID or book title" search={state.search} onSearch={search} />}
        notice={loadError && <TableLoadProblem title="Fines could not be loaded" message={loadError} onRetry={reload} />}
        emptyText={loadError ? 'No fines to show.' : state.search ? 'No fines match your search.' : 'No fines are waiting to be collected.'}
        pagination={tablePaging(state, update, loadError ? 0 : (page?.count ?? 0))}
        rowActions={
          canCollect
            ? (row) => (
                <Button size="sm" aria-label={`Collect fines from ${memberName(row)}`} onClick={() => setCollecting({ id: row.user_id, name: memberName(row) })}>
                  Collect
                </Button>
              )
            : undefined
        }
      />
      <Suspense fallback={null}>
        {collecting && (
          <CollectDialog
            member={collecting}
            onClose={() => setCollecting(null)}
            onCollected={(number) => {
              setCollecting(null);
              reload();
              if (number) setReceiptNo(number);
            }}
          />
        )}
        {receiptNo && <ReceiptDialog receiptNo={receiptNo} onClose={() => setReceiptNo(null)} />}
      </Suspense>
    </div>
  );
}
