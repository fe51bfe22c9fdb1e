/**
 * A next step after every error (issue 24 items 5, 6 and 9), on one build and one server: a refused
 * claim says how to appeal, by when and whom to call, and its notification says it was refused; the
 * mining registration's refusals say what to do and whom to call, and a shared /ot/register link loads
 * the programme; the QR page has back, 'pay another way' and cancel, with the banks named in Mongolian;
 * someone else's Credit Med contract link is 'not found', is not remembered, and does not take over the
 * user's own contract link; a forgotten transaction password is replaced with a code sent to the phone.
 */
import { describe, expect, it } from 'vitest';
import { CLAIM_APPEAL_DAYS } from '../../contract/claim.schema';
import { verifyPassword } from '../../server/auth/password';
import { MINING_PROGRAMME } from '../../server/mining/programme';
import { MINING_ALREADY_REGISTERED, MINING_ROSTER } from '../../server/mining/seed';
import { contact } from '../../src/platform/config';
import { useBrowserTests } from './support/harness';
import { PaymentStatusPage } from './support/pages/payment-status.page';
import { Phone } from './support/pages/phone.page';
import { purchaseStorage, startPurchase } from './support/purchase-api';
import { exactly, text, type Language } from './support/texts';
import { expectPath, expectVisible, storageItem } from './support/ui';
import { demoUser, type TestUser } from './support/users';

const e2e = useBrowserTests();

/** The server refuses with 4xx on purpose in some tests; Chromium logs each as a console error. */
const expectRefusals = () => e2e.expectProblem(/status of (404|409|422)/, 'console error');

const cmNoCard: TestUser = { email: 'cm-nocard@example.com', password: 'credit1234', name: 'Ганбат Төгөлдөр', creditMedEligible: true };

/** The contact line: the insurer's phone and e-mail as links. */
const expectContactLinks = async (within: ReturnType<import('playwright-core').Page['getByRole']>) => {
  await expectVisible(within.getByRole('link', { name: exactly(contact.phone) }));
  expect(await within.getByRole('link', { name: exactly(contact.phone) }).getAttribute('href')).toBe(contact.phoneHref);
  expect(await within.getByRole('link', { name: exactly(contact.email) }).getAttribute('href')).toBe(`mailto:${contact.email}`);
};

describe('a refused claim', () => {
  it('says how to appeal, by when and whom to call; its notification says it was refused', async () => {
    const page = await e2e.openPage({ language: 'en', signedInAs: demoUser });
    const { rows } = await e2e.db.query<{ id: number; resolved_at: Date }>("select id, resolved_at from claims where claim_number = 'CL-2025-000233'");
    const claim = rows[0];
    if (!claim) throw new Error('the seeded refused claim is missing');
    await page.goto(`/user/claim/detail/${claim.id}`);
    const refusal = page.getByRole('region', { name: text('en', 'claims:detail.refusedTitle') });
    await expectVisible(refusal.getByRole('heading', { name: exactly(text('en', 'claims:detail.appealTitle')) }));
    const by = new Date(claim.resolved_at);
    by.setDate(by.getDate() + CLAIM_APPEAL_DAYS);
    const date = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' }).format(by);
    await expectVisible(refusal.getByText(text('en', 'claims:detail.appeal', { days: CLAIM_APPEAL_DAYS, date })));
    await expectContactLinks(refusal);

    await page.goto('/user/notifications');
    const refused = page.getByRole('main').getByText(text('en', 'notifications:kinds.claim_stage_changed.outcomes.refused.text', { claim_number: 'CL-2025-000233' }));
    await expectVisible(refused);
    // Its heading (after the unread marker) says so too.
    await expectVisible(page.getByRole('main').getByRole('heading', { level: 2, name: text('en', 'notifications:kinds.claim_stage_changed.outcomes.refused.title') }).first());
  });
});

