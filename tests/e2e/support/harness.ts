/**
 * One browser test file's set-up: the app server (built dist/, in-memory database, free port) and
 * contexts of the worker's one Chromium (`workerChromium`), all closed when the file ends; the test's
 * pages start with fresh storage. Page errors, console errors and Content
 * Security Policy violations are collected and fail the test unless the test said it expects them.
 *
 *   const e2e = useBrowserTests();
 *   it('…', async () => { const page = await e2e.openPage({ width: 375 }); … });
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { Db } from '../../../server/db/db';
import type { RunningServer } from '../../../server/start';
import { seededSnapshot } from '../../../server/testing';
import { startAppServer, workerChromium } from './browser';
import { siteOf, type Site } from './pages/site';
import type { Language } from './texts';
import { WAIT_MS } from './ui';
import { accessTokenFor, type TestUser } from './users';

export type ProblemKind = 'page error' | 'console error' | 'csp violation';

export interface Problem {
  kind: ProblemKind;
  text: string;
  url: string;
}

export interface PageOptions {
  /** Viewport width in CSS pixels (default 1280). */
  width?: number;
  height?: number;
  /** Stored as `language` before the app starts; without it the app starts in its default (mn). */
  language?: Language;
  /** Whether the cookie choice is already stored (default true, so the banner stays out of the way). */
  cookieChoiceStored?: boolean;
  /** Starts with this user's access token stored, as after an earlier login. */
  signedInAs?: TestUser;
  /** Any other local-storage entries to start with. */
  localStorage?: Record<string, string>;
  /**
   * Whether the app's service worker may control the page (default: blocked). A page it controls
   * fetches the build's files through it, which `page.route` does not see; only the tests of the
   * worker itself let it in (app-shell.test.ts).
   */
  serviceWorkers?: 'allow' | 'block';
  /**
   * Installs Playwright's fake clock before the app starts. The clock is the context's, so such a page
   * always gets a context of its own: a clock paused in one test never reaches the next test's pages.
   */
  clock?: boolean;
}

interface Allowance {
  kind: ProblemKind | undefined;
  pattern: RegExp;
}

export interface BrowserTests {
  /** http://127.0.0.1:<port> of this file's server. */
  readonly baseUrl: string;
  /** This file's server database, for arranging data the API cannot (e.g. in the model-path replays). */
  readonly db: Db;
  /**
   * A page (closed after the test); relative URLs resolve against the server. The test's first one is a
   * new page in the file's shared context with its storage reset; a second one (another device), one
   * the service worker may control or one with a fake clock gets a new context.
   */
  openPage(options?: PageOptions): Promise<Page>;
  /**
   * A new page in the file's one shared context (made on first use, kept until the file ends): no
   * context to make per test and a warm browser cache, for tests that run many short page visits.
   * Local storage is emptied and set from `options` before the app starts (the viewport is the
   * default one); the page is closed after the test.
   */
  openPageInSharedContext(options?: Omit<PageOptions, 'width' | 'height' | 'clock'>): Promise<Page>;
  /** A page in a new context of its own (another device: nothing of the other pages' storage), closed after the test. */
  openPageOnAnotherDevice(options?: PageOptions): Promise<Page>;
  /** `openPage` with the page objects around it, reading labels in the page's starting language. */
  openSite(options?: PageOptions): Promise<Site>;
  /** Declares a problem this test expects (e.g. the console line of a refused request); it then does not fail the test. */
  expectProblem(pattern: RegExp, kind?: ProblemKind): void;
  /** What was collected so far in this test, expected or not. */
  problems(): readonly Problem[];
}

const CSP_REPORTER = '__e2eReportCsp';

/** Registered before any page script runs: the browser's own CSP violation event, forwarded to the test. */
const cspListener = `
  document.addEventListener('securitypolicyviolation', (event) => {
    const report = globalThis['${CSP_REPORTER}'];
    if (typeof report === 'function') {
      report([event.violatedDirective, event.blockedURI, event.sample].filter(Boolean).join(' '));
    }
  });
`;

/** A page's viewport: 1280 × 800 unless the options say; a phone's height below 600 px wide. */
const viewportOf = (options: PageOptions) => ({ width: options.width ?? 1280, height: options.height ?? (options.width && options.width < 600 ? 812 : 800) });

