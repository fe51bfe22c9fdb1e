/**
 * A next step after every error (issue 24 items 5, 6 and 9), on one build and one server: a refused
 * claim says how to appeal, by when and whom to call, and its notification says it was refused; the
 * mining registration's refusals say what to do and whom to call, and a shared /ot/register link loads
 * the programme; the QR page has back, 'pay another way' and cancel, with the banks named in Mongolian;
 * someone else's Credit Med contract link is 'not found', is not remembered, and does not take over the
 * user's own contract link; a forgotten transaction password is replaced with a code sent to the phone.
 */
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CLAIM_APPEAL_DAYS } from '../../contract/claim.schema';
import { splitRegister } from '../../contract/validation';
import { verifyPassword } from '../../server/auth/password';
import { MINING_PROGRAMME } from '../../server/mining/programme';
import { MINING_ALREADY_REGISTERED, MINING_ROSTER } from '../../server/mining/seed';
import { contact } from '../../src/platform/config';
import { useBrowserTests } from './support/harness';
import { ClaimDetailPage } from './support/pages/claims.page';
import { ContactLinks } from './support/pages/contact.part';
import { CreditMedRequestWizard } from './support/pages/credit-med-request.page';
import { TxResetPage } from './support/pages/credit-med-tx-reset.page';
import { MiningRegistrationWizard } from './support/pages/mining-registration.page';
import { NotificationsPage } from './support/pages/notifications.page';
import { PaymentStatusPage } from './support/pages/payment-status.page';
import { Phone } from './support/pages/phone.page';
import { SettingsPage } from './support/pages/settings.page';
import { purchaseStorage, startPurchase } from './support/purchase-api';
import { exactly, text, type Language } from './support/texts';
import { expectPath, expectVisible, storageItem } from './support/ui';
import { demoUser, type TestUser } from './support/users';

const e2e = useBrowserTests();

/** The server refuses with 4xx on purpose in some tests; Chromium logs each as a console error. */
const expectRefusals = () => e2e.expectProblem(/status of (404|409|422)/, 'console error');

const cmNoCard: TestUser = { email: 'cm-nocard@example.com', password: 'credit1234', name: 'Ганбат Төгөлдөр', creditMedEligible: true };

/** The contact line: the insurer's phone and e-mail as links. */
const expectContactLinks = async (within: Locator) => {
  const links = new ContactLinks(within);
  await expectVisible(links.phone);
  expect(await links.phone.getAttribute('href')).toBe(contact.phoneHref);
  expect(await links.email.getAttribute('href')).toBe(`mailto:${contact.email}`);
};

describe('a refused claim', () => {
  it('says how to appeal, by when and whom to call; its notification says it was refused', async () => {
    const { language: ui } = await e2e.openSite({ language: 'en', signedInAs: demoUser });
    const { rows } = await e2e.db.query<{ id: number; resolved_at: Date }>("select id, resolved_at from claims where claim_number = 'CL-2025-000233'");
    const refused = rows[0];
    if (!refused) throw new Error('the seeded refused claim is missing');
    const claim = new ClaimDetailPage(ui);
    await claim.open(refused.id);
    await expectVisible(claim.appealHeading);
    const by = new Date(refused.resolved_at);
    by.setDate(by.getDate() + CLAIM_APPEAL_DAYS);
    const date = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' }).format(by);
    await expectVisible(claim.inRefusal(claim.t('detail.appeal', { days: CLAIM_APPEAL_DAYS, date })));
    await expectContactLinks(claim.refusal);

    const notifications = new NotificationsPage(ui);
    await notifications.open();
    await expectVisible(notifications.text(ui.t('notifications:kinds.claim_stage_changed.outcomes.refused.text', { claim_number: 'CL-2025-000233' }), notifications.main));
    // Its heading (after the unread marker) says so too.
    await expectVisible(notifications.itemHeading(ui.t('notifications:kinds.claim_stage_changed.outcomes.refused.title')).first());
  });
});

describe('the mining registration', () => {
  const open = async (language: Language, path = '/ot/') => {
    const { page, language: ui } = await e2e.openSite({ language, width: 375 });
    await page.goto(path);
    return new MiningRegistrationWizard(ui);
  };
  const register = async (wizard: MiningRegistrationWizard, person: { register: string; phone: string }) => {
    await expectVisible(wizard.registerGroup);
    await wizard.registerChangeRegister(splitRegister(person.register));
    await wizard.registerChangePhone(person.phone);
    await wizard.registerSubmit();
  };

  it('tells someone off the roster or already registered what to do and whom to call', async () => {
    expectRefusals();
    const wizard = await open('mn', '/ot/register');
    const person = MINING_ROSTER[0];
    if (!person) throw new Error('no roster employee');
    await register(wizard, { register: person.register, phone: '95009911' });
    await expectVisible(wizard.text('nextStep.rosterNoMatch'));
    await expectContactLinks(wizard.main);

    await register(wizard, MINING_ALREADY_REGISTERED);
    await expectVisible(wizard.text('nextStep.alreadyRegistered'));
    await expectContactLinks(wizard.main);
  });

  it('opened straight at /ot/register (a shared link) names the product and asks for the children it covers', async () => {
    const wizard = await open('en', '/ot/register');
    const person = MINING_ROSTER[1];
    if (!person) throw new Error('no roster employee');
    await register(wizard, person);
    await expectPath(wizard.page, '/ot/register/confirm');
    await wizard.codeStep.enterCode(await new Phone(e2e.baseUrl, person.phone).latestCode());
    await expectPath(wizard.page, '/ot/register/insurer');
    await expectVisible(wizard.listedValue(MINING_PROGRAMME.product.name.en));
  });
});

