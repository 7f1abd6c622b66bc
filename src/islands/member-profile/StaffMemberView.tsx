/**
 * A member's profile as staff see it: the facts a desk needs at a glance (who, where, plan, state,
 * books out, fines owed), then panels for current loans, loan history, reservations and fines.
 * Those come with circulation; until it lands the panels say so plainly instead of showing
 * anything made up. The full profile groups follow below (`details`).
 */
import type { ReactNode } from 'react';
import { css } from 'styled-system/css';
import { Facts } from '../../components/Facts';
import { MemberStateBadge } from '../../components/MemberStateBadge';
import { Panel } from '../../components/Panel';
import { formatAmount } from '../../lib/money';
import type { MemberProfile } from '../../lib/schemas/profiles';

const grid = css({ display: 'grid', gridTemplateColumns: { base: '1fr', lg: '1fr 1fr' }, gap: '6', mb: '6' });
const summary = css({ display: 'grid', gridTemplateColumns: { base: '1fr', lg: '1fr 1fr' }, gap: { base: '0', lg: '8' } });
const empty = css({ color: 'fg.muted', fontSize: 'sm' });

const CIRCULATION_PANELS: readonly [title: string, text: string][] = [
  ['Current loans', 'No books out. Loans appear here once issuing and returning books is in use.'],
  ['Loan history', 'No loans on record. Returned and lost books appear here once circulation is in use.'],
  ['Reservations', 'No reservations. Reserved books appear here once reservations are in use.'],
  ['Fines', 'No fines. Overdue and lost-book fines appear here once circulation is in use.'],
];

/** The staff view of another member's profile: summary facts, circulation panels, then `details`. */
export function StaffMemberView({ profile, details }: { profile: MemberProfile; details: ReactNode }) {
  const name = [profile.first_name, profile.middle_name, profile.last_name].filter(Boolean).join(' ');
  return (
    <>
      <Panel title="Member" className={css({ mb: '6' })}>
        <div className={summary}>
          <Facts
            rows={[
              ['Name', name],
              ['Username', profile.username],
              ['E-mail', profile.email],
              ['Member ID', profile.member_id],
              ['State', profile.state ? <MemberStateBadge state={profile.state} /> : null],
            ]}
          />
          <Facts
            rows={[
              ['Department', profile.department?.name],
              ['Session', profile.session?.session_range],
              ['Plan', profile.plan?.name],
              ['Books out', String(profile.books_out ?? 0)],
              ['Fines owed', formatAmount(profile.fines_owed ?? '0.00')],
            ]}
          />
        </div>
      </Panel>
      <div className={grid}>
        {CIRCULATION_PANELS.map(([title, text]) => (
          <Panel key={title} title={title}>
            <p className={empty}>{text}</p>
          </Panel>
        ))}
      </div>
      {details}
    </>
  );
}
