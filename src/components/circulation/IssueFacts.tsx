/**
 * What the Book issue dialog shows about its picks: the copy scanned (its accession number, for
 * whom it is held, and why it cannot go to this member), the book's available copies, the
 * member's issued count against his limit, and his fine with a Defaulter badge when he owes.
 */
import type { ReactNode } from 'react';
import { css } from 'styled-system/css';
import { badge } from 'styled-system/recipes';
import { underLoanLimit } from '../../lib/issue-form';
import { formatAmount } from '#shared/money';
import type { Book } from '../../lib/schemas/books';
import type { MemberIssueSummary } from '../../lib/schemas/circulation';
import { copyIssueProblem, copyPickText, type ScannedCopy } from '../../lib/scan-code';
import { Facts } from '../Facts';

const muted = css({ color: 'fg.muted' });
const row = css({ display: 'inline-flex', alignItems: 'center', gap: '2', flexWrap: 'wrap' });

/** The picks' facts; a dash until the pick is made. */
export interface IssueFactsProps {
  book: Book | null;
  copy?: ScannedCopy | null;
  memberId?: string | number | null;
  summary: MemberIssueSummary | null;
  summaryError: string | null;
  memberChosen: boolean;
}

export function IssueFacts({ book, copy = null, memberId = null, summary, summaryError, memberChosen }: IssueFactsProps) {
  const copies = book ? Number(book.available_copies) : null;
  const copyProblem = copy ? copyIssueProblem(copy, memberId) : null;
  const limit = summary?.loan_limit;
  const pending = <span className={muted}>{memberChosen ? (summaryError ?? 'Loading…') : '—'}</span>;
  return (
    <div aria-live="polite">
      <Facts
        rows={[
          ...(copy
            ? [
                [
                  'Copy',
                  <span className={row} data-testid="picked-copy">
                    {copyPickText(copy)}
                    {copyProblem && <span className={badge({ tone: 'danger' })}>{copy?.status === 'ON_HOLD' ? 'Held for another member' : 'Not on the shelf'}</span>}
                  </span>,
                ] as [string, ReactNode],
              ]
            : []),
          [
            'Available copies',
            copies === null ? (
              <span className={muted}>—</span>
            ) : (
              <span className={row} data-testid="available-copies">
                {copies}
                {copies < 1 && <span className={badge({ tone: 'danger' })}>None left</span>}
              </span>
            ),
          ],
          [
            'Issued to member',
            summary ? (
              <span className={row} data-testid="issued-count">
                {typeof limit === 'number' ? `${summary.issued_count} of ${limit}` : summary.issued_count}
                {!underLoanLimit(summary.issued_count, limit) && <span className={badge({ tone: 'warning' })}>At limit</span>}
              </span>
            ) : (
              pending
            ),
          ],
          [
            'Defaulter fine',
            summary ? (
              <span className={row} data-testid="member-fine">
                {formatAmount(summary.member.fine_amount ?? '0') ?? 'Rs. 0.00'}
                {summary.member.isDefaulter && <span className={badge({ tone: 'danger' })}>Defaulter</span>}
              </span>
            ) : (
              pending
            ),
          ],
        ]}
      />
    </div>
  );
}
