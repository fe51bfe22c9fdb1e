/**
 * Registration end to end: the form, the code sent to the phone in the contract, the resend wait,
 * wrong and expired codes, resume after a reload, URL steps, and the SPEC's refusals.
 */
import { describe, expect, it } from 'vitest';
import { DEMO_POLICYHOLDERS, type DemoPolicyholder } from '../../server/account/seed';
import { useBrowserTests } from './support/harness';
import { CodeStep } from './support/pages/code-step.page';
import { Phone } from './support/pages/phone.page';
import { RegisterPage, type Registrant } from './support/pages/register.page';
import { text } from './support/texts';
import { expectHidden, expectPath, expectVisible, storageItem } from './support/ui';

const e2e = useBrowserTests();

/** One policyholder per test: codes and resend waits of one test never touch another's. */
const people = DEMO_POLICYHOLDERS.filter((person) => person.productId !== null);
let nextPerson = 0;
const nextRegistrant = (): Registrant & { person: DemoPolicyholder } => {
  const person = people[nextPerson++];
  if (!person) throw new Error('no demo policyholder left for this file');
  return { person, email: `reg-${person.partnerId}@example.com`, password: 'secret12', register: person.register, phone: person.phone };
};

const open = async (language: 'mn' | 'en', options: { clock?: boolean } = {}) => {
  const site = await e2e.openSite({ language, clock: options.clock ?? false });
  const registerPage = new RegisterPage(site.language);
  const codeStep = new CodeStep(site.language);
  await registerPage.open();
  return { ...site, registerPage, codeStep };
};

/** The server refuses with 4xx on purpose in these tests; Chromium logs each as a console error. */
const expectRefusals = () => e2e.expectProblem(/status of (409|422|429)/, 'console error');

describe('registering', () => {
  it('sends a code to the phone and signs the person in when it is confirmed', async () => {
    const { registerPage, codeStep, page, alert } = await open('en');
    const registrant = nextRegistrant();
    const phone = new Phone(e2e.baseUrl, registrant.phone);
    await registerPage.register(registrant);

    await expectPath(page, '/login/register/confirm');
    await expectVisible(codeStep.leadFor(registrant.phone));
    expect(await codeStep.resendButton.isDisabled()).toBe(true);
    expect((await phone.latestText()).startsWith('Nar Life: your registration code is')).toBe(true);

    await codeStep.enterCode(await phone.latestCode());
    await expectPath(page, '/user/contract');
    await expectVisible(alert.dialog.getByText('Your registration is complete. Welcome!', { exact: true }));
    await alert.dismiss();
    // Signed in as the new person: their name in the side menu (the policies list may name them too, as the insured).
    await expectVisible(page.locator('.side-menu__name').getByText(registrant.person.name, { exact: true }));
    expect(await storageItem(page, 'access')).toMatch(/\S+/);
    expect(await storageItem(page, 'flow:registration:guest')).toBeNull();
  });

  it('does the same in Mongolian, with the message in Mongolian', async () => {
    const { registerPage, codeStep, page, alert } = await open('mn');
    const registrant = nextRegistrant();
    const phone = new Phone(e2e.baseUrl, registrant.phone);
    await registerPage.register(registrant);
    await codeStep.waitUntilShown();
    expect((await phone.latestText()).startsWith('Нар Лайф: бүртгэлийн баталгаажуулах код')).toBe(true);
    await codeStep.enterCode(await phone.latestCode());
    await expectPath(page, '/user/contract');
    await expectVisible(alert.dialog.getByText(text('mn', 'account:register.welcome'), { exact: true }));
  });

  it("says a wrong code is incorrect, keeps it, and translates the message", async () => {
    expectRefusals();
    const { registerPage, codeStep, language } = await open('en');
    const registrant = nextRegistrant();
    const phone = new Phone(e2e.baseUrl, registrant.phone);
    await registerPage.register(registrant);
    await codeStep.waitUntilShown();
    const wrong = await phone.wrongCode();
    await codeStep.enterCode(wrong);
    await expectVisible(codeStep.errorAlert);
    expect((await codeStep.errorAlert.innerText()).trim()).toBe('The code is incorrect. Attempts left: 4.');
    expect(await codeStep.codeField.inputValue()).toBe(wrong);
    await language.toggle();
    await expect.poll(async () => (await codeStep.errorAlert.innerText()).trim()).toBe(text('mn', 'errors:codeIncorrect', { attempts: 4 }));
  });

  it('says an expired code has expired, and a new code works', async () => {
    expectRefusals();
    const { registerPage, codeStep, page } = await open('en', { clock: true });
    const registrant = nextRegistrant();
    const phone = new Phone(e2e.baseUrl, registrant.phone);
    await registerPage.register(registrant);
    await codeStep.waitUntilShown();
    const code = await phone.latestCode();
    await phone.passTime(5 * 60 + 1);
    await codeStep.enterCode(code);
    await expectVisible(codeStep.errorAlert);
    expect((await codeStep.errorAlert.innerText()).trim()).toBe('The code has expired. Please request a new one.');

    await page.clock.runFor(60_000);
    await codeStep.resend();
    await expectVisible(codeStep.notice.getByText('A new code was sent to your phone.'));
    await phone.waitForMessages(2);
    await codeStep.enterCode(await phone.latestCode());
    await expectPath(page, '/user/contract');
  });

  it('counts down 60 s before a resend, keeps counting after a reload, and the server holds to its own wait', async () => {
    expectRefusals();
    const { registerPage, codeStep, page } = await open('en', { clock: true });
    const registrant = nextRegistrant();
    const phone = new Phone(e2e.baseUrl, registrant.phone);
    await registerPage.register(registrant);
    await codeStep.waitUntilShown();
    await expectVisible(codeStep.resendCountdown(60).or(codeStep.resendCountdown(59)));
    expect(await codeStep.resendButton.isDisabled()).toBe(true);

    await page.clock.runFor(20_000);
    await expectVisible(codeStep.resendCountdown(40).or(codeStep.resendCountdown(39)));
    await page.reload();
    await codeStep.waitUntilShown();
    expect(new URL(page.url()).pathname).toBe('/login/register/confirm');
    await expectVisible(codeStep.resendCountdown(40).or(codeStep.resendCountdown(39)));

    // The page's clock says the wait is over; the server's does not (only seconds really passed).
    await page.clock.runFor(40_000);
    await expectVisible(codeStep.resendReadyButton);
    await codeStep.resend();
    await expectVisible(codeStep.errorAlert);
    expect((await codeStep.errorAlert.innerText()).trim()).toMatch(/^You can request a new code in (5\d|60) s\.$/);
    await expectVisible(codeStep.resendButton.and(page.getByRole('button', { disabled: true })));
    expect(await phone.messages()).toHaveLength(1);

    // Once the server's wait has passed too, the new code goes out and the countdown starts again.
    await phone.passTime(60);
    await page.clock.runFor(60_000);
    await codeStep.resend();
    await expectVisible(codeStep.notice.getByText('A new code was sent to your phone.'));
    await phone.waitForMessages(2);
    await expectVisible(codeStep.resendCountdown(60).or(codeStep.resendCountdown(59)));
  });

  it('keeps the steps in the URL: a deep link goes to the form, back and forward move between steps', async () => {
    const { registerPage, codeStep, page } = await open('en');
    await page.goto('/login/register/confirm');
    await registerPage.waitUntilShown();
    await expectPath(page, '/login/register');

    const registrant = nextRegistrant();
    await registerPage.register(registrant);
    await expectPath(page, '/login/register/confirm');
    await codeStep.waitUntilShown();

    await page.goBack();
    await expectPath(page, '/login/register');
    await registerPage.waitUntilShown();
    expect(await registerPage.emailField.inputValue()).toBe(registrant.email);
    // The password is forgotten once the server has it.
    expect(await registerPage.passwordField.inputValue()).toBe('');

    await page.goForward();
    await expectPath(page, '/login/register/confirm');
    await expectVisible(codeStep.leadFor(registrant.phone));
    await codeStep.changeDetailsLink.click();
    await expectPath(page, '/login/register');
  });
});

