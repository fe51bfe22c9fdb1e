/**
 * `npm run screenshots` (after a build): the home page, the login page and the user area (demo user:
 * policies, claims, Credit Med, fees, feedback, notifications) in Mongolian and English at 1280 and 375 px, plus the cookie banner and the open
 * phone menu, into docs/screenshots/*.png with a README listing them. Runs the real server on a free
 * port with a fresh in-memory database and Debian's Chromium.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, startAppServer } from '../tests/e2e/support/browser';
import { text, type Language } from '../tests/e2e/support/texts';
import { accessTokenFor, demoUser } from '../tests/e2e/support/users';

const OUT_DIR = fileURLToPath(new URL('../docs/screenshots/', import.meta.url));
const WIDTHS = [1280, 375] as const;
const LANGUAGES: readonly Language[] = ['mn', 'en'];

interface Shot {
  file: string;
  description: string;
}

interface Scene {
  name: string;
  describe: (language: Language, width: number) => string;
  path: string;
  signedIn?: boolean;
  cookieBanner?: boolean;
  /** Waits until the page shows what the screenshot is about. */
  ready: (page: Page, language: Language) => Promise<void>;
  /** Something to do before the shot (e.g. open the menu). */
  act?: (page: Page, language: Language) => Promise<void>;
  widths?: readonly number[];
  languages?: readonly Language[];
}

/** Every image has finished loading (or failed), so the shot shows no half-drawn pictures. */
const imagesSettled = (page: Page) =>
  page.waitForFunction(() => Array.from(document.images).every((image) => image.complete), undefined, { timeout: 15_000 });

const homeReady = async (page: Page, language: Language) => {
  await page.getByRole('heading', { level: 1, name: text(language, 'home:hero.title') }).waitFor();
  await page.getByRole('region', { name: text(language, 'home:mobile.title') }).waitFor();
  // Lazy images load only near the viewport; a full-page shot needs them all.
  await page.evaluate(() => {
    for (const image of Array.from(document.images)) image.loading = 'eager';
  });
  await imagesSettled(page);
};

const userReady = async (page: Page) => {
  await page.getByText(demoUser.name, { exact: true }).first().waitFor({ state: 'attached' });
  await page.getByRole('main').getByRole('heading', { level: 1 }).waitFor();
  await imagesSettled(page);
};

const scenes: Scene[] = [
  {
    name: 'home',
    describe: (language, width) => `Home page, ${language}, ${width} px (full page)`,
    path: '/',
    ready: homeReady,
  },
  {
    name: 'login',
    describe: (language, width) => `Login page, ${language}, ${width} px`,
    path: '/login',
    ready: async (page, language) => {
      await page.getByRole('heading', { level: 1, name: text(language, 'auth:login.title') }).waitFor();
      await imagesSettled(page);
    },
  },
  {
    name: 'user-contract',
    describe: (language, width) => `User area (demo user, /user/contract), ${language}, ${width} px`,
    path: '/user/contract',
    signedIn: true,
    ready: userReady,
  },
  {
    name: 'user-menu-open',
    describe: (language, width) => `User area with the side menu opened, ${language}, ${width} px`,
    path: '/user/contract',
    signedIn: true,
    widths: [375],
    ready: userReady,
    act: async (page, language) => {
      await page.getByRole('button', { name: text(language, 'user:menu.toggle') }).click();
      await page.getByRole('navigation', { name: text(language, 'user:menu.label') }).waitFor();
    },
  },
  ...(
    [
      ['user-contract-detail', 'Policy detail with its fee schedule (demo user)', '/user/contract/1'],
      ['claim-landing', 'Claims: how a claim works', '/user/claim'],
      ['claim-list', 'Claims: my claims and drafts', '/user/claim/list'],
      ['claim-create', 'Claims: choose the policy', '/user/claim/create'],
      ['credit-med', 'Credit Med dashboard (active card)', '/credit-med'],
      ['credit-med-pre-claim', 'Credit Med: a new pre-claim', '/credit-med/pre-claim'],
      ['fee-payment', 'All due fees, paid at once', '/user/fee-payment'],
      ['feedback', 'Feedback with the insurer\'s replies', '/user/feedback'],
      ['notifications', 'Notifications', '/user/notifications'],
    ] as const
  ).map(
    ([name, title, path]): Scene => ({
      name,
      describe: (language, width) => `${title}, ${language}, ${width} px`,
      path,
      signedIn: true,
      ready: async (page) => {
        await userReady(page);
        // Loaded: a heading and no spinner left in the main area (a panel may load after the page).
        await page.waitForFunction(() => document.querySelector('main h1') !== null && document.querySelector('main .spinner') === null, undefined, { timeout: 15_000 });
        await imagesSettled(page);
      },
    }),
  ),
  {
    name: 'home-cookie-banner',
    describe: (language, width) => `Home page on a first visit, cookie banner shown, ${language}, ${width} px (viewport)`,
    path: '/',
    cookieBanner: true,
    ready: async (page, language) => {
      await homeReady(page, language);
      await page.getByRole('region', { name: text(language, 'cookies:banner.title') }).waitFor();
    },
  },
];

