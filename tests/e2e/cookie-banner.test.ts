/** The 'Cookie Settings' banner: shown until a choice is stored, both ways of choosing, the policy modal. */
import { describe, expect, it } from 'vitest';
import { useBrowserTests } from './support/harness';
import { expectHidden, expectStorage, expectVisible, storageItem } from './support/ui';

const e2e = useBrowserTests();

const firstVisit = { cookieChoiceStored: false } as const;

const storedChoice = async (page: Parameters<typeof storageItem>[0]) => ({
  accepted: await storageItem(page, 'cookieAccepted'),
  personalInformation: await storageItem(page, 'cookiePersonalInformation'),
  marketingAnalytics: await storageItem(page, 'cookieMarketingAnalytics'),
});

describe('the cookie banner', () => {
  it("is titled 'Cookie Settings' with the SPEC's choices in English, both unchecked", async () => {
    const { home, cookieBanner, page } = await e2e.openSite({ ...firstVisit, language: 'en' });
    await home.open();
    const banner = page.getByRole('region', { name: 'Cookie Settings', exact: true });
    await expectVisible(banner);
    await expectVisible(banner.getByRole('button', { name: 'Reject all', exact: true }));
    await expectVisible(banner.getByRole('button', { name: 'Accept', exact: true }));
    expect(await banner.getByRole('checkbox', { name: 'Personal information', exact: true }).isChecked()).toBe(false);
    expect(await banner.getByRole('checkbox', { name: 'Marketing analytics', exact: true }).isChecked()).toBe(false);
    await expectVisible(cookieBanner.policyLink);
  });

  it("'Reject all' stores the choice with both categories off and hides the banner for good", async () => {
    const { home, cookieBanner, page } = await e2e.openSite(firstVisit);
    await home.open();
    await cookieBanner.waitUntilShown();
    // A box ticked before rejecting does not count.
    await cookieBanner.tick('personalInformation');
    await cookieBanner.rejectAll();
    expect(await storedChoice(page)).toEqual({ accepted: 'true', personalInformation: 'false', marketingAnalytics: 'false' });

    await page.reload();
    await home.waitUntilLoaded();
    await expectHidden(cookieBanner.region);
    expect(await cookieBanner.region.count()).toBe(0);
  });

  it("'Accept' stores the boxes as ticked (marketing only) and hides the banner for good", async () => {
    const { home, cookieBanner, page } = await e2e.openSite(firstVisit);
    await home.open();
    await cookieBanner.waitUntilShown();
    await cookieBanner.acceptWith({ marketing: true });
    expect(await storedChoice(page)).toEqual({ accepted: 'true', personalInformation: 'false', marketingAnalytics: 'true' });

    await page.reload();
    await home.waitUntilLoaded();
    expect(await cookieBanner.region.count()).toBe(0);
  });

  it("'Accept' with both boxes ticked stores both, in English too", async () => {
    const { home, cookieBanner, page } = await e2e.openSite({ ...firstVisit, language: 'en' });
    await home.open();
    await cookieBanner.waitUntilShown();
    await cookieBanner.acceptWith({ personalInformation: true, marketing: true });
    expect(await storedChoice(page)).toEqual({ accepted: 'true', personalInformation: 'true', marketingAnalytics: 'true' });
  });

  it("'Accept' without ticking anything stores both categories off", async () => {
    const { home, cookieBanner, page } = await e2e.openSite(firstVisit);
    await home.open();
    await cookieBanner.waitUntilShown();
    await cookieBanner.acceptWith();
    await expectStorage(page, 'cookieAccepted', 'true');
    expect(await storedChoice(page)).toEqual({ accepted: 'true', personalInformation: 'false', marketingAnalytics: 'false' });
  });

  it('is shown on the login page too until a choice is made', async () => {
    const { loginPage, cookieBanner, page } = await e2e.openSite(firstVisit);
    await loginPage.open();
    await cookieBanner.waitUntilShown();
    await cookieBanner.rejectAll();
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await cookieBanner.region.count()).toBe(0);
  });

  it('opens the cookie policy from its link and closes it with OK, the banner still waiting for a choice', async () => {
    const { home, cookieBanner, language, page } = await e2e.openSite(firstVisit);
    await home.open();
    await cookieBanner.waitUntilShown();
    await cookieBanner.openPolicy();
    await expectVisible(cookieBanner.policyDialog.getByRole('heading', { name: language.name('cookies:policy.marketingTitle') }));
    await cookieBanner.closePolicyWithOk();
    await expectVisible(cookieBanner.region);
    expect(await storageItem(page, 'cookieAccepted')).toBeNull();
  });
});
