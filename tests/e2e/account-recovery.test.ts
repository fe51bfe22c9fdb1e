/** Username and password recovery end to end, with the messages the phone receives. */
import { describe, expect, it } from 'vitest';
import { useBrowserTests } from './support/harness';
import { CodeStep } from './support/pages/code-step.page';
import { ForgotPasswordPage } from './support/pages/forgot-password.page';
import { ForgotUsernamePage } from './support/pages/forgot-username.page';
import { Phone } from './support/pages/phone.page';
import { text } from './support/texts';
import { expectPath, expectVisible, storageItem } from './support/ui';
import { demoUser, secondUser } from './support/users';

const e2e = useBrowserTests();

/** The seeded accounts' register numbers and phones (server/db/seed-data.ts). */
const demo = { ...demoUser, register: 'УБ90061512', phone: '99112233' };
const second = { ...secondUser, register: 'ЧД88120345', phone: '88094512' };

const expectRefusals = () => e2e.expectProblem(/status of (401|422|429)/, 'console error');

describe('forgot username', () => {
  it('sends the username to the phone and says so', async () => {
    const site = await e2e.openSite({ language: 'en' });
    const forgot = new ForgotUsernamePage(site.language);
    const phone = new Phone(e2e.baseUrl, second.phone);
    await forgot.open();
    await forgot.askFor(second.register, second.phone);
    await expectVisible(forgot.successNotice);
    expect((await forgot.successNotice.innerText()).trim()).toBe('Your login e-mail was sent to the phone 88****12.');
    expect(await phone.latestText()).toBe(`Nar Life: your login e-mail is ${second.email}`);
  });

  it("says one 'Information is incorrect.' for an unknown register number and a wrong phone in Mongolian, keeping the form", async () => {
    expectRefusals();
    const site = await e2e.openSite({ language: 'mn' });
    const forgot = new ForgotUsernamePage(site.language);
    await forgot.open();
    await forgot.askFor('ЮЯ12345678', '99998888');
    await expectVisible(forgot.errorAlert);
    expect((await forgot.errorAlert.innerText()).trim()).toBe(text('mn', 'errors:invalidInformation'));
    const answered = site.page.waitForResponse((response) => response.url().includes('/api/account/forgot-username/'));
    await forgot.askFor(demo.register, '99998888');
    expect((await answered).status()).toBe(422);
    await expect.poll(async () => (await forgot.errorAlert.innerText()).trim()).toBe(text('mn', 'errors:invalidInformation'));
    expect(await forgot.phoneField.inputValue()).toBe('99998888');
  });

  it('says the same in English', async () => {
    expectRefusals();
    const site = await e2e.openSite({ language: 'en' });
    const forgot = new ForgotUsernamePage(site.language);
    await forgot.open();
    await forgot.askFor('ЮЯ12345678', '99998888');
    await expectVisible(forgot.errorAlert);
    expect((await forgot.errorAlert.innerText()).trim()).toBe('Information is incorrect.');
    const answered = site.page.waitForResponse((response) => response.url().includes('/api/account/forgot-username/'));
    await forgot.askFor(demo.register, '99998888');
    expect((await answered).status()).toBe(422);
    await expect.poll(async () => (await forgot.errorAlert.innerText()).trim()).toBe('Information is incorrect.');
  });
});

describe('forgot password', () => {
  it('resets the password with the code, says a message was sent to the phone, and the new password logs in', async () => {
    expectRefusals();
    const site = await e2e.openSite({ language: 'en' });
    const { page, alert, loginPage } = site;
    const forgot = new ForgotPasswordPage(site.language);
    const codeStep = new CodeStep(site.language);
    const phone = new Phone(e2e.baseUrl, demo.phone);

    await forgot.open();
    await forgot.identify(demo.email, demo.phone);
    await expectPath(page, '/login/forgot-password/code');
    await expectVisible(codeStep.leadFor(demo.phone));
    expect((await phone.latestText()).startsWith('Nar Life: your password recovery code is')).toBe(true);

    // A reload on the code step keeps the flow.
    await page.reload();
    await codeStep.waitUntilShown();
    await codeStep.enterCode(await phone.latestCode());
    await expectPath(page, '/login/forgot-password/new-password');
    await forgot.chooseNewPassword('newpass1', 'newpass2');
    await expectVisible(page.getByText('Passwords do not match', { exact: true }));
    await forgot.chooseNewPassword('newpass1');

    await expectPath(page, '/login');
    await expectVisible(alert.dialog.getByText('Your password has been changed. A message was sent to your phone. Log in with your new password.'));
    expect((await phone.latestText()).startsWith('Nar Life: your password was changed.')).toBe(true);
    await alert.dismiss();
    expect(await storageItem(page, 'flow:forgot-password:guest')).toBeNull();

    await loginPage.logInAs(demo.email, demo.password);
    await expectVisible(loginPage.errorAlert);
    await loginPage.logInAndWait(demo.email, 'newpass1');
  });

  it('sends deep links to the first incomplete step and shows the SPEC messages in Mongolian', async () => {
    expectRefusals();
    const site = await e2e.openSite({ language: 'mn' });
    const forgot = new ForgotPasswordPage(site.language);
    await site.page.goto('/login/forgot-password/new-password');
    await expectVisible(forgot.heading);
    await expectPath(site.page, '/login/forgot-password');

    await forgot.identify('nobody@example.com', '99998888');
    await expectVisible(forgot.errorAlert);
    expect((await forgot.errorAlert.innerText()).trim()).toBe(text('mn', 'errors:invalidInformation'));
    const answered = site.page.waitForResponse((response) => response.url().includes('/api/account/forgot-password/'));
    await forgot.identify(second.email, '99998888');
    expect((await answered).status()).toBe(422);
    await expect.poll(async () => (await forgot.errorAlert.innerText()).trim()).toBe(text('mn', 'errors:invalidInformation'));
    expect(await forgot.emailField.inputValue()).toBe(second.email);
  });
});
