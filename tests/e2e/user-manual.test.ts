/**
 * The user-manual (help) button: the manual document and video from the profile, and the chat link; in
 * the public flows (purchase, /ot/) too. On a phone it sits in the sticky top bar and covers nothing;
 * on a wide screen it floats at the bottom right. The cookie banner keeps no part of a page under it
 * (issue 24 item 15).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { contact } from '../../src/platform/config';
import { useBrowserTests } from './support/harness';
import { BuyWizard } from './support/pages/buy.page';
import { CataloguePage, ProductPage } from './support/pages/catalogue.page';
import { accessTokenFor, demoUser } from './support/users';
import { expectHidden, expectVisible } from './support/ui';

const e2e = useBrowserTests();

describe('the user-manual button', () => {
  for (const language of ['en', 'mn'] as const) {
    it(`opens the manual, the video and the chat links (${language}), and closes with Escape`, async () => {
      const { page, userMenu, language: ui } = await e2e.openSite({ language, signedInAs: demoUser });
      await page.goto('/user/contract');
      await expectVisible(userMenu.navigation);
      const button = page.getByRole('button', { name: ui.t('user:manual.button') });
      expect(await button.getAttribute('aria-expanded')).toBe('false');
      await button.click();
      const list = page.getByRole('list', { name: ui.t('user:manual.button') });
      await expectVisible(list);
      const link = (key: string) => list.getByRole('link', { name: ui.t(`user:manual.${key}`) });
      const profile = await page.evaluate(async () => {
        const response = await fetch('/api/profile/', { headers: { Authorization: `Bearer ${localStorage.getItem('access')}` } });
        return (await response.json()) as { user_manual_document: string; user_manual_video: string };
      });
      expect(await link('document').getAttribute('href')).toBe(profile.user_manual_document);
      expect(await link('video').getAttribute('href')).toBe(profile.user_manual_video);
      expect(await link('messenger').getAttribute('href')).toBe(contact.messenger);
      for (const key of ['document', 'video', 'messenger']) expect(await link(key).getAttribute('target')).toBe('_blank');

      const manual = await fetch(new URL(profile.user_manual_document, e2e.baseUrl));
      expect(manual.status).toBe(200);

      await page.keyboard.press('Escape');
      await expectHidden(list);
      expect(await button.getAttribute('aria-expanded')).toBe('false');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(ui.t('user:manual.button'));
    });
  }
});

type Box = { left: number; top: number; right: number; bottom: number };

/**
 * At the top, the middle and the end of the page: what in `main` or the footer the shown help button
 * lies over (the topmost thing under its points besides the button itself: content that scrolled under
 * a sticky bar is the bar's, not the button's), and where the button was (its box in the viewport).
 */
const helpAcrossThePage = (page: Page) =>
  page.evaluate(async () => {
    const shown = [...document.querySelectorAll('.user-manual')].filter((element) => element.checkVisibility());
    if (shown.length !== 1) return { covered: [`${shown.length} help buttons shown`], boxes: [] as Box[] };
    const help = shown[0] as Element;
    const covered = new Set<string>();
    const boxes: Box[] = [];
    const height = document.scrollingElement?.scrollHeight ?? 0;
    for (const y of [0, (height - innerHeight) / 2, height]) {
      scrollTo(0, y);
      await new Promise(requestAnimationFrame);
      await new Promise(requestAnimationFrame);
      const box = help.getBoundingClientRect();
      boxes.push({ left: box.left, top: box.top, right: box.right, bottom: box.bottom });
      for (let i = 0; i <= 4; i++) {
        for (let j = 0; j <= 4; j++) {
          const under = document
            .elementsFromPoint(box.left + 1 + ((box.width - 2) * i) / 4, box.top + 1 + ((box.height - 2) * j) / 4)
            .find((element) => !help.contains(element));
          if (under?.closest('main, footer') && !under.matches('main, footer')) {
            covered.add(`${under.tagName.toLowerCase()}.${under.className} "${(under.textContent ?? '').trim().slice(0, 30)}"`);
          }
        }
      }
    }
    return { covered: [...covered], boxes };
  });

/** Opens the shown help button's menu: where its list lies, then Escape closes it with focus back on the button. */
async function menuOnScreen(page: Page, buttonName: string) {
  const button = page.getByRole('button', { name: buttonName });
  await button.click();
  const list = page.getByRole('list', { name: buttonName });
  await expectVisible(list);
  const box = await list.boundingBox();
  const viewport = page.viewportSize();
  expect(box && viewport && box.x >= 0 && box.y >= 0 && box.x + box.width <= viewport.width && box.y + box.height <= viewport.height, JSON.stringify({ box, viewport })).toBe(true);
  await page.keyboard.press('Escape');
  await expectHidden(list);
  expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(buttonName);
}

const inView = (box: Box, width: number, height: number) => box.left >= 0 && box.top >= 0 && box.right <= width && box.bottom <= height;

/** The demo user's policy with this number (read from the API with the user's token, before the page opens the app). */
const contractId = async (number: string) => {
  const token = await accessTokenFor(e2e.baseUrl, demoUser);
  const list = (await (await fetch(`${e2e.baseUrl}/api/contracts/`, { headers: { Authorization: `Bearer ${token}` } })).json()) as {
    contracts: { id: number; contract_number: string }[];
  };
  return list.contracts.find((contract) => contract.contract_number === number)?.id;
};

