/**
 * `npm run bench` (after `vite build`): how much JavaScript the home page and each route load,
 * gzipped (level 9), against the budget: the home page at most 160 KB, every other route adding at
 * most 60 KB. Figures come from dist/.vite/manifest.json and, to check them, from opening / in
 * Chromium against the real server. Then Lighthouse (mobile preset, simulated throttling) on every
 * screen of the route table (tests/e2e/support/route-table.ts: each route with real parameters and
 * the account it needs, signed-in ones signed in; routes that render the same view under the same
 * title and layout, e.g. the four payment-status addresses, count as one screen; not the 404 page,
 * answered with status 404, which Lighthouse does not audit): performance score, LCP, TBT and CLS
 * against the targets (score ≥ 0.95, LCP ≤ 2.5 s, CLS ≤ 0.01). It prints; it never fails the build (exit 0), but a missed target is flagged OVER and summed up at
 * the end. Lighthouse's timings (LCP, TBT, hence the score) depend on the machine: on a busy one they
 * come out worse than on an idle one; CLS does not.
 *
 *   npx tsx scripts/bench.ts                       # all of it (after `vite build`)
 *   npx tsx scripts/bench.ts --only /,/user,claim  # Lighthouse on these routes only (a path, a route's
 *                                                  # pattern or its name); skips the in-browser JS check
 *   … --reports <dir>                              # also writes each page's Lighthouse report (JSON) there
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH, DIST_DIR, launchChromium, startAppServer } from '../tests/e2e/support/browser';
import { chromium } from 'playwright-core';
import { arrangeRouteData, routeVisits, trackRequests, type RouteVisit } from '../tests/e2e/support/route-table';
import { accessTokenFor, demoUser } from '../tests/e2e/support/users';
import { matchPattern } from '../contract/paths';
import { readRouteModules } from './route-modules';

const KB = 1024;
const HOME_BUDGET = 160 * KB;
const ROUTE_BUDGET = 60 * KB;
const LIGHTHOUSE_SCORE = 0.95;
const LIGHTHOUSE_CLS = 0.01;
const LIGHTHOUSE_LCP_MS = 2500;
/** `--only a,b`: Lighthouse on these routes only (a path as opened, a route's pattern or its name). */
const onlyArgument = process.argv.indexOf('--only');
const only = onlyArgument >= 0 ? (process.argv[onlyArgument + 1] ?? '').split(',').filter(Boolean) : null;
/** `--reports <dir>`: where to write each page's whole Lighthouse report, to see what made a figure. */
const reportsArgument = process.argv.indexOf('--reports');
const reportsDir = reportsArgument >= 0 ? process.argv[reportsArgument + 1] : undefined;
/**
 * `--runs <n>`: Lighthouse n times on each page, judged by the run of the median score (its score
 * moves by ±0.1 between runs on a 2-core machine; Lighthouse's own advice is the median of five).
 */
const runsArgument = process.argv.indexOf('--runs');
const runs = runsArgument >= 0 ? Math.max(1, Number.parseInt(process.argv[runsArgument + 1] ?? '1', 10) || 1) : 1;

interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const manifest = JSON.parse(readFileSync(join(DIST_DIR, '.vite', 'manifest.json'), 'utf8')) as Manifest;

const sizes = new Map<string, { raw: number; gzip: number }>();
/** Raw and gzip -9 size of a built file. */
const sizeOf = (file: string) => {
  let size = sizes.get(file);
  if (!size) {
    const bytes = readFileSync(join(DIST_DIR, file));
    size = { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
    sizes.set(file, size);
  }
  return size;
};

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
const pad = (text: string, width: number) => text.padEnd(width);
const padLeft = (text: string, width: number) => text.padStart(width);
const verdict = (bytes: number, budget: number) => (bytes <= budget ? 'OK' : 'OVER');

/** The chunk and everything it imports statically, as manifest keys. */
function staticClosure(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`The manifest has no chunk ${key}`);
  seen.add(key);
  for (const imported of chunk.imports ?? []) staticClosure(imported, seen);
  return seen;
}

