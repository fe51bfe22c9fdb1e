/**
 * Issue 24, the shell that survives failures: a page whose chunk fails shows a translated error with
 * Retry inside its layout (and reloads once by itself when a deploy replaced the chunks); unknown
 * addresses get a 404 page in the layout of where the user was; offline, a banner says so, typed text
 * stays and reads go again when the connection returns; the app installs (manifest, icons) and its
 * shell opens offline from the service worker; the description follows the language.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DIST_DIR } from './support/browser';
import { useBrowserTests } from './support/harness';
import { withoutSentData } from './support/page-data';
import { exactly, LANGUAGES, text, type Language } from './support/texts';
import { expectHidden, expectPath, expectVisible, pathOf, WAIT_MS } from './support/ui';
import { demoUser } from './support/users';
import { BuyWizard, type Person } from './support/pages/buy.page';
import { CataloguePage, ProductPage } from './support/pages/catalogue.page';

const e2e = useBrowserTests();

/** The built file of a source module (its chunk), from the build's manifest. */
const chunkOf = (source: string): string => {
  const manifest = JSON.parse(readFileSync(`${DIST_DIR}.vite/manifest.json`, 'utf8')) as Record<string, { file: string }>;
  const file = manifest[source]?.file;
  if (!file) throw new Error(`${source} is not in the build's manifest`);
  return `/${file}`;
};

/** The problems a failed chunk leaves on the console: the failed request and React's report of the caught error. */
const expectChunkFailure = () => {
  e2e.expectProblem(/net::ERR_|status of 404|dynamically imported module|Failed to fetch/, 'console error');
};

const routeError = (page: Page, language: Language) => ({
  heading: page.getByRole('heading', { level: 1, name: exactly(text(language, 'routeError.title')) }),
  message: page.getByRole('alert').filter({ hasText: exactly(text(language, 'routeError.chunk')) }),
  retry: page.getByRole('main').getByRole('button', { name: exactly(text(language, 'actions.retry')) }),
});

/** How many times the page has loaded (the first load and every reload). */
const countLoads = (page: Page) => {
  const loads = { count: 0 };
  page.on('load', () => {
    loads.count += 1;
  });
  return loads;
};

