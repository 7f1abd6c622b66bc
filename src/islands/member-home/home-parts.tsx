/** Parts the member home's panels share: the links to full pages under a panel, and the short lists. */
import { css } from 'styled-system/css';
import { textLink } from 'styled-system/recipes';

export const list = css({ listStyle: 'none', p: '0', m: '0', display: 'flex', flexDirection: 'column' });
export const listItem = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: '2', py: '2.5', borderBottomWidth: '1px', borderColor: 'border.default', fontSize: 'sm', _last: { borderBottomWidth: '0' } });
const links = css({ display: 'flex', flexWrap: 'wrap', gap: '4', mt: '4', fontSize: 'sm' });

/** The links under a panel to its full pages, as `[href, words]`. */
export function PageLinks({ to }: { to: readonly (readonly [string, string])[] }) {
  return (
    <p className={links}>
      {to.map(([href, words]) => (
        <a key={href} className={textLink()} href={href}>
          {words}
        </a>
      ))}
    </p>
  );
}