const filesOf = (keys: Iterable<string>) => [...keys].map((key) => manifest[key]?.file).filter((file): file is string => Boolean(file));
const gzipTotal = (files: Iterable<string>) => [...files].reduce((sum, file) => sum + sizeOf(file).gzip, 0);
const rawTotal = (files: Iterable<string>) => [...files].reduce((sum, file) => sum + sizeOf(file).raw, 0);

const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
if (!entryKey) throw new Error('The manifest has no entry chunk; was the build made with build.manifest?');
const entryKeys = staticClosure(entryKey);
// The scripts index.html loads besides the bundle (copied from public/ as they are, e.g. warm-intl.js)
// come with every page, as the entry does.
const pageScripts = [...readFileSync(join(DIST_DIR, 'index.html'), 'utf8').matchAll(/<script src="\/([\w.-]+\.js)"/g)].map(([, file]) => file ?? '');
const entryFiles = new Set([...filesOf(entryKeys), ...pageScripts]);

/**
 * The manifest key of a source module given as a path without extension (e.g. src/features/home/home.page).
 * A lazy module that is also imported statically elsewhere (the user layout, which the Credit Med
 * layout draws) has no key of its own once small chunks are inlined (vite.config.ts): its chunk is
 * listed as `_<name>-<hash>.js`, found by the module's name when exactly one such chunk has it.
 */
const keyOfModule = (module: string): string => {
  const own = Object.keys(manifest).find((key) => key.replace(/\.[jt]sx?$/, '') === module);
  if (own) return own;
  const name = module.slice(module.lastIndexOf('/') + 1);
  const named = Object.keys(manifest).filter((key) => key.startsWith('_') && manifest[key]?.name === name);
  if (named.length !== 1) throw new Error(`bench: the build's manifest has ${named.length} chunks for ${module}`);
  return named[0] as string;
};

interface RouteInfo {
  name: string;
  path: string;
  /** Manifest keys of the lazy chunks the route needs besides the entry: its layout (when lazy) and its view. */
  chunks: string[];
}

/** The route table's routes with the lazy layout and view each renders (scripts/route-modules.ts). */
const readRoutes = (): RouteInfo[] =>
  readRouteModules().map(({ name, path, modules }) => ({
    name,
    path,
    chunks: modules.map(keyOfModule),
  }));

/** The JS files a route adds to the entry's. */
const addedFiles = (chunks: readonly string[]) => {
  const keys = new Set<string>();
  for (const chunk of chunks) for (const key of staticClosure(chunk)) keys.add(key);
  return filesOf(keys).filter((file) => file.endsWith('.js') && !entryFiles.has(file));
};

interface Line {
  label: string;
  raw: number;
  gzip: number;
  note?: string;
}

function printTable(lines: Line[]) {
  const width = Math.max(...lines.map((line) => line.label.length), 10) + 2;
  for (const line of lines) {
    console.log(`  ${pad(line.label, width)}${padLeft(kb(line.raw), 10)} raw ${padLeft(kb(line.gzip), 10)} gz${line.note ? `   ${line.note}` : ''}`);
  }
}

const overs: string[] = [];
const routes = readRoutes();
const homeRoute = routes.find((route) => route.path === '/');

// 1. The home page from the manifest: the entry with its static imports, then what the home route adds.
const homeFiles = [...filesOf(entryKeys).filter((file) => file.endsWith('.js')), ...pageScripts, ...addedFiles(homeRoute?.chunks ?? [])];
const homeGzip = gzipTotal(homeFiles);

console.log(`JavaScript budget (gzip level 9; 1 KB = ${KB} bytes) — build in ${DIST_DIR}\n`);
console.log('Home page (/) according to the build manifest (.vite/manifest.json):');
printTable(
  homeFiles
    .map((file) => ({ label: file, ...sizeOf(file), note: entryFiles.has(file) ? 'entry + static imports' : 'home route' }))
    .sort((a, b) => b.gzip - a.gzip),
);
console.log(`  total: ${homeFiles.length} files, ${kb(rawTotal(homeFiles))} raw, ${kb(homeGzip)} gz — target ≤ ${kb(HOME_BUDGET)}: ${verdict(homeGzip, HOME_BUDGET)}`);
if (homeGzip > HOME_BUDGET) overs.push(`home page ${kb(homeGzip)} > ${kb(HOME_BUDGET)}`);
if (!homeRoute) console.log('  (the route table has no / route: only the entry is counted)');

