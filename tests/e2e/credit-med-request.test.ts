/**
 * Credit Med, the request side, end to end on one build and one server: a request filled on a 375 px
 * phone up to the images step (a reload on the way keeps the step and what was typed), then continued in a second browser context (another device) at the same
 * step with everything entered; the contract signed with a wrong then a right code; the dashboard's
 * next step for each seeded user; a user who is not eligible following a deep link.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowserTests } from './support/harness';
import { CreditMedRequestWizard } from './support/pages/credit-med-request.page';
import { Phone } from './support/pages/phone.page';
import { UiLanguage } from './support/pages/ui-language';
import { WizardStepsBar } from './support/pages/wizard-steps.page';
import { exactly, text, type Language } from './support/texts';
import { expectPath, expectVisible, scrollWidth } from './support/ui';
import { secondUser, type TestUser } from './support/users';

const e2e = useBrowserTests();

/** A signed contract and a card not yet paid (server/credit-med/cards/seed.ts). */
const cmNoCard: TestUser = { email: 'cm-nocard@example.com', password: 'credit1234', name: 'Ганбат Төгөлдөр', creditMedEligible: true };
const cmNew: TestUser = { email: 'cm-new@example.com', password: 'cmnew1234', name: 'Батсүх Тэмүүжин', creditMedEligible: true };
const cmResume: TestUser = { email: 'cm-resume@example.com', password: 'cmresume1234', name: 'Эрдэнэ Номин', creditMedEligible: true };
const CM_RESUME_PHONE = '99450022';

const SCREENSHOTS = process.env.CM_SCREENSHOTS;

/**
 * The request wizard's shared page object (support/pages/credit-med-request.page.ts, the replay's too)
 * with the Credit Med dashboard's links and what these tests look at besides.
 */
class CreditMed extends CreditMedRequestWizard {
  constructor(page: Page, language: Language) {
    super(new UiLanguage(page, language));
  }

  get language() {
    return this.ui.current;
  }

  /** A level-1 heading with exactly this text (a contract's title comes from the server). */
  headingNamed(name: string) {
    return this.page.getByRole('heading', { level: 1, name: exactly(name) });
  }

  /** A link of the main part, by its key in the wizard's namespace (the dashboard's next steps). */
  link(key: string) {
    return this.main.getByRole('link', { name: exactly(this.t(key)) });
  }

  /** Text of the main part containing the wizard's text `key`. */
  shows(key: string, values?: Record<string, string | number>) {
    return this.main.getByText(this.t(key, values));
  }

  async noSidewaysScroll() {
    expect(await scrollWidth(this.page)).toBeLessThanOrEqual(375);
  }

  async shot(name: string) {
    if (SCREENSHOTS) await this.page.screenshot({ path: `${SCREENSHOTS}/${name}-${this.language}.png`, fullPage: true });
  }
}

const open = async (user: TestUser, language: Language, width?: number) => {
  const page = await e2e.openPage({ language, signedInAs: user, ...(width ? { width } : {}) });
  return new CreditMed(page, language);
};

const STEPS = ['personal', 'family', 'images', 'declarations', 'contract'];

