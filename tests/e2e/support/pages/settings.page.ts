/** /user/settings: profile, password, language and cookie sections, each with its own save. */
import { expectVisible } from '../ui';
import type { UiLanguage } from './ui-language';

type SectionName = 'profile' | 'password' | 'language' | 'cookies';

export class SettingsPage {
  constructor(private readonly ui: UiLanguage) {}

  private get page() {
    return this.ui.page;
  }

  async open() {
    await this.page.goto('/user/settings');
    await this.waitUntilShown();
  }

  async waitUntilShown() {
    await expectVisible(this.section('profile'));
  }

  section(name: SectionName) {
    return this.page.getByRole('region', { name: this.ui.name(`account:settings.${name}.title`) });
  }

  /** The success note of a section ('saved'). */
  saved(name: SectionName) {
    return this.section(name).getByRole('status');
  }

  error(name: SectionName) {
    return this.section(name).getByRole('alert');
  }

  /** The value shown for a fact of the profile or cookie section (name, phone, a cookie category…). */
  fact(name: SectionName, key: string) {
    return this.section(name).locator('dt', { hasText: this.ui.name(`account:settings.${name}.${key}`) }).locator('xpath=following-sibling::dd[1]');
  }

  get emailField() {
    return this.section('profile').getByRole('textbox', { name: this.ui.name('account:settings.profile.email') });
  }

  /** The profile's current-password field: a new login e-mail needs it. */
  get profilePasswordField() {
    return this.section('profile').getByLabel(this.ui.name('account:settings.profile.currentPassword'));
  }

  async saveEmail(email: string, currentPassword: string) {
    await this.emailField.fill(email);
    await this.profilePasswordField.fill(currentPassword);
    await this.section('profile').getByRole('button', { name: this.ui.name('account:settings.profile.save') }).click();
  }

  async changePassword(current: string, next: string, again = next) {
    const section = this.section('password');
    await section.getByLabel(this.ui.name('account:settings.password.current')).fill(current);
    await section.getByLabel(this.ui.name('account:settings.password.new'), { exact: true }).fill(next);
    await section.getByLabel(this.ui.name('account:settings.password.newAgain')).fill(again);
    await section.getByRole('button', { name: this.ui.name('account:settings.password.save') }).click();
  }

  passwordField(key: 'current' | 'new' | 'newAgain') {
    return this.section('password').getByLabel(this.ui.name(`account:settings.password.${key}`), { exact: true });
  }

  async saveLanguage(label: string) {
    await this.section('language').getByRole('combobox', { name: this.ui.name('account:settings.language.label') }).selectOption({ label });
    await this.section('language').getByRole('button', { name: this.ui.name('account:settings.language.save') }).click();
  }

  /** The Credit Med section's way to replace a forgotten transaction password. */
  async replaceTxPassword() {
    await this.page.getByRole('main').getByRole('link', { name: this.ui.name('account:settings.txPassword.action') }).click();
  }

  get changeCookiesButton() {
    return this.section('cookies').getByRole('button', { name: this.ui.name('account:settings.cookies.change') });
  }
}
