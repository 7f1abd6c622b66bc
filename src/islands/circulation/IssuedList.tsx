/**
 * The staff issued list on the Issue Book page: loans still out, one server page at a time on the
 * shared data table (search, Overdue filter, ordering by issue date, due date, title or member,
 * paging, all in the URL). Overdue rows carry "Overdue · n days"; due dates are in the library's
 * format. Row actions: Edit (the due date, holders of change_bookissuance) and the place for Return.
 */
import type { ReactNode } from 'react';
import { ListToolbar } from '../../components/server-list/ListToolbar';
import { ServerDataTable } from '../../components/server-list/ServerDataTable';
import { useServerList } from '../../components/server-list/use-server-list';
import { Button } from '../../components/ui/Button';
import { fetchIssuedPage } from '../../lib/api/circulation';
import { callErrorMessage } from '../../lib/errors';
import { ISSUED_LIST_SPEC, issuedListQuery } from '../../lib/issued-list';
import type { IssuedRecord } from '../../lib/schemas/circulation';
import { listEmptyText } from '../../lib/server-list';
import { issuedColumns, memberName } from './issued-columns';

const FILTER_OPTIONS = [{ value: 'true', label: 'Overdue only' }];
const EMPTY = { failed: 'No loans to show.', searched: 'No loans match your search.', filtered: 'No loan is overdue.', none: 'No books are issued.' };
const listError = (failure: unknown) => callErrorMessage('issued-list', failure);

/** The list's settings: the library's today and date format, what the user may do, and its row actions' handlers. */
export interface IssuedListProps {
  today: string;
  dateFormat: string | null | undefined;
  /** Bumped after a loan is issued or changed: the list reloads. */
  version: number;
  toolbarEnd?: ReactNode;
  /** Opens the dialog on a loan (holders of change_bookissuance), or undefined. */
  onEdit?: ((loan: IssuedRecord) => void) | undefined;
  /** The Return action of a row (wired by the Return Book dialog's owner), or undefined. */
  returnAction?: ((loan: IssuedRecord) => ReactNode) | undefined;
}

export function IssuedList({ today, dateFormat, version, toolbarEnd, onEdit, returnAction }: IssuedListProps) {
  const list = useServerList({ spec: ISSUED_LIST_SPEC, query: issuedListQuery, fetch: fetchIssuedPage, errorMessage: listError, reloadOn: [version] });
  const { state } = list;
  const flags = { failed: list.loadError !== null, searched: state.search !== '', filtered: state.filters.overdue === 'true' };

  return (
    <ServerDataTable
      caption="Issued books"
      columns={issuedColumns(today, dateFormat)}
      list={list}
      rowKey={(loan) => loan.id}
      toolbar={(sortSelect) => (
        <ListToolbar
          search={{ label: 'Search issued books', placeholder: 'Title, ISBN, username or member number', text: state.search, onSearch: list.search }}
          filter={{ label: 'Show', placeholder: 'All loans', options: FILTER_OPTIONS, value: state.filters.overdue, onChange: (value) => list.setFilter('overdue', value) }}
          sortSelect={sortSelect}
        >
          {toolbarEnd}
        </ListToolbar>
      )}
      loadProblemTitle="Issued books could not be loaded"
      emptyText={listEmptyText(EMPTY, flags)}
      rowActions={
        onEdit || returnAction
          ? (loan) => (
              <>
                {onEdit && (
                  <Button variant="outline" size="sm" aria-label={`Edit the loan of ${loan.book.title} to ${memberName(loan)}`} onClick={() => onEdit(loan)}>
                    Edit
                  </Button>
                )}
                {returnAction?.(loan)}
              </>
            )
          : undefined
      }
    />
  );
}
