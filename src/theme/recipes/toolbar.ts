import { defineRecipe } from '@pandacss/dev';

/**
 * A row of controls or actions that wraps on narrow screens: search and filters above a list,
 * a heading with its actions, the buttons under a panel. Fields line up on their bottom edge by
 * default so labels of different heights do not push inputs out of line.
 */
export const toolbar = defineRecipe({
  className: 'toolbar',
  description: 'Row of controls',
  base: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'flex-end',
    gap: '3',
    minW: '0',
  },
  variants: {
    justify: {
      start: { justifyContent: 'flex-start' },
      between: { justifyContent: 'space-between' },
      end: { justifyContent: 'flex-end' },
    },
    align: {
      end: { alignItems: 'flex-end' },
      center: { alignItems: 'center' },
      start: { alignItems: 'flex-start' },
      baseline: { alignItems: 'baseline' },
    },
    gap: {
      xs: { gap: '1' },
      sm: { gap: '2' },
      md: { gap: '3' },
      lg: { gap: '4' },
    },
    /** Takes the full width of its container. */
    full: { true: { w: 'full' } },
    /** The top strip of a framed list (from 640 px padded, with a rule under it). */
    framed: {
      true: {
        p: { base: '0', sm: '4' },
        pb: '4',
        borderBottomWidth: { base: '0', sm: '1px' },
        borderColor: 'border.default',
      },
    },
    /** Stacked full width on phones, a row from 640 px (the buttons under a form). */
    stackOnPhone: { true: { flexDirection: { base: 'column', sm: 'row' }, '& > *': { w: { base: 'full', sm: 'auto' } } } },
  },
  defaultVariants: { justify: 'start', align: 'end', gap: 'md' },
  staticCss: ['*'],
});
