/**
 * Wraps a dashboard page's own island: signed-out visitors and users of the other area are sent
 * away (the guard's redirects); staff without the route's permission see "You do not have access
 * to this page" instead. The page island is a child, so it is never mounted without access.
 */
import { useStore } from '@nanostores/react';
import type { ReactNode } from 'react';
import { css, cx } from 'styled-system/css';
import { flex } from 'styled-system/patterns';
import { card, text, textLink } from 'styled-system/recipes';
import { useGuardDecision } from '../../components/use-route-guard';
import { LockIcon } from '../../components/ui/icons';
import { homePath } from '../../lib/guard';
import { $role } from '../../stores/session';

export default function AccessGuard({ routeId, children }: { routeId: string; children?: ReactNode }) {
  const decision = useGuardDecision(routeId);
  const role = useStore($role);
  if (decision === 'allow') return <>{children}</>;
  if (decision === 'redirect') return null;
  return (
    <section
      aria-labelledby="no-access-title"
      className={cx(
        card(),
        flex({ direction: 'column', align: 'center', gap: '3' }),
        css({ maxW: '32rem', mx: 'auto', mt: { base: '6', md: '12' }, p: { base: '6', md: '8' }, borderRadius: 'xl', textAlign: 'center' }),
      )}
    >
      <span className={css({ display: 'grid', placeItems: 'center', w: '12', h: '12', borderRadius: 'full', bg: 'danger.subtle', color: 'danger.fg' })}>
        <LockIcon width={24} height={24} />
      </span>
      <h2 id="no-access-title" className={text({ size: 'xl', weight: 'semibold' })}>
        You do not have access to this page
      </h2>
      <p className={text({ tone: 'muted', size: 'sm', prose: true })}>
        Your role does not include the permission this page needs. Ask an administrator if you need it.
      </p>
      <a
        href={homePath(role ?? '')}
        className={cx(textLink(), css({ mt: '2' }))}
      >
        Go to your dashboard
      </a>
    </section>
  );
}
