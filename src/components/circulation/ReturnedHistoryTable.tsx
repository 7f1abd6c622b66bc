/**
 * The one returned-books list (`fetchReturnedHistory`): every member's on the Return Book page,
 * one member's on his profile (staff) and on his Returned Books page. Newest return first (the
 * server's order), searched and paged by the server on the shared data table, with the failed-load
 * notice and Retry. A page keeps search and paging in its URL; a panel inside another page keeps
 * them to itself (`inUrl` false).
 */
import { useState, type ReactNode } from 'react';
import { css } from 'styled-system/css';
import { fetchReturnedHistory } from '../../lib/api/circulation';
import { formatDate } from '#shared/dates';
import { callErrorMessage } from '../../lib/errors';
import { formatAmount } from '#shared/money';
import { defaultTableState, type TableSpec, type TableState } from '../../lib/table-query';
import type { ReturnedHistory } from '../../lib/schemas/circulation';
import { DataTable, type DataTableColumn } from '../data-table/DataTable';
import { SearchField } from '../data-table/SearchField';
import { TableLoadProblem } from '../data-table/TableLoadProblem';
import { usePageLoader } from '../data-table/use-page-loader';
import { useUrlTableState, tablePaging } from '../data-table/use-url-table-state';

export type ReturnedRow = ReturnedHistory['history'][number];
type Row = ReturnedRow;

const SPEC: TableSpec<never> = { filters: {}, sortKeys: [], defaultPageSize: 20 };
const STATUS_WORDS: Record<string, string> = { RETURNED: 'Returned', LOST: 'Lost', WRITE_OFF: 'Written off' };
const none = css({ color: 'fg.muted' });
const handle = css({ color: 'fg.muted', fontSize: 'xs', display: 'block' });
const dash = <span className={none}>—</span>;

/** One member's or every member's returned books; `reloadOn` values reload it (a return just made). */
export interface ReturnedHistoryTableProps {
  /** A member's user id, or null for every member. */
  memberId: string | number | null;
  caption: string;
  /** Keep search and page in the page's URL (a page of its own), else in the component. */
  inUrl?: boolean;
  reloadOn?: readonly unknown[];
  dateFormat?: string | null | undefined;
  /** A row's action (the Return Book page's Undo of a return made today), if any. */
  rowAction?: (row: Row) => ReactNode;
}

function columns(showMember: boolean, dateFormat: string | null | undefined): DataTableColumn<Row>[] {
  const date = (value: string | null | undefined) => formatDate(value, dateFormat) ?? dash;
  const list: DataTableColumn<Row>[] = [
    {
      id: 'book',
      header: 'Book',
      rowHeader: true,
      cell: (row) => (
        <span>
          {row.book.title}
          {row.book.isbn && <span className={handle}>{row.book.isbn}</span>}
        </span>
      ),
    },
  ];
  if (showMember)
    list.push({
      id: 'member',
      header: 'Member',
      cell: (row) => (
        <span>
          {row.member.username ?? `#${row.member.id}`}
          {row.member.member_id && <span className={handle}>{row.member.member_id}</span>}
        </span>
      ),
    });
  list.push(
    { id: 'return_date', header: 'Return Date', cell: (row) => date(row.return_date) },
    { id: 'issued_on', header: 'Issued On', hideBelow: 'md', cell: (row) => date(row.issued_on) },
    { id: 'due_date', header: 'Due Date', hideBelow: 'md', cell: (row) => date(row.due_date) },
    { id: 'status', header: 'Status', cell: (row) => STATUS_WORDS[row.status ?? ''] ?? row.status ?? dash },
    { id: 'fine', header: 'Fine', align: 'end', cell: (row) => formatAmount(row.fine_amount) ?? dash },
  );
  return list;
}

/** Table state kept in the URL or in the component (both hooks always run; one is used). */
function useTableState(inUrl: boolean) {
  const url = useUrlTableState(SPEC);
  const local = useState<TableState<never>>(() => defaultTableState(SPEC));
  if (inUrl) return url;
  const [state, setState] = local;
  return [state, (change: (current: TableState<never>) => TableState<never>) => setState(change)] as const;
}

/** The returned books list; see the module comment. */
export function ReturnedHistoryTable({ memberId, caption, inUrl = true, reloadOn = [], dateFormat, rowAction }: ReturnedHistoryTableProps) {
  const [state, update] = useTableState(inUrl);
  const { page, loading, loadError, reload } = usePageLoader<Row>({
    key: JSON.stringify([memberId, state.search, state.page, state.pageSize]),
    load: async () => {
      const answer = await fetchReturnedHistory(memberId, { search: state.search, page: state.page, page_size: state.pageSize });
      return { results: answer.history, count: answer.returned_count };
    },
    pageNumber: state.page,
    toFirstPage: () => update((current) => ({ ...current, page: 1 })),
    errorMessage: (failure) => callErrorMessage('returned-history', failure),
    reloadOn,
  });
  const rows = loadError ? [] : (page?.rows ?? []);

  return (
    <DataTable
      caption={caption}
      captionHidden
      columns={columns(memberId === null, dateFormat)}
      rows={rows}
      rowKey={(row) => row.issue_id}
      loading={loading}
      toolbar={<SearchField label="Search returned books" placeholder="Title, ISBN or member" search={state.search} onSearch={(search) => update((current) => ({ ...current, search, page: 1 }))} />}
      notice={loadError && <TableLoadProblem title="Returned books could not be loaded" message={loadError} onRetry={reload} />}
      emptyText={state.search ? 'No returned books match your search.' : 'No books returned yet.'}
      pagination={tablePaging(state, update, loadError ? 0 : (page?.count ?? 0))}
      {...(rowAction ? { rowActions: rowAction } : {})}
    />
  );
}
