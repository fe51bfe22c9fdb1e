/**
 * Paying by bank card: the bank's page (the khan sandbox) sends the buyer back to the success or fail
 * status page, which shows what the server says. A declined payment is tried again and then paid;
 * a "success" return the bank has not confirmed yet keeps polling.
 */
import { describe, expect, it } from 'vitest';
import { useBrowserTests } from './support/harness';
import { PaymentStatusPage } from './support/pages/payment-status.page';
import { moneyIn, newInvoice, purchaseStorage, settlePayment, startPurchase } from './support/purchase-api';
import { expectPath, searchOf } from './support/ui';

const e2e = useBrowserTests();

describe('paying by bank card', () => {
  it('shows a declined card payment with its reason, tries again without re-entering anything, and shows the paid policy', async () => {
    // The bank's sandbox page has no favicon; Chromium asks for /favicon.ico anyway.
    e2e.expectProblem(/favicon\.ico/, 'console error');
    const purchase = await startPurchase(e2e.baseUrl, { provider: 'khan' });
    const site = await e2e.openSite({ language: 'en', localStorage: purchaseStorage(purchase) });
    const status = new PaymentStatusPage(site.language);
    const { page } = site;

    // The wizard sends the browser to the bank's card page; the buyer declines there.
    await page.goto(purchase.invoice.redirect_url ?? '');
    await page.getByRole('button', { name: 'Decline / Татгалзах' }).click();
    await expectPath(page, '/insurance/buy/payment/status/khan/fail/');
    await status.seeFailed('declined');
    expect(await status.amountShown()).toBe(await moneyIn(page, 'en', purchase.invoice.amount));

    // "Try again" goes back to the wizard's payment step, asking for the same provider again.
    await status.tryAgain();
    expect(searchOf(page)).toBe('?provider=khan');

    // The wizard makes a new invoice for the same purchase (nothing re-entered) and hands off to the bank again.
    // TODO(buy wizard): drive this step through the wizard's payment page object once it lands.
    const retry = await newInvoice(e2e.baseUrl, purchase.application, purchase.accessKey, 'khan');
    expect(retry.id).not.toBe(purchase.invoice.id);
    await page.goto(retry.redirect_url ?? '');
    await page.getByRole('button', { name: 'Pay / Төлөх' }).click();

    await expectPath(page, '/insurance/buy/payment/status/khan/success/');
    await status.seePaid();
    const policyNumber = await status.seePolicyNumber();
    expect(policyNumber).toMatch(/^LI-\d{4}-\d{6}$/);
    await status.seeContractSentWithinOneWorkingDay();
    // The server's policy is the one shown.
    const settled = await fetch(`${e2e.baseUrl}/api/invoices/${retry.id}/`, { headers: { 'X-Application-Key': purchase.accessKey ?? '' } });
    expect(((await settled.json()) as { policy_number: string }).policy_number).toBe(policyNumber);
  });

  it('keeps polling after a "success" return until the bank confirms the payment', async () => {
    const purchase = await startPurchase(e2e.baseUrl, { provider: 'khan' });
    const { language } = await e2e.openSite({ language: 'mn', localStorage: purchaseStorage(purchase) });
    const status = new PaymentStatusPage(language);

    await status.open(purchase.invoice.id, 'khan-success');
    await status.seeWaitingForTheBank();

    await settlePayment(e2e.baseUrl, purchase.invoice.id, 'paid');
    await status.seePaid();
    await status.seePolicyNumber();
    await status.seeContractSentWithinOneWorkingDay();
  });

  it('believes the server over a "fail" return: a paid invoice shows as paid', async () => {
    const purchase = await startPurchase(e2e.baseUrl, { provider: 'khan' });
    const paid = await settlePayment(e2e.baseUrl, purchase.invoice.id, 'paid');
    const { language } = await e2e.openSite({ language: 'en', localStorage: purchaseStorage(purchase) });
    const status = new PaymentStatusPage(language);

    await status.open(purchase.invoice.id, 'khan-fail');
    await status.seePaid();
    await status.seePolicyNumber(paid.policy_number ?? '');
  });
});
