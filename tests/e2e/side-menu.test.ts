/** The user area's side menu: its items, Credit Med only when eligible, the active item, collapsing on phones. */
import { describe, expect, it } from 'vitest';
import { useBrowserTests } from './support/harness';
import { demoUser, secondUser } from './support/users';
import { expectHidden, expectPath, expectVisible } from './support/ui';

const e2e = useBrowserTests();

describe('the side menu', () => {
  it('lists the items of SPEC for the eligible demo user, Credit Med included, and the logout item', async () => {
    const { userMenu, page } = await e2e.openSite({ language: 'en', signedInAs: demoUser });
    await page.goto('/user/contract');
    await expectVisible(userMenu.navigation);
    await expectVisible(userMenu.item('creditMed'));
    expect(await userMenu.itemNames()).toEqual([
      'My insurances',
      'Insurance claim',
      'Feedback',
      'Notifications',
      'Settings',
      'Credit Med',
      'Log out',
    ]);
    await expectVisible(userMenu.signedInName(demoUser.name));
  });

  it('has no Credit Med item for a user who is not eligible', async () => {
    const { userMenu, page } = await e2e.openSite({ language: 'en', signedInAs: secondUser });
    await page.goto('/user/contract');
    await expectVisible(userMenu.navigation);
    await expectVisible(userMenu.signedInName(secondUser.name));
    expect(await userMenu.itemNames()).toEqual(['My insurances', 'Insurance claim', 'Feedback', 'Notifications', 'Settings', 'Log out']);
    expect(await userMenu.item('creditMed').count()).toBe(0);
  });

  it('marks the item of the current path as active, following navigation', async () => {
    const { userMenu, language, page } = await e2e.openSite({ signedInAs: demoUser });
    const label = (key: string) => language.t(`user:menu.${key}`);
    await page.goto('/user/contract');
    await expectVisible(userMenu.navigation);
    expect(await userMenu.activeItemNames()).toEqual([label('myInsurances')]);

    await userMenu.choose('feedback');
    await expectPath(page, '/user/feedback');
    await expect.poll(() => userMenu.activeItemNames()).toEqual([label('feedback')]);

    await userMenu.choose('notifications');
    await expectPath(page, '/user/notifications');
    await expect.poll(() => userMenu.activeItemNames()).toEqual([label('notifications')]);

    await userMenu.choose('creditMed');
    await expectPath(page, '/credit-med');
    await expect.poll(() => userMenu.activeItemNames()).toEqual([label('creditMed')]);

    await userMenu.choose('settings');
    await expectPath(page, '/user/settings');
    await expect.poll(() => userMenu.activeItemNames()).toEqual([label('settings')]);
  });

  it('keeps the claim item active on every /user/claim page and Credit Med on every /credit-med page', async () => {
    const { userMenu, language, page } = await e2e.openSite({ signedInAs: demoUser });
    const label = (key: string) => language.t(`user:menu.${key}`);
    for (const path of ['/user/claim', '/user/claim/list', '/user/claim/create']) {
      await page.goto(path);
      await expectVisible(userMenu.navigation);
      await expect.poll(() => userMenu.activeItemNames(), { message: path }).toEqual([label('claim')]);
    }
    for (const path of ['/credit-med/request', '/credit-med/pre-claim']) {
      await page.goto(path);
      await expectVisible(userMenu.navigation);
      await expect.poll(() => userMenu.activeItemNames(), { message: path }).toEqual([label('creditMed')]);
    }
    // A policy id the user does not hold: the API's 404 is logged by the browser, and the page says so.
    e2e.expectProblem(/status of 404/, 'console error');
    await page.goto('/user/contract/123');
    await expectVisible(userMenu.navigation);
    await expect.poll(() => userMenu.activeItemNames()).toEqual([label('myInsurances')]);
    await expectVisible(page.getByRole('main').getByRole('alert'));
  });

  it('stays open on a wide screen after choosing an item', async () => {
    const { userMenu, page } = await e2e.openSite({ signedInAs: demoUser, width: 1280 });
    await page.goto('/user/contract');
    await expectVisible(userMenu.navigation);
    await userMenu.choose('claim');
    await expectPath(page, '/user/claim');
    await expectVisible(userMenu.item('feedback'));
  });

  it('collapses after choosing an item on a 375 px screen', async () => {
    const { userMenu, page } = await e2e.openSite({ signedInAs: demoUser, width: 375 });
    await page.goto('/user/contract');
    await expectVisible(userMenu.toggleButton);
    await expectHidden(userMenu.navigation);

    await userMenu.expand();
    expect(await userMenu.toggleButton.getAttribute('aria-expanded')).toBe('true');
    await userMenu.choose('feedback');
    await expectPath(page, '/user/feedback');
    await expectHidden(userMenu.navigation);
    expect(await userMenu.toggleButton.getAttribute('aria-expanded')).toBe('false');

    // It opens again, with the new active item.
    await userMenu.expand();
    await expectVisible(userMenu.item('feedback'));
    expect(await userMenu.item('feedback').getAttribute('aria-current')).toBe('page');
  });

  it('switches the language from its own flag', async () => {
    const { userMenu, language, page } = await e2e.openSite({ signedInAs: demoUser });
    await page.goto('/user/contract');
    await expectVisible(userMenu.navigation);
    await language.toggle();
    await expectVisible(page.getByRole('navigation', { name: 'Account menu', exact: true }).getByRole('link', { name: 'My insurances', exact: true }));
  });
});
