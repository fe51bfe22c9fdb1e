/**
 * Paying by QR code and mobile money: the status page shows what to do, polls the server with a
 * backoff, gives up into "still pending" with "check again", survives a reload, and explains when
 * there is nothing to show. Payments are finished with the sandbox's development endpoint.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { REFUND_WORKING_DAYS } from '../../contract/payment.schema';
import { POLL_DELAYS_MS } from '../../machines/payment-status.machine';
import { useBrowserTests } from './support/harness';
import { PaymentStatusPage } from './support/pages/payment-status.page';
import { newInvoice, purchaseStorage, settlePayment, startPurchase, type Purchase } from './support/purchase-api';
import { text } from './support/texts';
import { expectPath, expectVisible } from './support/ui';

const e2e = useBrowserTests();

/** Counts the invoice requests the page makes. */
const countInvoiceRequests = (page: Page) => {
  const calls = { count: 0 };
  page.on('request', (request) => {
    if (/\/api\/invoices\/[^/]+\/$/.test(new URL(request.url()).pathname)) calls.count += 1;
  });
  return calls;
};

const openStatus = async (purchase: Purchase, language: 'mn' | 'en', options: { width?: number; clock?: boolean } = {}) => {
  const site = await e2e.openSite({ language, localStorage: purchaseStorage(purchase), clock: options.clock ?? false, ...(options.width ? { width: options.width } : {}) });
  return { ...site, status: new PaymentStatusPage(site.language) };
};

describe('paying by QR code', () => {
  it('shows the QR code, the amount, the bank apps and the time left, then the policy once the provider confirms', async () => {
    const purchase = await startPurchase(e2e.baseUrl, { provider: 'qpay' });
    const { status } = await openStatus(purchase, 'en');
    await status.open(purchase.invoice.id, 'qpay');

    await status.seeQrCode();
    await status.seeWaiting();
    // The banks are named in the page's language (claims:banks), not with the provider's Latin names.
    expect(await status.bankAppNames()).toEqual(purchase.invoice.deep_links.map((link) => text('en', `claims:banks.${link.bank}`)));
    expect(await status.countdown.innerText()).toMatch(/^1[45]:\d{2} left to pay$/);

    await settlePayment(e2e.baseUrl, purchase.invoice.id, 'paid');
    await status.seePaid();
    const paid = await (await fetch(`${e2e.baseUrl}/api/invoices/${purchase.invoice.id}/`, { headers: { 'X-Application-Key': purchase.accessKey ?? '' } })).json();
    await status.seePolicyNumber((paid as { policy_number: string }).policy_number);
    await status.seeContractSentWithinOneWorkingDay();
  });

  it('gives up polling into "still pending", and "check again" finds the payment made meanwhile', async () => {
    const purchase = await startPurchase(e2e.baseUrl, { provider: 'qpay' });
    const { status, page, language } = await openStatus(purchase, 'mn', { clock: true });
    const requests = countInvoiceRequests(page);
    // The page's clock stands still but for the test's steps, from before the app starts: a slow
    // machine's real time adds nothing to the seconds counted below. (Paused a minute ahead of the blank
    // page's time, which has no timers, so the pause is always in the future.)
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 60_000);
    await status.open(purchase.invoice.id, 'qpay');
    // The app's start and the first answer take a tenth of a second at a time, so the first poll (two
    // seconds after the answer) is not due yet when the waiting is on screen.
    for (let tenths = 0; !(await status.isWaiting()) && tenths < 300; tenths += 1) await page.clock.runFor(100);
    await status.seeQrCode();
    await status.seeWaiting();
    expect(requests.count).toBe(1);

    // Time passes a second at a time (each answer arrives before the next wait starts) until the page
    // gives up: after its round of scheduled polls, about two minutes.
    let seconds = 0;
    while (!(await status.isStillPending()) && seconds < 300) {
      await page.clock.fastForward(1_000);
      await new Promise((resolve) => setTimeout(resolve, 20));
      seconds += 1;
    }
    await status.seeStillPending();
    expect(requests.count).toBe(POLL_DELAYS_MS.length + 1);
    expect(seconds).toBeGreaterThanOrEqual(POLL_DELAYS_MS.reduce((sum, delay) => sum + delay, 0) / 1_000);
    // Given up means given up: minutes later (and a moment for a request to show), no more requests.
    await page.clock.fastForward(5 * 60_000);
    await page.waitForTimeout(500);
    expect(requests.count).toBe(POLL_DELAYS_MS.length + 1);
    await page.clock.resume();

    await settlePayment(e2e.baseUrl, purchase.invoice.id, 'paid');
    await status.checkAgain({ keyboard: true });
    await status.seePaid();
    await status.seePolicyNumber();
    // The pressed button went with the old status: the keyboard continues from the new heading.
    await expect.poll(() => status.focusedText()).toBe(language.t('payment:paid.title'));
  });

  it('keeps working after a reload: waiting again, then paid, and still paid after another reload', async () => {
    const purchase = await startPurchase(e2e.baseUrl, { provider: 'qpay' });
    const { status } = await openStatus(purchase, 'mn', { width: 375 });
    await status.open(purchase.invoice.id, 'qpay');
    await status.seeQrCode();

    await status.reload();
    await status.seeQrCode();
    await status.seeWaiting();

    await settlePayment(e2e.baseUrl, purchase.invoice.id, 'paid');
    await status.seePaid();
    const policyNumber = await status.seePolicyNumber();

    await status.reload();
    await status.seePaid();
    await status.seePolicyNumber(policyNumber);
  });

  it('shows a failed QR payment with its reason and offers to try again or pay another way', async () => {
    const purchase = await startPurchase(e2e.baseUrl, { provider: 'qpay' });
    const { status, page } = await openStatus(purchase, 'en');
    await status.open(purchase.invoice.id, 'qpay');
    await status.seeWaiting();

    await settlePayment(e2e.baseUrl, purchase.invoice.id, 'failed');
    await status.checkNow();
    await status.seeFailed('cancelled');
    await status.chooseAnotherWayToPay();
    await expectPath(page, '/insurance/buy/payment/');
  });
});

