/**
 * A member's loans for the staff view of his profile: "Current loans" from his issue summary
 * (`fetchMemberIssueSummary`: due date, days left or overdue, the fine accrued so far; Renew and
 * Return for holders of change_bookissuance, Return opening the Return Book dialog for that loan)
 * and "Loan history" (`fetchReturnedHistory(memberId)`, the one returned-books list). A return or
 * renewal reloads both. Loaded after the profile has drawn by `MemberLoansPanels.tsx`.
 */
import { useStore } from '@nanostores/react';
import { todayIn } from '#shared/dates';
import { useState } from 'react';
import { css } from 'styled-system/css';
import { formatAmount } from '#shared/money';
import { holdsPermission } from '../../lib/permissions';
import { loanFromSummary, type ReturnLoan } from '../../lib/return-form';
import { $librarySettings } from '../../stores/library-settings';
import { $session } from '../../stores/session';
import { Panel } from '../Panel';
import { Button } from '../ui/Button';
import { CurrentLoansTable } from './CurrentLoansTable';
import { ReturnDialog, preloadReturnDialog } from './ReturnDialog';
import { ReturnedHistoryTable } from './ReturnedHistoryTable';

// minmax(0, 1fr): a panel is as wide as the page, never as wide as its widest content.
const grid = css({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: '6', mb: '6' });
const muted = css({ color: 'fg.muted', fontSize: 'sm' });

/** The current-loans and loan-history panels of one member (`memberId`: his user id). */
export function MemberLoansPanelsView({ memberId, onChanged }: { memberId: string | number; onChanged?: (() => void) | undefined }) {
  const session = useStore($session);
  const settings = useStore($librarySettings);
  const dateFormat = settings?.date_format;
  const today = todayIn(settings?.timezone);
  const canChange = holdsPermission(session, 'change_bookissuance');
  const [returning, setReturning] = useState<ReturnLoan | null>(null);
  const [version, setVersion] = useState(0);

  return (
    <div className={grid}>
      <Panel title="Current loans">
        <CurrentLoansTable
          memberId={memberId}
          today={today}
          dateFormat={dateFormat}
          caption="Current loans"
          emptyText="No books out."
          loadProblemTitle="Current loans could not be loaded"
          loadErrorCall="member-issue-summary"
          canRenew={canChange}
          reloadOn={version}
          onRenewed={() => setVersion((n) => n + 1)}
          toolbar={(summary) => (
            <span className={muted}>
              {summary.issued_count} out{typeof summary.loan_limit === 'number' ? ` of ${summary.loan_limit} allowed` : ''} · owes {formatAmount(summary.member.fine_amount ?? '0')}
              {summary.member.isDefaulter ? ' · defaulter' : ''}
            </span>
          )}
          moreActions={
            canChange
              ? (loan, summary) => (
                  <Button size="sm" aria-label={`Return ${loan.book.title}`} onPointerEnter={preloadReturnDialog} onClick={() => setReturning(loanFromSummary(summary, loan))}>
                    Return
                  </Button>
                )
              : undefined
          }
        />
      </Panel>
      <Panel title="Loan history">
        <ReturnedHistoryTable memberId={memberId} caption="Loan history" inUrl={false} reloadOn={[version]} dateFormat={dateFormat} />
      </Panel>
      <ReturnDialog
        open={returning !== null}
        loan={returning}
        onOpenChange={(open) => !open && setReturning(null)}
        onReturned={() => {
          setVersion((n) => n + 1);
          onChanged?.();
        }}
      />
    </div>
  );
}
