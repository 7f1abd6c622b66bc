/**
 * Design tokens. Components use only semantic tokens so dark (default) and light both work.
 * Every foreground/background pair used by the recipes meets WCAG AA (4.5:1 for text, 3:1 for
 * control borders and focus rings) in both themes; see the notes beside the tokens that were
 * picked for contrast rather than looks.
 */
import { recipes, slotRecipes } from './recipes';

export const theme = {
  tokens: {
    fonts: {
      body: { value: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
      mono: { value: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' },
    },
  },
  semanticTokens: {
    colors: {
      bg: {
        canvas: { value: { base: '{colors.slate.950}', _light: '{colors.slate.50}' } },
        surface: { value: { base: '{colors.slate.900}', _light: '{colors.white}' } },
        muted: { value: { base: '{colors.slate.800}', _light: '{colors.slate.100}' } },
        /** Between slate.700 and slate.800 in dark: muted text on it is 4.8:1 (on slate.700 only 4.0, below AA). */
        subtle: { value: { base: '#293548', _light: '{colors.slate.200}' } },
        /** Scrim behind loading overlays and dialogs. */
        overlay: { value: { base: 'rgba(2, 6, 23, 0.72)', _light: 'rgba(248, 250, 252, 0.78)' } },
      },
      fg: {
        default: { value: { base: '{colors.slate.100}', _light: '{colors.slate.900}' } },
        muted: { value: { base: '{colors.slate.400}', _light: '{colors.slate.600}' } },
        onAccent: { value: { base: '{colors.white}', _light: '{colors.white}' } },
      },
      border: {
        default: { value: { base: '{colors.slate.700}', _light: '{colors.slate.300}' } },
        /** Input outlines: 3:1 against bg.surface in both themes (WCAG 1.4.11). */
        strong: { value: { base: '{colors.slate.500}', _light: '{colors.slate.500}' } },
      },
      accent: {
        /** teal.700 under white text is 5.5:1; teal.600 (3.7:1) would fail AA in dark. */
        default: { value: { base: '{colors.teal.700}', _light: '{colors.teal.700}' } },
        hover: { value: { base: '{colors.teal.800}', _light: '{colors.teal.800}' } },
        fg: { value: { base: '{colors.teal.300}', _light: '{colors.teal.800}' } },
        subtle: { value: { base: '{colors.teal.950}', _light: '{colors.teal.50}' } },
        border: { value: { base: '{colors.teal.700}', _light: '{colors.teal.300}' } },
      },
      danger: {
        default: { value: { base: '{colors.red.600}', _light: '{colors.red.700}' } },
        /** Darker on hover in dark too: red.500 under white text is only 3.8:1. */
        hover: { value: { base: '{colors.red.700}', _light: '{colors.red.800}' } },
        fg: { value: { base: '{colors.red.300}', _light: '{colors.red.700}' } },
        subtle: { value: { base: '{colors.red.950}', _light: '{colors.red.50}' } },
        border: { value: { base: '{colors.red.800}', _light: '{colors.red.300}' } },
      },
      success: {
        fg: { value: { base: '{colors.green.300}', _light: '{colors.green.800}' } },
        subtle: { value: { base: '{colors.green.950}', _light: '{colors.green.50}' } },
        border: { value: { base: '{colors.green.800}', _light: '{colors.green.300}' } },
      },
      focusRing: { value: { base: '{colors.teal.300}', _light: '{colors.teal.700}' } },
      /** Chart series, in order: each at least 3:1 against bg.surface (WCAG 1.4.11, graphics). */
      chart: {
        1: { value: { base: '{colors.teal.400}', _light: '{colors.teal.600}' } },
        2: { value: { base: '{colors.amber.400}', _light: '{colors.amber.600}' } },
        3: { value: { base: '{colors.violet.400}', _light: '{colors.violet.600}' } },
        4: { value: { base: '{colors.rose.400}', _light: '{colors.rose.600}' } },
      },
    },
    shadows: {
      card: {
        value: {
          base: '0 1px 2px rgba(0, 0, 0, 0.4), 0 12px 32px -8px rgba(0, 0, 0, 0.55)',
          _light: '0 1px 2px rgba(15, 23, 42, 0.06), 0 12px 32px -12px rgba(15, 23, 42, 0.18)',
        },
      },
    },
  },
  recipes,
  slotRecipes,
} as const;
