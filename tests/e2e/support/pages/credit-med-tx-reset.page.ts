/**
 * A forgotten Credit Med transaction password replaced (/credit-med/tx-password, the
 * credit-med-tx-reset machine): the code sent to the account's phone (`codeStep`), then the new
 * password twice. One method per event the page sends (`password.change` → `passwordChange`,
 * `password.submit`, `reset.retry`).
 *
 *   const reset = new TxResetPage(ui);
 *   await reset.codeStep.enterCode(await phone.latestCode());
 *   await reset.passwordChange('password', '730591');
 *   await reset.passwordChange('password_confirm', '730591');
 *   await reset.passwordSubmit();
 */
import type { TxResetField } from '../../../../machines/credit-med-tx-reset.machine';
import { CodeStep } from './code-step.page';
import type { UiLanguage } from './ui-language';

const FIELD_LABELS: Record<TxResetField, string> = { password: 'password', password_confirm: 'passwordConfirm' };

export class TxResetPage {
  readonly codeStep: CodeStep;

  constructor(private readonly ui: UiLanguage) {
    this.codeStep = new CodeStep(ui);
  }

  private get main() {
    return this.ui.page.getByRole('main');
  }

  private name(key: string) {
    return this.ui.name(`creditMedCard:txReset.${key}`);
  }

  passwordField(field: TxResetField) {
    return this.ui.page.getByLabel(this.name(FIELD_LABELS[field]));
  }

  /** `password.change`: the new password or its repetition. */
  async passwordChange(field: TxResetField, value: string) {
    await this.passwordField(field).fill(value);
  }

  /** `password.submit`: "Save". */
  async passwordSubmit() {
    await this.main.getByRole('button', { name: this.name('save') }).click();
  }

  /** `reset.retry`: sending the code or saving failed, start again. */
  async resetRetry() {
    await this.main.getByRole('button', { name: this.name('retry') }).click();
  }

  /** "The transaction password is changed." */
  get done() {
    return this.ui.page.getByText(this.name('done'));
  }

  /** A text the page shows (a refusal of the new password), found within longer texts. */
  shown(text: string) {
    return this.ui.page.getByText(text);
  }
}
