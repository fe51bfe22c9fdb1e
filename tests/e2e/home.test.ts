/** The public home page in both languages: hero, info boxes, product carousel, premium teaser, mobile teaser. */
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { homeContent } from './support/api';
import { useBrowserTests } from './support/harness';
import { LANGUAGES } from './support/texts';
import { expectPath, expectVisible } from './support/ui';

const e2e = useBrowserTests();

describe.each(LANGUAGES)('the home page in %s', (language) => {
  it('shows the hero with a get-insured link to the insurance list', async () => {
    const { home, page } = await e2e.openSite({ language });
    await home.open();
    await expectVisible(home.hero);
    expect(await home.getInsuredLink.getAttribute('href')).toBe('/insurance/');
    await home.getInsuredLink.click();
    await expectPath(page, '/insurance/');
  });

  it("shows the server's info boxes with figure, linked title and text", async () => {
    const { home } = await e2e.openSite({ language });
    const content = await homeContent(e2e.baseUrl, language);
    await home.open();
    expect(content.boxes.length).toBeGreaterThan(0);
    await expect.poll(() => home.infoBoxes.count()).toBe(content.boxes.length);
    for (const [index, box] of content.boxes.entries()) {
      const item = home.infoBoxes.nth(index);
      const title = item.getByRole('link', { name: box.title, exact: true });
      await expectVisible(title);
      expect(await title.getAttribute('href')).toBe(box.url);
      await expectVisible(item.getByText(box.count, { exact: true }));
      await expectVisible(item.getByText(box.text, { exact: true }));
    }
  });

  it('shows the product carousel with arrows that move it and a view-all link', async () => {
    const { home, page } = await e2e.openSite({ language });
    const content = await homeContent(e2e.baseUrl, language);
    await home.open();
    await expectVisible(home.carousel);
    await expect.poll(() => home.slides.count()).toBe(content.products.length);
    const first = content.products[0];
    if (!first) throw new Error('The seed has no products');
    await expectVisible(home.productLink(first.name));
    expect(await home.productLink(first.name).getAttribute('href')).toBe(`/insurance/detail/${first.id}/`);
    await expectVisible(home.carousel.getByText(first.company_name).first());

    // The arrows come with the carousel's script, loaded as the carousel nears the screen.
    await home.carousel.scrollIntoViewIfNeeded();
    await expectVisible(home.previousArrow);
    await expectVisible(home.nextArrow);
    const firstSlideX = async () => (await home.slides.first().boundingBox())?.x ?? Number.NaN;
    const start = await firstSlideX();
    await home.nextArrow.click();
    await expect.poll(firstSlideX, { message: 'first slide moves left after Next' }).toBeLessThan(start - 100);
    await home.previousArrow.click();
    await expect.poll(firstSlideX, { message: 'first slide is back after Previous' }).toBeCloseTo(start, 0);

    await home.viewAllLink.click();
    await expectPath(page, '/insurance/');
  });

  it('shows the premium teaser: register number (two letters and 8 digits) and the contract phone', async () => {
    const { home, language: ui } = await e2e.openSite({ language });
    await home.open();
    await expectVisible(home.feeSection);
    await expectVisible(home.feeSection.getByText(ui.name('home:fee.badge')).first());
    await home.scrollToFee();
    await expectVisible(home.registerFirstLetter);
    await expectVisible(home.registerSecondLetter);
    await expectVisible(home.registerNumber);
    await expectVisible(home.phoneField);

    // Only digits reach the phone field, at most 8.
    await home.phoneField.pressSequentially('99a1-12233x44');
    expect(await home.phoneField.inputValue()).toBe('99112233');

    // An incomplete register number is refused with the SPEC message; a complete one shows the coming-soon note.
    await home.feeSubmit.click();
    await expectVisible(home.feeSection.getByText(ui.name('validation:register')));
    await home.chooseRegisterLetter('first', 'У');
    await home.chooseRegisterLetter('second', 'Б');
    await home.registerNumber.fill('90061512');
    await home.feeSubmit.click();
    await expectVisible(home.feeSection.getByText(ui.name('home:fee.comingSoonNote')));
    expect(await home.feeSection.getByText(ui.name('validation:register')).count()).toBe(0);
  });

  it("shows the mobile teaser with the server's picture and text and 'coming soon'", async () => {
    const { home, page } = await e2e.openSite({ language });
    const content = await homeContent(e2e.baseUrl, language);
    await home.open();
    await home.mobileSection.scrollIntoViewIfNeeded();
    await expectVisible(home.mobileImage);
    expect(await home.mobileImage.getAttribute('src')).toBe(content.mobile.image);
    await expect.poll(() => home.mobileImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await expectVisible(home.mobileComingSoon);
    // The server's rich text keeps its structure (a list) and its words.
    const firstItem = /<li>(.*?)<\/li>/.exec(content.mobile.text)?.[1];
    if (!firstItem) throw new Error('The seeded mobile text has no list');
    await expectVisible(home.mobileSection.getByRole('listitem').filter({ hasText: firstItem }));
    expect(await page.locator('html').getAttribute('lang')).toBe(language);
  });
});

describe("the premium teaser's form, loaded as the visitor nears it (issue 27)", () => {
  const formChunk = /\/assets\/fee-teaser-form-[\w-]+\.js$/;

  it('is not fetched while the visitor stays at the top of the page, and comes as they scroll down to it', async () => {
    const { home, page } = await e2e.openSite({ language: 'en', width: 412 });
    const fetched: string[] = [];
    page.on('request', (request) => {
      if (formChunk.test(new URL(request.url()).pathname)) fetched.push(request.url());
    });
    await home.open();
    await page.waitForLoadState('networkidle');
    // Past the wait for an idle moment (at most 3 s): the page is still, and still has not asked.
    await page.waitForTimeout(3500);
    expect(fetched).toEqual([]);
    await expectVisible(home.feeSection.locator('.home-fee__form[aria-busy="true"]'));
    await home.scrollToFee();
    await expectVisible(home.registerFirstLetter);
    expect(fetched).toHaveLength(1);
  });

  it('holds its box while its code is on its way; nothing moves when it comes, and it works', async () => {
    const { home, page, language: ui } = await e2e.openSite({ language: 'en' });
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(formChunk, async (route) => {
      await held;
      await route.continue();
    });
    await home.open();
    const waiting = home.feeSection.locator('.home-fee__form[aria-busy="true"]');
    const asked = page.waitForRequest(formChunk);
    await home.scrollToFee();
    await asked;
    await expectVisible(waiting);
    // Where the form's box and the next section stand from the section's top: what the form's
    // arrival could move (and nothing above it, such as the carousel's own late parts).
    const placed = async (form: Locator) => {
      const [section, box, next] = await Promise.all([home.feeSection.boundingBox(), form.boundingBox(), home.mobileSection.boundingBox()]);
      if (!section || !box || !next) throw new Error('The premium section, its form or the next section is not drawn');
      return { formTop: box.y - section.y, formLeft: box.x, width: box.width, height: box.height, nextTop: next.y - section.y };
    };
    const before = await placed(waiting);
    release();
    await expectVisible(home.registerFirstLetter);
    expect(await waiting.count()).toBe(0);
    expect(await placed(home.feeSection.locator('form'))).toEqual(before);
    await home.feeSubmit.click();
    await expectVisible(home.feeSection.getByText(ui.name('validation:register')));
  });

  it("says so with Retry when its code cannot be fetched, keeps the rest of the page, and Retry brings it", async () => {
    e2e.expectProblem(/net::ERR_|dynamically imported module|Failed to fetch/, 'console error');
    const { home, page, language: ui } = await e2e.openSite({ language: 'en' });
    await page.route(formChunk, (route) => route.abort('failed'));
    await home.open();
    await home.scrollToFee();
    await expectVisible(home.feeSection.getByRole('alert').filter({ hasText: ui.name('home:fee.loadError') }));
    await expectVisible(home.hero);
    await expectVisible(home.mobileSection);
    await page.unroute(formChunk);
    await home.feeSection.getByRole('button', { name: ui.name('common:actions.retry') }).click();
    await expectVisible(home.registerFirstLetter);
    expect(await home.feeSection.getByRole('alert').count()).toBe(0);
  });

  it('fetches it again by itself once the connection is back', async () => {
    e2e.expectProblem(/net::ERR_|dynamically imported module|Failed to fetch/, 'console error');
    const { home, page, language: ui } = await e2e.openSite({ language: 'en' });
    let connected = false;
    await page.route(formChunk, (route) => (connected ? route.continue() : route.abort('internetdisconnected')));
    await home.open();
    await home.scrollToFee();
    await expectVisible(home.feeSection.getByRole('alert').filter({ hasText: ui.name('home:fee.loadError') }));
    await page.context().setOffline(true);
    connected = true;
    await page.context().setOffline(false);
    await expectVisible(home.registerFirstLetter);
  });
});

describe('the home page in English on a slow phone', () => {
  // The page reads the texts the server sent with it while it first renders. That read once ran before
  // the API client knew the language, so a slow phone got the Mongolian texts under English labels
  // (eight loads of eight at 4× CPU slowdown, about one in five unthrottled).
  it("shows the server's English texts from the first render, on every load", async () => {
    const { home, page } = await e2e.openSite({ language: 'en' });
    const content = await homeContent(e2e.baseUrl, 'en');
    const firstItem = /<li>(.*?)<\/li>/.exec(content.mobile.text)?.[1];
    const firstBox = content.boxes[0];
    if (!firstItem || !firstBox) throw new Error('The seeded home content has no list or no info box');
    await home.open();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    for (let load = 0; load < 2; load++) {
      await page.reload();
      await expectVisible(home.mobileSection);
      expect(await home.mobileSection.getByRole('listitem').first().textContent()).toBe(firstItem);
      expect(await home.infoBoxes.first().getByRole('link').textContent()).toBe(firstBox.title);
    }
  });
});

describe('the home page with reduced motion', () => {
  it('keeps nothing moving once it has loaded (the pulsing dot of "coming soon")', async () => {
    const { home, page } = await e2e.openSite({ language: 'en' });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await home.open();
    await expectVisible(home.mobileComingSoon);
    const moving = () =>
      page.evaluate(() =>
        document
          .getAnimations()
          .filter((animation) => animation.playState === 'running')
          .map((animation) => (animation.effect instanceof KeyframeEffect && animation.effect.target instanceof Element ? animation.effect.target.className : '?')),
      );
    await expect.poll(moving).toEqual([]);
  });
});

describe('the home page in English uses the wording of SPEC', () => {
  it("labels the carousel's buttons and the teasers as specified", async () => {
    const { home, page } = await e2e.openSite({ language: 'en' });
    await home.open();
    await expectVisible(home.hero.getByRole('link', { name: 'Get insured', exact: true }));
    await expectVisible(home.productsSection.getByRole('link', { name: 'View all', exact: true }));
    await home.scrollToFee();
    await expectVisible(page.getByRole('textbox', { name: 'Phone registered in the contract', exact: true }));
    await expectVisible(home.mobileSection.getByText('Coming soon...', { exact: true }));
  });
});