describe('the mining registration', () => {
  const open = async (language: Language, path = '/ot/') => {
    const page = await e2e.openPage({ language, width: 375 });
    await page.goto(path);
    return page;
  };
  const t = (language: Language, key: string) => text(language, `ot:${key}`);
  const fillRegister = async (page: Awaited<ReturnType<typeof open>>, language: Language, register: string, phone: string) => {
    const group = page.getByRole('group', { name: exactly(t(language, 'register.registerNumber')) });
    await expectVisible(group);
    await group.getByRole('combobox').nth(0).selectOption(register.charAt(0));
    await group.getByRole('combobox').nth(1).selectOption(register.charAt(1));
    await group.getByRole('textbox').fill(register.slice(2));
    await page.getByRole('main').getByRole('textbox', { name: exactly(t(language, 'register.phone')) }).fill(phone);
    await page.getByRole('main').getByRole('button', { name: exactly(t(language, 'register.submit')) }).click();
  };

  it('tells someone off the roster or already registered what to do and whom to call', async () => {
    expectRefusals();
    const page = await open('mn', '/ot/register');
    const person = MINING_ROSTER[0];
    if (!person) throw new Error('no roster employee');
    await fillRegister(page, 'mn', person.register, '95009911');
    await expectVisible(page.getByRole('main').getByText(exactly(t('mn', 'nextStep.rosterNoMatch'))));
    await expectContactLinks(page.getByRole('main'));

    await fillRegister(page, 'mn', MINING_ALREADY_REGISTERED.register, MINING_ALREADY_REGISTERED.phone);
    await expectVisible(page.getByRole('main').getByText(exactly(t('mn', 'nextStep.alreadyRegistered'))));
    await expectContactLinks(page.getByRole('main'));
  });

  it('opened straight at /ot/register (a shared link) names the product and asks for the children it covers', async () => {
    const page = await open('en', '/ot/register');
    const person = MINING_ROSTER[1];
    if (!person) throw new Error('no roster employee');
    await fillRegister(page, 'en', person.register, person.phone);
    await expectPath(page, '/ot/register/confirm');
    const phone = new Phone(e2e.baseUrl, person.phone);
    await page.getByRole('textbox', { name: exactly(text('en', 'code:label')) }).fill(await phone.latestCode());
    await page.getByRole('main').getByRole('button', { name: exactly(text('en', 'code:submit')) }).click();
    await expectPath(page, '/ot/register/insurer');
    await expectVisible(page.getByRole('main').locator('dd').filter({ hasText: exactly(MINING_PROGRAMME.product.name.en) }));
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
    const ways = site.page.getByRole('navigation', { name: exactly(text('mn', 'payment:pending.ways.label')) });
    expect(await ways.getByRole('link', { name: exactly(text('mn', 'payment:pending.ways.back')) }).getAttribute('href')).toBe('/insurance/buy/payment/?provider=qpay');
    expect(await ways.getByRole('link', { name: exactly(text('mn', 'payment:pending.ways.otherWay')) }).getAttribute('href')).toBe('/insurance/buy/payment/');
    await ways.getByRole('button', { name: exactly(text('mn', 'payment:pending.ways.cancel')) }).click();
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
    const page = await e2e.openPage({ language: 'en', signedInAs: cmNoCard });
    await page.goto(`/credit-med/request/contract/${foreign}`);
    await expectVisible(page.getByText(exactly(text('en', 'creditMedRequest:contract.notFound'))));
    await expectVisible(page.getByRole('main').getByRole('button', { name: exactly(text('en', 'creditMedRequest:contract.openOwn')) }));
    expect(await page.getByRole('main').getByRole('button', { name: exactly(text('en', 'creditMedRequest:retry')) }).count()).toBe(0);
    // Nothing of it is stored for the next visit.
    await page.waitForTimeout(500);
    const stored = await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('flow:credit-med-request:')));
    expect(await Promise.all(stored.map((key) => storageItem(page, key)))).toEqual([]);

    // The user's own contract link stays theirs (a signed contract: the wizard says so).
    await page.goto(`/credit-med/request/contract/${own}`);
    await expectVisible(page.getByRole('heading', { level: 1, name: exactly(text('en', 'creditMedRequest:signed.title')) }));
    await expectPath(page, `/credit-med/request/contract/${own}`);

    // 'Open my request' from a foreign link leads to the user's own contract.
    await page.goto(`/credit-med/request/contract/${foreign}`);
    await page.getByRole('main').getByRole('button', { name: exactly(text('en', 'creditMedRequest:contract.openOwn')) }).click();
    await expectVisible(page.getByRole('heading', { level: 1, name: exactly(text('en', 'creditMedRequest:signed.title')) }));
    await expectPath(page, `/credit-med/request/contract/${own}`);
  });
});

describe('a forgotten Credit Med transaction password', () => {
  it('is replaced from settings with a code sent to the phone, the new one held to the signing rules', async () => {
    const { rows } = await e2e.db.query<{ id: number; phone: string }>('select id, phone from users where email = $1', [cmNoCard.email]);
    const user = rows[0];
    if (!user) throw new Error('cm-nocard is missing');
    const t = (key: string) => text('mn', `creditMedCard:txReset.${key}`);
    const page = await e2e.openPage({ language: 'mn', signedInAs: cmNoCard, width: 375 });
    await page.goto('/user/settings');
    await page.getByRole('main').getByRole('link', { name: exactly(text('mn', 'account:settings.txPassword.action')) }).click();
    await expectPath(page, '/credit-med/tx-password');
    await expectVisible(page.getByRole('heading', { level: 1, name: exactly(text('mn', 'code:title')) }));
    const phone = new Phone(e2e.baseUrl, user.phone);
    await page.getByRole('textbox', { name: exactly(text('mn', 'code:label')) }).fill(await phone.latestCode());
    await page.getByRole('main').getByRole('button', { name: exactly(text('mn', 'code:submit')) }).click();
    const password = page.getByLabel(exactly(t('password')));
    await password.fill('123456');
    await page.getByLabel(exactly(t('passwordConfirm'))).fill('123456');
    await page.getByRole('main').getByRole('button', { name: exactly(t('save')) }).click();
    await expectVisible(page.getByText(text('mn', 'validation:txPasswordSimple')));
    await password.fill('730591');
    await page.getByLabel(exactly(t('passwordConfirm'))).fill('730591');
    await page.getByRole('main').getByRole('button', { name: exactly(t('save')) }).click();
    await expectVisible(page.getByText(exactly(t('done'))));
    const { rows: contracts } = await e2e.db.query<{ hash: string }>('select transaction_password_hash as hash from credit_med_contracts where user_id = $1', [user.id]);
    expect(await verifyPassword('730591', contracts[0]?.hash ?? '')).toBe(true);
    expect(await page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0)).toBeLessThanOrEqual(375);
  });
});
