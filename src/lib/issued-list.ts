/**
 * The staff issued list on the Issue Book page: what it keeps in its URL (search, an Overdue
 * filter, ordering by issue date, due date, title or member, paging) and the list call's query.
 */
import type { IssuedQuery } from './api/circulation';
import { flagFilter, type TableSpec, type TableState } from './table-query';

/** The server's ordering keys of `GET /books/issued-books/`. */
export const ISSUED_SORT_KEYS = ['issue_date', 'due_date', 'title', 'member'] as const;

export type IssuedFilter = 'overdue';

/** The list's URL rules. */
export const ISSUED_LIST_SPEC: TableSpec<IssuedFilter> = {
  filters: { overdue: flagFilter },
  sortKeys: ISSUED_SORT_KEYS,
  defaultPageSize: 20,
};

/** The list call's query for the URL state (always paged). */
export function issuedListQuery(state: TableState<IssuedFilter>): IssuedQuery {
  return {
    search: state.search.trim() || undefined,
    ordering: state.ordering || undefined,
    overdue: state.filters.overdue === 'true' || undefined,
    page: state.page,
    page_size: state.pageSize,
  };
}
