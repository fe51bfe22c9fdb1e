/** A 401 from any call but the token call signs the user out (SPEC 4 and 8). */
import { describe, expect, it } from 'vitest';
import { useBrowserTests } from './support/harness';
import { text } from './support/texts';
import { demoUser } from './support/users';
import { expectHidden, expectPath, expectStorage, expectVisible, pathOf } from './support/ui';

const e2e = useBrowserTests();

const refuse = { status: 401, contentType: 'application/json', body: JSON.stringify({ message: { key: 'errors.unauthorized' } }) };

describe('a 401 answer', () => {
  it('to the profile call sends the user to /login, signed out, with the session-expired alert', async () => {
    e2e.expectProblem(/status of 401.*\/api\/profile\//, 'console error');
    const { alert, loginPage, page } = await e2e.openSite({ signedInAs: demoUser, language: 'en' });
    await page.route('**/api/profile/', (route) => route.fulfill(refuse));
    await page.goto('/user/contract');
    await expectPath(page, '/login');
    await expectVisible(alert.dialog);
    await expectVisible(alert.dialog.getByText(text('en', 'errors:sessionExpired'), { exact: true }));
    await expectStorage(page, 'access', null);
    await alert.dismiss();
    await loginPage.waitUntilShown();
  });

  it('while using the site (eligibility call) signs the user out too, in Mongolian', async () => {
    e2e.expectProblem(/status of 401.*\/api\/preclaim\/eligible\//, 'console error');
    const { alert, page } = await e2e.openSite({ signedInAs: demoUser, language: 'mn' });
    await page.route('**/api/preclaim/eligible/', (route) => route.fulfill(refuse));
    await page.goto('/user/feedback');
    await expectPath(page, '/login');
    await expectVisible(alert.dialog.getByText(text('mn', 'errors:sessionExpired'), { exact: true }));
    await expectStorage(page, 'access', null);
  });

  it('keeps where the user was as ?next=, so signing in again returns there', async () => {
    e2e.expectProblem(/status of 401.*\/api\/profile\//, 'console error');
    const { alert, loginPage, page } = await e2e.openSite({ signedInAs: demoUser, language: 'en' });
    await page.route('**/api/profile/', (route) => route.fulfill(refuse));
    await page.goto('/user/settings');
    await expectPath(page, '/login');
    expect(new URL(page.url()).searchParams.get('next')).toBe('/user/settings');
    await alert.dismiss();
    await page.unroute('**/api/profile/');
    await loginPage.logInAs(demoUser.email, demoUser.password);
    await expectPath(page, '/user/settings');
  });

  it('after login: the user area asks for a login again once signed out', async () => {
    e2e.expectProblem(/status of 401.*\/api\/profile\//, 'console error');
    const { alert, loginPage, userMenu, page } = await e2e.openSite({ signedInAs: demoUser });
    await page.goto('/user/contract');
    await expectVisible(userMenu.navigation);
    // The server stops accepting the token (e.g. it expired): the next call answers 401.
    await page.route('**/api/profile/', (route) => route.fulfill(refuse));
    await page.reload();
    await expectPath(page, '/login');
    await alert.dismiss();
    await page.unroute('**/api/profile/');
    await loginPage.logInAs(demoUser.email, demoUser.password);
    await expectPath(page, '/user/contract');
    await expectVisible(userMenu.navigation);
  });
});

describe('a stored token the server rejects', () => {
  it('is silently treated as signed out on a public page (SPEC 8)', async () => {
    e2e.expectProblem(/status of 401.*\/api\/token\/verify\//, 'console error');
    const { header, alert, page } = await e2e.openSite({ localStorage: { access: 'not-a-valid-token' } });
    await page.goto('/');
    // Either outcome becomes visible: the signed-out header on the home page, or an alert elsewhere.
    await expectVisible(header.loginLink.or(alert.dialog).first());
    await expectStorage(page, 'access', null);
    expect(await alert.dialog.count(), 'no session-expired alert for a visitor').toBe(0);
    expect(pathOf(page), 'the visitor stays on the home page').toBe('/');
    await expectVisible(header.loginLink);
  });

  it('sends a visitor on a login-required page to /login', async () => {
    e2e.expectProblem(/status of 401.*\/api\/token\/verify\//, 'console error');
    const { loginPage, page } = await e2e.openSite({ localStorage: { access: 'not-a-valid-token' } });
    await page.goto('/user/contract');
    await expectPath(page, '/login');
    await loginPage.waitUntilShown();
    await expectStorage(page, 'access', null);
    await expectHidden(page.getByRole('navigation', { name: text('mn', 'user:menu.label') }));
  });
});