// 2. Pages opened in Chromium against the server: which JS files really load, and what they weigh.
interface Loaded {
  file: string;
  transferred: number;
  raw: number;
  gzip: number;
  encoding: string;
}

const server = await startAppServer();
const browser = await launchChromium();

/** Opens a path in a fresh context (optionally signed in as the demo user) and lists the JS it loads. */
async function loadedJs(path: string, signedIn = false): Promise<Loaded[]> {
  const storage = [{ name: 'cookieAccepted', value: 'true' }];
  if (signedIn) storage.push({ name: 'access', value: await accessTokenFor(server.url, demoUser) });
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    storageState: { cookies: [], origins: [{ origin: server.url, localStorage: storage }] },
  });
  try {
    const page = await context.newPage();
    const loaded: Loaded[] = [];
    const pending: Promise<void>[] = [];
    page.on('requestfinished', (request) => {
      const url = new URL(request.url());
      if (!url.pathname.endsWith('.js')) return;
      pending.push(
        (async () => {
          const response = await request.response();
          const body = response ? await response.body() : Buffer.alloc(0);
          loaded.push({
            file: url.pathname.replace(/^\//, ''),
            transferred: (await request.sizes()).responseBodySize,
            raw: body.length,
            gzip: gzipSync(body, { level: 9 }).length,
            encoding: (await response?.headerValue('content-encoding')) ?? 'none',
          });
        })(),
      );
    });
    const quiet = trackRequests(page);
    await page.goto(`${server.url}${path}`);
    // The page's own heading shows once its lazy layout and view have loaded; then the network settles
    // (the signed-in pages' event stream never ends, so not Playwright's networkidle).
    await page.getByRole('main').getByRole('heading', { level: 1 }).first().waitFor({ timeout: 15_000 });
    await quiet.settled();
    for (let settled = 0; settled < pending.length; ) {
      settled = pending.length;
      await Promise.all(pending);
    }
    return loaded;
  } finally {
    await context.close();
  }
}

const compare = (loaded: readonly string[], predicted: readonly string[]) => {
  const extra = loaded.filter((file) => !predicted.includes(file));
  const missing = predicted.filter((file) => !loaded.includes(file));
  if (extra.length === 0 && missing.length === 0) return 'exactly the files the manifest predicts';
  return [extra.length > 0 ? `loaded but not predicted: ${extra.join(', ')}` : '', missing.length > 0 ? `predicted but not loaded: ${missing.join(', ')}` : '']
    .filter(Boolean)
    .join('; ');
};

interface LighthouseLine {
  path: string;
  signedIn: boolean;
  /** How long Lighthouse took on the page, setup included (45 s and more: it waited for the network to go quiet). */
  seconds: number;
  score: number | null;
  cls: number | null;
  lcp: number | null;
  tbt: number | null;
}

/**
 * The screens Lighthouse measures: the route table's visits (tests/e2e/support/route-table.ts, one
 * source with the browser tests), one per view, title and layout (the addresses of one wizard or one
 * status page show the same screen), or the routes `--only` names.
 */
function lighthouseVisits(all: readonly RouteVisit[]): RouteVisit[] {
  // The 404 page is answered with status 404, which Lighthouse refuses to audit (ERRORED_DOCUMENT_REQUEST).
  const visits = all.filter((visit) => visit.route.name !== 'notFound');
  if (only) return visits.filter((visit) => only.some((wanted) => wanted === visit.path || wanted === visit.route.path || wanted === visit.route.name));
  const seen = new Set<string>();
  const views = new Map<unknown, number>();
  return visits.filter((visit) => {
    const view = views.get(visit.route.view) ?? views.set(visit.route.view, views.size).size - 1;
    const screen = `${visit.route.layout} ${visit.route.title} ${view} ${visit.signedIn}`;
    if (seen.has(screen)) return false;
    seen.add(screen);
    return true;
  });
}

