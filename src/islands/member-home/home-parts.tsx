/** Parts the member home's panels share: the links to full pages under a panel, and the short lists. */
import type { Key, ReactNode } from 'react';
import { sva } from 'styled-system/css';
import { textLink } from 'styled-system/recipes';
import { muted } from '../../components/home/styles';
import { Panel } from '../../components/Panel';

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

interface ListPanelProps<Item> {
  title: string;
  /** The list's name for screen readers. */
  label: string;
  items: readonly Item[];
  itemKey: (item: Item) => Key;
  /** What an entry shows inside its row; `read` marks a notice read or unread. */
  entry: (item: Item) => ReactNode;
  read?: (item: Item) => boolean;
  /** What shows when there is nothing to list. */
  empty: string;
  links?: readonly (readonly [string, string])[];
}

/** A member home panel listing a few entries (or its empty sentence), with links to the full pages. */
export function ListPanel<Item>({ title, label, items, itemKey, entry, read, empty, links }: ListPanelProps<Item>) {
  return (
    <Panel title={title}>
      {items.length === 0 ? (
        <p className={muted}>{empty}</p>
      ) : (
        <ul className={homeList.list} aria-label={label}>
          {items.map((item) => (
            <li key={itemKey(item)} className={homeList.item} data-read={read ? String(read(item)) : undefined}>
              {entry(item)}
            </li>
          ))}
        </ul>
      )}
      {links && <PageLinks to={links} />}
    </Panel>
  );
}
