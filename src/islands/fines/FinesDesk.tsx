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
import { toolbar } from 'styled-system/recipes';
import { DataTable } from '../../components/data-table/DataTable';
import { SearchField } from '../../components/data-table/SearchField';
import { TableLoadProblem } from '../../components/data-table/TableLoadProblem';
import { usePageLoader } from '../../components/data-table/use-page-loader';
import { useUrlTableState, tablePaging } from '../../components/data-table/use-url-table-state';
import { Button } from '../../components/ui/Button';
import type { CollectMember } from '../../components/fines/CollectDialog';
import { fetchPendingFines } from '../../lib/api/fines';
import { mayCancel } from '../../lib/collect-charges';
import { mayFollow } from '../../lib/guard';
import { callErrorMessage } from '../../lib/errors';
import { holdsPermission } from '../../lib/permissions';
import type { FineRow } from '../../lib/schemas/fines';
import type { TableSpec } from '../../lib/table-query';
import { $librarySettings } from '../../stores/library-settings';
import { $session } from '../../stores/session';
import { fineColumns, memberName } from './fine-columns';

const CollectDialog = lazy(() => import('../../components/fines/CollectDialog'));
const ReceiptDialog = lazy(() => import('../../components/fines/ReceiptDialog'));
const AddChargeDialog = lazy(() => import('../../components/fines/AddChargeDialog'));
const CancelChargeDialog = lazy(() => import('../../components/fines/CancelChargeDialog'));

/** The pending list's URL state: search and paging (the server orders oldest first). */
const SPEC: TableSpec<never> = { filters: {}, sortKeys: [], defaultPageSize: 20 };
const chargeBar = cx(toolbar({ justify: 'end', stackOnPhone: true }), css({ mb: '4' }));

export default function FinesDesk() {
  const session = useStore($session);
  const dateFormat = useStore($librarySettings)?.date_format;
  const memberLinks = mayFollow('member-profile-view', session);
  const columns = useMemo(() => fineColumns(dateFormat, memberLinks), [dateFormat, memberLinks]);
  const canCollect = holdsPermission(session, 'change_fine');
  const [state, update] = useUrlTableState(SPEC);
  const [collecting, setCollecting] = useState<CollectMember | null>(null);
  const [receiptNo, setReceiptNo] = useState<string | null>(null);
  const [charging, setCharging] = useState(false);
  const [cancelling, setCancelling] = useState<FineRow | null>(null);
  // Charges cancelled here stay on the page, marked Cancelled, until the list is loaded again.
  const [cancelled, setCancelled] = useState<ReadonlyMap<string, FineRow>>(new Map());
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

  const rows = loadError ? [] : (page?.rows ?? []).map((row) => cancelled.get(String(row.id)) ?? row);

  return (
    <div>
      {canCollect && (
        <div className={chargeBar}>
          <Button onClick={() => setCharging(true)}>Add a charge</Button>
        </div>
      )}
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
                <span className={css({ display: 'inline-flex', gap: '2', flexWrap: 'wrap', justifyContent: 'end' })}>
                  {mayCancel(row) && (
                    <Button size="sm" variant="outline" aria-label={`Cancel charge ${row.id} of ${memberName(row)}`} onClick={() => setCancelling(row)}>
                      Cancel charge
                    </Button>
                  )}
                  {mayCancel(row) && (
                    <Button size="sm" aria-label={`Collect fines from ${memberName(row)}`} onClick={() => setCollecting({ id: row.user_id, name: memberName(row) })}>
                      Collect
                    </Button>
                  )}
                </span>
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
        {charging && (
          <AddChargeDialog
            onClose={() => setCharging(false)}
            onCharged={() => {
              setCharging(false);
              reload();
            }}
          />
        )}
        {cancelling && (
          <CancelChargeDialog
            charge={cancelling}
            onClose={() => setCancelling(null)}
            onCancelled={(row) => {
              setCancelling(null);
              setCancelled((map) => new Map(map).set(String(row.id), row));
            }}
          />
        )}
      </Suspense>
    </div>
  );
}
