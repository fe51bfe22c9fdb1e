/**
 * A Credit Med pre-claim (/credit-med/pre-claim) and its status page (/credit-med/pre-claim/payment
 * ?pre_claim=<id>): one method per event the page sends (named after the event: `hospital.search` →
 * `hospitalSearch`), and what each step shows. The replay's adapter
 * (./credit-med-pre-claim.replay.ts) maps a generated path's events to these methods.
 */
import type { UiLanguage } from './ui-language';

export class PreClaimWizard {
  constructor(readonly ui: UiLanguage) {}

  get page() {
    return this.ui.page;
  }

  get main() {
    return this.page.getByRole('main');
  }

  private name(key: string, values?: Record<string, string | number>) {
    return this.ui.name(`creditMedCard:${key}`, values);
  }

  text(key: string, values?: Record<string, string | number>) {
    return this.main.getByText(this.name(key, values));
  }

  button(key: string) {
    return this.main.getByRole('button', { name: this.name(key) });
  }

  field(key: string) {
    return this.main.getByRole('textbox', { name: this.name(key) }).first();
  }

  get alert() {
    return this.main.getByRole('alert');
  }

  get title() {
    return this.page.getByRole('heading', { level: 1, name: this.name('preClaim.title') });
  }

  async open() {
    await this.page.goto('/credit-med/pre-claim');
  }

  /** The card's balance the form offers to use. */
  get availableBalance() {
    return this.page.getByTestId('available-balance');
  }

  async cardRetry() {
    await this.button('preClaim.retry').click();
  }

  // ── the hospital ─────────────────────────────────────────────────────────────────────────────

  get searchField() {
    return this.field('preClaim.search');
  }

  async hospitalQuery(value: string) {
    await this.searchField.fill(value);
  }

  async hospitalSearch() {
    await this.button('preClaim.searchButton').click();
  }

  /** The "Choose" button of a hospital found, by its name. */
  chooseButton(name: string) {
    return this.main.getByRole('button', { name: `${this.ui.t('creditMedCard:preClaim.choose')}: ${name}`, exact: true });
  }

  async hospitalSelect(name: string) {
    await this.chooseButton(name).click();
  }

  // ── amount, purpose, password ────────────────────────────────────────────────────────────────

  get amountField() {
    return this.field('preClaim.amount');
  }

  async amountChange(value: string) {
    await this.amountField.fill(value);
  }

  get purposeField() {
    return this.field('preClaim.purpose');
  }

  async purposeChange(value: string) {
    await this.purposeField.fill(value);
  }

  get passwordField() {
    return this.main.getByLabel(this.name('preClaim.password')).first();
  }

  async passwordChange(value: string) {
    await this.passwordField.fill(value);
  }

  /** "Continue" on the amount and purpose steps, "Send pre-claim" on the password step. */
  get nextButton() {
    return this.button('preClaim.next').or(this.button('preClaim.send'));
  }

  async stepNext() {
    await this.nextButton.click();
  }

  async stepBack() {
    await this.button('preClaim.back').click();
  }

  get lockedTitle() {
    return this.main.getByRole('heading', { level: 2, name: this.name('preClaim.lockedTitle') });
  }

  // ── the status page ──────────────────────────────────────────────────────────────────────────

  get trackingTitle() {
    return this.page.getByRole('heading', { level: 1, name: this.name('tracking.title') });
  }

  /** "Check now" while the status moves, "Check again" after a failure or when polling gave up. */
  get checkButton() {
    return this.button('tracking.checkNow').or(this.button('tracking.checkAgain'));
  }

  async trackCheck() {
    await this.checkButton.click();
  }

  /** The status text under the badge (`statusText.<status>`). */
  statusText(status: string) {
    return this.main.getByTestId('status-text').getByText(this.name(`statusText.${status}`));
  }
}
