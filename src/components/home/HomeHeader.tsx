/** The homes' heading: who is signed in (name, username, role names) and the library's today. */
import { useStore } from '@nanostores/react';
import type { ReactNode } from 'react';
import { text } from 'styled-system/recipes';
import { PageHeader } from '../Panel';
import { displayName } from '#shared/person-name';
import { formatDate } from '#shared/dates';
import { roleLabel } from '../../lib/top-bar';
import { $librarySettings } from '../../stores/library-settings';
import { $user } from '../../stores/session';

const role = text({ tone: 'default', weight: 'medium' });

export function HomeHeader({ today, actions }: { today?: string | null; actions?: ReactNode }) {
  const user = useStore($user);
  const dateFormat = useStore($librarySettings)?.date_format;
  if (!user) return null;
  return (
    <PageHeader title={`Welcome, ${displayName(user)}`} actions={actions}>
      <span>{user.username}</span> · <span className={role}>{roleLabel(user)}</span>
      {today ? ` · Today is ${formatDate(today, dateFormat) ?? today}` : null}
    </PageHeader>
  );
}
