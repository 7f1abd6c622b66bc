/**
 * member/profile-view/{memberId}: every field of a member's profile in groups (personal,
 * academic, contact, library). A member sees and edits his own (`PATCH /users/update-profile/`,
 * then the profile is fetched again); staff with view_members see any member's record, with the
 * actions staff take, the desk's summary and the circulation panels first (`StaffMemberView`), and
 * holders of change_members edit him in the same form (his fields and plan). The edit form is
 * `ProfileEditor.tsx`, loaded on Edit profile.
 * Not found and forbidden are clear states, not error toasts.
 */
import { useStore } from '@nanostores/react';
import { Suspense, lazy, useState } from 'react';
import { css } from 'styled-system/css';
import { PageHeader } from '../../components/Panel';
import { RecordProblem, type RecordProblemTexts } from '../../components/RecordProblem';
import { Button } from '../../components/ui/Button';
import { LoadingState } from '../../components/ui/Spinner';
import { useRecord } from '../../components/use-record';
import { fetchMemberProfile } from '../../lib/api/members';
import { currentRouteParams } from '../../lib/deep-links';
import { callErrorMessage } from '../../lib/errors';
import { memberProfileHeading } from '../../lib/member-profile-view';
import { $session } from '../../stores/session';
import { ProfileView } from './ProfileView';
import { StaffMemberView } from './StaffMemberView';

// The member's own form loads when he opens it (see ProfileEditor.tsx).
const ProfileEditor = lazy(() => import('./ProfileEditor'));

const TEXTS: RecordProblemTexts = {
  heading: 'Member Profile',
  notFound: { title: 'Member not found', body: 'There is no member with this ID. Check the link, or find the member in the member list.' },
  forbidden: { title: 'You do not have access to this profile', body: 'Members can only see their own profile; staff need the “View members” permission.' },
  errorTitle: 'Profile unavailable',
};

const photoClass = css({ w: '24', h: '24', borderRadius: 'full', objectFit: 'cover', mb: '6', borderWidth: '1px', borderColor: 'border.default' });
const profileError = (failure: unknown) => callErrorMessage('member-profile-load', failure);

export default function MemberProfile() {
  const session = useStore($session);
  const [memberId] = useState(() => currentRouteParams().memberId ?? '');
  const { state, reload, refresh } = useRecord(memberId, fetchMemberProfile, profileError);
  const [editing, setEditing] = useState(false);
  const isOwn = session !== null && session.role === 'MEMBER' && String(session.id) === memberId;

  if (state.kind === 'loading') return <LoadingState text="Loading..." />;
  if (state.kind !== 'ready') return <RecordProblem state={state} texts={TEXTS} onRetry={() => void reload()} />;

  const profile = state.record;
  const heading = memberProfileHeading(profile, isOwn, editing);
  const editAction = isOwn && !editing ? <Button variant="outline" onClick={() => setEditing(true)}>Edit profile</Button> : undefined;

  return (
    <>
      <PageHeader title={heading.title} actions={editAction}>
        {heading.intro}
      </PageHeader>
      {!editing && profile.profile_photo && <img src={profile.profile_photo} alt={`Photo of ${heading.name}`} className={photoClass} />}
      {editing ? (
        <Suspense fallback={<LoadingState text="Loading the form..." />}>
          <ProfileEditor
            profile={profile}
            staff={isOwn ? undefined : { userId: memberId }}
            onCancel={() => setEditing(false)}
            onSaved={async () => {
              await refresh();
              setEditing(false);
            }}
          />
        </Suspense>
      ) : isOwn ? (
        <ProfileView profile={profile} />
      ) : (
        // The facts (books out, fines owed) reload after a return or a collection; a failed refresh keeps the old ones.
        <StaffMemberView memberId={memberId} profile={profile} details={<ProfileView profile={profile} />} onChanged={() => void refresh()} onEdit={() => setEditing(true)} />
      )}
    </>
  );
}