describe('a page whose chunk cannot be loaded', () => {
  it('shows a translated error with Retry inside the signed-in layout, menu and all, and Retry loads the page', async () => {
    expectChunkFailure();
    const { page, userMenu } = await e2e.openSite({ language: 'en', signedInAs: demoUser });
    const loads = countLoads(page);
    await page.goto('/user/contract');
    await userMenu.waitUntilShown();
    const chunk = chunkOf('src/features/claims/claims-home.page.tsx');
    await page.route(`**${chunk}`, (route) => route.abort('failed'));

    await userMenu.choose('claim');
    const error = routeError(page, 'en');
    await expectVisible(error.heading);
    await expectVisible(error.message);
    await expectVisible(userMenu.navigation);
    await expectVisible(userMenu.item('settings'));
    expect(pathOf(page)).toBe('/user/claim');

    // The same build is still deployed, so this is the network: no reload, Retry is the answer.
    await page.waitForTimeout(500);
    expect(loads.count).toBe(1);
    await page.unroute(`**${chunk}`);
    await error.retry.click();
    await expectHidden(error.heading);
    await expectVisible(page.locator('main h1').first());
    expect(await page.locator('main h1').first().innerText()).not.toBe(text('en', 'routeError.title'));
    await expectVisible(userMenu.navigation);
    expect(loads.count).toBe(1);
  });

  it('reloads once by itself when a new build replaced the chunks, and then shows the error instead of reloading again', async () => {
    expectChunkFailure();
    const { page, header } = await e2e.openSite({ language: 'mn' });
    const loads = countLoads(page);
    const chunk = chunkOf('src/features/insurance/insurance-list.page.tsx');
    // The deploy: the chunk this build names is gone, and the server's index.html names another entry.
    await page.route(`**${chunk}`, (route) => route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not found' }));
    await page.route('**/index.html', async (route) => {
      if (route.request().resourceType() !== 'fetch') return route.fallback();
      const response = await route.fetch();
      const html = (await response.text()).replace(/(<script type="module"[^>]*src="\/assets\/)index-[\w-]+\.js/, '$1index-NEWBUILD.js');
      return route.fulfill({ response, body: html });
    });
    await page.goto('/');
    await expectVisible(header.onlineInsuranceLink);
    await header.onlineInsuranceLink.click();

    await expect.poll(() => loads.count, { timeout: WAIT_MS, message: 'page loads' }).toBe(2);
    const error = routeError(page, 'mn');
    await expectVisible(error.heading);
    await expectVisible(error.message);
    await expectVisible(header.navigation);
    expect(pathOf(page)).toBe('/insurance/');
    expect(await page.evaluate(() => sessionStorage.getItem('reloadedForBuild'))).toBe('/assets/index-NEWBUILD.js');
    await page.waitForTimeout(1000);
    expect(loads.count).toBe(2);
  });
});

/** The console line Chromium writes for a page answered with 404. */
const expect404 = () => e2e.expectProblem(/status of 404/, 'console error');

describe.each(LANGUAGES)('an unknown address in %s', (language) => {
  it('answers 404 and shows the 404 page in the public layout, with links onward', async () => {
    expect404();
    const { page, header } = await e2e.openSite({ language });
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await expectVisible(page.getByRole('heading', { level: 1, name: exactly(text(language, 'notFound.title')) }));
    await expectVisible(header.navigation);
    expect(await page.title()).toBe(`${text(language, 'titles.notFound')} | ${text(language, 'site.name')}`);
    const main = page.getByRole('main');
    expect(await main.getByRole('link', { name: exactly(text(language, 'notFound.home')) }).getAttribute('href')).toBe('/');
    expect(await main.getByRole('link', { name: exactly(text(language, 'notFound.myInsurances')) }).getAttribute('href')).toBe('/user');
    await main.getByRole('link', { name: exactly(text(language, 'notFound.catalogue')) }).click();
    await expectPath(page, '/insurance/');
  });

  it('shows the 404 page in the signed-in layout under /user for a signed-in user', async () => {
    expect404();
    const { page, userMenu } = await e2e.openSite({ language, signedInAs: demoUser });
    const response = await page.goto('/user/no-such-page');
    expect(response?.status()).toBe(404);
    await expectVisible(page.getByRole('heading', { level: 1, name: exactly(text(language, 'notFound.title')) }));
    await expectVisible(userMenu.navigation);
    expect(pathOf(page)).toBe('/user/no-such-page');
  });
});

describe('offline', () => {
  it('says so once at the top, keeps what was typed, and sends the failed read again when the connection returns', async () => {
    e2e.expectProblem(/net::ERR_INTERNET_DISCONNECTED|Failed to fetch/, 'console error');
    const { page, home } = await e2e.openSite({ language: 'en' });
    const context = page.context();
    await withoutSentData(page);
    // The connection drops while the home page asks for its content: that read is slow, and the
    // premium form (its code fetched as the visitor scrolls to it) is on the page before the drop.
    // Its chunk's response alone is not enough: the chunks it imports may still be on their way, and
    // would fail offline (that case is the teaser's own test, in home.test.ts).
    let reads = 0;
    await page.route('**/api/home/', async (route) => {
      reads += 1;
      if (reads > 1) return route.continue();
      await home.scrollToFee();
      await home.phoneField.waitFor({ state: 'visible' });
      await context.setOffline(true);
      return route.abort('internetdisconnected');
    });
    // Not waiting for the load event: offline, the page's last images may take their time to fail.
    await page.goto('/', { waitUntil: 'commit' });
    const banner = page.getByRole('status').filter({ hasText: exactly(text('en', 'offline.banner')) });
    await expectVisible(banner);
    expect(await page.getByText(text('en', 'offline.banner')).count()).toBe(1);
    await expectVisible(home.heroHeading);
    await home.phoneField.fill('99112233');

    await context.setOffline(false);
    await expectHidden(banner);
    await expectVisible(home.infoBoxes.first());
    expect(reads).toBe(2);
    expect(await home.phoneField.inputValue()).toBe('99112233');
  });
});

describe('a wizard offline', () => {
  const visitor: Person = { register: 'УК85011234', lastName: 'Батбаяр', firstName: 'Тэмүүжин', phone: '88112244', email: 'temuujin@example.com' };

  it('keeps what was typed through a save that failed offline, and goes on once the network is back', async () => {
    e2e.expectProblem(/net::ERR_INTERNET_DISCONNECTED|Failed to fetch/, 'console error');
    const site = await e2e.openSite({ language: 'en' });
    const product = (await (await fetch(`${e2e.baseUrl}/api/products/100/`, { headers: { 'Accept-Language': 'en' } })).json()) as { name: string };
    const catalogue = new CataloguePage(site.language);
    await catalogue.open();
    await catalogue.openProduct(product.name);
    await new ProductPage(site.language).buy(product.name);
    const wizard = new BuyWizard(site.language);
    await wizard.seeStep('insured');
    await wizard.fillInsuredPerson(visitor);

    await site.page.context().setOffline(true);
    await wizard.continue();
    await expectVisible(site.page.getByRole('status').filter({ hasText: exactly(text('en', 'offline.banner')) }));
    await expectVisible(wizard.alert.first());
    expect(await wizard.lastName.inputValue()).toBe(visitor.lastName);
    expect(await wizard.firstName.inputValue()).toBe(visitor.firstName);
    expect(await wizard.phone.inputValue()).toBe(visitor.phone);

    await site.page.context().setOffline(false);
    await wizard.continue();
    await wizard.seeStep('plan');
  });
});

describe('the installable app', () => {
  it('has a web manifest with its icons, and a favicon.ico', async () => {
    const { page } = await e2e.openSite();
    await page.goto('/');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    const manifest = await page.evaluate(async (url) => (await fetch(url)).json() as Promise<{ name: string; short_name: string; start_url: string; display: string; icons: { src: string; sizes: string; purpose: string }[] }>, href ?? '');
    expect(manifest).toMatchObject({ name: expect.stringContaining(text('mn', 'site.name')), short_name: text('en', 'site.name'), start_url: '/', display: 'standalone' });
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
    for (const path of [...manifest.icons.map((icon) => icon.src), '/favicon.ico', '/icons/apple-touch-icon.png']) {
      const response = await page.request.get(path);
      expect(response.status(), path).toBe(200);
      expect(response.headers()['content-type'], path).toMatch(/^image\//);
    }
  });

  it('registers a service worker after load whose cached shell opens the app offline on the next visit, with no API answer cached', async () => {
    e2e.expectProblem(/net::ERR_INTERNET_DISCONNECTED|Failed to fetch/, 'console error');
    const { page, home, header } = await e2e.openSite({ language: 'en', serviceWorkers: 'allow' });
    await page.goto('/');
    await home.waitUntilLoaded();
    const entry = await page.locator('script[type="module"][src^="/assets/"]').getAttribute('src');
    const worker = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL);
    expect(worker).toBe(`${e2e.baseUrl}/sw.js?build=${encodeURIComponent(entry?.replace('/assets/', '') ?? '')}`);
    // What the page loaded before the worker was there is cached for it (the home page's own chunk among them).
    const homeChunk = chunkOf('src/features/home/home.page.tsx');
    const cached = () => page.evaluate(async () => (await Promise.all((await caches.keys()).map(async (name) => (await (await caches.open(name)).keys()).map((request) => new URL(request.url).pathname)))).flat());
    await expect.poll(cached, { timeout: 3 * WAIT_MS }).toContain(homeChunk);
    expect(await cached()).toContain('/index.html');
    expect((await cached()).filter((path) => !path.startsWith('/assets/') && !path.startsWith('/icons/') && !/^\/[\w.-]+$/.test(path))).toEqual([]);

    await page.context().setOffline(true);
    const response = await page.reload();
    expect(response?.fromServiceWorker()).toBe(true);
    await expectVisible(header.navigation);
    await expectVisible(home.heroHeading);
    await expectVisible(page.getByRole('status').filter({ hasText: exactly(text('en', 'offline.banner')) }));
    await page.context().setOffline(false);
  });
});

describe('the description', () => {
  it('is the page\'s own in the language shown, and follows a language switch', async () => {
    const { page, header } = await e2e.openSite({ language: 'mn' });
    await page.goto('/insurance/');
    const description = () => page.locator('meta[name="description"]').getAttribute('content');
    await expect.poll(description, { timeout: WAIT_MS }).toBe(text('mn', 'meta.insuranceList'));
    await header.switchLanguage();
    await expect.poll(description, { timeout: WAIT_MS }).toBe(text('en', 'meta.insuranceList'));
    expect(await page.locator('meta[name="description"]').count()).toBe(1);
  });
});

// Issue 27: the server names a route's scripts, texts and stylesheets in its page (modulepreload,
// preload as style), so they come with the entry. A preload the page then does not use (another URL,
// another credentials mode) would be fetched a second time, and the page would wait for that one.
describe('a page opened at its own address', () => {
  /**
   * Opens `path` in `page` and returns the files its page names (module and style preloads) with
   * every /assets/ file the browser fetched, once the page's heading shows and it has loaded (not the
   * network's quiet: the user area keeps its event stream open).
   */
  const openAt = async (page: Page, path: string) => {
    const fetched: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/assets/')) fetched.push(url.pathname);
    });
    await page.goto(path);
    await expectVisible(page.getByRole('heading', { level: 1 }));
    await page.waitForLoadState('load');
    const preloaded = await page.evaluate(() =>
      [...document.querySelectorAll('link[rel="modulepreload"], link[rel="preload"][as="style"]')].map((link) => new URL((link as HTMLLinkElement).href).pathname),
    );
    for (const file of preloaded) expect(fetched.filter((name) => name === file), file).toHaveLength(1);
    return preloaded;
  };

  it("fetches its route's files with the page, each once: its view, its texts and its stylesheets", async () => {
    const { page } = await e2e.openSite({ language: 'mn' });
    const preloaded = await openAt(page, '/ot/');
    expect(preloaded).toContain(chunkOf('src/features/mining/mining.page.tsx'));
    expect(preloaded).toContain(chunkOf('src/locales/mn/ot.json'));
    expect(preloaded.some((file) => file.endsWith('.css'))).toBe(true);
  });

  it('does the same signed in, in the user area', async () => {
    const { page } = await e2e.openSite({ language: 'en', signedInAs: demoUser });
    const preloaded = await openAt(page, '/user/contract');
    expect(preloaded).toContain(chunkOf('src/features/contracts/contracts.page.tsx'));
    expect(preloaded).toContain(chunkOf('src/locales/mn/contracts.json'));
    expect(preloaded).toContain(chunkOf('src/locales/mn/user.json'));
  });
});

// Issue 27: a page's heading and lead come in its HTML (server/http/page-heads.ts), so a phone shows
// them before any script has run; the app keeps them in view while the page loads (src/app/route-head.tsx).
describe("a page's head", () => {
  /**
   * Every `<h1>` text the page showed, in order, from its HTML on, and whether there was a moment
   * with none after the first: read by a mutation observer set before the HTML is parsed.
   */
  const watchHeadings = (page: Page) =>
    page.addInitScript(() => {
      const seen: string[] = [];
      const state = { seen, gaps: 0 };
      (window as unknown as { headings: typeof state }).headings = state;
      new MutationObserver(() => {
        const heading = document.querySelector('h1')?.textContent?.trim();
        if (heading === undefined) {
          if (seen.length > 0 && seen.at(-1) !== '') {
            state.gaps += 1;
            seen.push('');
          }
        } else if (seen.at(-1) !== heading) seen.push(heading);
      }).observe(document, { childList: true, subtree: true, characterData: true });
    });
  const headingsOf = (page: Page) => page.evaluate(() => (window as unknown as { headings: { seen: string[]; gaps: number } }).headings);

  it('is in the HTML in the language chosen, and stays in view through the loading of the profile until the page draws its own', async () => {
    const { page } = await e2e.openSite({ language: 'en', signedInAs: demoUser });
    await watchHeadings(page);
    // A slow profile: the user layout waits for it, and without the head would show a bare spinner meanwhile.
    await page.route('**/api/profile/', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    const html = await (await page.request.get('/user/claim/list', { headers: { Cookie: 'language=en' } })).text();
    expect(html).toContain(`<h1 class="page-head__title">${text('en', 'claims:list.title')}</h1>`);
    await page.goto('/user/claim/list');
    await expectVisible(page.getByRole('link', { name: exactly(text('en', 'claims:list.file')) }).first());
    expect(await headingsOf(page)).toEqual({ seen: [text('en', 'claims:list.title')], gaps: 0 });
    await expectVisible(page.getByText(exactly(text('en', 'claims:list.lead'))));
  });

  it('is the Mongolian one on a public page for a Mongolian reader, and the page draws the same', async () => {
    const { page } = await e2e.openSite({ language: 'mn', signedInAs: demoUser });
    await watchHeadings(page);
    await page.goto('/fee');
    await expectVisible(page.getByRole('heading', { level: 2, name: exactly(text('mn', 'fees:own.otherTitle')) }));
    expect(await headingsOf(page)).toEqual({ seen: [text('mn', 'fees:own.title')], gaps: 0 });
  });

  it('stays through the redirect from /user to the policy list, whose head it is', async () => {
    const { page } = await e2e.openSite({ language: 'mn', signedInAs: demoUser });
    await watchHeadings(page);
    await page.goto('/user');
    await expectPath(page, '/user/contract');
    // A policy of the list: the page itself has drawn.
    await expectVisible(page.getByText('LI-2023-000184').first());
    expect(await headingsOf(page)).toEqual({ seen: [text('mn', 'contracts:list.title')], gaps: 0 });
  });
});
