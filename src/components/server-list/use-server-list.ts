/**
 * A server-paged list screen's state in one hook: the table state in the URL
 * (`use-url-table-state`), its current page (`use-page-loader`, reloading on `reloadOn`), and the
 * steps of `lib/server-list` for search and filters, with the data table's sort and paging props.
 */
import { useCallback } from 'react';
import { usePageLoader, type PageAnswer } from '../data-table/use-page-loader';
import { tablePaging, tableSorting, useUrlTableState } from '../data-table/use-url-table-state';
import { searchStep, withFilter } from '../../lib/server-list';
import type { TableSpec, TableState } from '../../lib/table-query';

export function useServerList<F extends string, Row, Q>(options: {
  spec: TableSpec<F>;
  /** The call's query for a table state (the list reloads when it changes). */
  query: (state: TableState<F>) => Q;
  fetch: (query: Q) => Promise<PageAnswer<Row>>;
  errorMessage: (failure: unknown) => string;
  reloadOn?: readonly unknown[];
}) {
  const [state, update] = useUrlTableState(options.spec);
  const query = options.query(state);
  const queryKey = JSON.stringify(query);
  const { page, loading, loadError, reload } = usePageLoader<Row>({
    key: queryKey,
    load: () => options.fetch(query),
    pageNumber: state.page,
    toFirstPage: () => update((current) => ({ ...current, page: 1 }), 'replace'),
    errorMessage: options.errorMessage,
    reloadOn: options.reloadOn ?? [],
  });

  const search = useCallback(
    (text: string) => {
      const step = searchStep(state, text);
      update(step.change, step.mode);
    },
    [update, state],
  );

  return {
    state,
    queryKey,
    rows: loadError ? [] : (page?.rows ?? []),
    /** True once a page has arrived (a later reload keeps it shown). */
    loaded: page !== null,
    count: loadError ? 0 : (page?.count ?? 0),
    loading,
    loadError,
    reload,
    search,
    setFilter: (name: F, value: string) => update(withFilter(name, value)),
    sort: tableSorting(state, update),
    pagination: tablePaging(state, update, loadError ? 0 : (page?.count ?? 0)),
  };
}
