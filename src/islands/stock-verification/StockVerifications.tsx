/**
 * Stock Verification (books/stock): the verification sessions, newest first, each leading to its
 * scan desk or report, and the "New verification" form for holders of add_stockverification. The
 * route table and the guard keep the page to holders of view_stockverification.
 */
import { useStore } from '@nanostores/react';
import { useMemo } from 'react';
import { css } from 'styled-system/css';
import { flex } from 'styled-system/patterns';
import { badge } from 'styled-system/recipes';
import { DataTable, type DataTableColumn } from '../../components/data-table/DataTable';
import { TableLoadProblem } from '../../components/data-table/TableLoadProblem';
import { PageHeader, Panel } from '../../components/Panel';
import { holdsPermission } from '../../lib/permissions';
import type { StockSession } from '../../lib/schemas/stock-verification';
import { SESSION_STATUS_TEXT, filtersText } from '../../lib/stock-verification';
import { $session } from '../../stores/session';
import { NewSessionForm } from './NewSessionForm';
import { SessionLink } from './SessionLink';
import { SESSIONS_PAGE_SIZE, useSessionList } from './use-session-list';
import { useMoment } from './use-moment';

const page = flex({ direction: 'column', gap: '6', minW: '0' });
const listTitle = css({ fontSize: 'lg', fontWeight: 'semibold' });

export default function StockVerifications() {
  const user = useStore($session);
  const canOpen = holdsPermission(user, 'add_stockverification');
  const list = useSessionList(true);
  const moment = useMoment();
  const columns = useMemo<DataTableColumn<StockSession>[]>(
    () => [
      { id: 'name', header: 'Name', rowHeader: true, cell: (row) => <SessionLink session={row} /> },
      { id: 'filters', header: 'Covers', cell: (row) => filtersText(row.filters), hideBelow: 'md' },
      {
        id: 'status',
        header: 'Status',
        cell: (row) => <span className={badge({ tone: row.status === 'OPEN' ? 'success' : 'neutral' })}>{SESSION_STATUS_TEXT[row.status]}</span>,
      },
      { id: 'opened', header: 'Opened', cell: (row) => moment(row.opened_at), hideBelow: 'sm' },
      { id: 'seen', header: 'Seen', align: 'end', cell: (row) => `${row.counts.seen} of ${row.counts.expected}` },
      { id: 'not-seen', header: 'Not seen', align: 'end', cell: (row) => String(row.counts.not_seen) },
    ],
    [moment],
  );

  return (
    <div className={page}>
      <PageHeader title="Stock Verification">
        Take stock shelf by shelf: open a verification, scan every copy on the shelves, close it and read what was not seen.
      </PageHeader>
      {canOpen && (
        <Panel title="New verification" intro="It expects the copies that match these filters now; copies on loan or held are expected away.">
          <NewSessionForm />
        </Panel>
      )}
      <DataTable
        caption="Verifications"
        captionHidden
        toolbar={<h2 className={listTitle}>Verifications</h2>}
        columns={columns}
        rows={list.page?.rows ?? []}
        rowKey={(row) => String(row.id)}
        loading={list.loading}
        notice={list.loadError && <TableLoadProblem title="The verifications could not be loaded" message={list.loadError} onRetry={list.reload} />}
        emptyText={canOpen ? 'No verifications yet. Open the first one above.' : 'No verifications yet.'}
        pagination={{ page: list.pageNumber, pageSize: SESSIONS_PAGE_SIZE, pageSizes: [SESSIONS_PAGE_SIZE], count: list.page?.count ?? 0, onPageChange: list.setPage, onPageSizeChange: () => undefined }}
      />
    </div>
  );
}
