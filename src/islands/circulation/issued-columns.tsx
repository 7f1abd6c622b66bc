/** The columns of the staff issued list: book, member, issue date, due date (overdue marked) and the fine so far. */
import { badge, table } from 'styled-system/recipes';
import type { DataTableColumn } from '../../components/data-table/DataTable';
import { badgeCell as dueCell } from '../../components/server-list/cells';
import { formatDate } from '#shared/dates';
import { formatAmount } from '#shared/money';
import { overdueLabel } from '../../lib/issue-form';
import type { IssuedRecord } from '../../lib/schemas/circulation';

const { cellStack: who, cellDetail: small } = table();

/** The borrower's name as the list shows it. */
export const memberName = (loan: IssuedRecord): string => loan.member.full_name || loan.member.name || String(loan.member.id);

/** The issued list's columns for the library's today and date format. */
export function issuedColumns(today: string, dateFormat: string | null | undefined): DataTableColumn<IssuedRecord>[] {
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
