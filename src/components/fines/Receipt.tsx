/**
 * One fine receipt as printed: the library's name, number, date (the library's date format), member, who collected it, a line per fine
 * that adds up (amount, taken off earlier, this cash and discount, remaining: `receiptView`), and the totals; a refund reads as one. Used on screen in the receipt dialog and for printing.
 */
import { useStore } from '@nanostores/react';
import { Fragment } from 'react';
import { css } from 'styled-system/css';
import { formatDate } from '#shared/dates';
import { receiptCells, receiptHeadings, receiptView } from '../../lib/receipt-view';
import type { Receipt as ReceiptData } from '../../lib/schemas/fines';
import { $librarySettings } from '../../stores/library-settings';
import { MoneyTable, moneyColumns } from './MoneyTable';
import { figures } from './styles';

/** The paper a receipt is printed on: A4 sheets or an 80 mm receipt roll. */
export type ReceiptPaper = 'a4' | 'roll';

const sheet = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '3',
  // 72 mm of print width: tighter cells, amounts may wrap ("Rs." over the figure).
  '&[data-paper=roll]': {
    fontSize: 'xs',
    '& table': { fontSize: '2xs', tableLayout: 'fixed' },
    '& th, & td': { px: '0.5', py: '1', fontSize: '2xs' },
    // Long titles break anywhere; headers and amounts only between words.
    '& td:first-child': { overflowWrap: 'anywhere' },
    '& th:first-child': { w: '30%' },
    '& .money': { whiteSpace: 'normal' },
  },
  _print: { color: 'black', bg: 'white', '& *': { color: 'black !important', borderColor: 'black !important', bg: 'transparent !important' } },
});
const head = css({ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: '2', alignItems: 'baseline' });
const library = css({ fontWeight: 'bold', fontSize: 'lg', textAlign: 'center' });
const number = css({ fontFamily: 'mono', fontWeight: 'bold', fontSize: 'md' });
const people = css({
  display: 'grid',
  gridTemplateColumns: 'auto 1fr',
  columnGap: '6',
  rowGap: '1',
  fontSize: 'sm',
  '& dt': { color: 'fg.muted' },
  '& dd': { fontWeight: 'semibold' },
});
const earlierParts = css({ display: 'block', color: 'fg.muted', fontSize: 'xs', whiteSpace: 'normal' });

/** Date and time of the collection, in the reader's clock and the library's date format. */
const when = (iso: string, format: string | null | undefined): string => {
  const day = formatDate(iso.slice(0, 10), format) ?? iso.slice(0, 10);
  const time = new Date(iso);
  return Number.isNaN(time.getTime()) ? day : `${day} ${time.toTimeString().slice(0, 5)}`;
};

export function Receipt({ receipt, paper = 'a4' }: { receipt: ReceiptData; paper?: ReceiptPaper }) {
  const settings = useStore($librarySettings);
  const member = receipt.member;
  const view = receiptView(receipt);
  const [charge, ...amounts] = receiptHeadings(view);
  return (
    <article className={sheet} data-paper={paper} aria-label={`${view.title} ${receipt.receipt_no}`}>
      <p className={library}>{settings?.library_name ? `${settings.library_name} · ${view.title}` : view.title}</p>
      <div className={head}>
        <span className={number} data-testid="receipt-number">{receipt.receipt_no}</span>
        <span>{when(receipt.created_at, settings?.date_format)}</span>
      </div>
      <dl className={people}>
        <dt>Member</dt>
        <dd>
          {member.full_name || member.username} (@{member.username}){member.member_id ? `, ${member.member_id}` : ''}
        </dd>
        <dt>{view.refund ? 'Refunded by' : 'Collected by'}</dt>
        <dd>{receipt.collected_by_name || receipt.collected_by || '—'}</dd>
      </dl>
      <MoneyTable
        label={`${view.title} lines`}
        columns={[{ label: charge }, ...moneyColumns(...amounts)]}
        rows={view.lines.map((line) => ({
          key: line.key,
          headed: true,
          cells: receiptCells(view, line).map((cell) =>
            typeof cell === 'string' ? cell : (
              <span>
                {cell.total}
                {cell.parts && <span className={earlierParts}> {cell.parts}</span>}
              </span>
            ),
          ),
        }))}
      />
      <dl className={figures} aria-label="Receipt totals">
        {view.totals.map((figure) => (
          <Fragment key={figure.id}>
            <dt>{figure.label}</dt>
            <dd data-testid={figure.id}>{figure.value}</dd>
          </Fragment>
        ))}
      </dl>
    </article>
  );
}
