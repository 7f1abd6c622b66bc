/**
 * member/profile-view/{memberId}: every field of a member's profile in groups (personal,
 * academic, contact, library). A member sees and edits his own (`PATCH /users/update-profile/`,
 * then the profile is fetched again); staff with view_members see any member read-only, with the
 * desk's summary and the circulation panels first (`StaffMemberView`). The edit form is
 * `ProfileEditor.tsx`, loaded on Edit profile.
 * Not found and forbidden are clear states, not error toasts.
 */
import { useStore } from '@nanostores/react';
import { Suspense, lazy, useCallback, useEffect, useState } from 'react';
import { css } from 'styled-system/css';
import { badge } from 'styled-system/recipes';
import { PageHeader, Panel } from '../../components/Panel';
import { Facts } from '../../components/Facts';
import { LoadProblem } from '../../components/LoadProblem';
import { Button } from '../../components/ui/Button';
import { LoadingState } from '../../components/ui/Spinner';
import { fetchMemberProfile } from '../../lib/api/members';
import { currentRouteParams } from '../../lib/deep-links';
import { callErrorMessage, errorStatus } from '../../lib/errors';
import type { MemberProfile as Profile } from '../../lib/schemas/profiles';
import { $session } from '../../stores/session';
import { StaffMemberView } from './StaffMemberView';
import { MEMBER_STATE_TEXT } from '../../lib/member-lists';
import { fullName } from '#shared/person-name';

// The member's own form loads when he opens it (see ProfileEditor.tsx).
const ProfileEditor = lazy(() => import('./ProfileEditor'));

type LoadState = { kind: 'loading' } | { kind: 'ready'; profile: Profile } | { kind: 'not-found' } | { kind: 'forbidden' } | { kind: 'error'; message: string };

function memberStatus(p: Profile): [string, 'success' | 'danger' | 'neutral'] {
  if (p.state === 'pending' || p.state === 'disabled') return [MEMBER_STATE_TEXT[p.state], 'neutral'];
  if (p.is_declined) return ['Rejected', 'danger'];
  if (p.is_active === false) return [p.is_verified === false ? 'E-mail not verified' : 'Disabled or pending', 'neutral'];
  return ['Active', 'success'];
}

function ProfileView({ profile }: { profile: Profile }) {
  const [status, tone] = memberStatus(profile);
  const fine = profile.fine_amount ?? '0.00';
  return (
    <div className={css({ display: 'grid', gridTemplateColumns: { base: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' }, gap: '6' })}>
      <Panel title="Personal">
        <Facts
          rows={[
            ['First name', profile.first_name],
            ['Middle name', profile.middle_name],
            ['Last name', profile.last_name],
            ["Father's first name", profile.father_first_name],
            ["Father's last name", profile.father_last_name],
            ['CNIC', profile.cnic],
            ['Username', profile.username],
          ]}
        />
      </Panel>
      <Panel title="Academic">
        <Facts
          rows={[
            ['Department', profile.department_name],
            ['Session', profile.session_name],
            ['Class', profile.class_name],
            ['Section', profile.section],
            ['Roll no.', profile.roll_no],
            ['Registration ID', profile.registration_id],
            ['Shift', profile.shift],
          ]}
        />
      </Panel>
      <Panel title="Contact">
        <Facts
          rows={[
            ['E-mail', profile.email],
            ['Mobile number', profile.mobile_number],
            ['Emergency contact', profile.emergency_contact],
            ['Home address', profile.home_address],
          ]}
        />
      </Panel>
      <Panel title="Library">
        <Facts
          rows={[
            ['Member ID', profile.member_id],
            ['Library membership ID', profile.library_membership_id],
            ['Membership plan', profile.plan?.name],
            ['Status', <span className={badge({ tone })}>{status}</span>],
            ['Defaulter', profile.is_defaulter ? <span className={badge({ tone: 'danger' })}>Yes</span> : 'No'],
            ['Fine amount', `Rs. ${fine}`],
            ['Security fee', profile.security_fee !== null && profile.security_fee !== undefined ? `Rs. ${profile.security_fee}` : null],
          ]}
        />
      </Panel>
    </div>
  );
}

export default function MemberProfile() {
  const session = useStore($session);
  const [memberId] = useState(() => currentRouteParams().memberId ?? '');
  const [state, setState] = useState<LoadState>({ kind: 'loading' });
  const [editing, setEditing] = useState(false);
  const isOwn = session !== null && session.role === 'MEMBER' && String(session.id) === memberId;

  const load = useCallback(async () => {
    if (!memberId) {
      setState({ kind: 'not-found' });
      return;
    }
    try {
      setState({ kind: 'ready', profile: await fetchMemberProfile(memberId) });
    } catch (error) {
      const status = errorStatus(error);
      if (status === 404) setState({ kind: 'not-found' });
      else if (status === 403) setState({ kind: 'forbidden' });
      else setState({ kind: 'error', message: callErrorMessage('member-profile-load', error) });
    }
  }, [memberId]);

  useEffect(() => {
    void load();
  }, [load]);

  if (state.kind === 'loading') return <LoadingState text="Loading..." />;
  if (state.kind === 'not-found')
    return (
      <LoadProblem heading="Member Profile" tone="info" title="Member not found">
        There is no member with this ID. Check the link, or find the member in the member list.
      </LoadProblem>
    );
  if (state.kind === 'forbidden')
    return (
      <LoadProblem heading="Member Profile" tone="error" title="You do not have access to this profile">
        Members can only see their own profile; staff need the “View members” permission.
      </LoadProblem>
    );
  if (state.kind === 'error')
    return (
      <LoadProblem heading="Member Profile" tone="error" title="Profile unavailable" onRetry={() => void load()}>
        {state.message}
      </LoadProblem>
    );

  const { profile } = state;
  const name = fullName([profile.first_name, profile.middle_name, profile.last_name]) || profile.username;

  return (
    <>
      <PageHeader
        title={isOwn ? (editing ? 'Edit your profile' : 'Your profile') : name}
        actions={
          isOwn && !editing ? (
            <Button variant="outline" onClick={() => setEditing(true)}>
              Edit profile
            </Button>
          ) : undefined
        }
      >
        {isOwn ? `${name} · @${profile.username}` : `@${profile.username}${profile.member_id ? ` · Member ID ${profile.member_id}` : ''}`}
      </PageHeader>
      {!editing && profile.profile_photo && (
        <img src={profile.profile_photo} alt={`Photo of ${name}`} className={css({ w: '24', h: '24', borderRadius: 'full', objectFit: 'cover', mb: '6', borderWidth: '1px', borderColor: 'border.default' })} />
      )}
      {isOwn && editing ? (
        <Suspense fallback={<LoadingState text="Loading the form..." />}>
          <ProfileEditor
            profile={profile}
            onCancel={() => setEditing(false)}
            onSaved={async () => {
              setState({ kind: 'ready', profile: await fetchMemberProfile(memberId) });
              setEditing(false);
            }}
          />
        </Suspense>
      ) : isOwn ? (
        <ProfileView profile={profile} />
      ) : (
        <StaffMemberView
          memberId={memberId}
          profile={profile}
          details={<ProfileView profile={profile} />}
          onChanged={() => {
            // The facts (books out, fines owed) after a return or a collection; a failed refresh keeps the old ones.
            fetchMemberProfile(memberId).then((fresh) => setState({ kind: 'ready', profile: fresh }), () => undefined);
          }}
        />
      )}
    </>
  );
}
