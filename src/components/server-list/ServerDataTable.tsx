/**
 * The data table of a server-paged list (`useServerList`): its current rows, skeleton and overlay,
 * the load failure with Retry above the table, sorting and paging. The screen gives the rest
 * (caption, columns, toolbar, why it is empty, row actions, selection).
 */
import { DataTable, type DataTableProps } from '../data-table/DataTable';
import { TableLoadProblem } from '../data-table/TableLoadProblem';
import type { useServerList } from './use-server-list';

type ServerList<Row> = Pick<ReturnType<typeof useServerList<string, Row, unknown>>, 'rows' | 'loading' | 'loadError' | 'reload' | 'sort' | 'pagination'>;

export type ServerDataTableProps<Row> = Omit<DataTableProps<Row>, 'rows' | 'loading' | 'notice' | 'sort' | 'pagination' | 'captionHidden'> & {
  list: ServerList<Row>;
  /** The title of the failure shown above the table, e.g. "Members could not be loaded". */
  loadProblemTitle: string;
};

/** The caption is for screen readers: the top bar's title names the list. */
export function ServerDataTable<Row>({ list, loadProblemTitle, ...table }: ServerDataTableProps<Row>) {
  return (
    <DataTable
      {...table}
      captionHidden
      rows={list.rows}
      loading={list.loading}
      notice={list.loadError && <TableLoadProblem title={loadProblemTitle} message={list.loadError} onRetry={list.reload} />}
      sort={list.sort}
      pagination={list.pagination}
    />
  );
}