describe('credit med request', () => {
  it('is filled up to the images step on a phone, then continued on another device at the same step with everything entered', async () => {
    const first = await open(cmNew, 'mn', 375);
    const { page } = first;
    await page.goto('/credit-med');
    await expectVisible(first.heading('dashboard.title'));
    await first.shot('dashboard-start');
    await first.link('dashboard.start.action').click();
    await expectPath(page, '/credit-med/request');

    // Personal: pre-filled from the profile (the address is not known).
    await expectVisible(first.heading('personal.title'));
    expect(await first.personalField('first_name').inputValue()).toBe('Тэмүүжин');
    expect(await first.personalField('email').inputValue()).toBe(cmNew.email);
    await first.noSidewaysScroll();
    await first.shot('request-personal');
    await first.personalSubmit();
    expect(await first.main.getByText(text('mn', 'validation:fieldRequired')).count()).toBeGreaterThan(0);
    await first.personalChange('address', 'Улаанбаатар, Баянзүрх, 26-р хороо');
    await first.personalSubmit();

    // Family: two children added, the first removed; the emergency contact.
    await expectVisible(first.heading('family.title'));
    await first.childAdd();
    await first.childAdd();
    await first.childChange(0, 'first_name', 'Хасагдах');
    await first.childRemove(0);
    expect(await first.child(1).count()).toBe(0);
    expect(await first.childField(0, 'first_name').inputValue()).toBe('');
    await first.childChange(0, 'last_name', 'Тэмүүжин');
    await first.childChange(0, 'first_name', 'Анужин');
    await first.childChangeRegister(0, { first: 'У', second: 'Е', number: '18050321' });
    await first.emergencyChange('name', 'Батсүх');
    await first.emergencyChange('relation', 'аав');
    await first.emergencyChange('phone', '99450019');
    // A reload keeps the step and what was typed on it (not saved yet).
    await page.reload();
    await expectVisible(first.heading('family.title'));
    // The step indicator on a phone: "Алхам 2/5: …", the personal details done, the family current.
    await new WizardStepsBar(first.ui, 'creditMedRequest:stepsLabel').seeAt(2, STEPS.map((step) => first.t(`steps.${step}`)));
    expect(await first.emergencyField('phone').inputValue()).toBe('99450019');
    expect(await first.childField(0, 'first_name').inputValue()).toBe('Анужин');
    await first.noSidewaysScroll();
    await first.shot('request-family');
    await first.familySubmit();

    // Images: each uploaded with its preview; then saved, and the tab is closed on the declarations step.
    await expectVisible(first.heading('images.title'));
    for (const slot of ['idFront', 'idBack', 'selfie'] as const) {
      await first.imageUploaded(slot);
      await expectVisible(first.uploaded(slot));
    }
    await expectVisible(first.slot('selfie').getByRole('img'));
    await first.noSidewaysScroll();
    await first.shot('request-images');
    await first.imagesSubmit();
    await expectVisible(first.heading('declarations.title'));
    await page.context().close();

    // Another device: the dashboard says how far it got; the request opens at the declarations step.
    const second = await open(cmNew, 'en');
    await second.page.goto('/credit-med');
    await expectVisible(second.heading('dashboard.title'));
    await expectVisible(second.shows('dashboard.continue.done', { done: 3, total: 4 }));
    await expectVisible(second.shows('dashboard.continue.text', { step: second.t('steps.declarations') }));
    await second.shot('dashboard-continue');
    await second.link('dashboard.continue.action').click();
    await expectVisible(second.heading('declarations.title'));
    await new WizardStepsBar(second.ui, 'creditMedRequest:stepsLabel').seeAt(4, STEPS.map((step) => second.t(`steps.${step}`)));
    await second.stepBack();
    await expectVisible(second.heading('images.title'));
    for (const slot of ['idFront', 'idBack', 'selfie'] as const) await expectVisible(second.uploaded(slot));
    await second.stepBack();
    await expectVisible(second.heading('family.title'));
    expect(await second.childField(0, 'first_name').inputValue()).toBe('Анужин');
    expect(await second.emergencyField('phone').inputValue()).toBe('99450019');
    await second.stepBack();
    expect(await second.personalField('address').inputValue()).toBe('Улаанбаатар, Баянзүрх, 26-р хороо');
  });

  it('signs the contract with a wrong then a right code (the seeded request stopped after the images step)', async () => {
    const cm = await open(cmResume, 'en');
    const { page } = cm;
    e2e.expectProblem(/status of (400|422)/, 'console error');
    await page.goto('/credit-med');
    await expectVisible(cm.shows('dashboard.continue.done', { done: 3, total: 4 }));
    await cm.link('dashboard.continue.action').click();
    await expectVisible(cm.heading('declarations.title'));
    await cm.declarationsSubmit();
    await expectVisible(cm.main.getByText(text('en', 'validation:mustDeclare')));
    await cm.declarationsChange('pep', false);
    await cm.declarationsChange('no_money_laundering', true);
    await cm.declarationsChange('terms', true);
    await cm.shot('request-declarations');
    await cm.declarationsSubmit();

    await expectPath(page, /^\/credit-med\/request\/contract\/\d+$/);
    const number = `CM-${page.url().split('/').pop()?.padStart(6, '0')}`;
    await expectVisible(cm.headingNamed(`Credit Med contract No. ${number}`));
    await expectVisible(cm.main.getByText(/The Insurer pays hospitals in advance/));
    // The contract is in the user's language: switching loads it again, what was ticked stays.
    await cm.signAccept(true);
    await cm.ui.toggle();
    await expectVisible(cm.headingNamed(`Кредит Мед гэрээ № ${number}`));
    expect(await cm.acceptBox.isChecked()).toBe(true);
    await cm.ui.toggle();
    await expectVisible(cm.headingNamed(`Credit Med contract No. ${number}`));
    // The rules are stated; a simple password and a mismatch are refused with what was typed kept.
    await expectVisible(cm.shows('contract.rule2'));
    await cm.signChange('password', '123456');
    await cm.signChange('password_confirm', '123450');
    await cm.signSubmit();
    await expectVisible(cm.main.getByText(text('en', 'validation:txPasswordSimple')));
    await expectVisible(cm.main.getByText(text('en', 'validation:passwordMismatch')));
    expect(await cm.signField('password_confirm').inputValue()).toBe('123450');
    await cm.signChange('password', '582047');
    await cm.signChange('password_confirm', '582047');
    await cm.shot('contract');
    await cm.signSubmit();

    const phone = new Phone(e2e.baseUrl, CM_RESUME_PHONE);
    await cm.codeStep.waitUntilShown();
    await cm.codeStep.enterCode(await phone.wrongCode());
    await expectVisible(cm.main.getByText(text('en', 'errors:codeIncorrect', { attempts: 4 })));
    await cm.shot('contract-code');
    await cm.codeStep.enterCode(await phone.latestCode());
    await expectVisible(cm.heading('signed.title'));
    await cm.shot('contract-signed');

    // The dashboard moves on to the card.
    await cm.link('toDashboard').click();
    await expectVisible(cm.link('dashboard.buy.action'));
  });

  it('shows a user with a signed contract and no card yet the way to the card', async () => {
    const cm = await open(cmNoCard, 'mn');
    await cm.page.goto('/credit-med');
    await expectVisible(cm.link('dashboard.buy.action'));
    expect(await cm.link('dashboard.buy.action').getAttribute('href')).toBe('/credit-med/buy');
  });

  it('tells a user who is not eligible so on a deep link, in both languages, and hides the menu item', async () => {
    for (const language of ['mn', 'en'] as const) {
      const cm = await open(secondUser, language, 375);
      for (const path of ['/credit-med', '/credit-med/request', '/credit-med/request/contract/1', '/credit-med/buy']) {
        await cm.page.goto(path);
        await expectVisible(cm.page.getByRole('alert').getByText(exactly(text(language, 'errors:creditMedNotEligible'))));
        await expectVisible(cm.headingNamed(text(language, 'common:titles.creditMed')));
        expect(await cm.main.getByRole('textbox').count()).toBe(0);
        await cm.noSidewaysScroll();
      }
      expect(await cm.page.getByRole('navigation').getByRole('link', { name: text(language, 'user:menu.creditMed') }).count()).toBe(0);
      await cm.shot('not-eligible');
    }
  });
});