export function useBrowserTests(): BrowserTests {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  let contexts: BrowserContext[] = [];
  /** The file's shared context and its blank page of the site, kept open (see openPageInSharedContext). */
  let shared: Promise<{ context: BrowserContext; keeper: Page }> | undefined;
  let sharedPages: Page[] = [];
  /** How many pages `openPage` has opened in the running test (its devices). */
  let devices = 0;
  let collected: Problem[] = [];
  let allowances: Allowance[] = [];

  const record = (kind: ProblemKind, text: string, url: string) => collected.push({ kind, text, url });

  beforeAll(async () => {
    // The server starts from the run's seeded database (tests/global-setup.ts) instead of seeding its own.
    [server, browser] = await Promise.all([seededSnapshot().then((snapshot) => startAppServer({ snapshot })), workerChromium()]);
  });

  afterAll(async () => {
    await (await shared?.catch(() => undefined))?.context.close();
    shared = undefined;
    // The browser is the worker's, kept for its next file: only this file's contexts go (files of a
    // worker run one after another, so every context still open is this file's).
    await Promise.all(browser?.contexts().map((context) => context.close()) ?? []);
    browser = undefined;
    await server?.close();
  });

  afterEach(async () => {
    const open = contexts;
    const openPages = sharedPages;
    contexts = [];
    sharedPages = [];
    devices = 0;
    await Promise.all([...open.map((context) => context.close()), ...openPages.map((page) => page.close().catch(() => undefined))]);
    // What a test may have changed on the shared context goes back for the next one.
    const context = (await shared?.catch(() => undefined))?.context;
    if (context) await Promise.all([context.setOffline(false), context.clearPermissions()]).catch(() => undefined);
    const unexpected = collected.filter(
      (problem) => !allowances.some((allowed) => (!allowed.kind || allowed.kind === problem.kind) && allowed.pattern.test(problem.text)),
    );
    collected = [];
    allowances = [];
    if (unexpected.length > 0) {
      throw new Error(
        `The page reported ${unexpected.length} unexpected problem(s):\n` +
          unexpected.map((problem) => `  [${problem.kind}] ${problem.text} (on ${problem.url})`).join('\n'),
      );
    }
  });

  /** The local-storage entries a page starts with. */
  const storageOf = async (options: PageOptions): Promise<Record<string, string>> => {
    const storage: Record<string, string> = { ...options.localStorage };
    if (options.language) storage.language = options.language;
    if (options.cookieChoiceStored ?? true) {
      storage.cookieAccepted ??= 'true';
      storage.cookiePersonalInformation ??= 'false';
      storage.cookieMarketingAnalytics ??= 'false';
    }
    if (options.signedInAs) storage.access = await accessTokenFor(api.baseUrl, options.signedInAs);
    return storage;
  };

  const newContext = async (options: PageOptions) => {
    if (!browser) throw new Error('The browser is not started yet (use the harness inside a test)');
    const context = await browser.newContext({
      baseURL: api.baseUrl,
      viewport: viewportOf(options),
      locale: 'en-US',
      serviceWorkers: options.serviceWorkers ?? 'block',
    });
    context.setDefaultTimeout(WAIT_MS);
    await context.exposeBinding(CSP_REPORTER, ({ page }, text: string) => record('csp violation', text, page.url()));
    await context.addInitScript(cspListener);
    return context;
  };

  /**
   * Sets the page's local storage before the app runs: a blank page of the site's origin (answered
   * here, not by the server) is opened in the page itself and its storage written. Playwright's
   * `storageState` would do the same in an extra page of its own, a renderer process more per test
   * (about half a second each on the 2-core machine).
   */
  const seedStorage = async (page: Page, storage: Record<string, string>) => {
    const blank = `${api.baseUrl}/__e2e-blank__`;
    await page.route(blank, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><link rel="icon" href="data:,">' }));
    await page.goto(blank);
    await page.unroute(blank);
    await writeStorage(page, storage);
  };

  /**
   * Empties the local storage of the page's origin and writes `storage` into it, with the `language`
   * cookie the app keeps beside a stored language (src/platform/i18n.ts), as a returning user has it.
   */
  const writeStorage = (page: Page, storage: Record<string, string>) =>
    page.evaluate((entries) => {
      localStorage.clear();
      for (const [name, value] of Object.entries(entries)) localStorage.setItem(name, value);
      document.cookie = 'language=; Path=/; Max-Age=0';
      if (entries.language) document.cookie = `language=${entries.language}; Path=/`;
    }, storage);

  /** Collects the page's errors and console errors for the test. */
  const watch = (page: Page) => {
    page.on('pageerror', (error) => record('page error', `${error.name}: ${error.message}`, page.url()));
    page.on('console', (message) => {
      const text = message.text();
      if (/Content[- ]Security[- ]Policy/i.test(text)) record('csp violation', text, page.url());
      else if (message.type() === 'error') {
        const location = message.location().url;
        record('console error', location ? `${text} (${location})` : text, page.url());
      }
    });
    return page;
  };

  const api: BrowserTests = {
    get baseUrl() {
      if (!server) throw new Error('The server is not started yet (use the harness inside a test)');
      return server.url;
    },

    get db() {
      if (!server) throw new Error('The server is not started yet (use the harness inside a test)');
      return server.db;
    },

    async openPage(options = {}) {
      // A test's first device is a new page in the file's shared context: its local storage is
      // emptied and set (with the language cookie, the app's only one), and the browser's cache of the
      // build is warm. A second device in the same test, or a page the service worker may
      // control, gets a context of its own.
      if (devices++ === 0 && (options.serviceWorkers ?? 'block') === 'block' && !options.clock) {
        const page = await api.openPageInSharedContext(options);
        if (options.width !== undefined || options.height !== undefined) await page.setViewportSize(viewportOf(options));
        return page;
      }
      return api.openPageOnAnotherDevice(options);
    },

    async openPageOnAnotherDevice(options = {}) {
      const [context, storage] = await Promise.all([newContext(options), storageOf(options)]);
      contexts.push(context);
      const page = watch(await context.newPage());
      if (options.clock) await page.clock.install();
      await seedStorage(page, storage);
      return page;
    },

    async openPageInSharedContext(options = {}) {
      shared ??= newContext({}).then(async (context) => {
        // A test that closes the page's context (a device going away) closes the shared one: the next page gets a new one.
        context.on('close', () => {
          shared = undefined;
        });
        // A blank page of the site kept open for the file: with one renderer per site (launchChromium)
        // the tests' pages then join its process, warm, instead of each starting one of its own; and it
        // writes their local storage (the context's, shared by its pages) before they open the app.
        const keeper = await context.newPage();
        await seedStorage(keeper, {});
        return { context, keeper };
      });
      const [{ context, keeper }, storage] = await Promise.all([shared, storageOf(options)]);
      await writeStorage(keeper, storage);
      const page = watch(await context.newPage());
      sharedPages.push(page);
      return page;
    },

    async openSite(options = {}) {
      return siteOf(await api.openPage(options), options.language ?? 'mn');
    },

    expectProblem(pattern, kind) {
      allowances.push({ kind, pattern });
    },

    problems: () => [...collected],
  };
  return api;
}
