/** /login/register: the registration form (the code step is `CodeStep`). */
import { expectVisible } from '../ui';
import type { UiLanguage } from './ui-language';

export interface Registrant {
  email: string;
  password: string;
  /** e.g. 'УЕ95031218' */
  register: string;
  phone: string;
}

export class RegisterPage {
  constructor(private readonly ui: UiLanguage) {}

  private get page() {
    return this.ui.page;
  }

  async open() {
    await this.page.goto('/login/register');
    await this.waitUntilShown();
  }

  get heading() {
    return this.page.getByRole('heading', { level: 1, name: this.ui.name('account:register.title') });
  }

  async waitUntilShown() {
    await expectVisible(this.heading);
  }

  get emailField() {
    return this.page.getByRole('textbox', { name: this.ui.name('account:register.email') });
  }

  get passwordField() {
    return this.page.getByLabel(this.ui.name('account:register.password'), { exact: true });
  }

  get passwordAgainField() {
    return this.page.getByLabel(this.ui.name('account:register.passwordAgain'));
  }

  get registerGroup() {
    return this.page.getByRole('group', { name: this.ui.name('account:register.registerNumber') });
  }

  get phoneField() {
    return this.page.getByRole('textbox', { name: this.ui.name('account:register.phone') });
  }

  get submitButton() {
    return this.page.getByRole('main').getByRole('button', { name: this.ui.name('account:register.submit') });
  }

  get errorAlert() {
    return this.page.getByRole('main').getByRole('alert');
  }

  async chooseRegister(register: string) {
    const [first = '', second = ''] = [...register];
    await this.registerGroup.getByRole('combobox', { name: this.ui.name('ui:register.firstLetter') }).selectOption(first);
    await this.registerGroup.getByRole('combobox', { name: this.ui.name('ui:register.secondLetter') }).selectOption(second);
    await this.registerGroup.getByRole('textbox', { name: this.ui.name('ui:register.number') }).fill(register.slice(2));
  }

  async fillIn(person: Registrant, { passwordAgain = person.password }: { passwordAgain?: string } = {}) {
    await this.emailField.fill(person.email);
    await this.passwordField.fill(person.password);
    await this.passwordAgainField.fill(passwordAgain);
    await this.chooseRegister(person.register);
    await this.phoneField.fill(person.phone);
  }

  /** Fills the form and asks for the code (does not wait for the answer). */
  async register(person: Registrant) {
    await this.fillIn(person);
    await this.submitButton.click();
  }
}
