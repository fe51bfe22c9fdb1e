/**
 * The feedback page (/user/feedback, the feedback machine): the form (kind, policy, text with its
 * counter), the confirmation, and the list of earlier feedback with its pager. One method per event
 * the page sends, named after it (`feedback.changeKind` → `feedbackChangeKind`); `feedback.reload`
 * comes from the live notification stream, not from the customer.
 *
 *   const feedback = new FeedbackPage(ui);
 *   await feedback.open();
 *   await feedback.feedbackChangeKind('Complaint');
 *   await feedback.feedbackChangeText('My fee payment does not show yet.');
 *   await feedback.feedbackSubmit();
 *   await expectVisible(feedback.message('Thank you, your feedback was sent.', { exact: false }));
 */
import type { Locator } from 'playwright-core';
import { expectVisible } from '../ui';
import type { UiLanguage } from './ui-language';

export class FeedbackPage {
  constructor(private readonly ui: UiLanguage) {}

  private get page() {
    return this.ui.page;
  }

  private name(key: string) {
    return this.ui.name(`feedback:${key}`);
  }

  async open() {
    await this.page.goto('/user/feedback');
  }

  get heading() {
    return this.page.getByRole('heading', { level: 1, name: this.name('title') });
  }

  async seeTitle() {
    await expectVisible(this.heading);
  }

  // ── the form ─────────────────────────────────────────────────────────────────────────────────

  get kindField() {
    return this.page.getByLabel(this.ui.t('feedback:form.kind'));
  }

  get policyField() {
    return this.page.getByLabel(this.ui.t('feedback:form.policy'));
  }

  get textField() {
    return this.page.getByRole('textbox', { name: this.name('form.text') });
  }

  /** The fields marked invalid. */
  get invalidFields() {
    return this.page.locator('[data-invalid]');
  }

  /** `feedback.changeKind`: the kind by its label ("Complaint"). */
  async feedbackChangeKind(label: string) {
    await this.kindField.selectOption({ label });
  }

  /** `feedback.changePolicy`: the policy by its label ("LI-2023-000184 · Life insurance"). */
  async feedbackChangePolicy(label: string) {
    await this.policyField.selectOption({ label });
  }

  // ── the policy search (a customer with more policies than a page) ────────────────────────────

  /** The policy choice as a search field (a combo box), shown instead of the select when one page does not hold every policy. */
  get policySearchField() {
    // The select is a combobox too (and stands in while the search loads): the search is the text input.
    return this.page.getByRole('combobox', { name: this.name('form.policy') }).and(this.page.locator('input'));
  }

  /** Types a contract number (or its beginning) into the policy search; its options drop down as the server answers. */
  async searchPolicy(text: string) {
    await this.policySearchField.fill(text);
  }

  /** An option the policy search lists, by its label ("PS-2026-000025 · Life insurance"). */
  policyOption(label: string) {
    return this.page.getByRole('listbox').getByRole('option', { name: label, exact: true });
  }

  /** `feedback.changePolicy` from the search: chooses the listed option `label`. */
  async feedbackChangePolicyFound(label: string) {
    await this.policyOption(label).click();
  }

  /** The line under the policy search (its hint, searching, none found, failed). */
  policySearchLine(key: string, values?: Record<string, string | number>) {
    return this.page.locator('.combo-box__status').getByText(this.ui.t(`feedback:${key}`, values), { exact: true });
  }

  /** `feedback.changeText`. */
  async feedbackChangeText(value: string) {
    await this.textField.fill(value);
  }

  /** `feedback.submit`: "Send". */
  async feedbackSubmit() {
    await this.page.getByRole('button', { name: this.name('form.send') }).click();
  }

  /** `feedback.retry`: the list could not be loaded, try again. */
  async feedbackRetry() {
    await this.page.getByRole('alert').getByRole('button', { name: this.ui.name('common:actions.retry') }).click();
  }

  /** A text the page shows (a field's error, the counter, the confirmation). */
  message(text: string, options?: { exact?: boolean }) {
    return this.page.getByText(text, options);
  }

  // ── the earlier feedback ─────────────────────────────────────────────────────────────────────

  get list() {
    return this.page.getByRole('list', { name: this.name('list.title') });
  }

  /** The feedback whose text (or reply) contains `text`. */
  item(text: string) {
    return this.list.getByRole('listitem').filter({ hasText: text });
  }

  /** A text in the list, or in one feedback of it (`item`). */
  inList(text: string, options?: { exact?: boolean }, within: Locator = this.list) {
    return within.getByText(text, options);
  }

  /** The texts of the feedback shown that match `text`, in order. */
  async textsMatching(text: RegExp) {
    return this.list.getByText(text).allTextContents();
  }

  /** The feedback a link named (a reply's notification): marked as the current one. */
  get linkedItem() {
    return this.list.locator('li[aria-current="true"]');
  }

  /** Whether the linked feedback has the keyboard focus. */
  async linkedItemHasFocus() {
    return this.linkedItem.evaluate((element) => element === document.activeElement);
  }

  private get pager() {
    return this.page.getByRole('navigation', { name: this.ui.t('feedback:list.pages') });
  }

  /** The pager's "Older feedback". */
  async olderPage() {
    await this.pager.getByRole('link', { name: this.ui.t('feedback:list.older') }).click();
  }

  /** The pager's "Newest feedback". */
  async newestPage() {
    await this.page.getByRole('link', { name: this.ui.t('feedback:list.newest') }).click();
  }
}
