import type { KeyboardEvent } from 'react';

/** Arrow keys, Home and End move focus through the visible entries of a menu. */
export function moveFocusWithArrows(event: KeyboardEvent<HTMLElement>): void {
  const keys = ['ArrowDown', 'ArrowUp', 'Home', 'End'];
  if (!keys.includes(event.key)) return;
  const items = Array.from(event.currentTarget.querySelectorAll<HTMLElement>('[data-menu-item]')).filter(
    (item) => item.offsetParent !== null,
  );
  if (items.length === 0) return;
  event.preventDefault();
  event.stopPropagation();
  const index = items.indexOf(document.activeElement as HTMLElement);
  let next = 0;
  if (event.key === 'ArrowDown') next = index < 0 ? 0 : (index + 1) % items.length;
  else if (event.key === 'ArrowUp') next = index <= 0 ? items.length - 1 : index - 1;
  else if (event.key === 'End') next = items.length - 1;
  items[next]?.focus();
}
