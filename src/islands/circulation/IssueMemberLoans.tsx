/**
 * A member's "Issued Books" (books/issue for role MEMBER): his loans still out from his issue
 * summary, each with its due date, the days left or overdue, the fine accrued so far, and Renew;
 * Renew all renews every loan the rules allow and says which were refused.
 */
import { useCallback, useEffect, useState } from 'react';
import { css } from 'styled-system/css';
import { badge } from 'styled-system/recipes';
import { DataTable, type DataTableColumn } from '../../components/data-table/DataTable';
import { TableLoadProblem } from '../../components/data-table/TableLoadProblem';
import { Button } from '../../components/ui/Button';
import { toast } from '../../components/ui/Toaster';
import { fetchMemberIssueSummary, renewAllLoans, renewLoan } from '../../lib/api/circulation';
import { formatDate } from '../../lib/dates';
import { callErrorMessage } from '../../lib/errors';
import { dueStatus, overdueLabel } from '../../lib/issue-form';
import { formatAmount } from '../../lib/money';
import { NOTICES } from '../../lib/notices';
import type { MemberIssueSummary } from '../../lib/schemas/circulation';

type Loan = MemberIssueSummary['issued_books'][number];

const toolbarRow = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: '3', w: 'full' });
const dueCell = css({ display: 'inline-flex', flexDirection: 'column', alignItems: { base: 'flex-end', sm: 'flex-start' }, gap: '1' });
const muted = css({ color: 'fg.muted', fontSize: 'sm' });

/** The member's loans; `memberId` is the signed-in member. */
export function IssueMemberLoans({ memberId, today, dateFormat }: { memberId: string | number; today: string; dateFormat: string | null | undefined }) {
  const [summary, setSummary] = useState<MemberIssueSummary | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [busy, setBusy] = useState<string | null>(null);

  const load = useCallback(() => {
    setLoading(true);
    fetchMemberIssueSummary(memberId)
      .then((found) => {
        setSummary(found);
        setLoadError(null);
      })
      .catch((failure: unknown) => setLoadError(callErrorMessage('issued-list', failure)))
      .finally(() => setLoading(false));
  }, [memberId]);
  useEffect(load, [load]);

  async function renew(loan: Loan) {
    setBusy(String(loan.issue_id));
    try {
      const renewed = await renewLoan(loan.issue_id);
      toast.success(NOTICES.loanRenewed(loan.book.title, formatDate(renewed.due_date, dateFormat) ?? renewed.due_date));
      load();
    } catch (failure) {
      toast.error(callErrorMessage('renew-loan', failure));
    } finally {
      setBusy(null);
    }
  }

  async function renewAll() {
    setBusy('all');
    try {
      const answer = await renewAllLoans();
      const refused = answer.refused.map((r) => `${r.title ?? r.id}: ${r.reason ?? ''}`).join(' ');
      if (answer.renewed.length > 0) toast.success(answer.detail ?? NOTICES.loansRenewed(answer.renewed.length), refused || undefined);
      else toast.error(answer.detail ?? NOTICES.loansRenewed(0), refused || undefined);
      load();
    } catch (failure) {
      toast.error(callErrorMessage('renew-loan', failure));
    } finally {
      setBusy(null);
    }
  }

  const columns: DataTableColumn<Loan>[] = [
    { id: 'title', header: 'Book', rowHeader: true, cell: (loan) => loan.book.title },
    { id: 'issue_date', header: 'Issued On', hideBelow: 'lg', cell: (loan) => formatDate(loan.issue_date, dateFormat) },
    {
      id: 'due_date',
      header: 'Due Date',
      cell: (loan) => {
        const late = overdueLabel(loan.due_date, today);
        return (
          <span className={dueCell}>
            {formatDate(loan.due_date, dateFormat)}
            {late ? <span className={badge({ tone: 'danger' })}>{late}</span> : <span className={muted}>{dueStatus(loan.due_date, today)}</span>}
          </span>
        );
      },
    },
    { id: 'fine', header: 'Fine so far', align: 'end', cell: (loan) => formatAmount(loan.fine_amount ?? '0') ?? 'Rs. 0.00' },
  ];
  const loans = loadError ? [] : (summary?.issued_books ?? []);

  return (
    <DataTable
      caption="Issued Books"
      captionHidden
      columns={columns}
      rows={loans}
      rowKey={(loan) => loan.issue_id}
      loading={loading && !summary}
      toolbar={
        <div className={toolbarRow}>
          <span className={muted}>{summary ? `${summary.issued_count} ${summary.issued_count === 1 ? 'book' : 'books'} issued${typeof summary.loan_limit === 'number' ? ` of ${summary.loan_limit} allowed` : ''}` : ''}</span>
          {loans.length > 0 && (
            <Button onClick={() => void renewAll()} loading={busy === 'all'} loadingText="Renewing…" disabled={busy !== null}>
              Renew all
            </Button>
          )}
        </div>
      }
      notice={loadError && <TableLoadProblem title="Your issued books could not be loaded" message={loadError} onRetry={load} />}
      emptyText={loadError ? 'No loans to show.' : 'You have no books issued.'}
      rowActions={(loan) => (
        <Button variant="outline" size="sm" aria-label={`Renew ${loan.book.title}`} onClick={() => void renew(loan)} loading={busy === String(loan.issue_id)} loadingText="Renewing…" disabled={busy !== null}>
          Renew
        </Button>
      )}
    />
  );
}
