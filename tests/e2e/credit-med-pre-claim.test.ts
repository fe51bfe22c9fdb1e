/**
 * Credit Med pre-claims in the browser (issue 13): a pre-claim with a wrong then a right transaction
 * password on a 375 px phone, followed on its status page as the reference insurer moves it; an
 * amount over the balance refused with the message and nothing lost; and each card-side SPEC 8 error
 * for its seeded user, in both languages.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { CARD_SEED_USERS } from '../../server/credit-med/cards/seed';
import { DEMO_TRANSACTION_PASSWORD } from '../../server/db/seed-data';
import { axeViolations } from './support/axe';
import { useBrowserTests } from './support/harness';
import { PreClaimWizard } from './support/pages/credit-med-pre-claim.page';
import { UiLanguage } from './support/pages/ui-language';
import { WizardStepsBar, type ListedStep } from './support/pages/wizard-steps.page';
import { exactly, LANGUAGES, text, type Language } from './support/texts';
import { expectPath, expectVisible, scrollWidth, WAIT_MS } from './support/ui';
import { demoUser, type TestUser } from './support/users';

const e2e = useBrowserTests();

/** The server refuses with 4xx on purpose; Chromium logs each as a console error. */
const expectRefusals = () => e2e.expectProblem(/status of (409|422|429)/, 'console error');

const seeded = (name: keyof typeof CARD_SEED_USERS): TestUser => ({ ...CARD_SEED_USERS[name], creditMedEligible: true });

/**
 * The pre-claim's shared page object (support/pages/credit-med-pre-claim.page.ts, the replay's too)
 * with the steps these tests repeat and what they read besides.
 */
class PreClaimForm extends PreClaimWizard {
  constructor(page: Page, language: Language) {
    super(new UiLanguage(page, language));
  }

  /** A text of the card side (`creditMedCard:` namespace) in the page's language. */
  t(key: string, values?: Record<string, string | number>) {
    return this.ui.t(`creditMedCard:${key}`, values);
  }

  /** The form, once its title shows. */
  override async open() {
    await super.open();
    await expectVisible(this.title);
  }

  /** Searches, then chooses the hospital named `name` among those found. */
  async chooseHospital(query: string, name: string) {
    await this.hospitalQuery(query);
    await this.hospitalSearch();
    await this.hospitalSelect(name);
  }

  /** Text of the main part containing the card side's text `key`. */
  shows(key: string, values?: Record<string, string | number>) {
    return this.main.getByText(this.t(key, values));
  }

  /** The status page's list of statuses as a screen reader reads them ("Sent (done)", …), and which one is current. */
  timeline(): Promise<ListedStep[]> {
    return this.main
      .getByRole('list', { name: exactly(this.t('tracking.history')) })
      .getByRole('listitem')
      .evaluateAll((items) =>
        items.map((item) => ({ name: (item.textContent ?? '').replace(/\s+/g, ' ').trim(), current: item.getAttribute('aria-current') === 'step' })),
      );
  }
}

const balanceText = async (form: PreClaimForm) => (await form.availableBalance.textContent())?.trim() ?? '';

