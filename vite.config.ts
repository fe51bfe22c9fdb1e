import { availableParallelism } from 'node:os';
import { basename } from 'node:path';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import LongestFirst from './tests/longest-first.ts';
import { reactAriaStrings } from './scripts/vite-react-aria-strings.ts';
import { pageHeads } from './scripts/vite-page-heads.ts';
import { routePreloads } from './scripts/vite-route-preloads.ts';

/**
 * The server tests run on in-memory PGlite in `unit`, and again on a real PostgreSQL server in
 * `unit-pg` when TEST_DATABASE_URL names one (scripts/with-postgres.sh, .ci/run); each test file gets a
 * database of its own there (server/testing.ts), a copy of the one the project's global setup
 * migrated and seeded for the run (tests/global-setup.ts).
 */
const testDatabaseUrl = process.env.TEST_DATABASE_URL ?? '';

/** Migrates and seeds one database per run for the projects whose tests start servers. */
const seededDatabase = './tests/global-setup.ts';

/** The checkout's folder, which rolldown names the entry's chunk after (build.rolldownOptions below). */
const PROJECT_FOLDER = basename(import.meta.dirname);

/** Where `npm run dev` finds the reference API (scripts/dev.mjs starts it on this port). */
const devApi = process.env.DEV_API_URL ?? 'http://127.0.0.1:8787';

/**
 * The files that replace a module with `vi.mock` (to count the password hashes made): they need a
 * module graph of their own, so they run in a project that keeps vitest's per-file isolation. (Both are
 * server files, so in `unit-pg` too.)
 */
const MOCKING_FILES = ['tests/unit/server-demo-data.test.ts', 'tests/unit/server-reset-cost.test.ts'];

/**
 * A unit project and its isolated twin. The rest of a worker's files share one module graph: the
 * server's modules, zod and PGlite's loader are imported once per worker instead of once per file
 * (138 s of import time in a run before). Every file still opens its own database and server.
 */
const unitProjects = (name: string, include: string[], databaseUrl: string) =>
  [
    { name, include, exclude: MOCKING_FILES, isolate: false },
    { name: `${name}-mocking`, include: MOCKING_FILES, isolate: true },
  ].map((project) => ({
    extends: true as const,
    test: { ...project, environment: 'node' as const, env: { TEST_DATABASE_URL: databaseUrl }, globalSetup: [seededDatabase] },
  }));

export default defineConfig({
  // reactAriaStrings: react-aria's own strings in Mongolian too (src/ui/react-aria-strings.ts).
  // routePreloads: what each route's page needs beyond the entry, for the server to ask for with the page.
  // pageHeads: each page's heading and lead in both languages, for the server to draw in the page's HTML.
  plugins: [react(), reactAriaStrings(), routePreloads(), pageHeads()],
  // The dev server bundles react-aria before the plugins above see it: the same replacement there.
  optimizeDeps: { rolldownOptions: { plugins: [reactAriaStrings({ check: false })] } },
  build: {
    manifest: true,
    target: 'es2022',
    sourcemap: false,
    rolldownOptions: {
      // Fewer, larger files (docs/performance.md, "Requests"). A phone's browser fetches six files at a
      // time from one server over HTTP/1.1, so every handful of files costs a round trip: the default
      // split sent 13 files for the entry and 20 to 60 of 1-2 KB for a page.
      // - The entry's whole static graph is one chunk ($initial): React, i18next, xstate, the shell.
      // - A shared module under 8 KB of source is copied into the chunks that use it rather than
      //   fetched on its own: a little duplicated code against a third of the requests.
      // (Inlining needs the entry's exports not kept; nothing imports them.)
      preserveEntrySignatures: false,
      output: {
        // The entry's graph and its stylesheet, named for what they are: with the inlining below,
        // rolldown names them after the project's folder (main-….js in a checkout named main).
        chunkFileNames: (chunk) => (chunk.moduleIds.some((id) => /[\\/]src[\\/]main\.tsx$/.test(id)) ? 'assets/app-[hash].js' : 'assets/[name]-[hash].js'),
        assetFileNames: (asset) => (asset.names.includes(`${PROJECT_FOLDER}.css`) ? 'assets/app-[hash][extname]' : 'assets/[name]-[hash][extname]'),
        codeSplitting: {
          groups: [{ name: 'app', tags: ['$initial'] }],
          experimentalInlineCommonChunks: { maxSize: 8 * 1024 },
        },
      },
    },
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
      // PGlite here, whatever the environment says.
      ...unitProjects('unit', ['tests/unit/**/*.test.ts'], ''),
      ...(testDatabaseUrl ? unitProjects('unit-pg', ['tests/unit/server-*.test.ts'], testDatabaseUrl) : []),
      {
        extends: true,
        // Pure machines and their path tests: no file leaves state behind, so a worker's files share
        // one module graph (each file re-imported xstate, the machines and zod: about a second each).
        test: { name: 'machines', include: ['tests/machines/**/*.test.ts'], environment: 'node', isolate: false },
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
          // A worker's files share one module graph: playwright-core, the server and the support code
          // are imported once per worker, not once per file (4 s a file, 187 s of the run). Each file
          // still starts its own server, database and Chromium; nothing a file keeps at module level
          // outlives it (caches are keyed by the file's harness object, not its port).
          isolate: false,
          // Files run side by side (see maxWorkers above): each has its own server, database and Chromium.
        },
      },
    ],
  },
});
