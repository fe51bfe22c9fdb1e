/** /user/settings end to end: each section saves for real and says so. */
import { describe, expect, it } from 'vitest';
import { useBrowserTests } from './support/harness';
import { CookieBanner } from './support/pages/cookie-banner.page';
import { Phone } from './support/pages/phone.page';
import { SettingsPage } from './support/pages/settings.page';
import { text } from './support/texts';
import { expectHidden, expectPath, expectStorage, expectVisible, storageItem } from './support/ui';
import { demoUser, secondUser } from './support/users';

const e2e = useBrowserTests();

const expectRefusals = () => e2e.expectProblem(/status of (401|409|422)/, 'console error');

describe('settings', () => {
  it('changes the password with the current one; this session goes on, older ones end, the new password logs in', async () => {
    expectRefusals();
    // Another device, signed in before the change.
    const other = await e2e.openSite({ language: 'en', signedInAs: secondUser });
    const site = await e2e.openSite({ language: 'en', signedInAs: secondUser });
    const settings = new SettingsPage(site.language);
    await settings.open();
    expect((await settings.fact('profile', 'name').innerText()).trim()).toBe(secondUser.name);

    await settings.changePassword('not-the-password', 'changed1');
    await expectVisible(settings.error('password'));
    expect((await settings.error('password').innerText()).trim()).toBe('The current password is incorrect.');
    expect(await settings.passwordField('current').inputValue()).toBe('not-the-password');

    await settings.changePassword(secondUser.password, 'changed1', 'changed2');
    await expectVisible(settings.section('password').getByText('Passwords do not match', { exact: true }));

    const oldToken = await storageItem(site.page, 'access');
    await settings.changePassword(secondUser.password, 'changed1');
    await expectVisible(settings.saved('password'));
    expect((await settings.saved('password').innerText()).trim()).toBe('Your password was changed. You were logged out on your other devices.');
    expect(await settings.passwordField('current').inputValue()).toBe('');
    await expect.poll(() => storageItem(site.page, 'access')).not.toBe(oldToken);
    expect(await new Phone(e2e.baseUrl, '88094512').latestText()).toMatch(/^Нар Лайф: таны нууц үг солигдлоо\./);

    // This session still works after a reload; the other device's session has ended.
    await site.page.reload();
    await settings.waitUntilShown();
    await other.page.goto('/user/settings');
    await expectPath(other.page, '/login');

    const login = (await e2e.openSite({ language: 'en' })).loginPage;
    await login.open();
    await login.logInAs(secondUser.email, secondUser.password);
    await expectVisible(login.errorAlert);
    await login.logInAndWait(secondUser.email, 'changed1');
  });

  it('saves the login e-mail and says so', async () => {
    expectRefusals();
    const site = await e2e.openSite({ language: 'mn', signedInAs: demoUser });
    const settings = new SettingsPage(site.language);
    await settings.open();
    expect(await settings.emailField.inputValue()).toBe(demoUser.email);
    await settings.saveEmail(secondUser.email, demoUser.password);
    await expectVisible(settings.error('profile'));
    expect((await settings.error('profile').innerText()).trim()).toBe(text('mn', 'errors:emailTaken'));

    // A wrong current password changes nothing.
    await settings.saveEmail('bat.demo@example.com', 'not-the-password');
    await expect.poll(async () => (await settings.error('profile').innerText()).trim()).toBe(text('mn', 'errors:currentPasswordIncorrect'));
    await settings.saveEmail('bat.demo@example.com', demoUser.password);
    await expectVisible(settings.saved('profile'));
    expect(await settings.profilePasswordField.inputValue()).toBe('');
    expect((await settings.saved('profile').innerText()).trim()).toBe(text('mn', 'account:settings.profile.saved'));
    await site.page.reload();
    await settings.waitUntilShown();
    expect(await settings.emailField.inputValue()).toBe('bat.demo@example.com');
    // Back to the seeded e-mail, so the other tests of this file can log the demo user in.
    await settings.saveEmail(demoUser.email, demoUser.password);
    await expectVisible(settings.saved('profile'));
  });

  it('saves the language: the site switches and says so in the new language', async () => {
    const site = await e2e.openSite({ language: 'mn', signedInAs: demoUser });
    const settings = new SettingsPage(site.language);
    await settings.open();
    await settings.saveLanguage('English');
    await expect.poll(() => site.page.evaluate(() => document.documentElement.lang)).toBe('en');
    site.language.current = 'en';
    await expectVisible(settings.saved('language'));
    expect((await settings.saved('language').innerText()).trim()).toBe('Your language was saved.');
    await expectStorage(site.page, 'language', 'en');
    const account = (await (
      await fetch(`${e2e.baseUrl}/api/account/`, { headers: { Authorization: `Bearer ${await storageItem(site.page, 'access')}` } })
    ).json()) as { language: string };
    expect(account.language).toBe('en');
  });

  it('re-opens the cookie choice and says when it is saved', async () => {
    const site = await e2e.openSite({ language: 'en', signedInAs: demoUser });
    const settings = new SettingsPage(site.language);
    const banner = new CookieBanner(site.language);
    await settings.open();
    expect((await settings.fact('cookies', 'marketingAnalytics').innerText()).trim()).toBe('Not allowed');
    await expectHidden(banner.region);

    await settings.changeCookiesButton.click();
    await banner.waitUntilShown();
    await expectVisible(settings.section('cookies').getByText('Make your choice in the cookie settings panel at the bottom of the page.'));
    await banner.acceptWith({ marketing: true });
    await expectVisible(settings.saved('cookies'));
    expect((await settings.saved('cookies').innerText()).trim()).toBe('Your cookie choices were saved.');
    expect((await settings.fact('cookies', 'marketingAnalytics').innerText()).trim()).toBe('Allowed');
    expect((await settings.fact('cookies', 'personalInformation').innerText()).trim()).toBe('Not allowed');
    await expectStorage(site.page, 'cookieMarketingAnalytics', 'true');
  });
});
