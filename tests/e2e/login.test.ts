/** Logging in at /login: success, wrong credentials (translated) and a client-side e-mail check. */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowserTests } from './support/harness';
import { text } from './support/texts';
import { demoUser } from './support/users';
import { expectPath, expectVisible, storageItem } from './support/ui';

const e2e = useBrowserTests();

/** Counts the login calls the page makes. */
const countTokenCalls = (page: Page) => {
  const calls = { count: 0 };
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/token/') calls.count += 1;
  });
  return calls;
};

describe('logging in', () => {
  it('takes the demo user to their insurances with the side menu showing their name', async () => {
    const { loginPage, userMenu, page } = await e2e.openSite();
    await loginPage.open();
    await loginPage.logInAs(demoUser.email, demoUser.password);
    await expectPath(page, '/user/contract');
    await expectVisible(userMenu.navigation.or(userMenu.toggleButton).first());
    await expectVisible(userMenu.signedInName(demoUser.name));
    expect(await storageItem(page, 'access')).toMatch(/\S+/);
    expect(await storageItem(page, 'name')).toBe(demoUser.name);
  });

  it('accepts the e-mail in capitals and with spaces around it', async () => {
    const { loginPage, page } = await e2e.openSite();
    await loginPage.open();
    await loginPage.logInAs(`  ${demoUser.email.toUpperCase()} `, demoUser.password);
    await expectPath(page, '/user/contract');
  });

  it("says 'The login email or password is incorrect.' for a wrong password and keeps the e-mail", async () => {
    e2e.expectProblem(/status of 401.*\/api\/token\//, 'console error');
    const { loginPage, page } = await e2e.openSite({ language: 'en' });
    await loginPage.open();
    await loginPage.logInAs(demoUser.email, 'not-the-password');
    await expectVisible(loginPage.errorAlert);
    expect((await loginPage.errorAlert.innerText()).trim()).toBe('The login email or password is incorrect.');
    expect(await loginPage.emailField.inputValue()).toBe(demoUser.email);
    expect(page.url()).toMatch(/\/login$/);
  });

  it('tells how long to wait after too many failed attempts', async () => {
    e2e.expectProblem(/status of 401.*\/api\/token\//, 'console error');
    e2e.expectProblem(/status of 429.*\/api\/token\//, 'console error');
    const { loginPage, page } = await e2e.openSite({ language: 'en' });
    await loginPage.open();
    for (let i = 0; i < 5; i++) {
      const answered = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/token/');
      await loginPage.logInAs('patient@example.com', `wrong-${i}`);
      expect((await answered).status()).toBe(401);
    }
    await expect.poll(async () => (await loginPage.errorAlert.innerText()).trim()).toBe('The login email or password is incorrect.');
    await loginPage.logInAs('patient@example.com', 'wrong-again');
    await expect.poll(async () => (await loginPage.errorAlert.innerText().catch(() => '')).trim()).toBe('Too many failed attempts. Please try again in 15 min.');
  });

  it('says the same in Mongolian', async () => {
    e2e.expectProblem(/status of 401.*\/api\/token\//, 'console error');
    const { loginPage } = await e2e.openSite({ language: 'mn' });
    await loginPage.open();
    await loginPage.logInAs('nobody@example.com', 'whatever1');
    await expectVisible(loginPage.errorAlert);
    expect((await loginPage.errorAlert.innerText()).trim()).toBe(text('mn', 'errors:wrongCredentials'));
    expect(await loginPage.emailField.inputValue()).toBe('nobody@example.com');
  });

  it('translates the shown error when the language changes', async () => {
    e2e.expectProblem(/status of 401.*\/api\/token\//, 'console error');
    const { loginPage, language } = await e2e.openSite({ language: 'mn' });
    await loginPage.open();
    await loginPage.logInAs(demoUser.email, 'wrong-password');
    await expectVisible(loginPage.errorAlert);
    await language.toggle();
    await expect.poll(async () => (await loginPage.errorAlert.innerText()).trim()).toBe('The login email or password is incorrect.');
  });

  it('shows a field error for an invalid e-mail without calling the server', async () => {
    const { loginPage, page } = await e2e.openSite({ language: 'en' });
    const calls = countTokenCalls(page);
    await loginPage.open();
    await loginPage.logInAs('not-an-email', 'secret123');
    await expectVisible(page.getByText('E-mail is invalid', { exact: true }));
    expect(await loginPage.emailField.getAttribute('aria-invalid')).toBe('true');
    expect(await loginPage.emailError()).toBe('E-mail is invalid');
    expect(calls.count).toBe(0);
    expect(await loginPage.emailField.inputValue()).toBe('not-an-email');
  });

  it('asks for the password when it is left empty, without calling the server', async () => {
    const { loginPage, language, page } = await e2e.openSite({ language: 'mn' });
    const calls = countTokenCalls(page);
    await loginPage.open();
    await loginPage.logInAs(demoUser.email, '');
    await expectVisible(page.getByText(language.name('validation:passwordRequired')));
    expect(calls.count).toBe(0);
  });

  it('clears the e-mail error once the e-mail is corrected and then logs in', async () => {
    const { loginPage, page } = await e2e.openSite({ language: 'en' });
    await loginPage.open();
    await loginPage.logInAs('demo@', demoUser.password);
    await expectVisible(page.getByText('E-mail is invalid', { exact: true }));
    await loginPage.emailField.fill(demoUser.email);
    await expect.poll(() => page.getByText('E-mail is invalid', { exact: true }).count()).toBe(0);
    await loginPage.submit();
    await expectPath(page, '/user/contract');
  });
});
