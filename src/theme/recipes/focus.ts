import { defineRecipe } from '@pandacss/dev';

/**
 * The one visible focus indicator, shared by every interactive recipe. Components take it as the
 * `focusable` class, never by importing this object into a `css()` call: Panda reads styles from
 * the source without following imports, so an imported value would silently produce no CSS.
 */
export const focusRing = {
  outline: '2px solid',
  outlineColor: 'focusRing',
  outlineOffset: '2px',
} as const;

/** The focus ring drawn inside the element, for items flush with a scrolling edge (menus, tabs, the sidebar). */
export const insetFocusRing = { ...focusRing, outlineOffset: '-2px' } as const;

/**
 * The focus ring as a class for elements that are not a recipe of their own (links, cards, custom
 * controls). `on` says where keyboard focus lands: the element itself, the element with the ring
 * inside it, a native input inside a label, a label around a focused input (`:has`), or an Ark UI
 * control whose parent carries `data-focus-visible` (checkboxes, switches).
 */
export const focusable = defineRecipe({
  className: 'focusable',
  description: 'The one focus ring',
  base: {},
  variants: {
    on: {
      self: { _focusVisible: focusRing },
      inset: { _focusVisible: insetFocusRing },
      input: { '& input:focus-visible': focusRing },
      within: { '&:has(input:focus-visible)': focusRing },
      control: { '[data-focus-visible] > &': focusRing },
    },
  },
  defaultVariants: { on: 'self' },
  staticCss: ['*'],
});
