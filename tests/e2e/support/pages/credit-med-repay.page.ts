/**
 * Repaying a rejected Credit Med pre-claim (/credit-med/pre-claim/repay/{id}, …/buy: the
 * credit-med-repay machine): what is owed and why, "Repay", then the shared payment step (`payment`:
 * ./provider-payment.part.ts). One method per event of its page (`repay.start` → `repayStart`,
 * `repay.retry`, `step.back`).
 *
 *   const repay = new RepayPage(ui);
 *   await repay.open(preClaimId);
 *   await repay.repayStart();
 *   await repay.payment.paymentChoose('qpay');
 *   await repay.payment.paymentSubmit(180_000);
 */
import { cardPaymentPart } from './credit-med-card-buy.page';
import type { ProviderPaymentPart } from './provider-payment.part';
import type { UiLanguage } from './ui-language';

export class RepayPage {
  /** The shared payment step (provider, MostMoney's phone, "Pay ₮ …"). */
  readonly payment: ProviderPaymentPart;

  constructor(private readonly ui: UiLanguage) {
    this.payment = cardPaymentPart(ui);
  }

  private get page() {
    return this.ui.page;
  }

  private get main() {
    return this.page.getByRole('main');
  }

  async open(preClaimId: number) {
    await this.page.goto(`/credit-med/pre-claim/repay/${preClaimId}`);
  }

  get heading() {
    return this.page.getByRole('heading', { level: 1, name: this.ui.name('creditMedCard:repay.title') });
  }

  /** What is owed, as the page shows it. */
  get owedAmount() {
    return this.page.getByTestId('owed-amount');
  }

  /** Why the pre-claim was rejected (its `creditMedCard:reasons` text). */
  reason(reason: string) {
    return this.page.getByText(this.ui.t(`creditMedCard:reasons.${reason}`));
  }

  /** "Nothing is owed" (a repaid or settled pre-claim), with its status. */
  get nothingOwed() {
    return this.page.getByText(this.ui.t('creditMedCard:repay.nothingOwed'), { exact: false });
  }

  /** The pre-claim's status badge when it says paid. */
  get paidBadge() {
    return this.page.locator('[data-status="paid"]');
  }

  get startButton() {
    return this.main.getByRole('button', { name: this.ui.name('creditMedCard:repay.start') });
  }

  /** `repay.start`: "Repay", on to the payment step. */
  async repayStart() {
    await this.startButton.click();
  }

  /** `repay.retry`: the pre-claim could not be read, try again. */
  async repayRetry() {
    await this.main.getByRole('button', { name: this.ui.name('creditMedCard:preClaim.retry') }).click();
  }

  /** `step.back`: from the payment step back to what is owed. */
  async stepBack() {
    await this.main.getByRole('button', { name: this.ui.name('creditMedCard:repay.back') }).click();
  }
}
