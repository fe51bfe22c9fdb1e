/** A 375 px wide phone: nothing scrolls sideways, the header's menu folds away. */
import { describe, expect, it } from 'vitest';
import { useBrowserTests } from './support/harness';
import { LANGUAGES } from './support/texts';
import { demoUser } from './support/users';
import { expectPath, expectVisible, scrollWidth } from './support/ui';

const e2e = useBrowserTests();
const PHONE = 375;

describe.each(LANGUAGES)('on a 375 px screen in %s', (language) => {
  it('the home page does not scroll sideways, with the cookie banner shown', async () => {
    const { home, cookieBanner, page } = await e2e.openSite({ width: PHONE, language, cookieChoiceStored: false });
    await home.open();
    await cookieBanner.waitUntilShown();
    await home.mobileSection.scrollIntoViewIfNeeded();
    await expectVisible(home.mobileComingSoon);
    expect(await scrollWidth(page)).toBeLessThanOrEqual(PHONE);
  });

  it('the header folds its links behind a menu button that opens them', async () => {
    const { home, header, language: ui, page } = await e2e.openSite({ width: PHONE, language });
    await home.open();
    const menuButton = header.banner.getByRole('button', { name: ui.name('nav.menu') });
    await expectVisible(menuButton);
    expect(await header.loginLink.isVisible()).toBe(false);
    await menuButton.click();
    await expectVisible(header.loginLink);
    await header.loginLink.click();
    await expectPath(page, '/login');
    expect(await scrollWidth(page)).toBeLessThanOrEqual(PHONE);
  });

  it('the login page does not scroll sideways, with an error shown', async () => {
    const { loginPage, page } = await e2e.openSite({ width: PHONE, language });
    await loginPage.open();
    await loginPage.logInAs('not-an-email', '');
    await expectVisible(page.getByRole('main').getByText(/\S/).first());
    expect(await scrollWidth(page)).toBeLessThanOrEqual(PHONE);
  });

  it('the user pages do not scroll sideways, menu closed or open', async () => {
    const { userMenu, page } = await e2e.openSite({ width: PHONE, language, signedInAs: demoUser });
    for (const path of ['/user/contract', '/user/claim', '/credit-med']) {
      await page.goto(path);
      await expectVisible(userMenu.toggleButton);
      await page.getByRole('main').getByRole('heading', { level: 1 }).waitFor();
      expect(await scrollWidth(page), path).toBeLessThanOrEqual(PHONE);
    }
    await userMenu.expand();
    expect(await scrollWidth(page)).toBeLessThanOrEqual(PHONE);
  });
});