/**
 * Lighthouse's default (mobile) configuration, performance only, on each visit, in a Chromium of its
 * own started by chrome-launcher with the tests' flags (Debian's, nothing downloaded). Public pages
 * are loaded as a first visit (empty storage: the cookie banner shows); signed-in ones with the
 * visit's storage (the access token, a purchase) and a cookie choice made, as a returning user.
 * Lighthouse 13 clears the cache, service workers and Cache Storage before each page but not local
 * storage (its default `clearStorageTypes`), so the storage is written first, in the same profile,
 * from a page of the app's origin (through CDP with playwright-core).
 */
async function runLighthouse(baseUrl: string, visits: readonly RouteVisit[]): Promise<LighthouseLine[]> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: ['--headless=new', ...CHROMIUM_ARGS] });
  const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  const lines: LighthouseLine[] = [];
  try {
    const context = cdp.contexts()[0] ?? (await cdp.newContext());
    for (const visit of visits) {
      const storage: Record<string, string> = visit.signedIn ? { cookieAccepted: 'true', cookiePersonalInformation: 'false', cookieMarketingAnalytics: 'false', ...visit.localStorage } : { ...visit.localStorage };
      const runLines: LighthouseLine[] = [];
      for (let run = 1; run <= runs; run++) {
        const setup = await context.newPage();
        await setup.goto(`${baseUrl}/manifest.webmanifest`);
        await setup.evaluate((entries) => {
          localStorage.clear();
          for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
        }, storage);
        await setup.close();
        const started = Date.now();
        const result = await lighthouse(`${baseUrl}${visit.path}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
        const lhr = result?.lhr;
        if (reportsDir && lhr) {
          mkdirSync(reportsDir, { recursive: true });
          const name = visit.path.replace(/[^\w-]+/g, '_').replace(/^_|_$/g, '') || 'home';
          writeFileSync(join(reportsDir, `${name}${runs > 1 ? `.${run}` : ''}.json`), JSON.stringify(lhr));
        }
        const numeric = (id: string) => lhr?.audits[id]?.numericValue ?? null;
        const line: LighthouseLine = {
          path: visit.path,
          signedIn: visit.signedIn,
          seconds: (Date.now() - started) / 1000,
          score: lhr?.categories.performance?.score ?? null,
          cls: numeric('cumulative-layout-shift'),
          lcp: numeric('largest-contentful-paint'),
          tbt: numeric('total-blocking-time'),
        };
        runLines.push(line);
        if (runs > 1) printLighthouseLine(line, `run ${run}/${runs}`);
        if (lhr?.runtimeError) console.log(`  Lighthouse on ${visit.path}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
        for (const warning of lhr?.runWarnings ?? []) console.log(`    warning: ${warning}`);
      }
      // The run of the median score (a run without a score counts as the lowest).
      const sorted = [...runLines].sort((a, b) => (a.score ?? -1) - (b.score ?? -1));
      const median = sorted[Math.floor((sorted.length - 1) / 2)];
      if (median) {
        lines.push(median);
        printLighthouseLine(median, runs > 1 ? 'median' : undefined);
      }
    }
  } finally {
    await cdp.close();
    chrome.kill();
  }
  return lines;
}

const fixed = (value: number | null, digits: number) => (value === null ? 'n/a' : value.toFixed(digits));
const lighthouseOk = (line: LighthouseLine) => ({
  score: line.score !== null && line.score >= LIGHTHOUSE_SCORE,
  lcp: line.lcp !== null && line.lcp <= LIGHTHOUSE_LCP_MS,
  cls: line.cls !== null && line.cls <= LIGHTHOUSE_CLS,
});
const LIGHTHOUSE_WIDTH = 44;
const printLighthouseHeader = () =>
  console.log(`  ${pad('page', LIGHTHOUSE_WIDTH)}${padLeft('score', 7)}${padLeft('LCP', 10)}${padLeft('TBT', 10)}${padLeft('CLS', 8)}${padLeft('run', 8)}`);
