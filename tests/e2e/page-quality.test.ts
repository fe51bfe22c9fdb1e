/**
 * What must hold on every page, checked on every route of the route table in both languages with one
 * page load each:
 * - on a phone (375 px) nothing moves while the page loads (the layout shifts the browser reports add
 *   up to at most 0.01, Lighthouse's "good" bar being 0.1), and nothing scrolls sideways at 375 px nor
 *   at 320 px (WCAG 1.4.10 reflow) — a behaviour check, not a timing one;
 * - then at desktop width axe (WCAG 2.0–2.2 A and AA, plus best practice) finds nothing; also on the
 *   states a route shows on top of itself (the cookie banner, the open user-manual menu).
 * Any violation fails, listed with the elements it was found on.
 *
 * A route that lands on a screen already checked in the same language (a wizard's later step or a
 * variant redirecting to a step opened before, with the same account and storage) is loaded and its
 * layout shift measured, but its reflow and axe checks are not run twice on the same screen.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, WCAG_TAGS } from './support/axe';
import { useBrowserTests } from './support/harness';
import { arrangeRouteData, openVisit, PLACEHOLDER_ROUTE_DATA, routeVisits, type RouteData, type RouteVisit } from './support/route-table';
import { LANGUAGES, text, type Language } from './support/texts';
import { expectVisible, pathOf, scrollWidth } from './support/ui';
import { DEMO_USER } from '../../server/db/seed-data';

const e2e = useBrowserTests();
const CLS_LIMIT = 0.01;
const PHONE = { width: 375, height: 812 };
const NARROW = 320;
const DESKTOP = { width: 1280, height: 800 };

/** axe's findings on the page as it is now, one readable block per rule. */
async function violationsOn(page: Page): Promise<string[]> {
  const violations = await axeViolations(page, { tags: WCAG_TAGS });
  return violations.map((violation) =>
    [
      `${violation.id} (${violation.impact ?? 'n/a'}): ${violation.help}`,
      ...violation.nodes.map(
        (node) => `    ${node.target.join(' ')}: ${node.html.slice(0, 200)}\n      ${node.failureSummary?.replace(/\n/g, '\n      ') ?? ''}`,
      ),
    ].join('\n'),
  );
}

/** Fails with the whole list, unshortened (an assertion's diff would cut it). */
const expectNoViolations = (violations: string[], where: string) => {
  if (violations.length > 0) throw new Error(`axe found ${violations.length} violation(s) on ${where}:\n${violations.join('\n')}`);
};

interface Shift {
  value: number;
  sources: string[];
}

/** The layout shifts of the page so far (buffered: from the start of the navigation), except those right after input. */
const layoutShifts = (page: Page): Promise<Shift[]> =>
  page.evaluate(
    () =>
      new Promise<Shift[]>((resolve) => {
        type LayoutShift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node?: Node | null }[] };
        const found: LayoutShift[] = [];
        const observer = new PerformanceObserver((list) => found.push(...(list.getEntries() as LayoutShift[])));
        observer.observe({ type: 'layout-shift', buffered: true });
        // Buffered entries arrive in a task after observe(); two frames later all of them are in.
        requestAnimationFrame(() =>
          requestAnimationFrame(() => {
            found.push(...(observer.takeRecords() as LayoutShift[]));
            observer.disconnect();
            const describe = (node: Node | null | undefined) =>
              node instanceof Element ? `${node.tagName.toLowerCase()}${node.className && typeof node.className === 'string' ? `.${node.className.trim().split(/\s+/).join('.')}` : ''}` : String(node?.nodeName ?? '?');
            resolve(
              found
                .filter((entry) => !entry.hadRecentInput)
                .map((entry) => ({ value: entry.value, sources: (entry.sources ?? []).map((source) => describe(source.node)) })),
            );
          }),
        );
      }),
  );

/** Two frames: a resize has been laid out and painted. */
const settle = (page: Page) => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

let data: RouteData | undefined;
const visits = (): RouteVisit[] => {
  if (!data) throw new Error('The route data is not arranged yet');
  return routeVisits(data);
};

