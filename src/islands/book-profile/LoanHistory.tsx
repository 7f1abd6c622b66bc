/**
 * Staff only: who has had this title (`GET reports/books/{id}/issued-members/`). A failure stays
 * inside the panel as a quiet note with a retry; the rest of the profile keeps working.
 */
import { useCallback, useEffect, useState } from 'react';
import { cx } from 'styled-system/css';
import { wrap } from 'styled-system/patterns';
import { text } from 'styled-system/recipes';
import { Panel } from '../../components/Panel';
import { DataTable, type DataTableColumn } from '../../components/data-table/DataTable';
import { Button } from '../../components/ui/Button';
import { fetchBookLoans } from '../../lib/api/reports';
import { formatDate } from '#shared/dates';
import type { BookLoans } from '../../lib/schemas/books';

type Loan = BookLoans['issued_to'][number];
type LoadState = { kind: 'loading' } | { kind: 'ready'; loans: Loan[] } | { kind: 'error' };

const muted = text({ tone: 'muted' });
const dash = <span className={muted}>—</span>;

function memberName(loan: Loan): string {
  const { username, member_id, email } = loan.member;
  const name = username || email || `Member ${loan.member.id}`;
  return member_id ? `${name} (${member_id})` : name;
}

const STATUS_WORDS: Record<string, string> = { ISSUED: 'Issued', RETURNED: 'Returned', LOST: 'Lost', WRITE_OFF: 'Written off' };

export function LoanHistory({ bookId, dateFormat }: { bookId: string; dateFormat: string | null | undefined }) {
  const [state, setState] = useState<LoadState>({ kind: 'loading' });

  const load = useCallback(async () => {
    setState({ kind: 'loading' });
    try {
      const answer = await fetchBookLoans(bookId);
      setState({ kind: 'ready', loans: answer.issued_to });
    } catch (error) {
      console.warn('The loan history could not be loaded', error);
      setState({ kind: 'error' });
    }
  }, [bookId]);

  useEffect(() => {
    void load();
  }, [load]);

  const date = (value: string | null | undefined) => formatDate(value, dateFormat) ?? dash;
  const columns: DataTableColumn<Loan>[] = [
    { id: 'member', header: 'Member', rowHeader: true, cell: memberName },
    { id: 'issue', header: 'Issue date', cell: (loan) => date(loan.issue_date) },
    { id: 'due', header: 'Due date', cell: (loan) => date(loan.due_date) },
    { id: 'returned', header: 'Returned', cell: (loan) => date(loan.return_date) },
    { id: 'status', header: 'Status', cell: (loan) => (loan.status ? (STATUS_WORDS[loan.status] ?? loan.status) : dash) },
  ];

  return (
    <Panel title="Loan history" intro="Members who have borrowed this title, newest first.">
      {state.kind === 'error' ? (
        <div className={cx(wrap({ align: 'center', gap: '3' }), text({ tone: 'muted', size: 'sm' }))}>
          <p>The loan history could not be loaded.</p>
          <Button variant="outline" onClick={() => void load()}>
            Try again
          </Button>
        </div>
      ) : (
        <DataTable
          caption="Loan history"
          captionHidden
          columns={columns}
          rows={state.kind === 'ready' ? state.loans : []}
          rowKey={(loan) => loan.issue_id}
          loading={state.kind === 'loading'}
          emptyText="This book has not been issued yet."
        />
      )}
    </Panel>
  );
}
