/** /login/forgot-username: register number and phone; the username goes to the phone. */
import { expectVisible } from '../ui';
import type { UiLanguage } from './ui-language';

export class ForgotUsernamePage {
  constructor(private readonly ui: UiLanguage) {}

  private get page() {
    return this.ui.page;
  }

  async open() {
    await this.page.goto('/login/forgot-username');
    await expectVisible(this.heading);
  }

  get heading() {
    return this.page.getByRole('heading', { level: 1, name: this.ui.name('account:forgotUsername.title') });
  }

  get registerGroup() {
    return this.page.getByRole('group', { name: this.ui.name('account:forgotUsername.registerNumber') });
  }

  get phoneField() {
    return this.page.getByRole('textbox', { name: this.ui.name('account:forgotUsername.phone') });
  }

  get submitButton() {
    return this.page.getByRole('main').getByRole('button', { name: this.ui.name('account:forgotUsername.submit') });
  }

  get errorAlert() {
    return this.page.getByRole('main').getByRole('alert');
  }

  get successNotice() {
    return this.page.getByRole('main').getByRole('status');
  }

  async askFor(register: string, phone: string) {
    const [first = '', second = ''] = [...register];
    await this.registerGroup.getByRole('combobox', { name: this.ui.name('ui:register.firstLetter') }).selectOption(first);
    await this.registerGroup.getByRole('combobox', { name: this.ui.name('ui:register.secondLetter') }).selectOption(second);
    await this.registerGroup.getByRole('textbox', { name: this.ui.name('ui:register.number') }).fill(register.slice(2));
    await this.phoneField.fill(phone);
    await this.submitButton.click();
  }
}
