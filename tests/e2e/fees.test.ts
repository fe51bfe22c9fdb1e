/**
 * Paying fees (issue 14) in Chromium against the real server: an overdue fee by card from the
 * policy's fee page; two fees of two policies at once by QR from /user/fee-payment; another person's
 * policy through /fee with a wrong then the right code, paid by mobile money, with a reload while
 * waiting on /fee/check; a register number and phone holding no policy (one refusal, then the look-up
 * throttle's wait); and the fee pages at 375 px without sideways scrolling.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DUE_FEES_SHOWN, dueFeesSchema, feeListSchema } from '../../contract/fee.schema';
import { contractListSchema } from '../../contract/insurance.schema';
import { splitRegister } from '../../contract/validation';
import { contact } from '../../src/platform/config';
import { useBrowserTests } from './support/harness';
import { CodeStep } from './support/pages/code-step.page';
import { ContractDetailPage } from './support/pages/contracts.page';
import { FeeFlowPage } from './support/pages/fee-flow.page';
import { FeePaymentPage, FeeStatusPage } from './support/pages/fee-payment.page';
import { Phone } from './support/pages/phone.page';
import type { UiLanguage } from './support/pages/ui-language';
import { exactly } from './support/texts';
import { settlePayment } from './support/purchase-api';
import { accessTokenFor, apiAs, demoUser, secondUser, type TestUser } from './support/users';
import { expectHidden, expectPath, expectVisible, pathOf, scrollWidth, searchOf, WAIT_MS } from './support/ui';

const e2e = useBrowserTests();

const policyIdOf = async (contractNumber: string) => {
  const token = await accessTokenFor(e2e.baseUrl, demoUser);
  const response = await fetch(`${e2e.baseUrl}/api/contracts/`, { headers: { Authorization: `Bearer ${token}` } });
  const id = contractListSchema.parse(await response.json()).contracts.find((c) => c.contract_number === contractNumber)?.id;
  if (id === undefined) throw new Error(`no ${contractNumber}`);
  return id;
};

/** How many of the policy's fees the server says are due or overdue (what its fee page lists). */
const dueCountOf = async (policyId: number) => {
  const { fees } = feeListSchema.parse(await apiAs(e2e, demoUser, 'GET', `/api/contracts/${policyId}/fees/`));
  return fees.filter((fee) => fee.status === 'overdue' || fee.status === 'due').length;
};

const invoiceIdIn = (page: Page) => new URLSearchParams(searchOf(page)).get('invoice') ?? '';

/** The page objects of the fee pages, reading labels in the page's language. */
const feePagesOf = (ui: UiLanguage) => ({ fees: new FeePaymentPage(ui), status: new FeeStatusPage(ui), lookUp: new FeeFlowPage(ui) });

