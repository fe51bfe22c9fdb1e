/**
 * Where a page's main-thread time goes when it loads (issue 27 item 4): the renderer's CPU profile
 * of a few cold loads (a new browser context each, as a first visit and Lighthouse see it), added up
 * per package or source file through the build's source maps, per load. Lighthouse's score moves by
 * ±0.1 between runs on a 2-core machine; this figure is steadier and says what to cut.
 *
 *   npx vite build --sourcemap --outDir /tmp/dist-map
 *   E2E_DIST_DIR=/tmp/dist-map/ npx tsx scripts/bench-page-cpu.ts /user/claim/create/1 [--loads 4] [--functions]
 *
 * The page is a route of the route table (tests/e2e/support/route-table.ts, as `npm run bench`'s
 * `--only` takes it: a path as opened, a pattern or a route's name), opened with that visit's account
 * and storage, and with the cookie choice made (the banner left out). "(program)" is the renderer's
 * own work outside JavaScript (parsing, style, layout, compiling).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import { DIST_DIR, launchChromium, startAppServer } from '../tests/e2e/support/browser';
import { arrangeRouteData, routeVisits } from '../tests/e2e/support/route-table';

const argument = (name: string) => {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1] : undefined;
};
const wanted = process.argv[2] ?? '/';
const loads = Number(argument('--loads') ?? 4);
const byFunction = process.argv.includes('--functions');

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const maps = new Map<string, TraceMap | null>();
const mapOf = (url: string) => {
  const file = join(DIST_DIR, 'assets', `${url.split('/').pop() ?? ''}.map`);
  if (!maps.has(file)) maps.set(file, existsSync(file) ? new TraceMap(readFileSync(file, 'utf8')) : null);
  return maps.get(file) ?? null;
};
/** A package under node_modules, or the project's own file; the function too with --functions. */
const placeOf = ({ functionName, url, lineNumber, columnNumber }: ProfileNode['callFrame']) => {
  if (!url) return functionName || '(native)';
  if (!url.includes('/assets/')) return url.split('/').pop() ?? url;
  const map = mapOf(url);
  const original = map ? originalPositionFor(map, { line: lineNumber + 1, column: columnNumber }) : null;
  const source = original?.source ?? url.split('/').pop() ?? url;
  const where = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source)?.[1] ?? relative(process.cwd(), resolve(DIST_DIR, 'assets', source));
  return byFunction ? `${where} ${original?.name ?? functionName}` : where;
};

const server = await startAppServer();
const browser = await launchChromium();
const totals = new Map<string, number>();
let path = wanted;
try {
  const visit = routeVisits(await arrangeRouteData(server.url)).find((candidate) => [candidate.path, candidate.route.path, candidate.route.name].includes(wanted));
  if (!visit) throw new Error(`${wanted}: no route of the route table matches (a path as opened, a pattern or a route's name)`);
  path = visit.path;
  const entries = { cookieAccepted: 'true', cookiePersonalInformation: 'false', cookieMarketingAnalytics: 'false', ...visit.localStorage };
  const storage = Object.entries(entries).map(([name, value]) => ({ name, value }));
  for (let load = 0; load < loads; load++) {
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      storageState: { cookies: [], origins: [{ origin: server.url, localStorage: storage }] },
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    await cdp.send('Profiler.start');
    await page.goto(server.url + path, { waitUntil: 'load' });
    // The page's own requests and rendering after the load event (the event stream opens at idle).
    await page.waitForTimeout(2500);
    const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile };
    const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
    profile.samples.forEach((id, index) => {
      const node = nodes.get(id);
      if (!node || node.callFrame.functionName === '(idle)') return;
      const place = placeOf(node.callFrame);
      totals.set(place, (totals.get(place) ?? 0) + (profile.timeDeltas[index] ?? 0) / 1000);
    });
    await context.close();
  }
} finally {
  await browser.close();
  await server.close();
}
const all = [...totals.values()].reduce((sum, ms) => sum + ms, 0);
console.log(`${path}: ${(all / loads).toFixed(0)} ms of the renderer's main thread per cold load (${loads} loads, no CPU slowdown)`);
for (const [place, ms] of [...totals].sort((a, b) => b[1] - a[1]).slice(0, 30)) console.log(`${(ms / loads).toFixed(1).padStart(8)} ms  ${place}`);