beforeAll(async () => {
  data = await arrangeRouteData(e2e.baseUrl);
});

// The route table, read when the file is collected: one test per route and language.
const table = routeVisits(PLACEHOLDER_ROUTE_DATA);

/**
 * The screens whose reflow and axe checks have passed, per language: the address a visit ended on
 * (after any redirect) with the storage it started with, and the route whose visit checked it.
 */
const checkedScreens = new Map<Language, Map<string, string>>(LANGUAGES.map((language) => [language, new Map()]));
const screenOf = (page: Page, visit: RouteVisit) => {
  const url = new URL(page.url());
  return `${url.pathname}${url.search} ${JSON.stringify(visit.localStorage)}`;
};

describe.each(LANGUAGES)('every page in %s', (language) => {
  it.for(table.map((visit, index) => [visit.route.path, index] as const))('%s: no layout shift, reflows to 320 px, axe finds nothing', async ([, index], { annotate }) => {
    const visit = visits()[index];
    if (!visit) throw new Error(`No visit ${index}`);
    // The 404 page comes with a 404 status, which Chromium notes on the console.
    if (visit.route.name === 'notFound') e2e.expectProblem(/status of 404/, 'console error');
    // A page that texts a code as it opens (the transaction password's reset) opens once per language:
    // the server's 60 s between codes to one phone has passed by then, as for a customer coming back.
    await fetch(`${e2e.baseUrl}/api/dev/codes/age/`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ phone: DEMO_USER.phone, seconds: 120 }) });
    const page = await e2e.openPageInSharedContext({ language, localStorage: visit.localStorage });
    await page.setViewportSize(PHONE);
    await openVisit(page, visit);

    const shifts = await layoutShifts(page);
    const total = shifts.reduce((sum, shift) => sum + shift.value, 0);
    const report = shifts.map((shift) => `${shift.value.toFixed(4)} moved ${shift.sources.join(', ') || '(no source)'}`).join('\n');
    expect(total, `layout shift on ${visit.path} (${language}):\n${report}`).toBeLessThanOrEqual(CLS_LIMIT);

    const screens = checkedScreens.get(language)!;
    const screen = screenOf(page, visit);
    const checkedWith = screens.get(screen);
    if (checkedWith !== undefined) {
      await annotate(`${visit.path} shows ${pathOf(page)}, whose reflow and axe checks passed with ${checkedWith}`);
      return;
    }

    expect(await scrollWidth(page), `${visit.path} at ${PHONE.width} px`).toBeLessThanOrEqual(PHONE.width);
    await page.setViewportSize({ width: NARROW, height: PHONE.height });
    await settle(page);
    expect(await scrollWidth(page), `${visit.path} at ${NARROW} px`).toBeLessThanOrEqual(NARROW);

    await page.setViewportSize(DESKTOP);
    await settle(page);
    expectNoViolations(await violationsOn(page), `${visit.path} (${language})`);
    screens.set(screen, visit.path);
  });

  it('axe finds nothing with the cookie banner shown', async () => {
    const page = await e2e.openPageInSharedContext({ language, cookieChoiceStored: false });
    await openVisit(page, { ...visits()[0]!, signedIn: false, localStorage: {} });
    await expectVisible(page.locator('.cookie-banner'));
    expectNoViolations(await violationsOn(page), `${page.url()} (${language})`);
  });

  it('axe finds nothing with the user-manual menu open', async () => {
    const contracts = visits().find((visit) => visit.route.name === 'contracts');
    if (!contracts) throw new Error('The route table has no contracts route');
    const page = await e2e.openPageInSharedContext({ language, localStorage: contracts.localStorage });
    await openVisit(page, contracts);
    await page.getByRole('button', { name: text(language, 'user:manual.button') }).click();
    await expectVisible(page.getByRole('list', { name: text(language, 'user:manual.button') }));
    expectNoViolations(await violationsOn(page), `${page.url()} (${language})`);
  });
});
