/** Route access (SPEC 2): login-required, signed-in-only, non-login-only and unknown paths (issue 24: a 404 page). */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowserTests } from './support/harness';
import { text } from './support/texts';
import { demoUser } from './support/users';
import { expectPath, expectVisible, pathOf, searchOf } from './support/ui';

const e2e = useBrowserTests();

/** Every path the main frame shows, client-side navigations included, in order. */
const recordPaths = (page: Page) => {
  const seen: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame !== page.mainFrame()) return;
    const path = new URL(frame.url()).pathname;
    if (seen.at(-1) !== path) seen.push(path);
  });
  return seen;
};

describe('a visitor', () => {
  it('is sent from a login-required page (/user/contract) to /login', async () => {
    const { loginPage, page } = await e2e.openSite();
    await page.goto('/user/contract');
    await expectPath(page, '/login');
    await loginPage.waitUntilShown();
    expect(new URLSearchParams(searchOf(page)).get('next')).toBe('/user/contract');
  });

  it('is sent from the Credit Med area to /login as well', async () => {
    const { loginPage, page } = await e2e.openSite();
    await page.goto('/credit-med');
    await expectPath(page, '/login');
    await loginPage.waitUntilShown();
  });

  it('is sent from a signed-in-only fee page (/fee) to the home page', async () => {
    const { home, page } = await e2e.openSite();
    await page.goto('/fee');
    await expectPath(page, '/');
    await home.waitUntilLoaded();
  });

  it('is shown the 404 page on an unknown path (status 404 from the server), with a way home', async () => {
    e2e.expectProblem(/status of 404/, 'console error');
    const { home, page } = await e2e.openSite();
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await expectVisible(page.getByRole('heading', { level: 1, name: text('mn', 'notFound.title') }));
    expect(pathOf(page)).toBe('/no/such/page');
    await page.getByRole('link', { name: text('mn', 'notFound.home'), exact: true }).click();
    await expectPath(page, '/');
    await home.waitUntilLoaded();
  });

  it('returns after logging in to the page they wanted (?next)', async () => {
    const { loginPage, userMenu, page } = await e2e.openSite();
    await page.goto('/user/settings');
    await expectPath(page, '/login');
    await loginPage.waitUntilShown();
    await loginPage.logInAs(demoUser.email, demoUser.password);
    await expectPath(page, '/user/settings');
    await expectVisible(userMenu.navigation);
    expect(await userMenu.activeItemNames()).toEqual([await userMenu.item('settings').innerText()]);
  });

  it('is not sent to another site by a crafted ?next', async () => {
    const { loginPage, page } = await e2e.openSite();
    await loginPage.open({ next: '//example.com/steal' });
    await loginPage.logInAs(demoUser.email, demoUser.password);
    await expectPath(page, '/user/contract');
    expect(new URL(page.url()).host).toBe(new URL(e2e.baseUrl).host);
  });

  it('can open public pages (insurance list, mining registration)', async () => {
    const { page } = await e2e.openSite();
    for (const path of ['/insurance/', '/ot/']) {
      await page.goto(path);
      await page.getByRole('main').getByRole('heading', { level: 1 }).waitFor();
      expect(pathOf(page)).toBe(path);
    }
  });
});

describe('a signed-in user', () => {
  it('is sent from /login to /user, then on to /user/contract', async () => {
    const { userMenu, page } = await e2e.openSite({ signedInAs: demoUser });
    const seen = recordPaths(page);
    await page.goto('/login');
    await expectPath(page, '/user/contract');
    await expectVisible(userMenu.navigation);
    expect(seen).toEqual(['/login', '/user', '/user/contract']);
  });

  it('is sent from the other non-login pages (/login/register) to the user area', async () => {
    const { page } = await e2e.openSite({ signedInAs: demoUser });
    await page.goto('/login/register');
    await expectPath(page, '/user/contract');
  });

  it('may open the fee pages', async () => {
    const { page } = await e2e.openSite({ signedInAs: demoUser });
    await page.goto('/fee');
    await page.getByRole('main').getByRole('heading', { level: 1 }).waitFor();
    expect(pathOf(page)).toBe('/fee');
  });

  it('sees "my insurances" instead of "log in" in the header', async () => {
    const { home, header } = await e2e.openSite({ signedInAs: demoUser });
    await home.open();
    await expectVisible(header.myInsurancesLink);
    expect(await header.loginLink.count()).toBe(0);
    expect(await header.myInsurancesLink.getAttribute('href')).toBe('/user/contract');
  });
});
