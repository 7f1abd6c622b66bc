/**
 * staff/profile: a MANAGER or SUPER USER edits his own name, e-mail, username and photo, and
 * changes his password in a separate form that needs the old one. Each role has its own path
 * (docs/API.md); failures read the server's message, else 'Profile update failed. Please try again.'.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { PageHeader, Panel, stack } from '../../components/Panel';
import { Alert } from '../../components/ui/Alert';
import { LoadingState } from '../../components/ui/Spinner';
import { fetchStaffProfile } from '../../lib/api/users';
import { profileErrorMessage } from '../../lib/errors';
import type { StaffProfile as Profile } from '../../lib/schemas/profiles';
import { loadScreen, type ScreenLoad } from '../../lib/screen-load';
import { $role } from '../../stores/session';
import { displayName } from '#shared/person-name';
import { StaffDetailsForm } from './StaffDetailsForm';
import { StaffPasswordForm } from './StaffPasswordForm';

export default function StaffProfile() {
  const role = useStore($role);
  const [load, setLoad] = useState<ScreenLoad<Profile>>({ kind: 'loading' });

  useEffect(() => {
    if (role) void loadScreen(() => fetchStaffProfile(role), profileErrorMessage).then(setLoad);
  }, [role]);

  if (load.kind === 'failed') {
    return (
      <>
        <PageHeader title="Profile" />
        <Alert tone="error" title="Profile unavailable">
          {load.message}
        </Alert>
      </>
    );
  }
  if (load.kind === 'loading') return <LoadingState text="Loading..." />;
  const profile = load.value;

  return (
    <>
      <PageHeader title="Profile">
        {displayName(profile)} · {profile.role ?? role}
      </PageHeader>
      <div className={stack}>
        <Panel title="Your details">
          <StaffDetailsForm role={role} profile={profile} onSaved={(saved) => setLoad({ kind: 'ready', value: saved })} />
        </Panel>
        <Panel title="Change password" intro="Enter your current password, then the new one twice.">
          <StaffPasswordForm role={role} username={profile.username} />
        </Panel>
      </div>
    </>
  );
}
