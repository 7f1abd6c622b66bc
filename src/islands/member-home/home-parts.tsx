/** Parts the member home's panels share: the links to full pages under a panel, and the short lists. */
import { sva } from 'styled-system/css';
import { textLink } from 'styled-system/recipes';

/** A panel's short list (reservations, wish list, notices) and the links under a panel. */
export const homeList = sva({
  slots: ['list', 'item', 'text', 'title', 'moment', 'links'],
  base: {
    list: { listStyle: 'none', p: '0', m: '0', display: 'flex', flexDirection: 'column' },
    item: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: '2', py: '2.5', borderBottomWidth: '1px', borderColor: 'border.default', fontSize: 'sm', _last: { borderBottomWidth: '0' } },
    /** An entry's words, taking the room its badge or time leaves. */
    text: { minW: '0', flex: '1' },
    /** A notice's title: bold until read. */
    title: { overflowWrap: 'anywhere', fontWeight: 'semibold', '[data-read=true] &': { fontWeight: 'normal' } },
    moment: { fontSize: 'xs', color: 'fg.muted', whiteSpace: 'nowrap' },
    links: { display: 'flex', flexWrap: 'wrap', gap: '4', mt: '4', fontSize: 'sm' },
  },
})();

/** The links under a panel to its full pages, as `[href, words]`. */
export function PageLinks({ to }: { to: readonly (readonly [string, string])[] }) {
  return (
    <p className={homeList.links}>
      {to.map(([href, words]) => (
        <a key={href} className={textLink()} href={href}>
          {words}
        </a>
      ))}
    </p>
  );
}
