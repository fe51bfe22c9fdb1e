/**
 * The user-manual (help) button: the manual document and video from the profile, and the chat link; in
 * the public flows (purchase, /ot/) too, and the cookie banner keeps no part of a page under it
 * (issue 24 item 15).
 */
import { describe, expect, it } from 'vitest';
import { contact } from '../../src/app/config';
import { useBrowserTests } from './support/harness';
import { BuyWizard } from './support/pages/buy.page';
import { CataloguePage, ProductPage } from './support/pages/catalogue.page';
import { demoUser } from './support/users';
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

describe('on a phone (375 px)', () => {
  it('the purchase wizard and the mining registration have the help button too', async () => {
    const site = await e2e.openSite({ language: 'en', width: 375 });
    const product = (await (await fetch(`${e2e.baseUrl}/api/products/100/`, { headers: { 'Accept-Language': 'en' } })).json()) as { name: string };
    await new CataloguePage(site.language).open();
    await new CataloguePage(site.language).openProduct(product.name);
    await new ProductPage(site.language).buy(product.name);
    const help = site.page.getByRole('button', { name: site.language.t('user:manual.button') });
    await expectVisible(help);
    await help.click();
    const links = (await (await fetch(`${e2e.baseUrl}/api/help/`)).json()) as { user_manual_document: string };
    expect(await site.page.getByRole('link', { name: site.language.t('user:manual.document') }).getAttribute('href')).toBe(links.user_manual_document);

    await site.page.goto('/ot/');
    await expectVisible(site.page.getByRole('button', { name: site.language.t('user:manual.button') }));
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
