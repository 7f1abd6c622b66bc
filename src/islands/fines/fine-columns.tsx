/**
 * The Fines page's columns: the member (a link to his profile for staff who may open it), the
 * charge (its fee type over its description), the return date, late days, the amounts, and what
 * remains (or "Cancelled" with its reason). Dates in the library's format.
 */
import { css, cx } from 'styled-system/css';
import { badge, table, textLink } from 'styled-system/recipes';
import type { DataTableColumn } from '../../components/data-table/DataTable';
import { chargeState, fineDescription, fineTypeLabel } from '../../lib/collect-charges';
import type { FineRow } from '../../lib/schemas/fines';
import { formatDate } from '#shared/dates';
import { formatAmount } from '#shared/money';
import { pathFor } from '#shared/routes';

const { cellStack: stack, cellDetail: detail, cellNumber: money } = table();
const strong = cx(money, css({ fontWeight: 'semibold' }));
const typeName = css({ fontWeight: 'semibold' });

/** How a fine's member is named. */
export const memberName = (row: FineRow): string => row.full_name || row.username;

function RemainingCell({ row }: { row: FineRow }) {
  const state = chargeState(row);
  if (!state.cancelled) return <span className={strong}>{formatAmount(row.remaining_fines)}</span>;
  return (
    <span className={stack}>
      <span className={badge({ tone: 'neutral' })}>{state.text}</span>
      {state.detail && <span className={detail}>{state.detail}</span>}
    </span>
  );
}

/** The pending list's columns; names as links when `memberLinks`. */
export const fineColumns = (dateFormat: string | null | undefined, memberLinks: boolean): DataTableColumn<FineRow>[] => [
  {
    id: 'member',
    header: 'Member',
    rowHeader: true,
    cell: (row) => (
      <span className={stack}>
        {memberLinks ? (
          <a className={textLink()} href={pathFor('member-profile-view', { memberId: row.user_id })}>
            {memberName(row)}
          </a>
        ) : (
          memberName(row)
        )}
        <span className={detail}>
          @{row.username}
          {row.member_id ? ` · ${row.member_id}` : ''}
        </span>
      </span>
    ),
  },
  {
    id: 'charge',
    header: 'Charge',
    cell: (row) => (
      <span className={stack}>
        <span className={typeName}>{fineTypeLabel(row)}</span>
        <span className={detail}>{fineDescription(row)}</span>
      </span>
    ),
  },
  { id: 'returned', header: 'Returned', hideBelow: 'lg', cell: (row) => formatDate(row.return_date, dateFormat) ?? '—' },
  // Late days and Waived give way first, so the actions stay in view beside the sidebar at 1280 px.
  { id: 'late', header: 'Late days', hideBelow: '2xl', align: 'end', cell: (row) => row.late_days ?? 0 },
  { id: 'amount', header: 'Fine', align: 'end', hideBelow: 'md', cell: (row) => <span className={money}>{formatAmount(row.amount)}</span> },
  { id: 'paid', header: 'Paid', align: 'end', hideBelow: 'xl', cell: (row) => <span className={money}>{formatAmount(row.collected_amount)}</span> },
  { id: 'discount', header: 'Waived', align: 'end', hideBelow: '2xl', cell: (row) => <span className={money}>{formatAmount(row.discount)}</span> },
  { id: 'remaining', header: 'Remaining', align: 'end', cell: (row) => <RemainingCell row={row} /> },
];
