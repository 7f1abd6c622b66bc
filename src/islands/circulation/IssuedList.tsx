/**
 * The staff issued list on the Issue Book page: loans still out, one server page at a time on the
 * shared data table (search, Overdue filter, ordering by issue date, due date, title or member,
 * paging, all in the URL). Overdue rows carry "Overdue · n days"; due dates are in the library's
 * format. Row actions: Edit (the due date, holders of change_bookissuance) and the place for Return.
 */
import { css } from 'styled-system/css';
import { badge } from 'styled-system/recipes';
import type { ReactNode } from 'react';
import { DataTable, type DataTableColumn } from '../../components/data-table/DataTable';
import { SearchField } from '../../components/data-table/SearchField';
import { TableLoadProblem } from '../../components/data-table/TableLoadProblem';
import { usePageLoader } from '../../components/data-table/use-page-loader';
import { useUrlTableState, tablePaging, tableSorting } from '../../components/data-table/use-url-table-state';
import { Button } from '../../components/ui/Button';
import { SelectField } from '../../components/ui/SelectField';
import { fetchIssuedPage } from '../../lib/api/circulation';
import { formatDate } from '#shared/dates';
import { callErrorMessage } from '../../lib/errors';
import { overdueLabel } from '../../lib/issue-form';
import { ISSUED_LIST_SPEC, issuedListQuery } from '../../lib/issued-list';
import { formatAmount } from '#shared/money';
import type { IssuedRecord } from '../../lib/schemas/circulation';

const toolbarRow = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: '3', w: 'full' });
const who = css({ display: 'flex', flexDirection: 'column', gap: '0.5', textAlign: 'start' });
const small = css({ color: 'fg.muted', fontSize: 'xs' });
const dueCell = css({ display: 'inline-flex', flexDirection: 'column', alignItems: { base: 'flex-end', sm: 'flex-start' }, gap: '1' });

const FILTER_OPTIONS = [{ value: 'true', label: 'Overdue only' }];

const memberName = (loan: IssuedRecord): string => loan.member.full_name || loan.member.name || String(loan.member.id);

function columns(today: string, dateFormat: string | null | undefined): DataTableColumn<IssuedRecord>[] {
  return [
    {
      id: 'title',
      header: 'Book',
      sortKey: 'title',
      rowHeader: true,
      cell: (loan) => (
        <span className={who}>
          {loan.book.title}
          <span className={small}>{[`#${loan.book.id}`, loan.book.isbn].filter(Boolean).join(' · ')}</span>
        </span>
      ),
    },
    {
      id: 'member',
      header: 'Member',
      sortKey: 'member',
      cell: (loan) => (
        <span className={who}>
          {memberName(loan)}
          {loan.member.member_id && <span className={small}>{loan.member.member_id}</span>}
        </span>
      ),
    },
    { id: 'issue_date', header: 'Issued On', sortKey: 'issue_date', hideBelow: 'lg', cell: (loan) => formatDate(loan.issue_date, dateFormat) },
    {
      id: 'due_date',
      header: 'Due Date',
      sortKey: 'due_date',
      cell: (loan) => {
        const late = overdueLabel(loan.due_date, today);
        return (
          <span className={dueCell}>
            {formatDate(loan.due_date, dateFormat)}
            {late && (
              <span className={badge({ tone: 'danger' })} data-overdue>
                {late}
              </span>
            )}
          </span>
        );
      },
    },
    { id: 'fine', header: 'Fine so far', hideBelow: 'xl', align: 'end', cell: (loan) => formatAmount(loan.fine_amount) ?? '—' },
  ];
}

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
  const [state, update] = useUrlTableState(ISSUED_LIST_SPEC);
  const query = issuedListQuery(state);
  const { page, loading, loadError, reload } = usePageLoader<IssuedRecord>({
    key: JSON.stringify(query),
    load: () => fetchIssuedPage(query),
    pageNumber: state.page,
    toFirstPage: () => update((current) => ({ ...current, page: 1 }), 'replace'),
    errorMessage: (failure) => callErrorMessage('issued-list', failure),
    reloadOn: [version],
  });
  const rows = loadError ? [] : (page?.rows ?? []);
  const overdueOnly = state.filters.overdue === 'true';

  return (
    <DataTable
      caption="Issued books"
      captionHidden
      columns={columns(today, dateFormat)}
      rows={rows}
      rowKey={(loan) => loan.id}
      loading={loading}
      toolbar={(sortSelect) => (
        <div className={toolbarRow}>
          <SearchField
            label="Search issued books"
            placeholder="Title, ISBN, username or member number"
            search={state.search}
            onSearch={(text) => update((current) => ({ ...current, search: text, page: 1 }), state.search && text ? 'replace' : 'push')}
          />
          <SelectField
            label="Show"
            placeholder="All loans"
            options={FILTER_OPTIONS}
            value={state.filters.overdue}
            onChange={(event) => update((current) => ({ ...current, filters: { overdue: event.target.value }, page: 1 }))}
          />
          {sortSelect}
          {toolbarEnd}
        </div>
      )}
      notice={loadError && <TableLoadProblem title="Issued books could not be loaded" message={loadError} onRetry={reload} />}
      emptyText={loadError ? 'No loans to show.' : state.search ? 'No loans match your search.' : overdueOnly ? 'No loan is overdue.' : 'No books are issued.'}
      sort={tableSorting(state, update)}
      pagination={tablePaging(state, update, loadError ? 0 : (page?.count ?? 0))}
      rowActions={
        onEdit || returnAction
          ? (loan) => (
              <>
                {onEdit && (
                  <Button variant="outline" size="sm" aria-label={`Edit the loan of ${loan.book.title} to ${memberName(loan)}`} onClick={() => onEdit(loan)}>
                    Edit
                  </Button>
                )}
                {/* RETURN ACTION: the lead wires the Return Book dialog (return-site) here through `returnAction`. */}
                {returnAction?.(loan)}
              </>
            )
          : undefined
      }
    />
  );
}
