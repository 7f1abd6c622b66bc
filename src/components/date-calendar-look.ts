/** The look of the date field's calendar (its panel, month header, day grid) and where the panel is placed. */
import type { CSSProperties } from 'react';
import { css, cx } from 'styled-system/css';
import { focusable, popover } from 'styled-system/recipes';

// Fixed to the viewport (placed by `placeUnder`), so a dialog's scrolling body never clips it.
export const panelClass = cx(popover().content, css({ position: 'fixed', zIndex: '60', w: '18.5rem', maxW: 'calc(100vw - 1rem)', p: '3' }));

/** Where the panel goes: under its field, or above it when the viewport has more room there; kept inside the viewport's width. */
export function placeUnder(field: HTMLElement, panel: HTMLElement): CSSProperties {
  const box = field.getBoundingClientRect();
  const control = field.querySelector('input')?.getBoundingClientRect() ?? box;
  const height = panel.offsetHeight;
  const below = window.innerHeight - control.bottom;
  const top = below >= height + 8 || below >= control.top ? control.bottom + 4 : Math.max(4, control.top - height - 4);
  const left = Math.max(8, Math.min(box.left, window.innerWidth - panel.offsetWidth - 8));
  return { top, left };
}
export const headClass = css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '2', mb: '2', fontWeight: 'semibold' });
export const navClass = cx(
  focusable({ on: 'self' }),
  css({ display: 'inline-flex', alignItems: 'center', justifyContent: 'center', h: '10', w: '10', borderRadius: 'md', color: 'fg.default', cursor: 'pointer', _hover: { bg: 'bg.muted' }, _disabled: { opacity: 0.4, cursor: 'not-allowed' } }),
);
export const tableClass = css({ w: 'full', borderCollapse: 'collapse', '& th': { fontSize: 'xs', fontWeight: 'medium', color: 'fg.muted', pb: '1', textAlign: 'center' }, '& td': { p: '0', textAlign: 'center' } });
export const dayClass = cx(
  focusable({ on: 'self' }),
  css({
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    h: '9',
    w: '9',
    borderRadius: 'md',
    fontSize: 'sm',
    cursor: 'pointer',
    color: 'fg.default',
    _hover: { bg: 'bg.muted' },
    '&[data-outside-range]': { color: 'fg.muted' },
    '&[data-today]': { fontWeight: 'bold', textDecoration: 'underline' },
    '&[data-selected]': { bg: 'accent.default', color: 'fg.onAccent' },
    '&[data-disabled], &[data-unavailable]': { opacity: 0.4, cursor: 'not-allowed', textDecoration: 'line-through' },
  }),
);
