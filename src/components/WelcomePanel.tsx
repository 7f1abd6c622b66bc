/** Who is signed in, for staff whose role does not include the dashboard's figures (view_dashboard_summary). */
import { useStore } from '@nanostores/react';
import { css, cx } from 'styled-system/css';
import { card, text } from 'styled-system/recipes';
import { displayName } from '#shared/person-name';
import { libraryName } from '../lib/branding';
import { $librarySettings } from '../stores/library-settings';
import { $user } from '../stores/session';
import { Facts } from './Facts';

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
      className={cx(card({ padding: 'xl', raised: true }), css({ maxW: '40rem' }))}
    >
      <h2 id="welcome-title" className={text({ size: 'xl', weight: 'semibold' })}>
        Welcome, {displayName(user)}
      </h2>
      <p className={css({ mt: '1', color: 'fg.muted', fontSize: 'sm' })}>
        Signed in to {libraryName(settings)}. Use the menu to get to your work.
      </p>
      <div className={css({ mt: '5', p: '4', borderRadius: 'md', bg: 'bg.muted' })}>
        <Facts rows={rows} />
      </div>
    </section>
  );
}
