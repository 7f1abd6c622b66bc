/**
 * The one rule for every table's scroll box (the table recipe's `root`): while the table is wider
 * (or taller) than its box and the box scrolls, the box is a focusable region named by the table's
 * caption or label (or `name`), so keyboard users can reach it and scroll it; otherwise it is a plain box.
 * Spread the answer on the box: `<div className={parts.root} {...useTableScroll()}>`.
 */
import { useEffect, useState } from 'react';
import { scrollRegionProps, scrollsInside } from '../lib/scroll-region';

interface ScrollState {
  scrolls: boolean;
  name: string;
}

/** The ref and attributes of a table's scroll box; `name` when the table has no caption. */
export function useTableScroll(name?: string) {
  const [box, setBox] = useState<HTMLDivElement | null>(null);
  const [state, setState] = useState<ScrollState>({ scrolls: false, name: '' });

  useEffect(() => {
    if (!box || typeof ResizeObserver === 'undefined') return;
    const measure = () => {
      const style = getComputedStyle(box);
      const scrolls = scrollsInside({
        scrollWidth: box.scrollWidth,
        clientWidth: box.clientWidth,
        scrollHeight: box.scrollHeight,
        clientHeight: box.clientHeight,
        overflowX: style.overflowX,
        overflowY: style.overflowY,
      });
      const table = box.querySelector('table');
      const named = name ?? (table?.querySelector('caption')?.textContent?.trim() || table?.getAttribute('aria-label') || 'Table');
      setState((was) => (was.scrolls === scrolls && was.name === named ? was : { scrolls, name: named }));
    };
    measure();
    // The box narrows with the window; the table widens as its rows arrive.
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    for (const child of box.children) observer.observe(child);
    return () => observer.disconnect();
  }, [box, name]);

  return { ref: setBox, ...scrollRegionProps(state.scrolls, state.name) };
}
