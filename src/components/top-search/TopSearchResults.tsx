/**
 * The top bar search's results: a listbox of groups (a heading each), every result a link with its
 * label and a detail line; the highlighted one (`activeKey`) is marked for the combobox's
 * `aria-activedescendant` and scrolled into view.
 */
import { useEffect } from 'react';
import { css, cx } from 'styled-system/css';
import { popover, text } from 'styled-system/recipes';
import type { TopSearchGroup } from '../../lib/top-search';

const look = popover({ listbox: true });
const list = css({ display: 'flex', flexDirection: 'column', gap: '2', maxH: { base: '55vh', md: '24rem' }, overflowY: 'auto' });
const item = cx(look.item, css({ flexDirection: 'column', alignItems: 'flex-start', justifyContent: 'center', gap: '0', py: '1.5', textDecoration: 'none' }));
const detail = text({ size: 'xs', tone: 'muted' });

export interface TopSearchResultsProps {
  id: string;
  groups: readonly TopSearchGroup[];
  activeKey: string | null;
  optionId: (key: string) => string;
  busy: boolean;
}

export function TopSearchResults({ id, groups, activeKey, optionId, busy }: TopSearchResultsProps) {
  useEffect(() => {
    if (activeKey) document.getElementById(optionId(activeKey))?.scrollIntoView({ block: 'nearest' });
  }, [activeKey]);
  return (
    <div id={id} role="listbox" aria-label="Search results" aria-busy={busy || undefined} className={list}>
      {groups.map((group) => (
        <div key={group.id} role="group" aria-labelledby={`${id}-${group.id}`}>
          <div id={`${id}-${group.id}`} role="presentation" className={look.groupLabel}>
            {group.label}
          </div>
          {group.items.map((result) => (
            <a
              key={result.key}
              id={optionId(result.key)}
              role="option"
              aria-selected={result.key === activeKey}
              data-highlighted={result.key === activeKey ? '' : undefined}
              href={result.href}
              tabIndex={-1}
              className={item}
            >
              <span>{result.label}</span>
              {result.detail && <span className={detail}>{result.detail}</span>}
            </a>
          ))}
        </div>
      ))}
    </div>
  );
}
