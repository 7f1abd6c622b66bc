/** A session's name as a link to its scan desk or report (`?id=` names it). */
import { textLink } from 'styled-system/recipes';
import { pathFor } from '#shared/routes';
import type { StockSession } from '../../lib/schemas/stock-verification';

/** Where a session's screen is. */
export const sessionHref = (id: string | number): string => `${pathFor('book-stock-session')}?id=${encodeURIComponent(String(id))}`;

export function SessionLink({ session }: { session: Pick<StockSession, 'id' | 'name'> }) {
  return (
    <a className={textLink()} href={sessionHref(session.id)}>
      {session.name}
    </a>
  );
}
