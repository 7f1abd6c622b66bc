import { defineConfig } from '@playwright/test';

/** Browser tests: Debian's Chromium against the built site and the real API (tests/e2e/support/stack.ts). */
/** Ports of the test stack; E2E_PORT_OFFSET shifts them all so two runs can share a machine. */
const offset = Number(process.env.E2E_PORT_OFFSET ?? 0);
export const E2E = {
  sitePort: 14321 + offset,
  apiPort: 18000 + offset,
  mailPort: 18025 + offset,
  previewPort: 14322 + offset,
} as const;

const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  // One retry on CI: a test that passes only on its retry is reported as flaky in the run's summary.
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  outputDir: 'test-results',
  use: {
    baseURL: `http://localhost:${E2E.sitePort}`,
    screenshot: 'only-on-failure',
    trace: 'off',
    launchOptions: { executablePath: '/usr/bin/chromium', args: chromiumArgs },
  },
  projects: [{ name: 'chromium' }],
  webServer: [
    {
      command: 'node_modules/.bin/tsx tests/e2e/support/stack.ts',
      url: `http://localhost:${E2E.mailPort}/health`,
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: 'pipe',
      stderr: 'pipe',
    },
    {
      command: `node_modules/.bin/astro preview --port ${E2E.previewPort} --host 127.0.0.1 --outDir ${process.env.E2E_DIST ?? 'dist'}`,
      url: `http://127.0.0.1:${E2E.previewPort}/`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: { ASTRO_TELEMETRY_DISABLED: '1' },
    },
  ],
});
