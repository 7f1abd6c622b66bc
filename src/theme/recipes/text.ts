import { defineRecipe } from '@pandacss/dev';

/**
 * Running text and headings by tone, size and weight: the muted sentence under a heading, the
 * small grey detail line, a danger or success word, a panel's title. Spacing around it stays with
 * the layout that places it.
 */
export const text = defineRecipe({
  className: 'text',
  description: 'Text by tone, size and weight',
  base: {},
  variants: {
    tone: {
      inherit: {},
      default: { color: 'fg.default' },
      muted: { color: 'fg.muted' },
      accent: { color: 'accent.fg' },
      danger: { color: 'danger.fg' },
      success: { color: 'success.fg' },
    },
    size: {
      inherit: {},
      xs: { fontSize: 'xs' },
      sm: { fontSize: 'sm' },
      md: { fontSize: 'md' },
      lg: { fontSize: 'lg', lineHeight: '1.3' },
      xl: { fontSize: 'xl', lineHeight: '1.25' },
      /** A page's or a card's main heading: a size larger from 640 px. */
      title: { fontSize: { base: 'xl', sm: '2xl' }, lineHeight: '1.25' },
    },
    weight: {
      inherit: {},
      normal: { fontWeight: 'normal' },
      medium: { fontWeight: 'medium' },
      semibold: { fontWeight: 'semibold' },
      bold: { fontWeight: 'bold' },
    },
    /** Codes read character by character (ISBN, member number, a notice's placeholders). */
    mono: { true: { fontFamily: 'mono' } },
    /** A small label over what it names (a preview's kicker). */
    caps: { true: { textTransform: 'uppercase', letterSpacing: 'wide' } },
    /** Reading text: looser lines. */
    prose: { true: { lineHeight: '1.6' } },
    /** Long words (e-mail addresses, names) break anywhere instead of widening the page. */
    wrapAnywhere: { true: { overflowWrap: 'anywhere' } },
  },
  defaultVariants: { tone: 'inherit', size: 'inherit', weight: 'inherit' },
  staticCss: ['*'],
});
