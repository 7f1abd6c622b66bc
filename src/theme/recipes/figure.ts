import { defineSlotRecipe } from '@pandacss/dev';
import { focusRing } from './focus';

/**
 * A chart as a figure: the title with its legend, the drawing (or a placeholder while it loads,
 * or the dashed "no data" box), a footer with the "Show as table" toggle and the readout of the
 * point under the pointer, and the table behind it. `framed` puts it on a surface card.
 */
export const figure = defineSlotRecipe({
  className: 'figure',
  description: 'Chart figure',
  slots: ['root', 'header', 'title', 'legend', 'legendItem', 'body', 'placeholder', 'empty', 'footer', 'toggle', 'readout', 'caption'],
  base: {
    root: { display: 'flex', flexDirection: 'column', gap: '3', minW: '0', m: '0' },
    header: { display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', justifyContent: 'space-between', gap: '2' },
    title: { fontSize: 'md', fontWeight: 'semibold' },
    legend: { display: 'flex', flexWrap: 'wrap', gap: '3', fontSize: 'xs', color: 'fg.muted', listStyle: 'none', p: '0', m: '0' },
    legendItem: { display: 'inline-flex', alignItems: 'center', gap: '1.5' },
    body: { minW: '0' },
    placeholder: { borderRadius: 'md', bg: 'bg.muted', opacity: 0.5 },
    empty: {
      display: 'grid',
      placeItems: 'center',
      borderRadius: 'md',
      borderWidth: '1px',
      borderStyle: 'dashed',
      borderColor: 'border.default',
      color: 'fg.muted',
      fontSize: 'sm',
      textAlign: 'center',
      p: '4',
    },
    footer: { display: 'flex', flexWrap: 'wrap-reverse', alignItems: 'center', justifyContent: 'space-between', columnGap: '4', rowGap: '1' },
    toggle: {
      fontSize: 'sm',
      fontWeight: 'medium',
      color: 'accent.fg',
      textDecoration: 'underline',
      textUnderlineOffset: '3px',
      cursor: 'pointer',
      minH: '8',
      borderRadius: 'sm',
      _focusVisible: focusRing,
    },
    readout: { minH: '5', fontSize: 'xs', color: 'fg.muted', fontVariantNumeric: 'tabular-nums', textAlign: 'end' },
    caption: { fontSize: 'xs', color: 'fg.muted' },
  },
  variants: {
    /** On a surface card of its own (report pages). */
    framed: {
      true: { root: { bg: 'bg.surface', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'lg', p: { base: '3', md: '4' } } },
    },
  },
  staticCss: ['*'],
});
