/**
 * The payment status pages (/insurance/buy/payment/status/…): waiting for a payment (card, QR, mobile
 * money), paid with the policy number, failed with "try again", still pending with "check again".
 *
 *   const status = new PaymentStatusPage(site.language);
 *   await status.open(invoice.id, 'qpay');
 *   await status.seeQrCode();
 *   await status.seePaid();
 *   expect(await status.seePolicyNumber()).toBe(invoice.policy_number);
 */
import { expect } from 'vitest';
import type { FailureReason } from '../../../../contract/payment.schema';
import { expectPath, expectVisible, WAIT_MS } from '../ui';
import type { UiLanguage } from './ui-language';

/** The five status routes: the generic one, the card's two return pages, the QR and mobile-money pages. */
export type StatusRoute = 'status' | 'khan-success' | 'khan-fail' | 'qpay' | 'mostmoney';

const ROUTE_PATHS: Record<StatusRoute, string> = {
  status: '/insurance/buy/payment/status/',
  'khan-success': '/insurance/buy/payment/status/khan/success/',
  'khan-fail': '/insurance/buy/payment/status/khan/fail/',
  qpay: '/insurance/buy/payment/status/qpay/',
  mostmoney: '/insurance/buy/payment/status/mostmoney/',
};

export const statusPathOf = (route: StatusRoute) => ROUTE_PATHS[route];

export class PaymentStatusPage {
  constructor(protected readonly ui: UiLanguage) {}

  protected get page() {
    return this.ui.page;
  }

  protected get main() {
    return this.page.getByRole('main');
  }

  /** Opens a status route for an invoice (none: the route without `?invoice=`). */
  async open(invoiceId: string | null, route: StatusRoute = 'status') {
    await this.page.goto(invoiceId ? `${ROUTE_PATHS[route]}?invoice=${encodeURIComponent(invoiceId)}` : ROUTE_PATHS[route]);
  }

  /** Reloads the page, as a buyer who lost patience would. */
  async reload() {
    await this.page.reload();
  }

  get heading() {
    return this.main.getByRole('heading', { level: 1 });
  }

  /** The polite live region that announces each status change. */
  get announcement() {
    return this.main.getByRole('status').first();
  }

  get alert() {
    return this.main.getByRole('alert');
  }

  private headingNamed(key: string) {
    return this.main.getByRole('heading', { level: 1, name: this.ui.name(`payment:${key}`) });
  }

  private button(key: string) {
    return this.main.getByRole('button', { name: this.ui.name(`payment:${key}`) });
  }

  private link(key: string) {
    return this.main.getByRole('link', { name: this.ui.name(`payment:${key}`) });
  }

  // ── waiting ──────────────────────────────────────────────────────────────────────────────────

  /** Text shown on the page, leaving out the live region that repeats it for screen readers. */
  private shown(text: RegExp) {
    return this.main.getByText(text).and(this.main.locator(':not([role="status"])'));
  }

  /** The page waits for the payment (any provider), shows it and announces it. */
  /** Whether the waiting is on screen now (no wait). */
  isWaiting() {
    return this.shown(this.ui.name('payment:pending.waiting')).isVisible();
  }

  async seeWaiting() {
    await expectVisible(this.shown(this.ui.name('payment:pending.waiting')));
    await expect.poll(async () => (await this.announcement.innerText()).trim(), { timeout: WAIT_MS }).toBe(this.ui.t('payment:pending.waiting'));
  }

  /** The page of a provider that waits for the payment: its heading ('khan', 'qpay', 'mostmoney'). */
  async seePendingPageOf(provider: 'khan' | 'qpay' | 'mostmoney') {
    await expectVisible(this.headingNamed(`pending.${provider}.title`));
  }

  /** The card's page: waiting for the bank to confirm. */
  async seeWaitingForTheBank() {
    await expectVisible(this.headingNamed('pending.khan.title'));
    await this.seeWaiting();
  }

  get qrCode() {
    return this.main.getByRole('img', { name: new RegExp(this.ui.t('payment:pending.qpay.qrAlt', { amount: '.+' })) });
  }

  /** The QR page: the heading and the code itself. */
  async seeQrCode() {
    await expectVisible(this.headingNamed('pending.qpay.title'));
    await expectVisible(this.qrCode);
  }

  /** The names of the bank apps offered as links on the QR page. */
  async bankAppNames() {
    return (await this.main.getByRole('listitem').getByRole('link').allInnerTexts()).map((name) => name.trim());
  }

  /** The waiting page's other ways: back, 'pay another way' and cancelling the request. */
  get ways() {
    return this.main.getByRole('navigation', { name: this.ui.name('payment:pending.ways.label') });
  }

  /** A link of the other ways ('back', 'otherWay'). */
  wayLink(way: 'back' | 'otherWay') {
    return this.ways.getByRole('link', { name: this.ui.name(`payment:pending.ways.${way}`) });
  }

  /** 'Pay another way': back to the choice, what is being paid kept. */
  async payAnotherWay() {
    await this.wayLink('otherWay').click();
  }

  /** Cancels the payment request (it fails as cancelled). */
  async cancelPayment() {
    await this.ways.getByRole('button', { name: this.ui.name('payment:pending.ways.cancel') }).click();
  }

  /** The mobile-money page: confirm on the phone with the masked number. */
  async seeConfirmationRequestSentTo(maskedPhone: string) {
    await expectVisible(this.headingNamed('pending.mostmoney.title'));
    await expectVisible(this.main.getByText(this.ui.t('payment:pending.mostmoney.text', { phone: maskedPhone })));
  }

  /** The countdown to the invoice's expiry ("Time left to pay: 14:52"). */
  get countdown() {
    return this.main.getByRole('timer');
  }