function printLighthouseLine(line: LighthouseLine, which?: string) {
  const ok = lighthouseOk(line);
  const label = `${line.path}${line.signedIn ? ' (signed in)' : ''}${which ? ` [${which}]` : ''}`;
  console.log(
    `  ${pad(label, LIGHTHOUSE_WIDTH)}${padLeft(fixed(line.score, 2), 7)}${padLeft(line.lcp === null ? 'n/a' : `${Math.round(line.lcp)} ms`, 10)}${padLeft(line.tbt === null ? 'n/a' : `${Math.round(line.tbt)} ms`, 10)}${padLeft(fixed(line.cls, 3), 8)}${padLeft(`${line.seconds.toFixed(0)} s`, 8)}   score ${ok.score ? 'OK' : 'OVER'}, LCP ${ok.lcp ? 'OK' : 'OVER'}, CLS ${ok.cls ? 'OK' : 'OVER'}`,
  );
}

const lighthouseLines: LighthouseLine[] = [];
const measured: { path: string; added: Loaded[]; predicted: string[]; note: string }[] = [];
try {
  if (!only) await measureInBrowser();
  const visits = lighthouseVisits(routeVisits(await arrangeRouteData(server.url)));
  if (visits.length === 0) throw new Error(`--only ${only?.join(',')}: no route of the route table matches`);
  console.log(`\nLighthouse, mobile preset (simulated slow 4G and 4x CPU slowdown; timings depend on how busy this machine is), ${visits.length} screens${runs > 1 ? `, ${runs} runs each, judged by the run of the median score` : ''}:`);
  printLighthouseHeader();
  const started = Date.now();
  lighthouseLines.push(...(await runLighthouse(server.url, visits)));
  console.log(`  ${visits.length} pages in ${((Date.now() - started) / 60_000).toFixed(1)} min; targets: score ≥ ${LIGHTHOUSE_SCORE}, LCP ≤ ${LIGHTHOUSE_LCP_MS / 1000} s, CLS ≤ ${LIGHTHOUSE_CLS}`);
} finally {
  await browser.close();
  await server.close();
}

/** Section 2: the home page and a few routes opened in Chromium: the JS files they really load. */
async function measureInBrowser() {
  console.log('\nHome page (/) opened in Chromium against the server:');
  const home = await loadedJs('/');
  const transferred = home.reduce((sum, item) => sum + item.transferred, 0);
  const gzipped = home.reduce((sum, item) => sum + item.gzip, 0);
  const encodings = [...new Set(home.map((item) => item.encoding))].join(', ');
  printTable(home.sort((a, b) => b.gzip - a.gzip).map((item) => ({ label: item.file, raw: item.raw, gzip: item.gzip, note: `${kb(item.transferred)} transferred` })));
  console.log(
    `  total: ${home.length} files, ${kb(transferred)} transferred (content-encoding: ${encodings}), ${kb(gzipped)} gz — target ≤ ${kb(HOME_BUDGET)}: ${verdict(gzipped, HOME_BUDGET)}`,
  );
  console.log(`  the browser loaded ${compare(home.map((item) => item.file), homeFiles)}`);
  if (gzipped > HOME_BUDGET && homeGzip <= HOME_BUDGET) overs.push(`home page in the browser ${kb(gzipped)} > ${kb(HOME_BUDGET)}`);
  if (encodings.includes('none')) console.log('  note: the server sends JS uncompressed; the gz column is what a compressing proxy or CDN would send');

  // A few other routes opened directly: what they load beyond the entry.
  for (const [path, signedIn] of [
    ['/login', false],
    ['/insurance/', false],
    ['/insurance/detail/100/', false],
    // The purchase wizard's one chunk serves its four routes; with no purchase it says there is nothing to pay.
    ['/insurance/buy/payment/', false],
    ['/insurance/buy/payment/status/', false],
    ['/user/contract', true],
    ['/user/contract/1', true],
  ] as const) {
    // A path opened with real ids ('/user/contract/1') belongs to its pattern ('/user/contract/:id').
    const route = routes.find((candidate) => matchPattern(candidate.path, path) !== null);
    const loaded = await loadedJs(path, signedIn);
    const added = loaded.filter((item) => !entryFiles.has(item.file));
    const predicted = route ? addedFiles(route.chunks) : [];
    measured.push({ path, added, predicted, note: compare(added.map((item) => item.file), predicted) });
  }
}

