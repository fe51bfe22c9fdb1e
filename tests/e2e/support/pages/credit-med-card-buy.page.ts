/**
 * The Credit Med card's purchase (/credit-med/buy, the credit-med-card-buy machine) and the status
 * page both card payments come back to (/credit-med/buy/status?invoice=…). The purchase pays through
 * the shared payment step (`payment`: ./provider-payment.part.ts); its own event is `buy.retry`.
 *
 *   const buy = new CardBuyPage(ui);
 *   await buy.open();
 *   await buy.payment.paymentChoose('khan');
 *   await buy.payment.paymentSubmit(20_000);
 *   await buy.payment.payOnTheBankSandbox();
 *   await expectVisible(new CardPaymentStatusPage(ui).paidNotice('cardPaid'));
 */
import { formatMnt } from '../../../../contract/money';
import { ProviderPaymentPart } from './provider-payment.part';
import type { UiLanguage } from './ui-language';

/** The payment step of the card pages: the pay button says the amount as the page writes it (its spaces may be no-break ones). */
export const cardPaymentPart = (ui: UiLanguage) =>
  new ProviderPaymentPart(
    ui,
    (amount) =>
      new RegExp(`^${ui.t('creditMedCard:pay.submit', { amount: 'AMOUNT' }).replace('AMOUNT', amount === undefined ? '.+' : formatMnt(amount, ui.current).replace(/\s/g, '\\s'))}$`),
  );

export class CardBuyPage {
  /** The shared payment step (provider, MostMoney's phone, "Pay ₮ …"). */
  readonly payment: ProviderPaymentPart;

  constructor(private readonly ui: UiLanguage) {
    this.payment = cardPaymentPart(ui);
  }

  private get page() {
    return this.ui.page;
  }

  async open() {
    await this.page.goto('/credit-med/buy');
  }

  get heading() {
    return this.page.getByRole('heading', { level: 1, name: this.ui.name('creditMedCard:buy.title') });
  }

  /** The card's fee as the page shows it. */
  get fee() {
    return this.page.getByTestId('card-fee');
  }

  /** "Your card is already paid" (the card cannot be bought twice). */
  get alreadyPaid() {
    return this.page.getByText(this.ui.t('creditMedCard:buy.alreadyPaid'));
  }

  /** `buy.retry`: the card could not be read, try again. */
  async buyRetry() {
    await this.page.getByRole('button', { name: this.ui.name('creditMedCard:status.retry') }).click();
  }
}

/** /credit-med/buy/status: where a card purchase or a repayment waits for its payment and says it arrived. */
export class CardPaymentStatusPage {
  constructor(private readonly ui: UiLanguage) {}

  /** The notice that the payment arrived, saying `key` of `creditMedCard:status` ('cardPaid', 'repayPaid'). */
  paidNotice(key: 'cardPaid' | 'repayPaid') {
    return this.ui.page.getByTestId('paid-notice').filter({ hasText: this.ui.t(`creditMedCard:status.${key}`) });
  }

  /** QPay's QR code for `amount` as the page writes it ("₮ 180,000"). */
  qrCode(amount: string) {
    return this.ui.page.getByRole('img', { name: this.ui.t('payment:pending.qpay.qrAlt', { amount }) });
  }
}
