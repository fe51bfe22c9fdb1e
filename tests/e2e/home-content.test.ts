/** The home page's server content when it is hostile or missing: sanitized rich text, a failed load with retry. */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { homeContent } from './support/api';
import { useBrowserTests } from './support/harness';
import { LANGUAGES, text } from './support/texts';
import { withoutSentData } from './support/page-data';
import { expectHidden, expectPath, expectVisible } from './support/ui';

const e2e = useBrowserTests();

const HOSTILE_TEXT = [
  '<p>Safe <strong>teaser</strong> text stays.</p>',
  '<script>window.__pwned = "script"</script>',
  '<img src=x onerror="window.__pwned = \'img\'">',
  '<p><a href="javascript:window.__pwned=\'link\'">Tap for a prize</a></p>',
  '<p onclick="window.__pwned=\'click\'" style="color:red">Styled line</p>',
  '<svg><script>window.__pwned = "svg"</script></svg>',
  '<iframe src="javascript:parent.__pwned=\'frame\'"></iframe>',
].join('');

const pwned = (page: Page) => page.evaluate(() => (window as { __pwned?: unknown }).__pwned ?? null);

describe("the mobile teaser's rich text", () => {
  it('runs nothing from the server and keeps the safe text', async () => {
    const { home, page } = await e2e.openSite({ language: 'en' });
    const real = await homeContent(e2e.baseUrl, 'en');
    await withoutSentData(page);
    await page.route('**/api/home/', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ ...real, mobile: { ...real.mobile, text: HOSTILE_TEXT } }) }),
    );
    await home.open();
    await home.mobileSection.scrollIntoViewIfNeeded();
    await expectVisible(home.mobileSection.getByText('Safe teaser text stays.'));
    await expectVisible(home.mobileSection.getByText('Styled line'));
    await expectVisible(home.mobileSection.getByText('Tap for a prize'));
    await page.waitForLoadState('networkidle');

    // Nothing that could run survived: no script, no image, no handler, no javascript: link, no frame.
    const section = home.mobileSection;
    expect(await section.locator('script, iframe, svg, img:not([src="' + real.mobile.image + '"])').count()).toBe(0);
    expect(await section.locator('[onerror], [onclick], [style]').count()).toBe(0);
    expect(await section.getByRole('link', { name: 'Tap for a prize' }).count()).toBe(0);
    await section.getByText('Tap for a prize').click();
    await section.getByText('Styled line').click();
    expect(await pwned(page)).toBeNull();
  });

  it('keeps safe links, opening other sites in a new tab', async () => {
    const { home, page } = await e2e.openSite({ language: 'en' });
    const real = await homeContent(e2e.baseUrl, 'en');
    const textWithLinks = '<p>Read <a href="https://example.com/app">about the app</a> or <a href="/insurance/">our products</a>.</p>';
    await withoutSentData(page);
    await page.route('**/api/home/', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ ...real, mobile: { ...real.mobile, text: textWithLinks } }) }),
    );
    await home.open();
    const external = home.mobileSection.getByRole('link', { name: 'about the app' });
    await expectVisible(external);
    expect(await external.getAttribute('href')).toBe('https://example.com/app');
    expect(await external.getAttribute('target')).toBe('_blank');
    expect(await external.getAttribute('rel')).toContain('noopener');
    expect(await home.mobileSection.getByRole('link', { name: 'our products' }).getAttribute('href')).toBe('/insurance/');
  });
});

describe.each(LANGUAGES)('a failed home content load in %s', (language) => {
  it('shows a translated error with a retry that works', async () => {
    e2e.expectProblem(/ERR_FAILED|ERR_CONNECTION|net::/, 'console error');
    const { home, page } = await e2e.openSite({ language });
    const content = await homeContent(e2e.baseUrl, language);
    await withoutSentData(page);
    await page.route('**/api/home/', (route) => route.abort('failed'));
    await page.goto('/');
    await expectVisible(home.loadError);
    await expectVisible(home.loadError.getByText(text(language, 'home:error.title'), { exact: true }));
    await expectVisible(home.loadError.getByText(text(language, 'errors:network'), { exact: true }));
    // The page around it still works: hero and premium teaser need no server data.
    await expectVisible(home.heroHeading);
    await home.scrollToFee();
    await expectVisible(home.phoneField);

    await page.unroute('**/api/home/');
    await home.retryButton.click();
    await expectHidden(home.loadError);
    const firstBox = content.boxes[0];
    if (!firstBox) throw new Error('The seed has no info boxes');
    await expectVisible(home.infoBoxesSection.getByRole('link', { name: firstBox.title, exact: true }));
    await expectVisible(home.mobileComingSoon);
  });

  it('shows the error again when the retry fails too', async () => {
    e2e.expectProblem(/ERR_FAILED|net::|status of 500/, 'console error');
    const { home, page } = await e2e.openSite({ language });
    let calls = 0;
    await withoutSentData(page);
    await page.route('**/api/home/', (route) => {
      calls += 1;
      return calls === 1
        ? route.abort('failed')
        : route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: { key: 'errors.generic' } }) });
    });
    await page.goto('/');
    await expectVisible(home.loadError);
    await home.retryButton.click();
    await expectVisible(home.loadError.getByText(text(language, 'errors:generic'), { exact: true }));
    expect(calls).toBe(2);
  });
});

describe('the content a public page is sent with', () => {
  it('draws the home page in both languages without asking the API, and asks it when the app comes back to it', async () => {
    const { home, page } = await e2e.openSite({ language: 'mn' });
    const reads: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/home/') reads.push(request.url());
    });
    const [mn, en] = [await homeContent(e2e.baseUrl, 'mn'), await homeContent(e2e.baseUrl, 'en')];
    const firstBox = (content: typeof mn) => {
      const box = content.boxes[0];
      if (!box) throw new Error('The seed has no info boxes');
      return box.title;
    };
    await home.open();
    await expectVisible(home.infoBoxesSection.getByRole('link', { name: firstBox(mn), exact: true }));
    // The English content came with the page too: the switch shows it without a read.
    await home.switchLanguage();
    await expectVisible(home.infoBoxesSection.getByRole('link', { name: firstBox(en), exact: true }));
    expect(reads).toEqual([]);

    // The answers hold only while the page they came with is shown: coming back to / in the app reads afresh.
    const mainNav = page.getByRole('navigation', { name: text('en', 'common:nav.main') });
    const catalogueRead = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/products/');
    await mainNav.getByRole('link', { name: text('en', 'common:nav.onlineInsurance'), exact: true }).click();
    await expectPath(page, '/insurance/');
    await catalogueRead;
    await mainNav.getByRole('link', { name: text('en', 'common:nav.home'), exact: true }).click();
    await expectPath(page, '/');
    await expectVisible(home.infoBoxesSection.getByRole('link', { name: firstBox(en), exact: true }));
    expect(reads).toHaveLength(1);
  });

  it("draws the hero's image with the page, before any script has run, in the box the app then draws it in", async () => {
    const { home, page } = await e2e.openSite({ language: 'mn', width: 360 });
    const heroImage = page.locator('.home-hero__image');
    const boxOf = async () => {
      await expect.poll(() => heroImage.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
      return heroImage.boundingBox();
    };
    // No script at all: what the HTML and its stylesheet draw on their own.
    e2e.expectProblem(/ERR_FAILED|Failed to load/);
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
    await page.goto('/');
    const drawnByThePage = await boxOf();
    expect(drawnByThePage?.height).toBeGreaterThan(300);
    await page.unroute(/\/assets\/.*\.js$/);
    await home.open();
    expect(await boxOf()).toEqual(drawnByThePage);
  });
});
