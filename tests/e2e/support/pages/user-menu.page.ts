/** The user area's side menu: the user's name, the flag, the items and logout with its confirmation. */
import type { Locator } from 'playwright-core';
import { expectHidden, expectVisible } from '../ui';
import type { UiLanguage } from './ui-language';

export type MenuItem = 'myInsurances' | 'claim' | 'feedback' | 'notifications' | 'settings' | 'creditMed';

export const MENU_ITEMS: readonly MenuItem[] = ['myInsurances', 'claim', 'feedback', 'notifications', 'settings', 'creditMed'];

/** The texts of the elements without the unread badge's digits (shown for the eye, aria-hidden). */
const textsWithoutBadge = (locator: Locator) =>
  locator.evaluateAll((elements) =>
    elements.map((element) => {
      const copy = element.cloneNode(true) as Element;
      copy.querySelectorAll('.side-menu__badge').forEach((badge) => badge.remove());
      return (copy.textContent ?? '').trim();
    }),
  );

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
    return textsWithoutBadge(this.navigation.getByRole('listitem').locator('a, button'));
  }

  /** The names of the items marked as the current page. */
  async activeItemNames() {
    return textsWithoutBadge(this.navigation.locator('[aria-current="page"]'));
  }

  /** The unread count the notifications item describes itself with ("3 unread"), or null when it has none. */
  async unreadDescription(): Promise<string | null> {
    const describedBy = await this.item('notifications').getAttribute('aria-describedby');
    return describedBy ? this.page.locator(`[id="${describedBy}"]`).textContent() : null;
  }

  /**
   * The notifications item's unread count as a screen reader hears it ("3 unread"), checked against the
   * digits its badge shows: null when it has neither, else the description, or what disagrees.
   */
  async unreadBadge(): Promise<string | null> {
    const describedBy = await this.item('notifications').getAttribute('aria-describedby');
    const digits = await this.item('notifications').locator('.side-menu__badge').allTextContents();
    if (!describedBy) return digits.length === 0 ? null : `badge ${digits.join()} without a description`;
    const description = (await this.page.locator(`[id="${describedBy}"]`).textContent()) ?? '';
    return description.startsWith(`${digits[0] ?? '-'} `) ? description : `badge ${digits.join()} but "${description}"`;
  }

  /** The menu button's badge showing exactly `digits` (it shows while the menu is closed on narrow screens). */
  toggleBadgeShowing(digits: string) {
    return this.page.locator('.side-menu__toggle .side-menu__badge').getByText(digits, { exact: true });
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

  /** The confirmation's question ("Do you want to log out?"). */
  get logoutQuestion() {
    return this.logoutDialog.getByText(this.ui.name('user:logout.question'));
  }

  /** `logout.ask`: the logout item, which asks first. */
  async logoutAsk() {
    await this.logoutItem.click();
  }

  /** `logout.cancel`: the confirmation's "No". */
  async logoutCancel() {
    await this.logoutDialog.getByRole('button', { name: this.ui.name('user:logout.no') }).click();
  }

  /** `logout.confirm`: the confirmation's "Yes". */
  async logoutConfirm() {
    await this.logoutDialog.getByRole('button', { name: this.ui.name('user:logout.yes') }).click();
  }

  /** Presses the logout item and answers the confirmation. */
  async logOut({ confirm }: { confirm: boolean }) {
    await this.logoutAsk();
    await expectVisible(this.logoutDialog);
    await (confirm ? this.logoutConfirm() : this.logoutCancel());
    await expectHidden(this.logoutDialog);
  }
}