describe('a pre-claim', () => {
  it('at 375 px: the balance and minimum before typing, a wrong then a right transaction password, then the status moving to paid by insurer', async () => {
    expectRefusals();
    const page = await e2e.openPage({ width: 375, signedInAs: demoUser });
    const form = new PreClaimForm(page, 'mn');
    await form.open();
    // The step indicator: "Алхам 1/4: Эмнэлэг", the four steps listed, the hospital current.
    const steps = new WizardStepsBar(form.ui, 'creditMedCard:preClaim.stepsLabel');
    const names = ['hospital', 'amount', 'purpose', 'password'].map((step) => form.t(`preClaim.steps.${step}`));
    await steps.seeAt(1, names);
    // Shown before anything is typed.
    await expectVisible(form.availableBalance);
    expect(await balanceText(form)).toMatch(/₮\s?4,290,000/);
    expect((await page.getByTestId('minimum-amount').textContent())?.trim()).toMatch(/₮\s?10,000/);

    await form.chooseHospital('сонгдо', 'Сонгдо Эмнэлэг');
    await form.amountChange('25000');
    await form.stepNext();
    await steps.seeAt(3, names);
    await form.purposeChange('Яаралтай тусламж');
    // The length is shown as it is typed.
    await expectVisible(form.shows('preClaim.purposeCount', { count: 16, max: 200 }));
    await form.stepNext();

    await form.passwordChange('000000');
    await form.stepNext();
    await expectVisible(form.shows('errors.incorrectTransactionPassword', { tries: 2 }).first());
    // Everything but the password is kept.
    expect(await form.passwordField.inputValue()).toBe('');
    expect(await scrollWidth(page)).toBeLessThanOrEqual(375);

    await form.passwordChange(DEMO_TRANSACTION_PASSWORD);
    await form.stepNext();
    await expectPath(page, '/credit-med/pre-claim/payment');
    expect(new URL(page.url()).searchParams.get('pre_claim')).toMatch(/^\d+$/);
    await expectVisible(form.trackingTitle);
    // The reference insurer moves it every few seconds; the page polls with a back-off.
    await expectVisible(page.locator('[data-status="calculating"]'), 30_000);
    // The statuses passed, the one now, and the one still to come on the normal road (greyed, "upcoming" to screen readers).
    const done = text('mn', 'common:wizard.done');
    const upcoming = form.t('tracking.upcoming');
    await expect
      .poll(() => form.timeline(), { timeout: 30_000 })
      .toEqual([
        { name: `${form.t('statuses.sent')} (${done})`, current: false },
        { name: form.t('statuses.calculating'), current: true },
        { name: `${form.t('statuses.paid_by_insurer')} (${upcoming})`, current: false },
      ]);
    await expectVisible(page.locator('[data-status="paid_by_insurer"]'), 40_000);
    await expectVisible(form.statusText('paid_by_insurer'));
    expect(await form.timeline()).toEqual([
      { name: `${form.t('statuses.sent')} (${done})`, current: false },
      { name: `${form.t('statuses.calculating')} (${done})`, current: false },
      { name: form.t('statuses.paid_by_insurer'), current: true },
    ]);
    expect(await scrollWidth(page)).toBeLessThanOrEqual(375);
    const violations = await axeViolations(page);
    expect(violations.map((v) => v.id)).toEqual([]);

    // The balance went down by the amount.
    await form.open();
    expect(await balanceText(form)).toMatch(/₮\s?4,265,000/);
  }, 120_000);

  it('an amount over the balance is refused with the message, and nothing typed is lost (English)', async () => {
    expectRefusals();
    const page = await e2e.openPage({ language: 'en', signedInAs: demoUser });
    const form = new PreClaimForm(page, 'en');
    await form.open();
    await form.chooseHospital('intermed', 'Intermed Hospital');
    const amount = form.amountField;
    await form.amountChange('99000000');
    await form.stepNext();
    const balance = await balanceText(form);
    await expectVisible(form.shows('errors.insufficientBalance', { balance }));
    expect(await amount.inputValue()).toBe('99,000,000');
    // Still on the amount step, the chosen hospital kept.
    await expectVisible(form.main.getByText('Intermed Hospital'));
    await form.amountChange('30000');
    await form.stepNext();
    await form.purposeChange('Dental care');
    await form.stepNext();
    // A wrong password in English too, then back: the purpose and amount are still there.
    await form.passwordChange('wrong-one');
    await form.stepNext();
    await expectVisible(form.shows('errors.incorrectTransactionPassword', { tries: 2 }).first());
    await form.stepBack();
    expect(await form.purposeField.inputValue()).toBe('Dental care');
    await form.stepBack();
    expect(await form.amountField.inputValue()).toBe('30,000');
    const violations = await axeViolations(page);
    expect(violations.map((v) => v.id)).toEqual([]);
  }, 90_000);
});

describe('SPEC 8 errors of the card side, for their seeded users', () => {
  for (const language of LANGUAGES) {
    for (const [user, key] of [
      ['noActiveCard', 'errors.noActiveCard'],
      ['inactive', 'errors.cardInactive'],
      ['depleted', 'errors.balanceDepleted'],
    ] as const) {
      it(`${language}: ${CARD_SEED_USERS[user].email} sees '${key}'`, async () => {
        const page = await e2e.openPage({ language, signedInAs: seeded(user), width: 375 });
        const form = new PreClaimForm(page, language);
        await form.open();
        await expectVisible(form.alert.filter({ hasText: form.t(key) }));
        expect(await scrollWidth(page)).toBeLessThanOrEqual(375);
        const violations = await axeViolations(page);
        expect(violations.map((v) => v.id)).toEqual([]);
      });
    }

    it(`${language}: an amount over the balance says 'insufficient balance' with the balance`, async () => {
      const page = await e2e.openPage({ language, signedInAs: demoUser });
      const form = new PreClaimForm(page, language);
      await form.open();
      await form.chooseHospital(language === 'mn' ? 'интермед' : 'intermed', language === 'mn' ? 'Интермед Эмнэлэг' : 'Intermed Hospital');
      await form.amountChange('98000000');
      await form.stepNext();
      const balance = await balanceText(form);
      await expectVisible(form.shows('errors.insufficientBalance', { balance }));
      expect(await form.amountField.inputValue()).toBe('98,000,000');
    });

    it(`${language}: a search that finds nothing says 'no hospital found'`, async () => {
      const page = await e2e.openPage({ language, signedInAs: demoUser });
      const form = new PreClaimForm(page, language);
      await form.open();
      await form.hospitalQuery('zzzz');
      await form.hospitalSearch();
      await expectVisible(form.alert.filter({ hasText: form.t('errors.noHospitalFound') }), WAIT_MS);
      // The query stays as typed.
      expect(await form.searchField.inputValue()).toBe('zzzz');
    });
  }
});
