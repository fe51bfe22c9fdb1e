/** The public header: home, online insurance, premium, the flag, then login or my insurances. */
import type { UiLanguage } from './ui-language';

export class Header {
  constructor(private readonly ui: UiLanguage) {}

  private get page() {
    return this.ui.page;
  }

  get banner() {
    return this.page.getByRole('banner');
  }

  get navigation() {
    return this.banner.getByRole('navigation', { name: this.ui.name('nav.main') });
  }

  get homeLink() {
    return this.navigation.getByRole('link', { name: this.ui.name('nav.home') });
  }

  get onlineInsuranceLink() {
    return this.navigation.getByRole('link', { name: this.ui.name('nav.onlineInsurance') });
  }

  get premiumLink() {
    return this.navigation.getByRole('link', { name: this.ui.name('nav.premium') });
  }

  get loginLink() {
    return this.banner.getByRole('link', { name: this.ui.name('nav.login') });
  }

  get myInsurancesLink() {
    return this.banner.getByRole('link', { name: this.ui.name('nav.myInsurances') });
  }

  get languageFlag() {
    return this.banner.getByRole('button', { name: this.ui.name('language.switchTo') });
  }

  /** Presses the flag and waits for the other language. */
  async switchLanguage() {
    await this.ui.toggle();
  }
}
