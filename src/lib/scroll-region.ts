/**
 * When a box scrolls inside itself (a wide table in its scroll box), a keyboard user must be able to
 * reach it to scroll it (WCAG 2.1.1): the box then becomes a named, focusable region. A box that
 * fits, or that clips without scrolling (a visually hidden table), stays a plain box out of the tab order.
 */

/** The measures of a box that decide whether it scrolls. */
export interface BoxMeasures {
  scrollWidth: number;
  clientWidth: number;
  scrollHeight: number;
  clientHeight: number;
  /** Computed `overflow-x` and `overflow-y`. */
  overflowX: string;
  overflowY: string;
}

const scrolling = (overflow: string): boolean => overflow === 'auto' || overflow === 'scroll';

/** Whether the box's content overflows in a direction the box scrolls in. */
export function scrollsInside(box: BoxMeasures): boolean {
  const wide = box.scrollWidth > box.clientWidth && scrolling(box.overflowX);
  const tall = box.scrollHeight > box.clientHeight && scrolling(box.overflowY);
  return wide || tall;
}

/** The attributes of a scroll box: a focusable region named `name` while it scrolls, none otherwise. */
export function scrollRegionProps(scrolls: boolean, name: string): { tabIndex?: 0; role?: 'region'; 'aria-label'?: string } {
  return scrolls ? { tabIndex: 0, role: 'region', 'aria-label': name } : {};
}
