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
import { UiLanguage } from './support/pages/ui-language';
import { WizardStepsBar, type ListedStep } from './support/pages/wizard-steps.page';
import { exactly, LANGUAGES, text, type Language } from './support/texts';
import { expectPath, expectVisible, scrollWidth, WAIT_MS } from './support/ui';
import { demoUser, type TestUser } from './support/users';

const e2e = useBrowserTests();

/** The server refuses with 4xx on purpose; Chromium logs each as a console error. */
const expectRefusals = () => e2e.expectProblem(/status of (409|422|429)/, 'console error');

const seeded = (name: keyof typeof CARD_SEED_USERS): TestUser => ({ ...CARD_SEED_USERS[name], creditMedEligible: true });

class PreClaimForm {
  constructor(
    readonly page: Page,
    readonly language: Language,
  ) {}

  t(key: string, values?: Record<string, string | number>) {
    return text(this.language, `creditMedCard:${key}`, values);
  }

  main() {
    return this.page.getByRole('main');
  }

  field(key: string) {
    return this.main().getByRole('textbox', { name: new RegExp(`^\\s*${this.t(key).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) }).first();
  }

  password() {
    return this.main().getByLabel(this.t('preClaim.password'), { exact: false }).first();
  }

  button(key: string) {
    return this.main().getByRole('button', { name: exactly(this.t(key)) });
  }

  async open() {
    await this.page.goto('/credit-med/pre-claim');
    await expectVisible(this.page.getByRole('heading', { level: 1, name: exactly(this.t('preClaim.title')) }));
  }

  async chooseHospital(query: string, name: RegExp) {
    await this.field('preClaim.search').fill(query);
    await this.button('preClaim.searchButton').click();
    await this.main().getByRole('button', { name }).click();
  }

  async next() {
    await this.button('preClaim.next').click();
  }

  alert() {
    return this.main().getByRole('alert');
  }

  /** The status page's list of statuses as a screen reader reads them ("Sent (done)", …), and which one is current. */
  timeline(): Promise<ListedStep[]> {
    return this.main()
      .getByRole('list', { name: exactly(this.t('tracking.history')) })
      .getByRole('listitem')
      .evaluateAll((items) =>
        items.map((item) => ({ name: (item.textContent ?? '').replace(/\s+/g, ' ').trim(), current: item.getAttribute('aria-current') === 'step' })),
      );
  }
}

const balanceText = async (form: PreClaimForm) => (await form.page.getByTestId('available-balance').textContent())?.trim() ?? '';

describe('a pre-claim', () => {
  it('at 375 px: the balance and minimum before typing, a wrong then a right transaction password, then the status moving to paid by insurer', async () => {
    expectRefusals();
    const page = await e2e.openPage({ width: 375, signedInAs: demoUser });
    const form = new PreClaimForm(page, 'mn');
    await form.open();
    // The step indicator: "Алхам 1/4: Эмнэлэг", the four steps listed, the hospital current.
    const steps = new WizardStepsBar(new UiLanguage(page, 'mn'), 'creditMedCard:preClaim.stepsLabel');
    const names = ['hospital', 'amount', 'purpose', 'password'].map((step) => form.t(`preClaim.steps.${step}`));
    await steps.seeAt(1, names);
    // Shown before anything is typed.
    await expectVisible(page.getByTestId('available-balance'));
    expect(await balanceText(form)).toMatch(/₮\s?4,290,000/);
    expect((await page.getByTestId('minimum-amount').textContent())?.trim()).toMatch(/₮\s?10,000/);

    await form.chooseHospital('сонгдо', /Сонгдо/);
    await form.field('preClaim.amount').fill('25000');
    await form.next();
    const purpose = form.field('preClaim.purpose');
    await steps.seeAt(3, names);
    await purpose.fill('Яаралтай тусламж');
    // The length is shown as it is typed.
    await expectVisible(form.main().getByText(form.t('preClaim.purposeCount', { count: 16, max: 200 })));
    await form.next();

    await form.password().fill('000000');
    await form.button('preClaim.send').click();
    await expectVisible(form.main().getByText(form.t('errors.incorrectTransactionPassword', { tries: 2 })).first());
    // Everything but the password is kept.
    expect(await form.password().inputValue()).toBe('');
    expect(await scrollWidth(page)).toBeLessThanOrEqual(375);

    await form.password().fill(DEMO_TRANSACTION_PASSWORD);
    await form.button('preClaim.send').click();
    await expectPath(page, '/credit-med/pre-claim/payment');
    expect(new URL(page.url()).searchParams.get('pre_claim')).toMatch(/^\d+$/);
    await expectVisible(page.getByRole('heading', { level: 1, name: exactly(form.t('tracking.title')) }));
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
    await expectVisible(page.getByText(form.t('statusText.paid_by_insurer')));
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
    await form.chooseHospital('intermed', /Intermed/);
    const amount = form.field('preClaim.amount');
    await amount.fill('99000000');
    await form.next();
    const balance = await balanceText(form);
    await expectVisible(form.main().getByText(form.t('errors.insufficientBalance', { balance })));
    expect(await amount.inputValue()).toBe('99,000,000');
    // Still on the amount step, the chosen hospital kept.
    await expectVisible(form.main().getByText('Intermed Hospital'));
    await amount.fill('30000');
    await form.next();
    await form.field('preClaim.purpose').fill('Dental care');
    await form.next();
    // A wrong password in English too, then back: the purpose and amount are still there.
    await form.password().fill('wrong-one');
    await form.button('preClaim.send').click();
    await expectVisible(form.main().getByText(form.t('errors.incorrectTransactionPassword', { tries: 2 })).first());
    await form.button('preClaim.back').click();
    expect(await form.field('preClaim.purpose').inputValue()).toBe('Dental care');
    await form.button('preClaim.back').click();
    expect(await form.field('preClaim.amount').inputValue()).toBe('30,000');
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
        await expectVisible(form.alert().filter({ hasText: form.t(key) }));
        expect(await scrollWidth(page)).toBeLessThanOrEqual(375);
        const violations = await axeViolations(page);
        expect(violations.map((v) => v.id)).toEqual([]);
      });
    }

    it(`${language}: an amount over the balance says 'insufficient balance' with the balance`, async () => {
      const page = await e2e.openPage({ language, signedInAs: demoUser });
      const form = new PreClaimForm(page, language);
      await form.open();
      await form.chooseHospital(language === 'mn' ? 'интермед' : 'intermed', /Интермед|Intermed/);
      await form.field('preClaim.amount').fill('98000000');
      await form.next();
      const balance = await balanceText(form);
      await expectVisible(form.main().getByText(form.t('errors.insufficientBalance', { balance })));
      expect(await form.field('preClaim.amount').inputValue()).toBe('98,000,000');
    });

    it(`${language}: a search that finds nothing says 'no hospital found'`, async () => {
      const page = await e2e.openPage({ language, signedInAs: demoUser });
      const form = new PreClaimForm(page, language);
      await form.open();
      await form.field('preClaim.search').fill('zzzz');
      await form.button('preClaim.searchButton').click();
      await expectVisible(form.alert().filter({ hasText: form.t('errors.noHospitalFound') }), WAIT_MS);
      // The query stays as typed.
      expect(await form.field('preClaim.search').inputValue()).toBe('zzzz');
    });
  }
});
