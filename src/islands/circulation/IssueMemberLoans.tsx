/**
 * A member's "Issued Books" (books/issue for role MEMBER): his loans still out (the shared
 * `CurrentLoansTable`: due date, days left or overdue, the fine accrued so far, Renew), and Renew
 * all, which renews every loan the rules allow and says which were refused.
 */
import { useState } from 'react';
import { text, toolbar } from 'styled-system/recipes';
import { CurrentLoansTable } from '../../components/circulation/CurrentLoansTable';
import { Button } from '../../components/ui/Button';
import { toast } from '../../components/ui/Toaster';
import { renewAllLoans } from '../../lib/api/circulation';
import { callErrorMessage } from '../../lib/errors';
import { NOTICES } from '../../lib/notices';

const toolbarRow = toolbar({ justify: 'between', align: 'center', full: true });
const muted = text({ tone: 'muted', size: 'sm' });

/** The member's loans; `memberId` is the signed-in member. */
export function IssueMemberLoans({ memberId, today, dateFormat }: { memberId: string | number; today: string; dateFormat: string | null | undefined }) {
  const [renewing, setRenewing] = useState(false);

  async function renewAll(reload: () => void) {
    setRenewing(true);
    try {
      const answer = await renewAllLoans();
      const refused = answer.refused.map((r) => `${r.title ?? r.id}: ${r.reason ?? ''}`).join(' ');
      if (answer.renewed.length > 0) toast.success(answer.detail ?? NOTICES.loansRenewed(answer.renewed.length), refused || undefined);
      else toast.error(answer.detail ?? NOTICES.loansRenewed(0), refused || undefined);
      reload();
    } catch (failure) {
      toast.error(callErrorMessage('renew-loan', failure));
    } finally {
      setRenewing(false);
    }
  }

  return (
    <CurrentLoansTable
      memberId={memberId}
      today={today}
      dateFormat={dateFormat}
      caption="Issued Books"
      emptyText="You have no books issued."
      loadProblemTitle="Your issued books could not be loaded"
      loadErrorCall="issued-list"
      canRenew
      toolbar={(summary, reload) => (
        <div className={toolbarRow}>
          <span className={muted}>
            {`${summary.issued_count} ${summary.issued_count === 1 ? 'book' : 'books'} issued${typeof summary.loan_limit === 'number' ? ` of ${summary.loan_limit} allowed` : ''}`}
          </span>
          {summary.issued_books.length > 0 && (
            <Button onClick={() => void renewAll(reload)} loading={renewing} loadingText="Renewing…" disabled={renewing}>
              Renew all
            </Button>
          )}
        </div>
      )}
    />
  );
}