describe('on a wide screen (1280 px)', () => {
  it('the help button floats at the bottom right wherever the page is scrolled, signed in and in /ot/', async () => {
    const { page, userMenu, language } = await e2e.openSite({ language: 'en', signedInAs: demoUser, width: 1280 });
    await page.goto(`/user/contract/${await contractId('TS-2022-004512')}`);
    await expectVisible(userMenu.navigation);
    const name = language.t('user:manual.button');
    await expectVisible(page.getByRole('button', { name }));
    const bottomRight = (box: Box) => 1280 - box.right <= 40 && 800 - box.bottom <= 40 && box.left > 1280 - 120;
    for (const box of (await helpAcrossThePage(page)).boxes) expect(bottomRight(box), JSON.stringify(box)).toBe(true);

    await page.goto('/ot/');
    await expectVisible(page.getByRole('button', { name: language.t('ot:welcome.start') }));
    await expectVisible(page.getByRole('button', { name }));
    for (const box of (await helpAcrossThePage(page)).boxes) expect(bottomRight(box), JSON.stringify(box)).toBe(true);
  });
});

describe('on a phone (375 px)', () => {
  it('signed in, the help button is in the top bar beside the menu toggle: it covers nothing at the top, middle and end of a long policy page', async () => {
    const { page, userMenu, language } = await e2e.openSite({ language: 'mn', signedInAs: demoUser, width: 375 });
    await page.goto(`/user/contract/${await contractId('TS-2022-004512')}`);
    await expectVisible(page.getByRole('heading', { level: 2 }).first());
    await page.locator('details summary').first().click();
    const { covered, boxes } = await helpAcrossThePage(page);
    expect(covered).toEqual([]);
    // Always at hand: in view wherever the page is scrolled, and a 44 px target.
    for (const box of boxes) {
      expect(inView(box, 375, 812), JSON.stringify(box)).toBe(true);
      expect(box.right - box.left).toBeGreaterThanOrEqual(44);
      expect(box.bottom - box.top).toBeGreaterThanOrEqual(44);
    }
    const toggle = await userMenu.toggleButton.boundingBox();
    expect(toggle && Math.abs(toggle.y - boxes[0]!.top) < 8 && toggle.x > boxes[0]!.right, JSON.stringify({ toggle, help: boxes[0] })).toBe(true);
    await menuOnScreen(page, language.t('user:manual.button'));
  });

  it('the purchase wizard and the mining registration have the help button too, covering nothing', async () => {
    const site = await e2e.openSite({ language: 'en', width: 375 });
    const product = (await (await fetch(`${e2e.baseUrl}/api/products/100/`, { headers: { 'Accept-Language': 'en' } })).json()) as { name: string };
    await new CataloguePage(site.language).open();
    await new CataloguePage(site.language).openProduct(product.name);
    await new ProductPage(site.language).buy(product.name);
    const name = site.language.t('user:manual.button');
    const help = site.page.getByRole('button', { name });
    await expectVisible(help);
    const purchase = await helpAcrossThePage(site.page);
    expect(purchase.covered).toEqual([]);
    for (const box of purchase.boxes) expect(inView(box, 375, 812), JSON.stringify(box)).toBe(true);
    await help.click();
    const links = (await (await fetch(`${e2e.baseUrl}/api/help/`)).json()) as { user_manual_document: string };
    expect(await site.page.getByRole('link', { name: site.language.t('user:manual.document') }).getAttribute('href')).toBe(links.user_manual_document);

    await site.page.goto('/ot/');
    await expectVisible(site.page.getByRole('button', { name }));
    await expectVisible(site.page.getByRole('button', { name: site.language.t('ot:welcome.start') }));
    const mining = await helpAcrossThePage(site.page);
    expect(mining.covered).toEqual([]);
    for (const box of mining.boxes) expect(inView(box, 375, 812), JSON.stringify(box)).toBe(true);
    await menuOnScreen(site.page, name);
  });

  it('at 320 px the signed-in help menu opens fully on screen and closes with Escape, focus back on the button', async () => {
    const { page, userMenu, language } = await e2e.openSite({ language: 'en', signedInAs: demoUser, width: 320 });
    await page.goto('/user/contract');
    await expectVisible(userMenu.toggleButton);
    await menuOnScreen(page, language.t('user:manual.button'));
  });

  it('the cookie banner leaves room below the page: its end and a wizard\'s Continue can be scrolled out from under it', async () => {
    const site = await e2e.openSite({ language: 'mn', width: 375, cookieChoiceStored: false });
    const product = (await (await fetch(`${e2e.baseUrl}/api/products/100/`, { headers: { 'Accept-Language': 'mn' } })).json()) as { name: string };
    await site.page.goto('/insurance/detail/100/');
    await new ProductPage(site.language).buy(product.name);
    const banner = site.page.locator('.cookie-banner');
    await expectVisible(banner);
    // Playwright's click checks that nothing lies over the button's point once scrolled into view.
    await new BuyWizard(site.language).continueButton.click({ trial: true });
    await site.page.evaluate(() => scrollTo(0, document.scrollingElement?.scrollHeight ?? 0));
    const { pageEnd, bannerTop } = await site.page.evaluate(() => {
      const footer = document.querySelector('footer') ?? document.querySelector('main');
      return { pageEnd: footer?.getBoundingClientRect().bottom ?? Infinity, bannerTop: document.querySelector('.cookie-banner')?.getBoundingClientRect().top ?? 0 };
    });
    expect(pageEnd).toBeLessThanOrEqual(bannerTop);
  });
});
