/**
 * The loan slip of a checkout session: the library, the member, the date, each loan of the session
 * (title, accession number, due date) oldest first. Shown on screen and, in a copy placed in
 * <body>, printed on an 80 mm roll or A4 (`SlipPanel`).
 */
import { useStore } from '@nanostores/react';
import { css } from 'styled-system/css';
import { formatDate } from '#shared/dates';
import type { SessionMember, SlipLine } from '../../lib/checkout-session';
import { $librarySettings } from '../../stores/library-settings';

/** The paper a slip is printed on. */
export type SlipPaper = 'roll' | 'a4';

const sheet = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '2',
  fontSize: 'sm',
  '&[data-paper=roll]': { fontSize: 'xs', maxW: '72mm' },
  '& table': { w: 'full', borderCollapse: 'collapse' },
  '& th, & td': { textAlign: 'start', py: '1', pr: '2', borderBottomWidth: '1px', borderColor: 'border.default', verticalAlign: 'top' },
  '& td:first-child': { overflowWrap: 'anywhere' },
  '& td:not(:first-child)': { whiteSpace: 'nowrap' },
  _print: { color: 'black', bg: 'white', '& *': { color: 'black !important', borderColor: 'black !important', bg: 'transparent !important' } },
});
const library = css({ fontWeight: 'bold', fontSize: 'md', textAlign: 'center' });

export interface LoanSlipProps {
  member: SessionMember;
  lines: readonly SlipLine[];
  today: string;
  paper: SlipPaper;
}

export function LoanSlip({ member, lines, today, paper }: LoanSlipProps) {
  const settings = useStore($librarySettings);
  const date = (value: string) => formatDate(value, settings?.date_format) ?? value;
  return (
    <article className={sheet} data-paper={paper} aria-label="Loan slip">
      <p className={library}>{settings?.library_name || 'Library'}</p>
      <p>
        Loan slip · {date(today)}
        <br />
        {member.name}
        {member.memberNumber ? ` (${member.memberNumber})` : ''}
      </p>
      <table>
        <thead>
          <tr>
            <th>Title</th>
            <th>Copy</th>
            <th>Due</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.loanId}>
              <td>{line.title}</td>
              <td>{line.accessionNo ?? '—'}</td>
              <td>{date(line.dueDate)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>
        {lines.length} {lines.length === 1 ? 'book' : 'books'}. Please return by the due date.
      </p>
    </article>
  );
}
