/**
 * The fee chooser (the fee-payment machine) wherever it shows: a policy's premiums
 * (/user/contract/{id}/fee), all of a customer's (/user/fee-payment, /fee) and another person's
 * policy's (/fee/payment). One method per event its page sends (`fees.toggle` → `feesToggle`); the
 * provider and the pay button are the shared payment step, `payment` (./provider-payment.part.ts:
 * `paymentChoose`, `paymentChangePhone`, `paymentSubmit`). The pages a premium's payment goes to
 * afterwards are `FeeStatusPage`, the shared payment status views with the premium's own outcome.
 *
 *   const fees = new FeePaymentPage(ui);
 *   await fees.openForPolicy(id);
 *   await fees.chooseOnly([0]);
 *   await fees.payment.paymentChoose('khan');
 *   await fees.payment.paymentSubmit();
 */
import { expectVisible, WAIT_MS } from '../ui';
import { PaymentStatusPage } from './payment-status.page';
import { ProviderPaymentPart } from './provider-payment.part';
import type { UiLanguage } from './ui-language';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export class FeePaymentPage {
  /** The provider, MostMoney's phone and "Pay ₮ …". */
  readonly payment: ProviderPaymentPart;

  constructor(private readonly ui: UiLanguage) {
    this.payment = new ProviderPaymentPart(ui, () => new RegExp(`^${escape(ui.t('fees:chooser.pay', { amount: '' }))}.*\\d`));
  }

  private get page() {
    return this.ui.page;
  }

  /** A policy's premiums. */
  async openForPolicy(policyId: number) {
    await this.page.goto(`/user/contract/${policyId}/fee`);
  }

  /** The page's heading (`name` as given: a string is found within a longer heading). */
  heading(name: string | RegExp) {
    return this.page.getByRole('heading', { level: 1, name });
  }

  /** Waits until a page has its heading and no spinner (not 'networkidle': a signed-in page keeps its notification stream open). */
  async waitUntilLoaded() {
    await this.page.locator('main h1').first().waitFor({ state: 'visible', timeout: WAIT_MS });
    await this.page.locator('main .spinner').first().waitFor({ state: 'hidden', timeout: WAIT_MS });
  }

  /** The premiums' checkboxes, checked or not. */
  get feeBoxes() {
    return this.page.locator('.fee-list input[type="checkbox"]');
  }

  /** The premiums chosen. */
  get chosenBoxes() {
    return this.page.locator('.fee-list input[type="checkbox"]:checked');
  }

  get overdueFees() {
    return this.page.locator('.fee-list__item[data-status="overdue"]');
  }

  /** What each listed premium says (its policy, date and amount), in order. */
  feeTexts() {
    return this.page.locator('.fee-list__item').allTextContents();
  }

  /** The total of the premiums chosen, as shown. */
  total() {
    return this.page.getByTestId('fee-total').textContent();
  }

  /** `fees.toggle`: the premium at this position (from 0) chosen or not. */
  async feesToggle(position: number) {
    await this.feeBoxes.nth(position).click();
  }

  /** Leaves only the premiums at these positions chosen. */
  async chooseOnly(positions: number[]) {
    const count = await this.feeBoxes.count();
    for (let index = 0; index < count; index += 1) {
      if ((await this.feeBoxes.nth(index).isChecked()) !== positions.includes(index)) await this.feesToggle(index);
    }
  }

  /** "N more due premiums are not in this list" (when more are due than one payment holds). */
  moreNotice(hidden: number) {
    return this.page.getByRole('region', { name: this.ui.name('fees:more.title_other', { count: hidden }) });
  }

  /** A text of the notice. */
  inMoreNotice(hidden: number, text: string) {
    return this.moreNotice(hidden).getByText(text);
  }

  /** The notice's way to the policies. */
  async morePolicies(hidden: number) {
    await this.moreNotice(hidden).getByRole('link', { name: this.ui.name('fees:more.policies') }).click();
  }

  /** `payment.submit`'s button, "Pay ₮ …". */
  async seePayButton() {
    await expectVisible(this.payment.payButton());
  }
}

/** Where a premium's payment goes: the shared payment status views, with the premium's own outcome and ways on. */
export class FeeStatusPage extends PaymentStatusPage {
  /** "The premium is paid". */
  override async seePaid(timeout?: number) {
    await expectVisible(this.main.getByRole('heading', { level: 1, name: this.ui.name('fees:invoice.paidTitle') }), timeout);
  }

  /** A text the page shows (as given: a string is found within a longer text). */
  pageText(text: string | RegExp) {
    return this.page.getByText(text);
  }

  /** "Pay another policy" (only after paying another person's policy). */
  get anotherPolicyButton() {
    return this.page.getByRole('button', { name: this.ui.t('fees:flow.another') });
  }

  /** The paid page's way back to the policy. */
  async toPolicy() {
    await this.page.getByRole('link', { name: this.ui.name('fees:invoice.toPolicy') }).click();
  }

  /** A failed premium payment's "Try again". */
  get tryAgainLink() {
    return this.page.getByRole('link', { name: this.ui.name('fees:invoice.tryAgain') });
  }
}
