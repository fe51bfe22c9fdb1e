/**
 * Where keyboard focus goes when what had it goes away: never to <body>, where keyboard and
 * screen-reader users lose their place. And the cookie banner comes first in keyboard order.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowserTests } from './support/harness';
import { apiOf } from './support/purchase-api';
import { completeDraft } from '../unit/support/purchase';
import { text } from './support/texts';
import { accessTokenFor, demoUser } from './support/users';
import { expectHidden, expectVisible } from './support/ui';

const e2e = useBrowserTests();

/** The focused element as a user would name it: its tag, class and text (or 'body'). */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return 'body';
    return `${element.tagName.toLowerCase()}.${element.className} ${(element.textContent ?? '').trim()}`.trim();
  });

describe('the cookie banner', () => {
  it('is the first thing Tab reaches', async () => {
    const { cookieBanner, home, page } = await e2e.openSite({ language: 'en', cookieChoiceStored: false });
    await home.open();
    await cookieBanner.waitUntilShown();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('.cookie-banner')))).toBe(true);
  });

  for (const choice of ['accept', 'rejectAll'] as const) {
    it(`hands focus on to the skip link when ${choice === 'accept' ? 'accepted' : 'rejected'} from the keyboard`, async () => {
      const { cookieBanner, home, page } = await e2e.openSite({ language: 'en', cookieChoiceStored: false });
      await home.open();
      await cookieBanner.waitUntilShown();
      const button = choice === 'accept' ? cookieBanner.acceptButton : cookieBanner.rejectAllButton;
      await button.focus();
      await page.keyboard.press('Enter');
      await expectHidden(cookieBanner.region);
      await expect.poll(() => focused(page)).toContain(text('en', 'nav.skipToContent'));
    });
  }
});

describe('the logout dialog', () => {
  it("'No' returns focus to the logout button", async () => {
    const { userMenu, page } = await e2e.openSite({ language: 'en', signedInAs: demoUser });
    await page.goto('/user/contract');
    await expectVisible(userMenu.logoutItem);
    await userMenu.logoutItem.focus();
    await page.keyboard.press('Enter');
    await expectVisible(userMenu.logoutDialog);
    await userMenu.logoutDialog.getByRole('button', { name: text('en', 'user:logout.no') }).press('Enter');
    await expectHidden(userMenu.logoutDialog);
    await expect.poll(() => focused(page)).toContain(text('en', 'user:menu.logout'));
  });

  it("'No' on a phone returns focus to the menu button (the menu folded away with the press)", async () => {
    const { userMenu, page } = await e2e.openSite({ language: 'en', signedInAs: demoUser, width: 375 });
    await page.goto('/user/contract');
    await userMenu.expand();
    await userMenu.logoutItem.focus();
    await page.keyboard.press('Enter');
    await expectVisible(userMenu.logoutDialog);
    await userMenu.logoutDialog.getByRole('button', { name: text('en', 'user:logout.no') }).press('Enter');
    await expectHidden(userMenu.logoutDialog);
    await expect.poll(() => userMenu.toggleButton.evaluate((element) => element === document.activeElement)).toBe(true);
  });
});

describe('paying', () => {
  it('moves focus to the invoice that replaces the pay button', async () => {
    const token = await accessTokenFor(e2e.baseUrl, demoUser);
    const draft = await completeDraft(apiOf(e2e.baseUrl), undefined, token);
    const page = await e2e.openPage({ language: 'en', signedInAs: demoUser });
    await page.goto(`/insurance/buy/${draft.application.id}/100/contract/`);
    await page.getByRole('main').getByRole('button', { name: text('en', 'buy:actions.next') }).click();
    await page.getByRole('radio', { name: new RegExp(`^${text('en', 'payment:choice.provider.qpay')}`) }).check();
    const pay = page.getByRole('main').getByRole('button', { name: new RegExp(`^${text('en', 'buy:payment.pay', { amount: '.*' })}`) });
    await pay.focus();
    await page.keyboard.press('Enter');
    await expectVisible(page.getByRole('heading', { name: text('en', 'buy:payment.invoiceTitle') }));
    await expect.poll(() => focused(page)).toContain(text('en', 'buy:payment.invoiceTitle'));
  });
});

describe('removing a beneficiary', () => {
  it('moves focus to the first field of the beneficiary left', async () => {
    const token = await accessTokenFor(e2e.baseUrl, demoUser);
    const draft = await completeDraft(apiOf(e2e.baseUrl), undefined, token);
    const page = await e2e.openPage({ language: 'en', signedInAs: demoUser });
    await page.goto(`/insurance/buy/${draft.application.id}/100/contract/`);
    const remove = page.getByRole('button', { name: text('en', 'beneficiaries:removeFor', { number: 2 }) });
    await expectVisible(remove);
    await remove.focus();
    await page.keyboard.press('Enter');
    await expectHidden(remove);
    const first = page.getByRole('group', { name: text('en', 'beneficiaries:beneficiary', { number: 1 }) }).getByRole('textbox').first();
    await expect.poll(() => first.evaluate((element) => element === document.activeElement)).toBe(true);
  });

  it("moves focus to the last name of the one before when the last is removed, not to that one's Remove button, and not under the header", async () => {
    const token = await accessTokenFor(e2e.baseUrl, demoUser);
    const draft = await completeDraft(apiOf(e2e.baseUrl), undefined, token);
    const page = await e2e.openPage({ language: 'en', signedInAs: demoUser, width: 375 });
    await page.goto(`/insurance/buy/${draft.application.id}/100/contract/`);
    await page.getByRole('main').getByRole('button', { name: text('en', 'buy:contract.add') }).click();
    const remove = page.getByRole('button', { name: text('en', 'beneficiaries:removeFor', { number: 3 }) });
    await remove.focus();
    await page.keyboard.press('Enter');
    await expectHidden(remove);
    // The second one can still be removed: one more Enter must not do it.
    await expectVisible(page.getByRole('button', { name: text('en', 'beneficiaries:removeFor', { number: 2 }) }));
    const lastName = page
      .getByRole('group', { name: text('en', 'beneficiaries:beneficiary', { number: 2 }) })
      .getByRole('textbox', { name: text('en', 'beneficiaries:lastName') });
    await expect.poll(() => lastName.evaluate((element) => element === document.activeElement)).toBe(true);
    // Scrolled to, it shows below the sticky header on a phone (WCAG 2.4.11), not behind it.
    const header = await page.locator('.site-header').boundingBox();
    const field = await lastName.boundingBox();
    expect(field?.y ?? 0).toBeGreaterThanOrEqual((header?.y ?? 0) + (header?.height ?? 0));
  });
});
