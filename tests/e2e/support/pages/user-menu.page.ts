/** The user area's side menu: the user's name, the flag, the items and logout with its confirmation. */
import { expectHidden, expectVisible } from '../ui';
import type { UiLanguage } from './ui-language';

export type MenuItem = 'myInsurances' | 'claim' | 'feedback' | 'notifications' | 'settings' | 'creditMed';

export const MENU_ITEMS: readonly MenuItem[] = ['myInsurances', 'claim', 'feedback', 'notifications', 'settings', 'creditMed'];

export class UserMenu {
  constructor(private readonly ui: UiLanguage) {}

  private get page() {
    return this.ui.page;
  }

  get navigation() {
    return this.page.getByRole('navigation', { name: this.ui.name('user:menu.label') });
  }

  /** The signed-in user's name at the top of the menu (the page itself may show it too, e.g. as a policy owner). */
  signedInName(name: string) {
    return this.page.getByRole('complementary').getByText(name, { exact: true });
  }

  /** The button that opens and closes the menu on narrow screens. */
  get toggleButton() {
    return this.page.getByRole('button', { name: this.ui.name('user:menu.toggle') });
  }

  item(item: MenuItem) {
    return this.navigation.getByRole('link', { name: this.ui.name(`user:menu.${item}`) });
  }

  get logoutItem() {
    return this.navigation.getByRole('button', { name: this.ui.name('user:menu.logout') });
  }

  get logoutDialog() {
    return this.page.getByRole('alertdialog', { name: this.ui.name('user:logout.title') });
  }

  /** The names of the menu's links and buttons, in order, as a screen reader lists them. */
  async itemNames() {
    return (await this.navigation.getByRole('listitem').allInnerTexts()).map((name) => name.trim());
  }

  /** The names of the items marked as the current page. */
  async activeItemNames() {
    return (await this.navigation.locator('[aria-current="page"]').allInnerTexts()).map((name) => name.trim());
  }

  async waitUntilShown() {
    await this.page.getByRole('main').waitFor({ state: 'attached' });
    await expectVisible(this.toggleButton.or(this.navigation).first());
  }

  /** Opens the collapsed menu (narrow screens). */
  async expand() {
    if ((await this.toggleButton.getAttribute('aria-expanded')) !== 'true') await this.toggleButton.click();
    await expectVisible(this.navigation);
  }

  async choose(item: MenuItem) {
    await this.item(item).click();
  }

  /** Presses the logout item and answers the confirmation. */
  async logOut({ confirm }: { confirm: boolean }) {
    await this.logoutItem.click();
    await expectVisible(this.logoutDialog);
    const answer = confirm ? 'user:logout.yes' : 'user:logout.no';
    await this.logoutDialog.getByRole('button', { name: this.ui.name(answer) }).click();
    await expectHidden(this.logoutDialog);
  }
}