/** What the pages reported (console errors, page errors), with the screenshots they occurred on. */
const reported = new Map<string, string[]>();

async function shoot(browser: Browser, baseUrl: string, token: string, scene: Scene, language: Language, width: number): Promise<Shot> {
  const storage: Record<string, string> = { language };
  if (!scene.cookieBanner) Object.assign(storage, { cookieAccepted: 'true', cookiePersonalInformation: 'false', cookieMarketingAnalytics: 'false' });
  if (scene.signedIn) storage.access = token;
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width, height: width < 600 ? 812 : 800 },
    deviceScaleFactor: 1,
    storageState: { cookies: [], origins: [{ origin: baseUrl, localStorage: Object.entries(storage).map(([name, value]) => ({ name, value })) }] },
  });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  try {
    await page.goto(scene.path);
    await scene.ready(page, language);
    await scene.act?.(page, language);
    await page.evaluate(() => document.fonts.ready);
    const file = `${scene.name}-${language}-${width}.png`;
    const fullPage = !scene.cookieBanner && !scene.act;
    await page.screenshot({ path: `${OUT_DIR}${file}`, fullPage, animations: 'disabled', caret: 'hide' });
    for (const problem of new Set(problems)) reported.set(problem, [...(reported.get(problem) ?? []), file]);
    console.log(`  ${file}`);
    return { file, description: scene.describe(language, width) };
  } finally {
    await context.close();
  }
}

mkdirSync(OUT_DIR, { recursive: true });
const server = await startAppServer();
const browser = await launchChromium();
const shots: Shot[] = [];
try {
  const token = await accessTokenFor(server.url, demoUser);
  console.log(`Screenshots into ${OUT_DIR}`);
  for (const scene of scenes) {
    for (const language of scene.languages ?? LANGUAGES) {
      for (const width of scene.widths ?? WIDTHS) {
        shots.push(await shoot(browser, server.url, token, scene, language, width));
      }
    }
  }
} finally {
  await browser.close();
  await server.close();
}

const readme = [
  '# Screenshots',
  '',
  'Made by `npm run screenshots` (after `npm run build`): the built app and the reference server with a',
  'fresh demo database, in Chromium, at 1280 px (desktop) and 375 px (phone), in Mongolian (mn) and',
  'English (en). Run it again after a visible change and commit the new images with the change.',
  '',
  '| File | Shows |',
  '|---|---|',
  ...shots.map((shot) => `| [${shot.file}](${shot.file}) | ${shot.description} |`),
  '',
].join('\n');
writeFileSync(`${OUT_DIR}README.md`, readme);
console.log(`${shots.length} screenshots and README.md written.`);
if (reported.size > 0) {
  console.warn(`\nThe pages reported ${reported.size} problem(s) while being photographed:`);
  for (const [problem, files] of reported) console.warn(`  ${problem}\n    on ${files.length === shots.length ? 'every page' : files.join(', ')}`);
}
