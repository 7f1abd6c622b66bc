/** The member home's blocks, each with a link to its full page. */
import { css } from 'styled-system/css';
import { badge, textLink } from 'styled-system/recipes';
import { SummaryTable } from '../../components/home/SummaryTable';
import { detail } from '../../components/home/styles';
import { Panel } from '../../components/Panel';
import { formatDate } from '#shared/dates';
import { dueWording, loansByDueDate } from '../../lib/member-home';
import { formatAmount } from '#shared/money';
import { pathFor } from '#shared/routes';
import type { MemberDashboard } from '#shared/schemas/reports';
import { PageLinks } from './home-parts';

type DateFormat = string | null | undefined;
type Loan = MemberDashboard['loans'][number];

const figures = css({
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  gap: '3',
  '& div': { p: '3', borderRadius: 'md', bg: 'bg.muted' },
  '& dt': { color: 'fg.muted', fontSize: 'xs', fontWeight: 'medium' },
  '& dd': { fontWeight: 'semibold', fontVariantNumeric: 'tabular-nums', mt: '1' },
  '& dd[data-owed]': { color: 'danger.fg' },
});

const loanColumns = (today: string, dateFormat: DateFormat) =>
  [
    {
      header: 'Book',
      cell: (loan: Loan) => (
        <>
          <a className={textLink()} href={pathFor('book-profile', { bookId: loan.book.id })}>
            {loan.book.title}
          </a>
          <span className={detail}>Issued {formatDate(loan.issue_date, dateFormat)}</span>
          <span className={`${detail} phone`}>Due {formatDate(loan.due_date, dateFormat)}</span>
        </>
      ),
    },
    { header: 'Due', className: 'nowrap wide', cell: (loan: Loan) => formatDate(loan.due_date, dateFormat) },
    {
      header: 'Time left',
      className: 'nowrap',
      cell: (loan: Loan) => {
        const due = dueWording(loan.due_date, today);
        return due ? <span className={badge({ tone: due.tone, size: 'sm' })}>{due.text}</span> : '—';
      },
    },
  ] as const;

export function LoansPanel({ loans, today, dateFormat }: { loans: MemberDashboard['loans']; today: string; dateFormat: DateFormat }) {
  const browse = (
    <>
      You have no books out.{' '}
      <a className={textLink()} href={pathFor('book-catalogue')}>
        Browse the catalogue
      </a>
      .
    </>
  );
  return (
    <Panel title="Issued Books">
      <SummaryTable caption="Your books out" columns={loanColumns(today, dateFormat)} rows={loansByDueDate(loans)} rowKey={(loan) => loan.id} empty={browse} />
      <PageLinks
        to={[
          [pathFor('book-issue'), 'All issued books'],
          [pathFor('member-returned'), 'Returned Books'],
        ]}
      />
    </Panel>
  );
}

export function FinesPanel({ fines }: { fines: MemberDashboard['fines'] }) {
  const pending = formatAmount(fines.pending) ?? '—';
  const owes = pending !== '—' && !/^Rs\. 0\.00$/.test(pending);
  type Amount = MemberDashboard['fines']['total'];
  const amounts: [string, Amount, boolean?][] = [
    ['Total', fines.total],
    ['Paid', fines.paid],
    // Waived shows only where the server tells it.
    ...(fines.discounted !== undefined ? [['Waived', fines.discounted] as [string, Amount]] : []),
    ['Pending', fines.pending, owes],
  ];
  return (
    <Panel title="Fines">
      <dl className={figures}>
        {amounts.map(([label, amount, owed]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd data-owed={owed || undefined}>{formatAmount(amount) ?? '—'}</dd>
          </div>
        ))}
      </dl>
      <PageLinks to={[[pathFor('member-fines'), 'Your fines and receipts']]} />
    </Panel>
  );
}
