/**
 * axe (WCAG 2.0–2.2 A and AA, plus best practice) on every route of the route table in both
 * languages, and on the states a route shows on top of itself (the cookie banner, the open
 * user-manual menu). Any violation fails, listed with the elements it was found on.
 */
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { beforeAll, describe, it } from 'vitest';
import { useBrowserTests } from './support/harness';
import { arrangeRouteData, openVisit, routeVisits, type RouteData, type RouteVisit } from './support/route-table';
import { LANGUAGES, text } from './support/texts';
import { expectVisible } from './support/ui';

const e2e = useBrowserTests();
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/** axe's findings on the page as it is now, one readable block per rule. */
async function violationsOn(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  return results.violations.map((violation) =>
    [
      `${violation.id} (${violation.impact ?? 'n/a'}): ${violation.help}`,
      ...violation.nodes.map(
        (node) => `    ${node.target.join(' ')}: ${node.html.slice(0, 200)}\n      ${node.failureSummary?.replace(/\n/g, '\n      ') ?? ''}`,
      ),
    ].join('\n'),
  );
}

/** Fails with the whole list, unshortened (an assertion's diff would cut it). */
const expectNone = (violations: string[], where: string) => {
  if (violations.length > 0) throw new Error(`axe found ${violations.length} violation(s) on ${where}:\n${violations.join('\n')}`);
};

let data: RouteData | undefined;
const visits = (): RouteVisit[] => {
  if (!data) throw new Error('The route data is not arranged yet');
  return routeVisits(data);
};

beforeAll(async () => {
  data = await arrangeRouteData(e2e.baseUrl);
});

// The route table, read when the file is collected: one test per route and language.
const table = routeVisits({ productId: 1, applicationId: 'draft', contractId: 1, claimId: 1, token: 'token', purchaseStorage: {} });

describe.each(LANGUAGES)('axe finds nothing in %s', (language) => {
  it.each(table.map((visit, index) => [visit.route.path, index] as const))('on %s', async (_path, index) => {
    const visit = visits()[index];
    if (!visit) throw new Error(`No visit ${index}`);
    const page = await e2e.openPageInSharedContext({ language, localStorage: visit.localStorage });
    await openVisit(page, visit);
    expectNone(await violationsOn(page), `${visit.path} (${language})`);
  });

  it('with the cookie banner shown', async () => {
    const page = await e2e.openPageInSharedContext({ language, cookieChoiceStored: false });
    await openVisit(page, { ...visits()[0]!, signedIn: false, localStorage: {} });
    await expectVisible(page.locator('.cookie-banner'));
    expectNone(await violationsOn(page), `${page.url()} (${language})`);
  });

  it('with the user-manual menu open', async () => {
    const contracts = visits().find((visit) => visit.route.name === 'contracts');
    if (!contracts) throw new Error('The route table has no contracts route');
    const page = await e2e.openPageInSharedContext({ language, localStorage: contracts.localStorage });
    await openVisit(page, contracts);
    await page.getByRole('button', { name: text(language, 'user:manual.button') }).click();
    await expectVisible(page.getByRole('list', { name: text(language, 'user:manual.button') }));
    expectNone(await violationsOn(page), `${page.url()} (${language})`);
  });
});
