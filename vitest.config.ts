import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { libraryZoneApart, PROCESS_ZONE_APART } from './tests/api/support/library-zone.js';

/** Two projects: pure rules and stores (unit), and the real server in-process (api). */
export default defineConfig({
  test: {
    // At least two test files at once even on two cores (the default leaves one core idle): an API
    // test spends much of its time waiting on its database, mail listener or child server.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          // Run apart (TEST_LIBRARY_ZONE=apart), the process too is in a zone of its own: nothing may lean on it.
          env: libraryZoneApart() ? { TZ: PROCESS_ZONE_APART } : {},
        },
      },
    ],
  },
});
