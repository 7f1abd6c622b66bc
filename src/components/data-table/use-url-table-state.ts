/**
 * A table's state kept in the page's URL query (see `src/lib/table-query.ts`): read at mount,
 * written on every change (a history entry per change, so Back steps through them; `replace` for
 * changes that refine the previous one, such as typing on in the search box), and restored when
 * the user goes back or forward.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { parseTableState, tableStateSearch, type TableSpec, type TableState } from '../../lib/table-query';

const readState = <F extends string>(spec: TableSpec<F>): TableState<F> =>
  parseTableState(spec, new URLSearchParams(window.location.search));

export function useUrlTableState<F extends string>(spec: TableSpec<F>) {
  const [state, setState] = useState<TableState<F>>(() => readState(spec));
  const current = useRef(state);
  current.current = state;

  useEffect(() => {
    const restore = () => setState(readState(spec));
    window.addEventListener('popstate', restore);
    return () => window.removeEventListener('popstate', restore);
  }, [spec]);

  /** Sets the state from the current one; `replace` rewrites the URL without a history entry. */
  const update = useCallback(
    (change: (state: TableState<F>) => TableState<F>, mode: 'push' | 'replace' = 'push') => {
      const next = change(current.current);
      current.current = next;
      setState(next);
      const url = `${window.location.pathname}${tableStateSearch(spec, next)}${window.location.hash}`;
      if (url === `${window.location.pathname}${window.location.search}${window.location.hash}`) return;
      if (mode === 'replace') window.history.replaceState(window.history.state, '', url);
      else window.history.pushState(window.history.state, '', url);
    },
    [spec],
  );

  return [state, update] as const;
}

type Update<F extends string> = (change: (state: TableState<F>) => TableState<F>, mode?: 'push' | 'replace') => void;

/** The data table's `pagination` for a table state: page and page size in the state (a new size goes back to page 1). */
export function tablePaging<F extends string>(state: TableState<F>, update: Update<F>, count: number) {
  return {
    page: state.page,
    pageSize: state.pageSize,
    count,
    onPageChange: (next: number) => update((current) => ({ ...current, page: next })),
    onPageSizeChange: (size: number) => update((current) => ({ ...current, pageSize: size, page: 1 })),
  };
}

/** The data table's `sort` for a table state: a new ordering goes back to page 1. */
export function tableSorting<F extends string>(state: TableState<F>, update: Update<F>) {
  return { ordering: state.ordering, onOrderingChange: (ordering: string) => update((current) => ({ ...current, ordering, page: 1 })) };
}