describe('registration refusals', () => {
  it("says 'You are already registered.', and one 'Information is incorrect.' for a wrong phone or no policy, keeping the form", async () => {
    expectRefusals();
    const { registerPage, page } = await open('en');
    const message = async () => {
      await expectVisible(registerPage.errorAlert);
      return (await registerPage.errorAlert.innerText()).trim();
    };
    await registerPage.register({ email: 'another-demo@example.com', password: 'secret12', register: 'УБ90061512', phone: '99112233' });
    expect(await message()).toBe('You are already registered.');
    expect(await registerPage.emailField.inputValue()).toBe('another-demo@example.com');

    const person = people.at(-1)!;
    await registerPage.register({ email: 'someone@example.com', password: 'secret12', register: person.register, phone: '88887777' });
    await expect.poll(message).toBe('Information is incorrect.');
    expect(await registerPage.phoneField.inputValue()).toBe('88887777');

    const withoutPolicy = DEMO_POLICYHOLDERS.find((holder) => holder.productId === null)!;
    const answered = page.waitForResponse((response) => response.url().includes('/api/account/register/'));
    await registerPage.register({ email: 'someone@example.com', password: 'secret12', register: withoutPolicy.register, phone: withoutPolicy.phone });
    expect((await answered).status()).toBe(422);
    await expect.poll(message).toBe('Information is incorrect.');
  });

  it('checks the form in the page first, in Mongolian too', async () => {
    const calls: string[] = [];
    const { registerPage, page } = await open('mn');
    page.on('request', (request) => {
      if (request.url().includes('/api/account/')) calls.push(request.url());
    });
    await registerPage.fillIn({ email: 'someone@example.com', password: '12345', register: 'УЕ95031218', phone: '9900' }, { passwordAgain: '54321' });
    await registerPage.submitButton.click();
    await expectVisible(page.getByText(text('mn', 'validation:passwordMin'), { exact: true }));
    await expectVisible(page.getByText(text('mn', 'validation:passwordMismatch'), { exact: true }));
    await expectVisible(page.getByText(text('mn', 'validation:phone'), { exact: true }));
    expect(calls).toEqual([]);
    await expectHidden(registerPage.errorAlert);
  });
});
