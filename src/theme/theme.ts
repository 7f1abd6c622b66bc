/** Design tokens. Components use only semantic tokens so dark (default) and light both work. */
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
        subtle: { value: { base: '{colors.slate.700}', _light: '{colors.slate.200}' } },
      },
      fg: {
        default: { value: { base: '{colors.slate.100}', _light: '{colors.slate.900}' } },
        muted: { value: { base: '{colors.slate.400}', _light: '{colors.slate.600}' } },
        onAccent: { value: { base: '{colors.white}', _light: '{colors.white}' } },
      },
      border: {
        default: { value: { base: '{colors.slate.700}', _light: '{colors.slate.300}' } },
        strong: { value: { base: '{colors.slate.500}', _light: '{colors.slate.500}' } },
      },
      accent: {
        default: { value: { base: '{colors.teal.600}', _light: '{colors.teal.700}' } },
        hover: { value: { base: '{colors.teal.500}', _light: '{colors.teal.800}' } },
        fg: { value: { base: '{colors.teal.300}', _light: '{colors.teal.800}' } },
        subtle: { value: { base: '{colors.teal.950}', _light: '{colors.teal.50}' } },
      },
      danger: {
        default: { value: { base: '{colors.red.600}', _light: '{colors.red.700}' } },
        hover: { value: { base: '{colors.red.500}', _light: '{colors.red.800}' } },
        fg: { value: { base: '{colors.red.300}', _light: '{colors.red.700}' } },
        subtle: { value: { base: '{colors.red.950}', _light: '{colors.red.50}' } },
      },
      success: {
        fg: { value: { base: '{colors.green.300}', _light: '{colors.green.800}' } },
        subtle: { value: { base: '{colors.green.950}', _light: '{colors.green.50}' } },
      },
      focusRing: { value: { base: '{colors.teal.300}', _light: '{colors.teal.700}' } },
    },
  },
} as const;