describe('paying fees', () => {
  it('pays an overdue fee by card from the policy\'s fee page; the history shows it at once, marked as updating', async () => {
    e2e.expectProblem(/favicon\.ico/, 'console error');
    const id = await policyIdOf('LI-2023-000184');
    const { page, language: ui } = await e2e.openSite({ language: 'en', signedInAs: demoUser });
    const { fees, status } = feePagesOf(ui);
    await fees.openForPolicy(id);
    await expectVisible(fees.heading(ui.t('fees:policy.title', { product: 'Life insurance' })));
    // The two overdue fees and those due within the month (one or two, by the day of the month) are chosen at first.
    await expect.poll(() => fees.feeBoxes.count(), { timeout: WAIT_MS }).toBe(await dueCountOf(id));
    expect(await fees.overdueFees.count()).toBe(2);
    await fees.chooseOnly([0]);
    await expect.poll(() => fees.total()).toMatch(/120,000/);
    await fees.payment.paymentChoose('khan');
    await fees.payment.paymentSubmit();

    await expectPath(page, /^\/sandbox\/khan\/[0-9a-f-]{36}\/$/);
    await fees.payment.payOnTheBankSandbox();
    // Paid from the customer's own policy: back to that policy's payment, not the /fee look-up's outcome (issue 24).
    await expectPath(page, new RegExp(`^/user/contract/${id}/payment/[0-9a-f-]{36}$`));
    await status.seePaid();
    await expectVisible(status.pageText('The premium data is updated within 3 working days.'));
    await expectHidden(status.anotherPolicyButton);
    await status.toPolicy();
    await expectPath(page, `/user/contract/${id}`);

    // The policy: the payment is in the history at once, marked as updating; one overdue fee is left.
    const policy = new ContractDetailPage(ui);
    await policy.open(id);
    await expectVisible(policy.feeUpdating);
    await expectVisible(policy.shown(/Last payment: MNT\s?120,000|Last payment: 120,000/));
    await fees.openForPolicy(id);
    await expect.poll(() => fees.overdueFees.count(), { timeout: WAIT_MS }).toBe(1);
  });

  it('pays two fees of two policies at once by QR from /user/fee-payment', async () => {
    const { page, language: ui } = await e2e.openSite({ language: 'en', signedInAs: demoUser });
    const { fees, status } = feePagesOf(ui);
    await page.goto('/user/fee-payment');
    await expectVisible(fees.heading(ui.t('fees:all.title')));
    await expect.poll(() => fees.feeBoxes.count(), { timeout: WAIT_MS }).toBeGreaterThanOrEqual(2);
    // The oldest life-insurance fee and the savings policy's fee.
    const labels = await fees.feeTexts();
    const life = labels.findIndex((text) => text.includes('LI-2023-000184'));
    const savings = labels.findIndex((text) => text.includes('TS-2022-004512'));
    expect(life).toBeGreaterThanOrEqual(0);
    expect(savings).toBeGreaterThanOrEqual(0);
    await fees.chooseOnly([life, savings]);
    await expect.poll(() => fees.total()).toMatch(/370,000/);
    await fees.payment.paymentChoose('qpay');
    await fees.payment.paymentSubmit();

    await expectPath(page, /^\/user\/contract\/\d+\/payment\/[0-9a-f-]{36}$/);
    await status.seeQrCode();
    const invoiceId = pathOfInvoice(page);
    await settlePayment(e2e.baseUrl, invoiceId, 'paid');
    await status.seePaid(20_000);
    expect(await status.amountShown()).toMatch(/370,000/);
  });

  it("a premium's QR payment can be paid another way or cancelled, which fails it as cancelled", async () => {
    const id = await policyIdOf('LI-2023-000184');
    const { page, language: ui } = await e2e.openSite({ language: 'en', signedInAs: demoUser });
    const { fees, status } = feePagesOf(ui);
    await fees.openForPolicy(id);
    await expect.poll(() => fees.feeBoxes.count(), { timeout: WAIT_MS }).toBeGreaterThan(0);
    await fees.payment.paymentChoose('qpay');
    await fees.payment.paymentSubmit();
    await expectPath(page, new RegExp(`^/user/contract/${id}/payment/[0-9a-f-]{36}$`));
    await status.seePendingPageOf('qpay');
    const qrPage = pathOf(page);
    await status.payAnotherWay();
    await expectPath(page, `/user/contract/${id}/fee`);
    await expectVisible(fees.heading(ui.t('fees:policy.title', { product: 'Life insurance' })));

    await page.goBack();
    await expectPath(page, qrPage);
    await status.cancelPayment();
    await status.seeFailed('cancelled');
    await expectVisible(status.tryAgainLink);
  });

  it("pays another person's policy through /fee: a wrong code, the right one, mobile money, and a reload on /fee/check", async () => {
    const person = { register: 'УЕ95031218', phone: '99001101' };
    // The wrong code's refusal (422) is logged by the browser.
    e2e.expectProblem(/status of 422/, 'console error');
    const { page, language: ui } = await e2e.openSite({ language: 'en', signedInAs: secondUser });
    const { fees, status, lookUp } = feePagesOf(ui);
    const code = new CodeStep(ui);
    await page.goto('/fee');
    await lookUp.lookUpAnotherPolicy();
    await expectVisible(fees.heading(ui.t('fees:flow.title')));
    await expectVisible(lookUp.registerGroup);
    await lookUp.feeChangeRegister(splitRegister(person.register));
    await lookUp.feeChangePhone(person.phone);
    await lookUp.feeSubmit();
    await expect.poll(() => searchOf(page), { timeout: WAIT_MS }).toMatch(/^\?access=[0-9a-f-]{36}$/);

    const phone = new Phone(e2e.baseUrl, person.phone);
    const sent = await phone.latestCode();
    await code.enterCode(await phone.wrongCode());
    await expectVisible(code.errorAlert.filter({ hasText: /incorrect|wrong/i }));
    // A reload on the code step keeps the confirmation under way.
    await page.reload();
    await code.enterCode(sent);

    await expectPath(page, '/fee/payment');
    await lookUp.seeFeesToPay('BR-2024-000500');
    // A reload on the payment step reads the confirmation again and continues there.
    await page.reload();
    await expectVisible(fees.heading(ui.t('fees:flow.paymentTitle')));
    expect(pathOf(page)).toBe('/fee/payment');
    const payByMostMoney = async () => {
      await fees.payment.paymentChoose('mostmoney');
      await fees.payment.paymentChangePhone('88094512');
      await fees.payment.paymentSubmit();
      await expectPath(page, '/fee/check');
      await status.seePendingPageOf('mostmoney');
    };
    await payByMostMoney();
    await expectVisible(status.pageText(/88\*\*\*\*12/));
    const firstInvoice = invoiceIdIn(page);
    // Waiting is not a dead end (issue 24): 'pay another way' goes back to this policy's premiums.
    await status.payAnotherWay();
    await expectPath(page, '/fee/payment');
    await lookUp.seeFeesToPay('BR-2024-000500');
    await payByMostMoney();
    const invoiceId = invoiceIdIn(page);
    expect(invoiceId).not.toBe(firstInvoice);
    // A reload while waiting: the same invoice is waited for.
    await page.reload();
    await status.seePendingPageOf('mostmoney');
    expect(invoiceIdIn(page)).toBe(invoiceId);
    await settlePayment(e2e.baseUrl, invoiceId, 'paid');
    await status.paymentCheck();
    await expectPath(page, '/fee/status');
    await status.seePaid();
    // The outcome survives a reload too.
    await page.reload();
    await status.seePaid();
  });

  it('refuses a register number and phone that hold no policy with one message saying what to do, then the wait; what was typed stays', async () => {
    e2e.expectProblem(/status of (422|429)/, 'console error');
    const holder = { register: 'ЕР92070815', phone: '99001103' };
    const { page, language: ui } = await e2e.openSite({ language: 'en', signedInAs: secondUser });
    const { fees, lookUp } = feePagesOf(ui);
    await page.goto('/fee');
    await lookUp.lookUpAnotherPolicy();
    await expectVisible(fees.heading(ui.t('fees:flow.title')));
    await expectVisible(lookUp.registerGroup);
    await lookUp.feeChangeRegister(splitRegister(holder.register));
    await lookUp.feeChangePhone('99001199');
    await lookUp.feeSubmit();
    await expectVisible(lookUp.alert.filter({ hasText: exactly(ui.t('errors:policyNoMatch', { contactPhone: contact.phone })) }));
    expect(pathOf(page)).toBe('/fee');
    expect(await lookUp.registerNumberField.inputValue()).toBe(holder.register.slice(2));
    expect(await lookUp.phoneField.inputValue()).toBe('99001199');
    // Four more guesses about this register number (the limit is 5 in 15 minutes)…
    const token = await accessTokenFor(e2e.baseUrl, secondUser);
    for (let i = 1; i < 5; i++) {
      const response = await fetch(`${e2e.baseUrl}/api/fee-access/`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
        body: JSON.stringify({ register: holder.register, phone: `9900119${i}` }),
      });
      expect(response.status).toBe(422);
    }
    // …and even the right phone waits, told for how long.
    await lookUp.feeChangePhone(holder.phone);
    await lookUp.feeSubmit();
    await expectVisible(lookUp.alert.filter({ hasText: exactly(ui.t('errors:tryAgainIn', { minutes: 15 })) }));
    expect(pathOf(page)).toBe('/fee');
    expect(await lookUp.registerNumberField.inputValue()).toBe(holder.register.slice(2));
    expect(await lookUp.phoneField.inputValue()).toBe(holder.phone);
  });

  it("shows a signed-in customer their own due premiums on /fee, with the look-up of another person's policy; 'change the details' returns to its form", async () => {
    // A customer whose premiums no other test of this file pays: the seeded life policy's next monthly
    // premium (always within the month the page lists) and a savings policy with one overdue. (The demo
    // user's savings premium is paid by an earlier test, and whether its next one falls within the
    // month depends on the day the tests run.)
    const customer: TestUser = { email: 'cm-new@example.com', password: 'cmnew1234', name: 'Батсүх Тэмүүжин', creditMedEligible: true };
    await e2e.db.query(
      `with made as (
         insert into policies (user_id, contract_number, product_id, start_date, end_date, fee_amount, fee_frequency, status)
         select id, 'TS-2025-000777', 112, date '2025-03-01', date '2035-02-28', 250000, 'quarterly', 'active' from users where email = $1
         returning id, fee_amount)
       insert into fee_schedule (policy_id, seq, due_date, amount) select id, 1, current_date - 10, fee_amount from made`,
      [customer.email],
    );
    const { page, language: ui, header } = await e2e.openSite({ language: 'en', signedInAs: customer });
    const { fees, lookUp } = feePagesOf(ui);
    await page.goto('/');
    // The header's 'insurance premium' link (visitors' leads to the home page's form).
    await header.premiumLink.click();
    await expectPath(page, '/fee');
    await expectVisible(fees.heading(exactly(ui.t('fees:own.title'))));
    await expect.poll(() => fees.feeBoxes.count(), { timeout: WAIT_MS }).toBeGreaterThanOrEqual(2);
    const labels = await fees.feeTexts();
    expect(labels.some((label) => label.includes('LI-2024-000311'))).toBe(true);
    expect(labels.some((label) => label.includes('TS-2025-000777'))).toBe(true);
    await fees.seePayButton();
    // Another person's policy: the look-up form, the code, and back to the form to change what was typed.
    await lookUp.lookUpAnotherPolicy();
    await expectVisible(fees.heading(exactly(ui.t('fees:flow.title'))));
    await expectVisible(lookUp.registerGroup);
    await lookUp.feeChangeRegister(splitRegister('УЕ95031218'));
    await lookUp.feeChangePhone('99001101');
    // An earlier test of this file texted this phone: the server's 60 s between codes has passed.
    await new Phone(e2e.baseUrl, '99001101').passTime(120);
    await lookUp.feeSubmit();
    await expect.poll(() => searchOf(page), { timeout: WAIT_MS }).toMatch(/^\?access=[0-9a-f-]{36}$/);
    await new CodeStep(ui).changeDetailsLink.click();
    await expectPath(page, '/fee');
    await expectVisible(fees.heading(exactly(ui.t('fees:flow.title'))));
    await expectVisible(lookUp.phoneField);
  });

  it('lists one payment\'s worth of due premiums and says, in both languages, how many more there are and where to pay them', async () => {
    // A customer with 30 policies, each with an overdue premium.
    const customer = { email: 'cm-resume@example.com', password: 'cmresume1234', name: '', creditMedEligible: false };
    const { rows: owner } = await e2e.db.query<{ id: number }>('select id from users where email = $1', [customer.email]);
    await e2e.db.query(
      `with made as (
         insert into policies (user_id, contract_number, product_id, start_date, end_date, fee_amount, fee_frequency, status)
         select $1, 'MF-2025-' || lpad(n::text, 6, '0'), (select min(id) from products), date '2025-01-01', date '2040-01-01', 10000 + n, 'monthly', 'active'
           from generate_series(1, 30) n returning id, fee_amount)
       insert into fee_schedule (policy_id, seq, due_date, amount) select id, 1, current_date - 10, fee_amount from made`,
      [owner[0]!.id],
    );
    const token = await accessTokenFor(e2e.baseUrl, customer);
    const due = dueFeesSchema.parse(await (await fetch(`${e2e.baseUrl}/api/fees/due/`, { headers: { Authorization: `Bearer ${token}` } })).json());
    expect(due.total.count).toBeGreaterThanOrEqual(30);
    const hidden = due.total.count - DUE_FEES_SHOWN;
    for (const [language, path] of [['en', '/user/fee-payment'], ['mn', '/fee']] as const) {
      const { page, language: ui } = await e2e.openSite({ language, signedInAs: customer, width: 375 });
      const fees = new FeePaymentPage(ui);
      await page.goto(path);
      await expect.poll(() => fees.feeBoxes.count(), { timeout: WAIT_MS }).toBe(DUE_FEES_SHOWN);
      const notice = fees.moreNotice(hidden);
      await expectVisible(notice);
      await expectVisible(fees.inMoreNotice(hidden, ui.t('fees:more.what_other', { count: DUE_FEES_SHOWN })));
      expect(await notice.textContent()).toContain(String(due.total.overdue));
      expect(await scrollWidth(page)).toBeLessThanOrEqual(375);
      // Every listed premium is chosen, and one payment holds them all.
      await expect.poll(() => fees.chosenBoxes.count()).toBe(DUE_FEES_SHOWN);
      if (language === 'en') {
        await fees.morePolicies(hidden);
        await expectPath(page, '/user/contract');
      }
      await page.close();
    }
  }, 60_000);

  it('shows every fee page at 375 px without sideways scrolling, in both languages', async () => {
    const id = await policyIdOf('TS-2022-004512');
    for (const language of ['mn', 'en'] as const) {
      const { page, language: ui } = await e2e.openSite({ width: 375, language, signedInAs: demoUser });
      const fees = new FeePaymentPage(ui);
      for (const path of [`/user/contract/${id}`, `/user/contract/${id}/fee`, '/user/fee-payment', '/fee']) {
        await page.goto(path);
        await fees.waitUntilLoaded();
        expect(await scrollWidth(page), `${language} ${path}`).toBeLessThanOrEqual(375);
      }
      await page.close();
    }
  });
});

const pathOfInvoice = (page: Page) => new URL(page.url()).pathname.split('/').at(-1) ?? '';
