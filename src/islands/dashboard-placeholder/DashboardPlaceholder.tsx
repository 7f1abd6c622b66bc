/**
 * Stand-in for the staff dashboard and the member home until the dashboard shell is built: who is
 * signed in, and a working Logout. The guard sends everyone else where they belong.
 */
import { useStore } from '@nanostores/react';
import { css } from 'styled-system/css';
import { AuthHeading } from '../../components/AuthHeading';
import { signOutAndLeave, useRouteGuard } from '../../components/use-route-guard';
import { Button } from '../../components/ui/Button';
import { LogOutIcon } from '../../components/ui/icons';
import { $user } from '../../stores/session';

export default function DashboardPlaceholder({ routeId }: { routeId: 'home' | 'member-home' }) {
  const allowed = useRouteGuard(routeId);
  const user = useStore($user);
  if (!allowed || !user) return null;

  const name = [user.first_name, user.last_name].filter(Boolean).join(' ') || user.username;
  const rows: [string, string][] = [
    ['Name', name],
    ['Username', user.username],
    ['Role', user.role],
  ];

  return (
    <>
      <AuthHeading title={`Welcome, ${name}`}>
        You are signed in. {routeId === 'home' ? 'The staff dashboard' : 'Your member area'} is on its way; this page will grow into it.
      </AuthHeading>
      <dl
        className={css({
          display: 'grid',
          gridTemplateColumns: 'auto 1fr',
          columnGap: '6',
          rowGap: '3',
          p: '4',
          mb: '6',
          borderRadius: 'md',
          bg: 'bg.muted',
          fontSize: 'sm',
        })}
      >
        {rows.map(([term, value]) => (
          <div key={term} className={css({ display: 'contents' })}>
            <dt className={css({ color: 'fg.muted' })}>{term}</dt>
            <dd className={css({ fontWeight: 'medium', overflowWrap: 'anywhere' })}>{value}</dd>
          </div>
        ))}
      </dl>
      <Button variant="outline" fullWidth onClick={signOutAndLeave}>
        <LogOutIcon />
        Logout
      </Button>
    </>
  );
}
