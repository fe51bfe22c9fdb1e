/**
 * Paying by bank card: the bank's page (the khan sandbox) sends the buyer back to the success or fail
 * status page, which shows what the server says. A declined payment is tried again through the wizard
 * and then paid; a "success" return the bank has not confirmed yet keeps polling.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { invoiceSchema } from '../../contract/payment.schema';
import { useBrowserTests } from './support/harness';
import { BuyWizard, type Person } from './support/pages/buy.page';
import { PaymentStatusPage } from './support/pages/payment-status.page';
import { GUEST_WIZARD_KEY, moneyIn, purchaseStorage, settlePayment, startPurchase } from './support/purchase-api';
import { expectPath, expectStorage, searchOf, storageItem } from './support/ui';

const e2e = useBrowserTests();

/** A visitor insuring themself, and the beneficiary they name. */
const buyer: Person = { register: 'УК85011234', lastName: 'Батбаяр', firstName: 'Тэмүүжин', phone: '88112244', email: 'temuujin@example.com' };
const beneficiary = { register: 'УК87030545', lastName: 'Батбаяр', firstName: 'Солонго', relationship: 17 };

const invoiceIdIn = (page: Page) => new URLSearchParams(searchOf(page)).get('invoice') ?? '';

/** The invoice as the server has it, read with the key the page keeps for the visitor. */
const invoiceOf = async (page: Page, id: string) => {
  const access = JSON.parse((await storageItem(page, 'handOff:purchase')) ?? '{}') as { applicationKey?: string | null };
  const response = await fetch(`${e2e.baseUrl}/api/invoices/${id}/`, { headers: access.applicationKey ? { 'X-Application-Key': access.applicationKey } : {} });
  return invoiceSchema.parse(await response.json());
};

describe('paying by bank card', () => {
  it('shows a declined card payment with its reason, tries again from the wizard without re-entering anything, then shows the paid policy', async () => {
    // The bank's sandbox page has no favicon; Chromium asks for /favicon.ico anyway.
    e2e.expectProblem(/favicon\.ico/, 'console error');
    const site = await e2e.openSite({ language: 'en' });
    const { page } = site;
    const status = new PaymentStatusPage(site.language);
    const wizard = new BuyWizard(site.language);

    // A visitor buys life insurance (product 100) and pays by card on the bank's page.
    await page.goto('/insurance/buy/new/100/');
    await wizard.seeStep('insured');
    await wizard.fillInsuredPerson(buyer);
    await wizard.continue();
    await wizard.seeStep('plan');
    await wizard.continue();
    await wizard.seeStep('contract');
    await wizard.fillBeneficiary(1, beneficiary);
    await wizard.acceptContract();
    await wizard.continue();
    await wizard.seeStep('payment');
    await wizard.choosePaymentMethod('khan');
    await wizard.pay();
    await wizard.seeInvoice();
    await wizard.continueToProvider('khan');

    // The buyer declines on the bank's page and comes back to the fail page.
    await expectPath(page, /^\/sandbox\/khan\/[0-9a-f-]{36}\/$/);
    await page.getByRole('button', { name: 'Decline / Татгалзах' }).click();
    await expectPath(page, '/insurance/buy/payment/status/khan/fail/');
    await status.seeFailed('declined');
    const declined = await invoiceOf(page, invoiceIdIn(page));
    expect(declined.status).toBe('failed');
    expect(await status.amountShown()).toBe(await moneyIn(page, 'en', declined.amount));
    // A failed payment keeps the wizard, so "try again" resumes it with everything entered.
    expect(await storageItem(page, GUEST_WIZARD_KEY)).not.toBeNull();

    // "Try again": the wizard's payment step with the card chosen again; a new invoice, the bank again.
    await status.tryAgain();
    expect(searchOf(page)).toBe('?provider=khan');
    await wizard.seeStep('payment');
    expect(await wizard.provider('khan').isChecked()).toBe(true);
    await wizard.pay();
    await wizard.seeInvoice();
    await wizard.continueToProvider('khan');
    await expectPath(page, /^\/sandbox\/khan\/[0-9a-f-]{36}\/$/);
    await page.getByRole('button', { name: 'Pay / Төлөх' }).click();

    await expectPath(page, '/insurance/buy/payment/status/khan/success/');
    await status.seePaid();
    const paid = await invoiceOf(page, invoiceIdIn(page));
    expect(paid.id).not.toBe(declined.id);
    expect(paid.application_id).toBe(declined.application_id);
    await status.seePolicyNumber(paid.policy_number ?? '');
    await status.seeContractSentWithinOneWorkingDay();
    // Paid: nothing offers to continue this purchase any more, and a reload still shows the policy.
    await expectStorage(page, GUEST_WIZARD_KEY, null);
    await status.reload();
    await status.seePaid();
    await status.seePolicyNumber(paid.policy_number ?? '');
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
