/**
 * Visitors can buy too: a visitor pays for a policy insuring the second seeded user's register number
 * (ЧД88120345), downloads its certificate from the success page; after signing in as that user, the policy is in /user/contract with its details.
 */
import { describe, expect, it } from 'vitest';
import { useBrowserTests } from './support/harness';
import { ContractDetailPage, ContractsPage } from './support/pages/contracts.page';
import { DocumentsPage } from './support/pages/documents.page';
import { PaymentStatusPage } from './support/pages/payment-status.page';
import { purchaseStorage, SECOND_USER_INSURED, settlePayment, startPurchase } from './support/purchase-api';
import { secondUser } from './support/users';
import { expectPath, expectVisible } from './support/ui';

const e2e = useBrowserTests();

describe("a visitor's purchase", () => {
  it('appears in My insurances once the buyer signs in with the insured register number', async () => {
    const purchase = await startPurchase(e2e.baseUrl, { provider: 'qpay', insured: SECOND_USER_INSURED });
    const site = await e2e.openSite({ language: 'en', localStorage: purchaseStorage(purchase) });
    const { page, loginPage } = site;
    const status = new PaymentStatusPage(site.language);
    const contracts = new ContractsPage(site.language);
    const detail = new ContractDetailPage(site.language);

    await status.open(purchase.invoice.id, 'qpay');
    await status.seeQrCode();
    await settlePayment(e2e.baseUrl, purchase.invoice.id, 'paid');
    await status.seePaid();
    const policyNumber = await status.seePolicyNumber();
    // The success page gives the visitor the new policy's certificate (issue 23), before any account.
    expect(await new DocumentsPage(site.language).download('certificate')).toEqual({ filename: `certificate-${policyNumber}-en.pdf`, head: '%PDF-' });

    // The visitor is told how to see it: how to register for a first-time buyer, or log in.
    await status.seeHowToRegister();
    await status.logInToSeeThePolicy();
    await loginPage.waitUntilShown();
    await loginPage.logInAs(secondUser.email, secondUser.password);
    await expectPath(page, '/user/contract');

    await contracts.waitUntilShown();
    expect(await contracts.contractNumbers()).toEqual([policyNumber, 'AC-2024-011236']);
    expect(await contracts.cardText(policyNumber)).toContain('Life insurance Active');

    await contracts.openContract(policyNumber);
    await expectVisible(detail.heading.filter({ hasText: 'Life insurance' }));
    expect(await detail.field('insurer')).toBe('Ганболд Сарангэрэл (ЧД******45)');
    expect(await detail.beneficiaries()).toEqual([
      ['Ганболд Болормаа', 'Mother', '70%'],
      ['Ганболд Тэмүүжин', 'Younger brother', '30%'],
    ]);
    const payments = await detail.payments();
    expect(payments).toHaveLength(1);
    expect(payments[0]?.[2]).toMatch(/^QPay /);
  });
});
