/**
 * Credit Med payments in the browser (issue 13): the card bought by bank card on the card sandbox
 * (the card becomes active, and pre-claims open), and a rejected pre-claim repaid by QR (what is owed
 * and why, the QR, the payment arriving, nothing owed after it), at 375 px and on a desktop. Both pay
 * through the shared payment step (issue 22): the providers as radio cards, MostMoney asking the phone.
 */
import { describe, expect, it } from 'vitest';
import { cardSummarySchema } from '../../contract/credit-med-card.schema';
import { CARD_SEED_USERS } from '../../server/credit-med/cards/seed';
import { axeViolations } from './support/axe';
import { useBrowserTests } from './support/harness';
import { CardBuyPage, CardPaymentStatusPage } from './support/pages/credit-med-card-buy.page';
import { PreClaimWizard } from './support/pages/credit-med-pre-claim.page';
import { RepayPage } from './support/pages/credit-med-repay.page';
import { settlePayment } from './support/purchase-api';
import { expectPath, expectVisible, pathOf, scrollWidth, searchOf } from './support/ui';
import { accessTokenFor, demoUser } from './support/users';

const e2e = useBrowserTests();

describe('Credit Med payments', () => {
  it('buys the card by bank card on the card sandbox: the card becomes active and pre-claims open (English, 375 px)', async () => {
    // The bank's sandbox page has no favicon; Chromium asks for /favicon.ico anyway.
    e2e.expectProblem(/favicon\.ico/, 'console error');
    const user = { ...CARD_SEED_USERS.noActiveCard, creditMedEligible: true };
    const { page, language: ui } = await e2e.openSite({ language: 'en', width: 375, signedInAs: user });
    const buy = new CardBuyPage(ui);
    await buy.open();
    await expectVisible(buy.heading);
    await expectVisible(buy.fee);
    expect(await buy.fee.textContent()).toMatch(/20,000/);
    expect(await scrollWidth(page)).toBeLessThanOrEqual(375);
    expect((await axeViolations(page)).map((v) => v.id)).toEqual([]);

    await buy.payment.paymentChoose('khan');
    await buy.payment.paymentSubmit(20_000);
    await expectPath(page, /^\/sandbox\/khan\/[0-9a-f-]{36}\/$/);
    await buy.payment.payOnTheBankSandbox();
    await expectPath(page, '/credit-med/buy/status');
    expect(new URLSearchParams(searchOf(page)).get('invoice')).toMatch(/^[0-9a-f-]{36}$/);
    await expectVisible(new CardPaymentStatusPage(ui).paidNotice('cardPaid'));
    expect(await scrollWidth(page)).toBeLessThanOrEqual(375);

    // No longer 'no active card': the pre-claim form opens with the full balance.
    const preClaim = new PreClaimWizard(ui);
    await preClaim.open();
    await expectVisible(preClaim.availableBalance);
    expect(await preClaim.availableBalance.textContent()).toMatch(/5,000,000/);
    // And the card cannot be bought twice.
    await buy.open();
    await expectVisible(buy.alreadyPaid);
  }, 90_000);

  it('repays a rejected pre-claim by QR: what is owed and why, the QR, then nothing owed (Mongolian)', async () => {
    const token = await accessTokenFor(e2e.baseUrl, demoUser);
    const summary = cardSummarySchema.parse(await (await fetch(`${e2e.baseUrl}/api/credit-med/card/`, { headers: { Authorization: `Bearer ${token}` } })).json());
    const owed = summary.pre_claims.find((p) => p.status === 'to_be_paid_by_insured');
    if (!owed) throw new Error('the demo user has no pre-claim to repay');
    const balanceBefore = summary.card?.balance ?? 0;

    const { page, language: ui } = await e2e.openSite({ language: 'mn', signedInAs: demoUser });
    const repay = new RepayPage(ui);
    await repay.open(owed.id);
    await expectVisible(repay.heading);
    expect(await repay.owedAmount.textContent()).toMatch(/180,000/);
    await expectVisible(repay.reason(owed.rejection_reason ?? ''));
    expect((await axeViolations(page)).map((v) => v.id)).toEqual([]);

    await repay.repayStart();
    await expectPath(page, `/credit-med/pre-claim/repay/${owed.id}/buy`);
    // MostMoney asks the phone its request goes to, as every payer's step does; a short one is refused.
    await repay.payment.paymentChoose('mostmoney');
    await expectVisible(repay.payment.phone);
    await repay.payment.paymentChangePhone('9911');
    await repay.payment.paymentSubmit(180_000);
    await expectVisible(repay.payment.message('validation:phone', { min: 8 }));
    expect(pathOf(page)).toBe(`/credit-med/pre-claim/repay/${owed.id}/buy`);
    await repay.payment.paymentChoose('qpay');
    await repay.payment.paymentSubmit(180_000);
    await expectPath(page, '/credit-med/buy/status');
    const invoiceId = new URLSearchParams(searchOf(page)).get('invoice') ?? '';
    const status = new CardPaymentStatusPage(ui);
    await expectVisible(status.qrCode('₮\u00a0180,000'));
    expect((await axeViolations(page)).map((v) => v.id)).toEqual([]);

    // The QR provider reports the payment; the page, polling, shows it.
    await settlePayment(e2e.baseUrl, invoiceId, 'paid');
    await expectVisible(status.paidNotice('repayPaid'), 20_000);

    // Nothing is owed any more, and the amount is back on the card.
    await repay.open(owed.id);
    await expectVisible(repay.nothingOwed);
    await expectVisible(repay.paidBadge);
    expect(await repay.startButton.count()).toBe(0);
    const after = cardSummarySchema.parse(await (await fetch(`${e2e.baseUrl}/api/credit-med/card/`, { headers: { Authorization: `Bearer ${token}` } })).json());
    expect(after.card?.balance).toBe(balanceBefore + 180_000);
    expect(after.owed_total).toBe(0);
  }, 90_000);
});