// 3. Every other route: what its layout and view add on top of the entry (chunks the entry has are free).
console.log(`\nRoutes: JavaScript each adds to the entry's, from the manifest (target ≤ ${kb(ROUTE_BUDGET)} each):`);
const groups = new Map<string, { routes: string[]; files: string[] }>();
for (const route of routes) {
  if (route === homeRoute) continue;
  const label = route.chunks.map((key) => manifest[key]?.name ?? key).join(' + ') || '(entry only)';
  const group = groups.get(label) ?? { routes: [], files: addedFiles(route.chunks) };
  group.routes.push(route.path);
  groups.set(label, group);
}
const routeLines: Line[] = [];
for (const [label, group] of groups) {
  const gzip = gzipTotal(group.files);
  const shown = group.routes.length > 3 ? `${group.routes.slice(0, 3).join(', ')} … ${group.routes.length} routes` : group.routes.join(', ');
  routeLines.push({ label: `${label} [${shown}]`, raw: rawTotal(group.files), gzip, note: `${group.files.length} chunk(s)  ${verdict(gzip, ROUTE_BUDGET)}` });
  if (gzip > ROUTE_BUDGET) overs.push(`${label} (${group.routes[0]} …) adds ${kb(gzip)} > ${kb(ROUTE_BUDGET)}`);
}
printTable(routeLines.sort((a, b) => b.gzip - a.gzip));

if (!only) {
  console.log('\nThe same, measured in Chromium (JS loaded beyond the entry when the route is opened directly):');
  printTable(
    measured.map(({ path, added, note }) => ({
      label: path,
      raw: added.reduce((sum, item) => sum + item.raw, 0),
      gzip: added.reduce((sum, item) => sum + item.gzip, 0),
      note: `${verdict(added.reduce((sum, item) => sum + item.gzip, 0), ROUTE_BUDGET)}  (${note})`,
    })),
  );
  for (const { path, added } of measured) {
    const gzip = added.reduce((sum, item) => sum + item.gzip, 0);
    if (gzip > ROUTE_BUDGET && !overs.some((over) => over.includes(path))) overs.push(`${path} in the browser adds ${kb(gzip)} > ${kb(ROUTE_BUDGET)}`);
  }
}

// 4. For information: chunks loaded on demand (not by a route), English texts and the CSS.
const routeChunks = new Set(routes.flatMap((route) => route.chunks));
const onDemand = Object.keys(manifest).filter((key) => manifest[key]?.isDynamicEntry && !routeChunks.has(key) && !/\/locales\//.test(key));
for (const key of onDemand) {
  const files = addedFiles([key]);
  console.log(`\nOn demand: ${manifest[key]?.name ?? key} (${key}) adds ${files.length} chunk(s), ${kb(gzipTotal(files))} gz when first used`);
}
const englishFiles = filesOf(Object.keys(manifest).filter((key) => /locales\/en\//.test(key)));
console.log(`English texts (loaded when English is chosen): ${englishFiles.length} chunks, ${kb(gzipTotal(englishFiles))} gz`);
const cssFiles = [...new Set(Object.values(manifest).flatMap((chunk) => chunk.css ?? []))];
console.log(`CSS (all files): ${cssFiles.length} files, ${kb(gzipTotal(cssFiles))} gz`);

for (const line of lighthouseLines) {
  const ok = lighthouseOk(line);
  if (!ok.score) overs.push(`Lighthouse performance on ${line.path} ${fixed(line.score, 2)} < ${LIGHTHOUSE_SCORE}`);
  if (!ok.lcp) overs.push(`Lighthouse LCP on ${line.path} ${line.lcp === null ? 'n/a' : `${Math.round(line.lcp)} ms`} > ${LIGHTHOUSE_LCP_MS} ms`);
  if (!ok.cls) overs.push(`Lighthouse CLS on ${line.path} ${fixed(line.cls, 3)} > ${LIGHTHOUSE_CLS}`);
}

console.log(overs.length === 0 ? '\nAll targets met.' : `\nTARGET MISSED (${overs.length}):\n${overs.map((over) => `  OVER: ${over}`).join('\n')}`);
