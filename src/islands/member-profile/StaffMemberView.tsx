/**
 * A member's profile as staff see it: the actions staff take on him (`RecordActions`: Issue, Place
 * a hold, Renew membership, Edit, Print card), the facts a desk needs at a glance (who, where, plan,
 * state, books out, fines owed), then his current loans and loan history (Renew, Return), his fines
 * (Collect, receipts) and his open reservations, each to those who may read it. The
 * panels' code loads after the profile has drawn, keeping the page within its JS budget; a return
 * or a collection in them refreshes the facts above (`onChanged`). The full profile groups follow
 * below (`details`).
 */
import { useStore } from '@nanostores/react';
import { useEffect, type ReactNode } from 'react';
import { css } from 'styled-system/css';
import { grid } from 'styled-system/patterns';
import { Facts } from '../../components/Facts';
import { MemberStateBadge } from '../../components/MemberStateBadge';
import { Panel } from '../../components/Panel';
import { MemberLoansPanels } from '../../components/circulation/MemberLoansPanels';
import { lazyPart, useLazyPart } from '../../components/ui/lazy-part';
import { LoadingState } from '../../components/ui/Spinner';
import { formatAmount } from '#shared/money';
import { membershipText } from '#shared/membership';
import { todayIn } from '#shared/dates';
import { $librarySettings } from '../../stores/library-settings';
import { LOAN_READERS } from '#shared/permission-codes';
import { holdsPermission } from '../../lib/permissions';
import { $session } from '../../stores/session';
import type { MemberProfile } from '../../lib/schemas/profiles';
import { fullName } from '#shared/person-name';
import { RecordActions } from './RecordActions';

// Columns of minmax(0, 1fr): a wide table (his fines) scrolls inside its panel instead of widening the page.
const panels = grid({ columns: { base: 1, lg: 2 }, gap: '6', mb: '6' });
const summary = grid({ columns: { base: 1, lg: 2 }, gap: { base: '0', lg: '8' } });

const finesPart = lazyPart(() => import('../../components/fines/MemberFinesPanel'));
const reservationsPart = lazyPart(() => import('../../components/reservations/MemberReservationsPanel'));

/** The member's fines panel, its code loaded after the profile has drawn. */
function FinesPanel(props: { memberId: string | number; memberName: string; onChanged?: (() => void) | undefined }) {
  const loaded = useLazyPart(finesPart);
  useEffect(() => void finesPart.load().catch(() => undefined), []);
  return loaded ? <loaded.MemberFinesPanel {...props} /> : <LoadingState />;
}

/** The member's open reservations, their code loaded after the profile has drawn. */
function ReservationsPanel({ memberId }: { memberId: string | number }) {
  const loaded = useLazyPart(reservationsPart);
  useEffect(() => void reservationsPart.load().catch(() => undefined), []);
  return loaded ? <loaded.MemberReservationsPanel memberId={memberId} /> : <LoadingState />;
}

export interface StaffMemberViewProps {
  /** The member's user id (the page's route parameter). */
  memberId: string | number;
  profile: MemberProfile;
  details: ReactNode;
  /** Called after a return, a collection, a renewal or a hold changed his record. */
  onChanged?: (() => void) | undefined;
  /** Opens his profile form (Edit, for holders of change_members). */
  onEdit: () => void;
}

/** The staff view of another member's profile: summary facts, circulation panels, then `details`. */
export function StaffMemberView({ memberId, profile, details, onChanged, onEdit }: StaffMemberViewProps) {
  const session = useStore($session);
  const settings = useStore($librarySettings);
  // The server refuses the panels' calls without these; their holders see the panels.
  const seesLoans = LOAN_READERS.some((codename) => holdsPermission(session, codename));
  const seesFines = holdsPermission(session, 'view_fine');
  const seesReservations = holdsPermission(session, 'view_bookreservation');
  const name = fullName([profile.first_name, profile.middle_name, profile.last_name]);
  return (
    <>
      <Panel title="Member" className={css({ mb: '6' })}>
        <RecordActions memberId={String(memberId)} name={name || profile.username} onEdit={onEdit} onChanged={onChanged} />
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
              ['Department', profile.department_name],
              ['Session', profile.session_name],
              ['Plan', profile.plan?.name],
              ['Membership', profile.state === 'active' || profile.membership_expires ? membershipText(profile.membership_expires, todayIn(settings?.timezone), settings?.date_format) : null],
              ['Books out', String(profile.books_out ?? 0)],
              ['Fines owed', formatAmount(profile.fines_owed ?? '0.00')],
            ]}
          />
        </div>
      </Panel>
      {seesLoans && <MemberLoansPanels memberId={memberId} onChanged={onChanged} />}
      <div className={panels}>
        {seesFines && <FinesPanel memberId={memberId} memberName={name || profile.username} onChanged={onChanged} />}
        {seesReservations && <ReservationsPanel memberId={memberId} />}
      </div>
      {details}
    </>
  );
}
