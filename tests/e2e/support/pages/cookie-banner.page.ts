/** The 'Cookie Settings' banner and the cookie policy modal. */
import { expect } from 'vitest';
import { expectHidden, expectVisible } from '../ui';
import type { UiLanguage } from './ui-language';

export class CookieBanner {
  constructor(private readonly ui: UiLanguage) {}

  private get page() {
    return this.ui.page;
  }

  get region() {
    return this.page.getByRole('region', { name: this.ui.name('cookies:banner.title') });
  }

  get personalInformation() {
    return this.region.getByRole('checkbox', { name: this.ui.name('cookies:banner.personalInformation') });
  }

  get marketingAnalytics() {
    return this.region.getByRole('checkbox', { name: this.ui.name('cookies:banner.marketingAnalytics') });
  }

  get rejectAllButton() {
    return this.region.getByRole('button', { name: this.ui.name('cookies:banner.rejectAll') });
  }

  get acceptButton() {
    return this.region.getByRole('button', { name: this.ui.name('cookies:banner.accept') });
  }

  get policyLink() {
    return this.region.getByRole('button', { name: this.ui.name('cookies:banner.policyLink') });
  }

  get policyDialog() {
    return this.page.getByRole('dialog', { name: this.ui.name('cookies:policy.title') });
  }

  async waitUntilShown() {
    await expectVisible(this.region);
  }

  async rejectAll() {
    await this.rejectAllButton.click();
    await expectHidden(this.region);
  }

  /** Ticks the chosen categories (others stay as they are: unchecked by default) and accepts. */
  async acceptWith({ personalInformation = false, marketing = false }: { personalInformation?: boolean; marketing?: boolean } = {}) {
    if (personalInformation) await this.tick('personalInformation');
    if (marketing) await this.tick('marketingAnalytics');
    await this.acceptButton.click();
    await expectHidden(this.region);
  }

  /** Ticks a box the way a user does: by pressing its label. */
  async tick(category: 'personalInformation' | 'marketingAnalytics') {
    const box = category === 'personalInformation' ? this.personalInformation : this.marketingAnalytics;
    if (await box.isChecked()) return;
    await this.region.getByText(this.ui.name(`cookies:banner.${category}`)).click();
    await expect.poll(() => box.isChecked(), { message: `${category} ticked` }).toBe(true);
  }

  async openPolicy() {
    await this.policyLink.click();
    await expectVisible(this.policyDialog);
  }

  async closePolicyWithOk() {
    await this.policyDialog.getByRole('button', { name: this.ui.name('actions.ok') }).click();
    await expectHidden(this.policyDialog);
  }
}
