import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import LongestFirst from './tests/longest-first.ts';

/**
 * The server tests run on in-memory PGlite in `unit`, and again on a real PostgreSQL server in
 * `unit-pg` when TEST_DATABASE_URL names one (scripts/with-postgres.sh, .ci/run); each test file gets a
 * database of its own there (server/testing.ts), a copy of the one the project's global setup
 * migrated and seeded for the run (tests/global-setup.ts).
 */
const testDatabaseUrl = process.env.TEST_DATABASE_URL ?? '';

/** Migrates and seeds one database per run for the projects whose tests start servers. */
const seededDatabase = './tests/global-setup.ts';

/** Where `npm run dev` finds the reference API (scripts/dev.mjs starts it on this port). */
const devApi = process.env.DEV_API_URL ?? 'http://127.0.0.1:8787';

export default defineConfig({
  plugins: [react()],
  build: {
    manifest: true,
    target: 'es2022',
    sourcemap: false,
  },
  server: {
    proxy: {
      '/api': devApi,
      '/images': devApi,
      '/files': devApi,
      '/sandbox': devApi,
      '/favicon.svg': devApi,
    },
  },
  test: {
    // Vitest's default is one worker less than the cores, which on the 2-core CI machine is a single
    // worker: the files then run one after another while the core a test waits on (Chromium, the
    // server, PGlite) is often the other one. Two side by side there; one less than the cores above.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        extends: true,
        // PGlite here, whatever the environment says.
        test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node', env: { TEST_DATABASE_URL: '' }, globalSetup: [seededDatabase] },
      },
      ...(testDatabaseUrl
        ? [
            {
              extends: true as const,
              test: {
                name: 'unit-pg',
                include: ['tests/unit/server-*.test.ts'],
                environment: 'node' as const,
                env: { TEST_DATABASE_URL: testDatabaseUrl },
                globalSetup: [seededDatabase],
              },
            },
          ]
        : []),
      {
        extends: true,
        test: { name: 'machines', include: ['tests/machines/**/*.test.ts'], environment: 'node' },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          // The servers are in-memory PGlite, started from the seeded dump of the global setup.
          env: { TEST_DATABASE_URL: '' },
          globalSetup: [seededDatabase],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // Files run side by side (see maxWorkers above): each has its own server, database and Chromium.
        },
      },
    ],
  },
});
