/**
 * Credit Med payments in the browser (issue 13): the card bought by bank card on the card sandbox
 * (the card becomes active, and pre-claims open), and a rejected pre-claim repaid by QR (what is owed
 * and why, the QR, the payment arriving, nothing owed after it), at 375 px and on a desktop. Both pay
 * through the shared payment step (issue 22): the providers as radio cards, MostMoney asking the phone.
 */
import { describe, expect, it } from 'vitest';
import { cardSummarySchema } from '../../contract/credit-med-card.schema';
import { formatMnt } from '../../contract/money';
import { CARD_SEED_USERS } from '../../server/credit-med/cards/seed';
import { axeViolations } from './support/axe';
import { useBrowserTests } from './support/harness';
import { settlePayment } from './support/purchase-api';
import { exactly, text, type Language } from './support/texts';
import { expectPath, expectVisible, pathOf, scrollWidth, searchOf } from './support/ui';
import { accessTokenFor, demoUser } from './support/users';

const e2e = useBrowserTests();
const t = (language: Language, key: string, values?: Record<string, string | number>) => text(language, `creditMedCard:${key}`, values);
/** The pay button with the amount as the page writes it (its spaces may be no-break ones). */
const payButton = (language: Language, amount: number) =>
  new RegExp(`^${t(language, 'pay.submit', { amount: 'AMOUNT' }).replace('AMOUNT', formatMnt(amount, language).replace(/\s/g, '\\s'))}$`);

describe('Credit Med payments', () => {
  it('buys the card by bank card on the card sandbox: the card becomes active and pre-claims open (English, 375 px)', async () => {
    // The bank's sandbox page has no favicon; Chromium asks for /favicon.ico anyway.
    e2e.expectProblem(/favicon\.ico/, 'console error');
    const user = { ...CARD_SEED_USERS.noActiveCard, creditMedEligible: true };
    const page = await e2e.openPage({ language: 'en', width: 375, signedInAs: user });
    await page.goto('/credit-med/buy');
    await expectVisible(page.getByRole('heading', { level: 1, name: exactly(t('en', 'buy.title')) }));
    await expectVisible(page.getByTestId('card-fee'));
    expect(await page.getByTestId('card-fee').textContent()).toMatch(/20,000/);
    expect(await scrollWidth(page)).toBeLessThanOrEqual(375);
    expect((await axeViolations(page)).map((v) => v.id)).toEqual([]);

    await page.getByRole('radio', { name: new RegExp(`^${text('en', 'payment:choice.provider.khan')}`) }).check();
    await page.getByRole('button', { name: payButton('en', 20_000) }).click();
    await expectPath(page, /^\/sandbox\/khan\/[0-9a-f-]{36}\/$/);
    await page.getByRole('button', { name: 'Pay / Төлөх' }).click();
    await expectPath(page, '/credit-med/buy/status');
    expect(new URLSearchParams(searchOf(page)).get('invoice')).toMatch(/^[0-9a-f-]{36}$/);
    await expectVisible(page.getByTestId('paid-notice').filter({ hasText: t('en', 'status.cardPaid') }));
    expect(await scrollWidth(page)).toBeLessThanOrEqual(375);

    // No longer 'no active card': the pre-claim form opens with the full balance.
    await page.goto('/credit-med/pre-claim');
    await expectVisible(page.getByTestId('available-balance'));
    expect(await page.getByTestId('available-balance').textContent()).toMatch(/5,000,000/);
    // And the card cannot be bought twice.
    await page.goto('/credit-med/buy');
    await expectVisible(page.getByText(t('en', 'buy.alreadyPaid')));
  }, 90_000);

  it('repays a rejected pre-claim by QR: what is owed and why, the QR, then nothing owed (Mongolian)', async () => {
    const token = await accessTokenFor(e2e.baseUrl, demoUser);
    const summary = cardSummarySchema.parse(await (await fetch(`${e2e.baseUrl}/api/credit-med/card/`, { headers: { Authorization: `Bearer ${token}` } })).json());
    const owed = summary.pre_claims.find((p) => p.status === 'to_be_paid_by_insured');
    if (!owed) throw new Error('the demo user has no pre-claim to repay');
    const balanceBefore = summary.card?.balance ?? 0;

    const page = await e2e.openPage({ language: 'mn', signedInAs: demoUser });
    await page.goto(`/credit-med/pre-claim/repay/${owed.id}`);
    await expectVisible(page.getByRole('heading', { level: 1, name: exactly(t('mn', 'repay.title')) }));
    expect(await page.getByTestId('owed-amount').textContent()).toMatch(/180,000/);
    await expectVisible(page.getByText(t('mn', `reasons.${owed.rejection_reason ?? ''}`)));
    expect((await axeViolations(page)).map((v) => v.id)).toEqual([]);

    await page.getByRole('main').getByRole('button', { name: exactly(t('mn', 'repay.start')) }).click();
    await expectPath(page, `/credit-med/pre-claim/repay/${owed.id}/buy`);
    // MostMoney asks the phone its request goes to, as every payer's step does; a short one is refused.
    const pay = page.getByRole('button', { name: payButton('mn', 180_000) });
    await page.getByRole('radio', { name: new RegExp(`^${text('mn', 'payment:choice.provider.mostmoney')}`) }).check();
    const phone = page.getByLabel(text('mn', 'payment:choice.phone'));
    await expectVisible(phone);
    await phone.fill('9911');
    await pay.click();
    await expectVisible(page.getByText(text('mn', 'validation:phone', { min: 8 })));
    expect(pathOf(page)).toBe(`/credit-med/pre-claim/repay/${owed.id}/buy`);
    await page.getByRole('radio', { name: new RegExp(`^${text('mn', 'payment:choice.provider.qpay')}`) }).check();
    await pay.click();
    await expectPath(page, '/credit-med/buy/status');
    const invoiceId = new URLSearchParams(searchOf(page)).get('invoice') ?? '';
    const qr = page.getByRole('img', { name: text('mn', 'payment:pending.qpay.qrAlt', { amount: '₮\u00a0180,000' }) });
    await expectVisible(qr);
    expect((await axeViolations(page)).map((v) => v.id)).toEqual([]);

    // The QR provider reports the payment; the page, polling, shows it.
    await settlePayment(e2e.baseUrl, invoiceId, 'paid');
    await expectVisible(page.getByTestId('paid-notice').filter({ hasText: t('mn', 'status.repayPaid') }), 20_000);

    // Nothing is owed any more, and the amount is back on the card.
    await page.goto(`/credit-med/pre-claim/repay/${owed.id}`);
    await expectVisible(page.getByText(t('mn', 'repay.nothingOwed'), { exact: false }));
    await expectVisible(page.locator('[data-status="paid"]'));
    expect(await page.getByRole('main').getByRole('button', { name: exactly(t('mn', 'repay.start')) }).count()).toBe(0);
    const after = cardSummarySchema.parse(await (await fetch(`${e2e.baseUrl}/api/credit-med/card/`, { headers: { Authorization: `Bearer ${token}` } })).json());
    expect(after.card?.balance).toBe(balanceBefore + 180_000);
    expect(after.owed_total).toBe(0);
  }, 90_000);
});
