/**
 * The notifications page (/user/notifications, the notifications machine): the list newest first,
 * the unread count, "Mark as read" on one, "Mark all as read", "Show older". One method per event the
 * page sends, named after it (`notifications.markRead` → `notificationsMarkRead`);
 * `notifications.changed` comes from the live stream, not from the customer. The side menu's unread
 * badge is the user menu's (user-menu.page.ts).
 *
 *   const notifications = new NotificationsPage(ui);
 *   await notifications.open();
 *   await notifications.notificationsMarkRead(notifications.newest);
 *   await notifications.notificationsMarkAll();
 */
import type { Locator, Page } from 'playwright-core';
import type { UiLanguage } from './ui-language';

export class NotificationsPage {
  constructor(private readonly ui: UiLanguage) {}

  private get page() {
    return this.ui.page;
  }

  async open() {
    await this.page.goto('/user/notifications');
  }

  get heading() {
    return this.page.getByRole('heading', { level: 1, name: this.ui.name('notifications:title') });
  }

  /** The page's main part (the list and what it says when empty or failed). */
  get main() {
    return this.page.getByRole('main');
  }

  /** The heading of a notification (after its unread marker), its name containing `name`. */
  itemHeading(name: string) {
    return this.main.getByRole('heading', { level: 2, name });
  }

  get list() {
    return this.page.getByRole('list', { name: this.ui.t('notifications:listLabel') });
  }

  get items() {
    return this.list.getByRole('listitem');
  }

  get newest() {
    return this.items.first();
  }

  /** The items of the list that contain `text`. */
  itemsWith(text: string) {
    return this.items.filter({ hasText: text });
  }

  /** A text anywhere on the page, or in one notification (`within`). */
  text(text: string | RegExp, within: Page | Locator = this.page) {
    return within.getByText(text);
  }

  /** The dates and times the notifications shown say ("1 Mar 2023, 09:00"). */
  async times() {
    return this.list.locator('time').allInnerTexts();
  }

  async timeOf(item: Locator) {
    return item.locator('time').innerText();
  }

  /** The count above the list ("3 unread", "Everything is read") when it reads `text`. */
  count(text: string) {
    return this.page.getByRole('status').filter({ hasText: text });
  }

  /** The notification's "Mark as read" (exactly that name). */
  markReadButton(item: Locator) {
    return item.getByRole('button', { name: this.ui.t('notifications:markRead'), exact: true });
  }

  /** Every button of the notification whose name contains "Mark as read" (none once it is read). */
  markReadButtonsIn(item: Locator) {
    return item.getByRole('button', { name: this.ui.t('notifications:markRead') });
  }

  /** The id of the notification's heading (what its buttons are described by). */
  async headingIdOf(item: Locator) {
    return item.getByRole('heading').getAttribute('id');
  }

  /** `notifications.markRead`: "Mark as read" on one notification. */
  async notificationsMarkRead(item: Locator) {
    await this.markReadButton(item).click();
  }

  /** `notifications.markAll`: "Mark all as read". */
  async notificationsMarkAll() {
    await this.page.getByRole('button', { name: this.ui.t('notifications:markAll') }).click();
  }

  /** `notifications.more`: "Show older". */
  async notificationsMore() {
    await this.page.getByRole('button', { name: this.ui.name('notifications:more') }).click();
  }

  /** `notifications.retry`: the list could not be loaded, try again. */
  async notificationsRetry() {
    await this.page.getByRole('alert').getByRole('button', { name: this.ui.name('common:actions.retry') }).click();
  }

  /** The notification's "Open": the page it tells about. */
  async openFrom(item: Locator) {
    await item.getByRole('link', { name: this.ui.t('notifications:open'), exact: true }).click();
  }
}
