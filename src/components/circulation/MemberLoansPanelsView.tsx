/**
 * A member's loans for the staff view of his profile: "Current loans" from his issue summary
 * (`fetchMemberIssueSummary`: due date, days left or overdue, the fine accrued so far; Renew and
 * Return for holders of change_bookissuance, Return opening the Return Book dialog for that loan)
 * and "Loan history" (`fetchReturnedHistory(memberId)`, the one returned-books list). A return or
 * renewal reloads both. Loaded after the profile has drawn by `MemberLoansPanels.tsx`.
 */
import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useState } from 'react';
import { css } from 'styled-system/css';
import { badge } from 'styled-system/recipes';
import { fetchMemberIssueSummary, renewLoan } from '../../lib/api/circulation';
import { formatDate } from '../../lib/dates';
import { callErrorMessage } from '../../lib/errors';
import { dueStatus, overdueLabel } from '../../lib/issue-form';
import { formatAmount } from '../../lib/money';
import { NOTICES } from '../../lib/notices';
import { holdsPermission } from '../../lib/permissions';
import { libraryToday, loanFromSummary, type ReturnLoan } from '../../lib/return-form';
import type { MemberIssueSummary } from '../../lib/schemas/circulation';
import { $librarySettings } from '../../stores/library-settings';
import { $session } from '../../stores/session';
import { DataTable, type DataTableColumn } from '../data-table/DataTable';
import { TableLoadProblem } from '../data-table/TableLoadProblem';
import { Panel } from '../Panel';
import { Button } from '../ui/Button';
import { toast } from '../ui/Toaster';
import { ReturnDialog, preloadReturnDialog } from './ReturnDialog';
import { ReturnedHistoryTable } from './ReturnedHistoryTable';

type Loan = MemberIssueSummary['issued_books'][number];

const grid = css({ display: 'grid', gridTemplateColumns: '1fr', gap: '6', mb: '6' });
const dueCell = css({ display: 'inline-flex', flexDirection: 'column', alignItems: { base: 'flex-end', sm: 'flex-start' }, gap: '1' });
const muted = css({ color: 'fg.muted', fontSize: 'sm' });

/** The current-loans and loan-history panels of one member (`memberId`: his user id). */
export function MemberLoansPanelsView({ memberId, onChanged }: { memberId: string | number; onChanged?: (() => void) | undefined }) {
  const session = useStore($session);
  const settings = useStore($librarySettings);
  const dateFormat = settings?.date_format;
  const today = libraryToday(settings?.timezone);
  const canChange = holdsPermission(session, 'change_bookissuance');
  const [summary, setSummary] = useState<MemberIssueSummary | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [busy, setBusy] = useState<string | null>(null);
  const [returning, setReturning] = useState<ReturnLoan | null>(null);
  const [version, setVersion] = useState(0);

  const load = useCallback(() => {
    setLoading(true);
    fetchMemberIssueSummary(memberId)
      .then((found) => {
        setSummary(found);
        setLoadError(null);
      })
      .catch((failure: unknown) => setLoadError(callErrorMessage('member-issue-summary', failure)))
      .finally(() => setLoading(false));
  }, [memberId]);
  useEffect(load, [load, version]);

  async function renew(loan: Loan) {
    setBusy(String(loan.issue_id));
    try {
      const renewed = await renewLoan(loan.issue_id);
      toast.success(NOTICES.loanRenewed(loan.book.title, formatDate(renewed.due_date, dateFormat) ?? renewed.due_date));
      setVersion((n) => n + 1);
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
    { id: 'fine', header: 'Fine so far', align: 'end', cell: (loan) => formatAmount(loan.fine_amount ?? '0') ?? formatAmount('0') },
  ];
  const loans = loadError ? [] : (summary?.issued_books ?? []);

  return (
    <div className={grid}>
      <Panel title="Current loans">
        <DataTable
          caption="Current loans"
          captionHidden
          columns={columns}
          rows={loans}
          rowKey={(loan) => loan.issue_id}
          loading={loading && !summary}
          toolbar={
            summary && (
              <span className={muted}>
                {summary.issued_count} out{typeof summary.loan_limit === 'number' ? ` of ${summary.loan_limit} allowed` : ''} · owes {formatAmount(summary.member.fine_amount ?? '0')}
                {summary.member.isDefaulter ? ' · defaulter' : ''}
              </span>
            )
          }
          notice={loadError && <TableLoadProblem title="Current loans could not be loaded" message={loadError} onRetry={load} />}
          emptyText={loadError ? 'No loans to show.' : 'No books out.'}
          rowActions={
            canChange && summary
              ? (loan) => (
                  <>
                    <Button
                      variant="outline"
                      size="sm"
                      aria-label={`Renew ${loan.book.title}`}
                      onClick={() => void renew(loan)}
                      loading={busy === String(loan.issue_id)}
                      loadingText="Renewing…"
                      disabled={busy !== null}
                    >
                      Renew
                    </Button>
                    <Button
                      size="sm"
                      aria-label={`Return ${loan.book.title}`}
                      onPointerEnter={preloadReturnDialog}
                      onClick={() => setReturning(loanFromSummary(summary, loan))}
                      disabled={busy !== null}
                    >
                      Return
                    </Button>
                  </>
                )
              : undefined
          }
        />
      </Panel>
      <Panel title="Loan history">
        <ReturnedHistoryTable memberId={memberId} caption="Loan history" inUrl={false} reloadOn={[version]} dateFormat={dateFormat} />
      </Panel>
      <ReturnDialog open={returning !== null} loan={returning} onOpenChange={(open) => !open && setReturning(null)} onReturned={() => {
          setVersion((n) => n + 1);
          onChanged?.();
        }}
      />
    </div>
  );
}
