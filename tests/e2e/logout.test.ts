/** Logging out from the side menu, with its confirmation. */
import { describe, expect, it } from 'vitest';
import { useBrowserTests } from './support/harness';
import { demoUser } from './support/users';
import { expectPath, expectStorage, expectVisible, pathOf, storageItem } from './support/ui';

const e2e = useBrowserTests();

describe('logging out', () => {
  it('asks first; No keeps the user signed in where they were', async () => {
    const { userMenu, page } = await e2e.openSite({ signedInAs: demoUser });
    await page.goto('/user/contract');
    await expectVisible(userMenu.navigation);
    await userMenu.logoutAsk();
    await expectVisible(userMenu.logoutDialog);
    await expectVisible(userMenu.logoutQuestion);
    await userMenu.logoutCancel();
    expect(await userMenu.logoutDialog.count()).toBe(0);
    expect(pathOf(page)).toBe('/user/contract');
    expect(await storageItem(page, 'access')).toMatch(/\S+/);
    await expectVisible(userMenu.navigation);
  });

  it('Yes signs the user out, goes home and shows the login link again', async () => {
    const { userMenu, header, page } = await e2e.openSite({ signedInAs: demoUser, language: 'en' });
    await page.goto('/user/notifications');
    await expectVisible(userMenu.navigation);
    await userMenu.logOut({ confirm: true });
    await expectPath(page, '/');
    await expectVisible(header.banner.getByRole('link', { name: 'Log in', exact: true }));
    expect(await header.myInsurancesLink.count()).toBe(0);
    await expectStorage(page, 'access', null);
    expect(await storageItem(page, 'name')).toBeNull();
  });

  it('leaves the user signed out: the user area asks for a login again', async () => {
    const { userMenu, loginPage, page } = await e2e.openSite({ signedInAs: demoUser });
    await page.goto('/user/contract');
    await expectVisible(userMenu.navigation);
    await userMenu.logOut({ confirm: true });
    await expectPath(page, '/');
    await page.goto('/user/contract');
    await expectPath(page, '/login');
    await loginPage.waitUntilShown();
  });

  it('works from the collapsed menu on a 375 px screen', async () => {
    const { userMenu, header, page } = await e2e.openSite({ signedInAs: demoUser, width: 375 });
    await page.goto('/user/contract');
    await userMenu.expand();
    await userMenu.logOut({ confirm: true });
    await expectPath(page, '/');
    await expectStorage(page, 'access', null);
    await header.banner.waitFor();
  });
});
