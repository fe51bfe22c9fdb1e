/**
 * /fee's look-up of another person's policy (the fee-flow machine): the form (register number and
 * the contract's phone), the code step, the fees to pay, the invoice's check and its outcome. One
 * method per event the page sends, named after it (`fee.submit` → `feeSubmit`).
 *
 *   const fee = new FeeFlowPage(ui);
 *   await fee.lookUpAnotherPolicy();
 *   await fee.feeChangeRegister({ first: 'У', second: 'Е', number: '95031218' });
 *   await fee.feeChangePhone('99001101');
 *   await fee.feeSubmit();
 */
import type { RegisterParts } from '../../../../contract/validation';
import { expectVisible } from '../ui';
import { FeePaymentPage } from './fee-payment.page';
import type { UiLanguage } from './ui-language';

export class FeeFlowPage {
  /** The fees to pay once the policy is confirmed (the fee-payment child), with its payment step. */
  readonly fees: FeePaymentPage;

  constructor(private readonly ui: UiLanguage) {
    this.fees = new FeePaymentPage(ui);
  }

  private get main() {
    return this.ui.page.getByRole('main');
  }

  /** Plain /fee shows a signed-in customer's own premiums first: the way to another person's policy. */
  async lookUpAnotherPolicy() {
    await this.main.getByRole('button', { name: this.ui.name('fees:own.lookup') }).click();
  }

  get registerGroup() {
    return this.main.getByRole('group', { name: this.ui.name('fees:flow.register') });
  }

  get phoneField() {
    return this.main.getByLabel(this.ui.t('fees:flow.phone'), { exact: true });
  }

  /** The register number's digits. */
  get registerNumberField() {
    return this.registerGroup.getByRole('textbox', { name: this.ui.name('ui:register.number') });
  }

  /** The form's refusal (no policy matches, or wait before trying again). */
  get alert() {
    return this.main.getByRole('alert');
  }

  get sendCodeButton() {
    return this.main.getByRole('button', { name: this.ui.name('fees:flow.sendCode') });
  }

  /** `fee.changeRegister`: the register number's two letters and its digits. */
  async feeChangeRegister(parts: RegisterParts) {
    await this.registerGroup.getByRole('combobox', { name: this.ui.name('ui:register.firstLetter') }).selectOption(parts.first);
    await this.registerGroup.getByRole('combobox', { name: this.ui.name('ui:register.secondLetter') }).selectOption(parts.second);
    await this.registerNumberField.fill(parts.number);
  }

  /** `fee.changePhone`. */
  async feeChangePhone(phone: string) {
    await this.phoneField.fill(phone);
  }

  /** `fee.submit`: "Send the code". */
  async feeSubmit() {
    await this.sendCodeButton.click();
  }

  /** `fee.retry`: reading the confirmation failed, try again. */
  async feeRetry() {
    await this.main.getByRole('alert').getByRole('button', { name: this.ui.name('common:actions.retry') }).click();
  }

  /** `fee.restart`: "Pay another policy" (or, after a failed payment, "try again"). */
  async feeRestart() {
    await this.main
      .getByRole('button', { name: this.ui.name('fees:flow.another') })
      .or(this.main.getByRole('button', { name: this.ui.name('fees:invoice.tryAgain') }))
      .first()
      .click();
  }

  // ── the fees to pay (the fee-payment child) ──────────────────────────────────────────────────

  /** The provider to pay with ('khan', 'qpay', 'mostmoney'). */
  async chooseProvider(provider: 'khan' | 'qpay' | 'mostmoney') {
    await this.fees.payment.paymentChoose(provider);
  }

  /** `payment.submit` of the fee chooser: "Pay ₮ …". */
  async paymentSubmit() {
    await this.fees.payment.paymentSubmit();
  }

  async seeForm() {
    await expectVisible(this.main.getByRole('heading', { level: 1, name: this.ui.name('fees:flow.title') }));
    await expectVisible(this.phoneField);
  }

  async seeLoading() {
    await expectVisible(this.main.getByText(this.ui.t('fees:flow.loading')).first());
  }

  async seeLoadFailed() {
    await expectVisible(this.main.getByRole('alert').getByRole('button', { name: this.ui.name('common:actions.retry') }));
  }

  /** The confirmed policy's fees to choose from. */
  async seeFeesToPay(contractNumber: string) {
    await expectVisible(this.main.getByRole('heading', { level: 1, name: this.ui.name('fees:flow.paymentTitle') }));
    await expectVisible(this.main.getByText(contractNumber, { exact: true }));
  }

  async seePaid() {
    await expectVisible(this.main.getByRole('heading', { level: 1, name: this.ui.name('fees:invoice.paidTitle') }));
  }
}
