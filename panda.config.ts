import { defineConfig } from '@pandacss/dev';
import { theme } from './src/theme/theme';

/** Panda CSS: tokens and recipes live in src/theme; dark is the default, light via [data-theme=light]. */
export default defineConfig({
  preflight: true,
  include: ['./src/**/*.{ts,tsx,astro}'],
  exclude: [],
  jsxFramework: 'react',
  outdir: 'styled-system',
  conditions: {
    extend: {
      dark: '[data-theme=dark] &',
      light: '[data-theme=light] &',
    },
  },
  theme: { extend: theme },
  globalCss: {
    'html, body': { bg: 'bg.canvas', color: 'fg.default', fontFamily: 'body' },
  },
});
