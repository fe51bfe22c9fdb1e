/**
 * Debian's Chromium driven by playwright-core, and the app server on a free port: shared by the e2e
 * tests and the scripts (bench, screenshots). Nothing here downloads a browser.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { startServer, type RunningServer } from '../../../server/start';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** The build under test: dist/ by default; E2E_DIST_DIR points elsewhere (e.g. a private build while others rebuild dist/). */
export const DIST_DIR = (process.env.E2E_DIST_DIR?.replace(/\/?$/, '/')) ?? fileURLToPath(new URL('../../../dist/', import.meta.url));

/** The flags every Chromium of the tests and scripts runs with (also Lighthouse's, in scripts/bench.ts). */
export const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * The tests' and scripts' Chromium: the flags above, plus one renderer process per site. Without it
 * every new page of a context starts a renderer of its own (≈ 0.4 s of CPU) and boots the app in a
 * cold V8; with it the pages of one context share the site's renderer and its compiled code, which
 * measured 1.13 s → 0.62 s of renderer CPU and 1.4 s → 1.1 s of wall time per page load (the browser
 * tests are CPU-bound on the 2-core CI machine). Pages of different contexts (a second device) still
 * get processes of their own. Lighthouse (scripts/bench.ts) keeps the plain flags: it measures a
 * customer's cold load.
 */
export const launchChromium = (): Promise<Browser> =>
  chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: [...CHROMIUM_ARGS, '--process-per-site'] });

let workerBrowser: Promise<Browser> | undefined;

/**
 * The test worker's one Chromium, shared by the browser test files it runs one after another (the e2e
 * project has `isolate: false`, so this module, and the browser, outlive a file). A file gets its own
 * contexts and closes them when it ends (the harness does); the browser stays up for the next file
 * instead of being launched and closed again (about a second of CPU a file). Playwright closes it when
 * the worker process exits. A browser that crashed or was closed is launched again.
 */
export const workerChromium = async (): Promise<Browser> => {
  const running = await workerBrowser?.catch(() => undefined);
  if (running?.isConnected()) return running;
  const launching = launchChromium();
  workerBrowser = launching;
  void launching.then(
    (browser) =>
      browser.on('disconnected', () => {
        if (workerBrowser === launching) workerBrowser = undefined;
      }),
    () => undefined,
  );
  return launching;
};

/**
 * The built app and its API on 127.0.0.1, a free port and a fresh in-memory database in demo mode: migrated and
 * seeded at start, or a copy of `snapshot` (a seeded PGlite dump, which the browser tests get from
 * their global setup).
 */
export const startAppServer = async ({ snapshot }: { snapshot?: Blob | undefined } = {}): Promise<RunningServer> => {
  if (!existsSync(`${DIST_DIR}index.html`)) {
    throw new Error(`No build in ${DIST_DIR}: run \`npx vite build\` before the e2e tests (or set E2E_DIST_DIR to a build).`);
  }
  // The outbox lets tests read the codes the server sends to phones, and devTools lets them finish a
  // sandbox payment (POST /api/dev/payments/{id}/complete/); `npm start` exposes neither.
  return startServer({ port: 0, host: '127.0.0.1', memory: true, demo: true, distDir: DIST_DIR, exposeOutbox: true, devTools: true, ...(snapshot ? { snapshot } : {}) });
};
