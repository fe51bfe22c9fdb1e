/** /login: e-mail, password and the login button in the central panel. */
import { expectPath, expectVisible } from '../ui';
import type { UiLanguage } from './ui-language';

export class LoginPage {
  constructor(private readonly ui: UiLanguage) {}

  private get page() {
    return this.ui.page;
  }

  /** Opens /login (optionally with the page to return to) and waits for the form. */
  async open({ next }: { next?: string } = {}) {
    await this.page.goto(next ? `/login?next=${encodeURIComponent(next)}` : '/login');
    await this.waitUntilShown();
  }

  async waitUntilShown() {
    await expectVisible(this.heading);
  }

  get heading() {
    return this.page.getByRole('heading', { level: 1, name: this.ui.name('auth:login.title') });
  }

  get emailField() {
    return this.page.getByRole('textbox', { name: this.ui.name('auth:login.email') });
  }

  get passwordField() {
    return this.page.getByLabel(this.ui.name('auth:login.password'));
  }

  get submitButton() {
    return this.page.getByRole('main').getByRole('button', { name: this.ui.name('auth:login.submit') });
  }

  /** The form's error banner (e.g. wrong credentials). */
  get errorAlert() {
    return this.page.getByRole('main').getByRole('alert');
  }

  get languageFlag() {
    return this.page.getByRole('button', { name: this.ui.name('language.switchTo') });
  }

  async fillIn(email: string, password: string) {
    await this.emailField.fill(email);
    await this.passwordField.fill(password);
  }

  async submit() {
    await this.submitButton.click();
  }

  /** Types the credentials and presses the login button (does not wait for the outcome). */
  async logInAs(email: string, password: string) {
    await this.fillIn(email, password);
    await this.submit();
  }

  /** Logs in and waits until the user area shows. */
  async logInAndWait(email: string, password: string, landing: string | RegExp = '/user/contract') {
    await this.logInAs(email, password);
    await expectPath(this.page, landing);
  }

  /** The text shown as the e-mail field's error (react-aria links it with aria-describedby). */
  async emailError() {
    return this.page.evaluate(() => {
      const input = document.querySelector<HTMLInputElement>('input[name="email"]');
      const ids = input?.getAttribute('aria-describedby')?.split(/\s+/) ?? [];
      return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ').trim();
    });
  }
}