  /** The amount the page asks for, as shown. */
  async amountShown() {
    return (await this.main.getByTestId('payment-amount').innerText()).trim();
  }

  /** "I have paid — check now" while the page polls. */
  async checkNow() {
    await this.button('pending.checkNow').click();
  }

  private get stillPendingHeading() {
    return this.main.getByRole('heading', { level: 2, name: this.ui.name('payment:pending.stillPending.title') });
  }

  /** Polling gave up: "still pending" with "check again". */
  async seeStillPending() {
    await expectVisible(this.stillPendingHeading);
    await expectVisible(this.button('pending.stillPending.checkAgain'));
  }

  /** Whether "still pending" shows right now (no waiting). */
  isStillPending() {
    return this.stillPendingHeading.isVisible();
  }

  /** Presses "check again" (with `keyboard`, focuses it and presses Enter, as a keyboard user would). */
  async checkAgain({ keyboard = false } = {}) {
    const button = this.button('pending.stillPending.checkAgain');
    if (!keyboard) return button.click();
    await button.focus();
    await this.page.keyboard.press('Enter');
  }

  /** The text of the element that has the keyboard focus. */
  focusedText() {
    return this.page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
  }

  // ── paid ─────────────────────────────────────────────────────────────────────────────────────

  async seePaid() {
    await expectVisible(this.headingNamed('paid.title'));
  }

  /** The policy number shown once paid; with `expected`, waits until it is that one. */
  async seePolicyNumber(expected?: string) {
    const number = this.main.getByTestId('policy-number');
    await expectVisible(number);
    if (expected !== undefined) await expect.poll(async () => (await number.innerText()).trim(), { timeout: WAIT_MS }).toBe(expected);
    return (await number.innerText()).trim();
  }

  /** SPEC 9: the contract is sent within 1 working day. */
  async seeContractSentWithinOneWorkingDay() {
    await expectVisible(this.main.getByText(this.ui.t('payment:paid.contractSent_one', { count: 1 })));
  }

  /** A visitor's way from the paid page to their policies (the login page, then My insurances). */
  async logInToSeeThePolicy() {
    await this.link('paid.login').click();
    await expectPath(this.page, '/login');
  }

  /** A first-time buyer is told to register with the insured register number and the purchase's phone. */
  async seeHowToRegister() {
    await expectVisible(this.main.getByText(this.ui.t('payment:paid.registerHint')));
  }

  /** The paid page's way to registration. */
  async register() {
    await this.link('paid.register').click();
    await expectPath(this.page, '/login/register');
  }

  /** A signed-in buyer's way to their policies. */
  async goToMyInsurances() {
    await this.link('paid.myInsurances').click();
    await expectPath(this.page, '/user/contract');
  }

  // ── failed ───────────────────────────────────────────────────────────────────────────────────

  /** The payment failed (or expired); with a reason, that reason is what the alert says. */
  async seeFailed(reason?: FailureReason | 'expired') {
    await expectVisible(this.headingNamed(reason === 'expired' ? 'failed.expiredTitle' : 'failed.title'));
    if (reason) await expectVisible(this.alert.getByText(this.ui.name(`payment:failed.reasons.${reason}`)));
  }

  // ── refund due ───────────────────────────────────────────────────────────────────────────────

  /**
   * Paid, but what it paid for had been paid another way: "received — it will be refunded", within how
   * many working days, and the number to call; no "expired" or "failed" anywhere.
   */
  async seeRefundDue(workingDays: number) {
    await expectVisible(this.headingNamed('refundDue.title'));
    await expectVisible(this.main.getByText(this.ui.name(`payment:refundDue.refund_${workingDays === 1 ? 'one' : 'other'}`, { count: workingDays })));
    await expectVisible(this.main.getByRole('link', { name: /^\d{4}-\d{4}$/ }));
    await expect.poll(async () => (await this.announcement.innerText()).trim(), { timeout: WAIT_MS }).toBe(this.ui.t('payment:refundDue.title'));
    expect(await this.main.getByText(this.ui.name('payment:failed.expiredTitle')).count()).toBe(0);
  }

  /** "Try again": back to the wizard's payment step with the same provider, nothing to re-enter. */
  async tryAgain() {
    await this.link('failed.tryAgain').click();
    await expectPath(this.page, '/insurance/buy/payment/');
  }

  async chooseAnotherWayToPay() {
    await this.link('failed.otherWay').click();
    await expectPath(this.page, '/insurance/buy/payment/');
  }

  // ── nothing to show ──────────────────────────────────────────────────────────────────────────

  /** No `?invoice=`: nothing to show, with the way to the catalogue. */
  async seeNothingToShow() {
    await expectVisible(this.headingNamed('missing.title'));
    await expectVisible(this.link('missing.catalogue'));
  }

  /** The invoice is not this browser's (or does not exist). */
  async seeCannotShowThisPayment() {
    await expectVisible(this.headingNamed('notFound.title'));
  }

  /** The first check failed: the error with a retry. */
  async seeCheckFailed() {
    await expectVisible(this.headingNamed('loadFailed.title'));
    await expectVisible(this.alert);
  }

  /** `payment.retry`: the first check failed, try it again. */
  async paymentRetry() {
    await this.alert.getByRole('button', { name: this.ui.name('payment:loadFailed.retry') }).click();
  }

  /** `payment.check`: "I have paid — check now" while waiting, or "check again" once polling gave up. */
  async paymentCheck() {
    await this.button('pending.checkNow').or(this.button('pending.stillPending.checkAgain')).click();
  }

  /** The view the page shows: 'missing', 'checking', 'pending', 'paid', … (the machine's state as the page names it). */
  get shownStatus() {
    return this.page.locator('.payment-status[data-status]');
  }
}
