/** /login/register: the registration form (the code step is `CodeStep`). */
import type { RegisterParts } from '../../../../contract/validation';
import { expectVisible } from '../ui';
import type { UiLanguage } from './ui-language';

export interface Registrant {
  email: string;
  password: string;
  /** e.g. 'УЕ95031218' */
  register: string;
  phone: string;
}

/** The form's text fields, by the names the registration machine's `details.change` events use. */
export type RegisterField = 'email' | 'password' | 'passwordAgain' | 'phone';

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

  /** The submit button while the details are being sent. */
  get submittingButton() {
    return this.page.getByRole('main').getByRole('button', { name: this.ui.name('account:register.submitting') });
  }

  get errorAlert() {
    return this.page.getByRole('main').getByRole('alert');
  }

  async chooseRegister(register: string) {
    const [first = '', second = ''] = [...register];
    await this.detailsChangeRegister({ first, second, number: register.slice(2) });
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
    await this.detailsSubmit();
  }

  // ── the registration machine's events, one method each (tests/e2e/support/pages/registration.replay.ts) ──

  /** `details.change`: types into one of the form's text fields. */
  async detailsChange(field: RegisterField, value: string) {
    const fields = { email: this.emailField, password: this.passwordField, passwordAgain: this.passwordAgainField, phone: this.phoneField };
    await fields[field].fill(value);
  }

  /** `details.changeRegister`: the register number's two letters and its digits. */
  async detailsChangeRegister(parts: RegisterParts) {
    await this.registerGroup.getByRole('combobox', { name: this.ui.name('ui:register.firstLetter') }).selectOption(parts.first);
    await this.registerGroup.getByRole('combobox', { name: this.ui.name('ui:register.secondLetter') }).selectOption(parts.second);
    await this.registerGroup.getByRole('textbox', { name: this.ui.name('ui:register.number') }).fill(parts.number);
  }

  /** `details.submit`: asks for the code (does not wait for the answer). */
  async detailsSubmit() {
    await this.submitButton.click();
  }
}
