/**
 * The shared payment step (the provider-payment machine, src/shared/payment/provider-choice.tsx) as
 * every payer shows it: the providers as radio cards, MostMoney's phone, and the payer's own pay
 * button. One method per event the step's page sends (`payment.choose` → `paymentChoose`,
 * `payment.changePhone`, `payment.submit`); the payer's page object holds one and names its pay
 * button (the card's "Pay ₮ 20,000", a purchase's "Pay …"): BuyWizard, CardBuyPage and RepayPage. The
 * bank card's sandbox page, where the step hands a card payment over, is here too.
 *
 *   const payment = new ProviderPaymentPart(ui, (amount) => payButtonName(amount));
 *   await payment.paymentChoose('mostmoney');
 *   await payment.paymentChangePhone('99112233');
 *   await payment.paymentSubmit(180_000);
 */
import type { PaymentProvider } from '../../../../contract/payment.schema';
import type { UiLanguage } from './ui-language';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export class ProviderPaymentPart {
  constructor(
    private readonly ui: UiLanguage,
    /** The payer's pay button's name, with the amount it shows (any amount when none is given). */
    private readonly payButtonName: (amount?: number) => RegExp,
  ) {}

  private get main() {
    return this.ui.page.getByRole('main');
  }

  /** The provider's radio card (its name starts with the provider's, then says how it pays). */
  provider(provider: PaymentProvider) {
    return this.main.getByRole('radio', { name: new RegExp(`^${escape(this.ui.t(`payment:choice.provider.${provider}`))}`) });
  }

  /** MostMoney's phone, asked for while MostMoney is chosen. */
  get phone() {
    return this.main.getByRole('textbox', { name: this.ui.name('payment:choice.phone') });
  }

  /** A message the step shows, by its key (MostMoney's phone refused: `validation:phone`). */
  message(key: string, values?: Record<string, string | number>) {
    return this.main.getByText(this.ui.t(key, values));
  }

  payButton(amount?: number) {
    return this.main.getByRole('button', { name: this.payButtonName(amount) });
  }

  /** `payment.choose`. */
  async paymentChoose(provider: PaymentProvider) {
    await this.provider(provider).check();
  }

  /** `payment.changePhone`: MostMoney's phone. */
  async paymentChangePhone(value: string) {
    await this.phone.fill(value);
  }

  /** `payment.submit`: the pay button (showing `amount` when given). */
  async paymentSubmit(amount?: number) {
    await this.payButton(amount).click();
  }

  /** On the bank's card sandbox page the step handed over to: its "Pay / Төлөх". */
  async payOnTheBankSandbox() {
    await this.ui.page.getByRole('button', { name: 'Pay / Төлөх' }).click();
  }
}