describe('the QR payment page', () => {
  it('names the bank apps in Mongolian and offers back, another way and cancelling, which fails the request as cancelled', async () => {
    const purchase = await startPurchase(e2e.baseUrl, { provider: 'qpay' });
    const site = await e2e.openSite({ language: 'mn', localStorage: purchaseStorage(purchase) });
    const status = new PaymentStatusPage(site.language);
    await status.open(purchase.invoice.id, 'qpay');
    await status.seeQrCode();
    expect(await status.bankAppNames()).toEqual(purchase.invoice.deep_links.map((link) => text('mn', `claims:banks.${link.bank}`)));
    expect(await status.wayLink('back').getAttribute('href')).toBe('/insurance/buy/payment/?provider=qpay');
    expect(await status.wayLink('otherWay').getAttribute('href')).toBe('/insurance/buy/payment/');
    await status.cancelPayment();
    await status.seeFailed('cancelled');
    const invoice = (await (await fetch(`${e2e.baseUrl}/api/invoices/${purchase.invoice.id}/`, { headers: { 'X-Application-Key': purchase.accessKey ?? '' } })).json()) as { status: string };
    expect(invoice.status).toBe('failed');
  });
});

describe('a Credit Med contract link', () => {
  it("of someone else is 'not found' with the way to the user's own request, is not remembered, and leaves the user's own link alone", async () => {
    expectRefusals();
    const contractOf = async (email: string) =>
      (await e2e.db.query<{ id: number }>('select c.id from credit_med_contracts c join users u on u.id = c.user_id where u.email = $1', [email])).rows[0]?.id;
    const own = await contractOf(cmNoCard.email);
    const foreign = await contractOf(demoUser.email);
    if (!own || !foreign) throw new Error('seeded contracts missing');
    const { page, language: ui } = await e2e.openSite({ language: 'en', signedInAs: cmNoCard });
    const request = new CreditMedRequestWizard(ui);
    await page.goto(`/credit-med/request/contract/${foreign}`);
    await expectVisible(request.shown(exactly(request.t('contract.notFound'))));
    await expectVisible(request.button('contract.openOwn'));
    expect(await request.button('retry').count()).toBe(0);
    // Nothing of it is stored for the next visit.
    await page.waitForTimeout(500);
    const stored = await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('flow:credit-med-request:')));
    expect(await Promise.all(stored.map((key) => storageItem(page, key)))).toEqual([]);

    // The user's own contract link stays theirs (a signed contract: the wizard says so).
    await page.goto(`/credit-med/request/contract/${own}`);
    await expectVisible(request.heading('signed.title'));
    await expectPath(page, `/credit-med/request/contract/${own}`);

    // 'Open my request' from a foreign link leads to the user's own contract.
    await page.goto(`/credit-med/request/contract/${foreign}`);
    await request.requestOpen();
    await expectVisible(request.heading('signed.title'));
    await expectPath(page, `/credit-med/request/contract/${own}`);
  });
});

describe('a forgotten Credit Med transaction password', () => {
  it('is replaced from settings with a code sent to the phone, the new one held to the signing rules', async () => {
    const { rows } = await e2e.db.query<{ id: number; phone: string }>('select id, phone from users where email = $1', [cmNoCard.email]);
    const user = rows[0];
    if (!user) throw new Error('cm-nocard is missing');
    const { page, language: ui } = await e2e.openSite({ language: 'mn', signedInAs: cmNoCard, width: 375 });
    const reset = new TxResetPage(ui);
    const settings = new SettingsPage(ui);
    await settings.open();
    await settings.replaceTxPassword();
    await expectPath(page, '/credit-med/tx-password');
    await reset.codeStep.waitUntilShown();
    await reset.codeStep.enterCode(await new Phone(e2e.baseUrl, user.phone).latestCode());
    await reset.passwordChange('password', '123456');
    await reset.passwordChange('password_confirm', '123456');
    await reset.passwordSubmit();
    await expectVisible(reset.shown(ui.t('validation:txPasswordSimple')));
    await reset.passwordChange('password', '730591');
    await reset.passwordChange('password_confirm', '730591');
    await reset.passwordSubmit();
    await expectVisible(reset.done);
    const { rows: contracts } = await e2e.db.query<{ hash: string }>('select transaction_password_hash as hash from credit_med_contracts where user_id = $1', [user.id]);
    expect(await verifyPassword('730591', contracts[0]?.hash ?? '')).toBe(true);
    expect(await page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0)).toBeLessThanOrEqual(375);
  });
});
