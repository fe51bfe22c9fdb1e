/** The code step of registration and password recovery: the code, confirm, and the resend countdown. */
import { maskPhone } from '../../../../contract/account.schema';
import { expectVisible } from '../ui';
import type { UiLanguage } from './ui-language';

export class CodeStep {
  constructor(private readonly ui: UiLanguage) {}

  private get page() {
    return this.ui.page;
  }

  get heading() {
    return this.page.getByRole('heading', { level: 1, name: this.ui.name('code:title') });
  }

  async waitUntilShown() {
    await expectVisible(this.heading);
  }

  /** The sentence that says the code went to `phone` (shown masked: 99****01). */
  leadFor(phone: string) {
    return this.page.getByText(this.ui.name('code:lead', { phone: maskPhone(phone) }));
  }

  get codeField() {
    return this.page.getByRole('textbox', { name: this.ui.name('code:label') });
  }

  get confirmButton() {
    return this.page.getByRole('main').getByRole('button', { name: this.ui.name('code:submit') });
  }

  /** The resend button in any of its states (counting down, ready, sending). */
  get resendButton() {
    return this.page.getByRole('main').getByRole('button', {
      name: new RegExp(
        [this.ui.t('code:resend'), this.ui.t('code:resendIn', { seconds: 'SECONDS' })]
          .map((text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace('SECONDS', '\\d+'))
          .join('|'),
      ),
    });
  }

  /** The resend button's label once it may be pressed. */
  get resendReadyButton() {
    return this.page.getByRole('main').getByRole('button', { name: this.ui.name('code:resend') });
  }

  /** The button while it counts down from `seconds`. */
  resendCountdown(seconds: number) {
    return this.page.getByRole('main').getByRole('button', { name: this.ui.name('code:resendIn', { seconds }) });
  }

  get errorAlert() {
    return this.page.getByRole('main').getByRole('alert');
  }

  get notice() {
    return this.page.getByRole('main').getByRole('status');
  }

  get changeDetailsLink() {
    return this.page.getByRole('link', { name: this.ui.name('code:changeDetails') });
  }

  async enterCode(code: string) {
    await this.codeField.fill(code);
    await this.confirmButton.click();
  }

  async resend() {
    await this.resendReadyButton.click();
  }
}