describe('a payment that arrives after the purchase was paid another way', () => {
  it('says the money was received and goes back (when, and whom to call), not that the request expired', async () => {
    // The buyer opened a QR invoice, switched to mobile money and paid it, then paid the old QR too.
    const purchase = await startPurchase(e2e.baseUrl, { provider: 'qpay' });
    const mobile = await newInvoice(e2e.baseUrl, purchase.application, purchase.accessKey, 'mostmoney');
    await settlePayment(e2e.baseUrl, mobile.id, 'paid');
    expect((await settlePayment(e2e.baseUrl, purchase.invoice.id, 'paid')).status).toBe('refund_due');
    const { status, language } = await openStatus(purchase, 'mn');
    await status.open(purchase.invoice.id, 'qpay');
    await status.seeRefundDue(REFUND_WORKING_DAYS);
    await language.toggle();
    await status.seeRefundDue(REFUND_WORKING_DAYS);
  });
});

describe('paying by mobile money', () => {
  it('asks to confirm the payment on the phone it names (masked), then shows the policy', async () => {
    const purchase = await startPurchase(e2e.baseUrl, { provider: 'mostmoney' });
    expect(purchase.invoice.push_sent_to).toMatch(/^\d{2}\*{4}\d{2}$/);
    const { status } = await openStatus(purchase, 'mn');
    await status.open(purchase.invoice.id, 'mostmoney');

    await status.seeConfirmationRequestSentTo(purchase.invoice.push_sent_to ?? '');
    await status.seeWaiting();
    await expectVisible(status.countdown);

    await settlePayment(e2e.baseUrl, purchase.invoice.id, 'paid');
    await status.seePaid();
    await status.seePolicyNumber();
  });
});

describe('the status page without a payment to show', () => {
  it('explains there is nothing to show and links to the catalogue', async () => {
    const { page, language } = await e2e.openSite({ language: 'en' });
    const status = new PaymentStatusPage(language);
    await status.open(null);
    await status.seeNothingToShow();
    await page.getByRole('main').getByRole('link', { name: 'See online insurance' }).click();
    await expectPath(page, '/insurance/');
  });

  it("says it cannot show another browser's payment (no key for it here)", async () => {
    e2e.expectProblem(/status of 404/, 'console error');
    const purchase = await startPurchase(e2e.baseUrl, { provider: 'qpay' });
    const { language } = await e2e.openSite({ language: 'mn' });
    const status = new PaymentStatusPage(language);
    await status.open(purchase.invoice.id, 'qpay');
    await status.seeCannotShowThisPayment();
  });

  it('shows a failed check with a retry that works once the server answers', async () => {
    e2e.expectProblem(/status of 503/, 'console error');
    const purchase = await startPurchase(e2e.baseUrl, { provider: 'qpay' });
    const { page, status } = await openStatus(purchase, 'en');
    let refuse = true;
    await page.route(`**/api/invoices/${purchase.invoice.id}/`, (route) =>
      refuse ? route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ message: { key: 'errors.generic' } }) }) : route.continue(),
    );
    await status.open(purchase.invoice.id, 'qpay');
    await status.seeCheckFailed();
    expect((await status.alert.innerText()).includes('An error occurred.')).toBe(true);

    refuse = false;
    await status.paymentRetry();
    await status.seeQrCode();
  });
});
