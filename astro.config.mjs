// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import siteBuild from './scripts/site-build.ts';
import siteChunks from './scripts/chunks.ts';

/** The site is a static build (no Node server needed to host it); React islands hydrate per page. */
export default defineConfig({
  output: 'static',
  integrations: [react(), siteChunks(), siteBuild()],
  trailingSlash: 'ignore',
  build: { format: 'directory' },
  server: { port: Number(process.env.SITE_PORT ?? 4321), host: true },
  vite: { build: { assetsInlineLimit: 0 } },
});
