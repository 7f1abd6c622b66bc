/** Who is signed in, for staff whose role does not include the dashboard's figures (view_dashboard_summary). */
import { useStore } from '@nanostores/react';
import { css } from 'styled-system/css';
import { displayName } from '#shared/person-name';
import { libraryName } from '../lib/branding';
import { $librarySettings } from '../stores/library-settings';
import { $user } from '../stores/session';

export function WelcomePanel() {
  const user = useStore($user);
  const settings = useStore($librarySettings);
  if (!user) return null;
  const rows: [string, string][] = [
    ['Name', displayName(user)],
    ['Username', user.username],
    ['Role', user.role],
  ];
  return (
    <section
      aria-labelledby="welcome-title"
      className={css({ maxW: '40rem', p: { base: '5', md: '6' }, bg: 'bg.surface', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'xl', boxShadow: 'card' })}
    >
      <h2 id="welcome-title" className={css({ fontSize: 'xl', fontWeight: 'semibold' })}>
        Welcome, {displayName(user)}
      </h2>
      <p className={css({ mt: '1', color: 'fg.muted', fontSize: 'sm' })}>
        Signed in to {libraryName(settings)}. Use the menu to get to your work.
      </p>
      <dl className={css({ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: '6', rowGap: '2', mt: '5', p: '4', borderRadius: 'md', bg: 'bg.muted', fontSize: 'sm' })}>
        {rows.map(([term, value]) => (
          <div key={term} className={css({ display: 'contents' })}>
            <dt className={css({ color: 'fg.muted' })}>{term}</dt>
            <dd className={css({ fontWeight: 'medium', overflowWrap: 'anywhere' })}>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
