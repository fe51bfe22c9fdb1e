/** The static alert modal every layout has: one message and an OK button. */
import { expectHidden } from '../ui';
import type { UiLanguage } from './ui-language';

export class AlertModal {
  constructor(private readonly ui: UiLanguage) {}

  get dialog() {
    return this.ui.page.getByRole('alertdialog', { name: this.ui.name('alert.title') });
  }

  async dismiss() {
    await this.dialog.getByRole('button', { name: this.ui.name('actions.ok') }).click();
    await expectHidden(this.dialog);
  }
}
