/**
 * One member's loans still out, the one table the member's own "Issued Books" and the staff view
 * of his profile share: read from his issue summary (`fetchMemberIssueSummary`), each loan with its
 * issue date, due date, days left or an overdue badge, and the fine accrued so far, with Renew per
 * loan. The opener adds its own toolbar (from the summary) and row actions (Return for the desk),
 * and bumps `reloadOn` after a change made elsewhere (a return) to read the summary again.
 */
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { css } from 'styled-system/css';
import { badge } from 'styled-system/recipes';
import { fetchMemberIssueSummary, renewLoan } from '../../lib/api/circulation';
import { formatDate } from '#shared/dates';
import { callErrorMessage, type CallName } from '../../lib/errors';
import { dueStatus, overdueLabel } from '../../lib/issue-form';
import { formatAmount } from '#shared/money';
import { NOTICES } from '../../lib/notices';
import type { MemberIssueSummary } from '../../lib/schemas/circulation';
import { DataTable, type DataTableColumn } from '../data-table/DataTable';
import { TableLoadProblem } from '../data-table/TableLoadProblem';
import { Button } from '../ui/Button';
import { toast } from '../ui/Toaster';

/** One loan of the summary. */
export type CurrentLoan = MemberIssueSummary['issued_books'][number];

const dueCell = css({ display: 'inline-flex', flexDirection: 'column', alignItems: { base: 'flex-end', sm: 'flex-start' }, gap: '1' });
const muted = css({ color: 'fg.muted', fontSize: 'sm' });

export interface CurrentLoansTableProps {
  /** The member's user id. */
  memberId: string | number;
  /** The library's today and date format. */
  today: string;
  dateFormat: string | null | undefined;
  caption: string;
  emptyText: string;
  /** The failed-load notice's title and the error-message rule of its message. */
  loadProblemTitle: string;
  loadErrorCall: CallName;
  /** Whether Renew is offered (the member himself, or staff holding change_bookissuance). */
  canRenew: boolean;
  /** What stands above the table once the summary is read (counts, Renew all). */
  toolbar?: ((summary: MemberIssueSummary, reload: () => void) => ReactNode) | undefined;
  /** More actions of a row (the desk's Return). */
  moreActions?: ((loan: CurrentLoan, summary: MemberIssueSummary) => ReactNode) | undefined;
  /** Changes read the summary again (a return made in a dialog). */
  reloadOn?: unknown;
  /** Called after a renewal. */
  onRenewed?: (() => void) | undefined;
}

/** See the module comment. */
export function CurrentLoansTable(props: CurrentLoansTableProps) {
  const { memberId, today, dateFormat, canRenew, toolbar, moreActions, reloadOn, onRenewed, loadErrorCall } = props;
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
      .catch((failure: unknown) => setLoadError(callErrorMessage(loadErrorCall, failure)))
      .finally(() => setLoading(false));
  }, [memberId, loadErrorCall]);
  useEffect(load, [load, reloadOn]);

  async function renew(loan: CurrentLoan) {
    setBusy(String(loan.issue_id));
    try {
      const renewed = await renewLoan(loan.issue_id);
      toast.success(NOTICES.loanRenewed(loan.book.title, formatDate(renewed.due_date, dateFormat) ?? renewed.due_date));
      load();
      onRenewed?.();
    } catch (failure) {
      toast.error(callErrorMessage('renew-loan', failure));
    } finally {
      setBusy(null);
    }
  }

  const columns: DataTableColumn<CurrentLoan>[] = [
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
  const actions =
    summary && (canRenew || moreActions)
      ? (loan: CurrentLoan) => (
          <>
            {canRenew && (
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
            )}
            {moreActions?.(loan, summary)}
          </>
        )
      : undefined;

  return (
    <DataTable
      caption={props.caption}
      captionHidden
      columns={columns}
      rows={loans}
      rowKey={(loan) => loan.issue_id}
      loading={loading && !summary}
      toolbar={summary && toolbar?.(summary, load)}
      notice={loadError && <TableLoadProblem title={props.loadProblemTitle} message={loadError} onRetry={load} />}
      emptyText={loadError ? 'No loans to show.' : props.emptyText}
      rowActions={actions}
    />
  );
}
