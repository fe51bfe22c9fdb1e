/** /login/forgot-password and its later steps (the code step is `CodeStep`). */
import { expectVisible } from '../ui';
import type { UiLanguage } from './ui-language';

export class ForgotPasswordPage {
  constructor(private readonly ui: UiLanguage) {}

  private get page() {
    return this.ui.page;
  }

  async open() {
    await this.page.goto('/login/forgot-password');
    await expectVisible(this.heading);
  }

  get heading() {
    return this.page.getByRole('heading', { level: 1, name: this.ui.name('account:forgotPassword.title') });
  }

  get newPasswordHeading() {
    return this.page.getByRole('heading', { level: 1, name: this.ui.name('account:forgotPassword.newTitle') });
  }

  get emailField() {
    return this.page.getByRole('textbox', { name: this.ui.name('account:forgotPassword.email') });
  }

  get phoneField() {
    return this.page.getByRole('textbox', { name: this.ui.name('account:forgotPassword.phone') });
  }

  get submitButton() {
    return this.page.getByRole('main').getByRole('button', { name: this.ui.name('account:forgotPassword.submit') });
  }

  get errorAlert() {
    return this.page.getByRole('main').getByRole('alert');
  }

  async identify(email: string, phone: string) {
    await this.emailField.fill(email);
    await this.phoneField.fill(phone);
    await this.submitButton.click();
  }

  async chooseNewPassword(password: string, again = password) {
    await expectVisible(this.newPasswordHeading);
    await this.page.getByLabel(this.ui.name('account:forgotPassword.password'), { exact: true }).fill(password);
    await this.page.getByLabel(this.ui.name('account:forgotPassword.passwordAgain')).fill(again);
    await this.page.getByRole('main').getByRole('button', { name: this.ui.name('account:forgotPassword.save') }).click();
  }
}
