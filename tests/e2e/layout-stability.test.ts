/**
 * Every route of the route table, on a phone: nothing moves while the page loads (the layout shifts
 * the browser reports add up to at most 0.01, Lighthouse's "good" bar being 0.1), and nothing scrolls
 * sideways at 375 px nor at 320 px (WCAG 1.4.10 reflow). A behaviour check, not a timing one: a shift
 * counts however fast or slow the machine is.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { useBrowserTests } from './support/harness';
import { arrangeRouteData, openVisit, routeVisits, type RouteData } from './support/route-table';
import { LANGUAGES } from './support/texts';
import { scrollWidth } from './support/ui';

const e2e = useBrowserTests();
const CLS_LIMIT = 0.01;
const PHONE = { width: 375, height: 812 };
const NARROW = 320;

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

let data: RouteData | undefined;

beforeAll(async () => {
  data = await arrangeRouteData(e2e.baseUrl);
});

// The route table, read when the file is collected: one test per route and language.
const table = routeVisits({ productId: 1, applicationId: 'draft', contractId: 1, claimId: 1, token: 'token', purchaseStorage: {} });

describe.each(LANGUAGES)('on a phone in %s', (language) => {
  it.each(table.map((visit, index) => [visit.route.path, index] as const))('%s loads without layout shift and reflows to 320 px', async (_path, index) => {
    if (!data) throw new Error('The route data is not arranged yet');
    const visit = routeVisits(data)[index];
    if (!visit) throw new Error(`No visit ${index}`);
    const page = await e2e.openPageInSharedContext({ language, localStorage: visit.localStorage });
    await page.setViewportSize(PHONE);
    await openVisit(page, visit);

    const shifts = await layoutShifts(page);
    const total = shifts.reduce((sum, shift) => sum + shift.value, 0);
    const report = shifts.map((shift) => `${shift.value.toFixed(4)} moved ${shift.sources.join(', ') || '(no source)'}`).join('\n');
    expect(total, `layout shift on ${visit.path} (${language}):\n${report}`).toBeLessThanOrEqual(CLS_LIMIT);

    expect(await scrollWidth(page), `${visit.path} at ${PHONE.width} px`).toBeLessThanOrEqual(PHONE.width);
    await page.setViewportSize({ width: NARROW, height: PHONE.height });
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(await scrollWidth(page), `${visit.path} at ${NARROW} px`).toBeLessThanOrEqual(NARROW);
  });
});
