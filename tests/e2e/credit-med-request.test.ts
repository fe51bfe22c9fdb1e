/**
 * Credit Med, the request side, end to end on one build and one server: a request filled on a 375 px
 * phone up to the images step (a reload on the way keeps the step and what was typed), then continued in a second browser context (another device) at the same
 * step with everything entered; the contract signed with a wrong then a right code; the dashboard's
 * next step for each seeded user; a user who is not eligible following a deep link.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowserTests } from './support/harness';
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

/** A 1×1 PNG, a real image. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

const SCREENSHOTS = process.env.CM_SCREENSHOTS;

class CreditMed {
  constructor(
    readonly page: Page,
    readonly language: Language,
  ) {}

  t(key: string, values?: Record<string, string | number>) {
    return text(this.language, `creditMedRequest:${key}`, values);
  }

  heading(name: string) {
    return this.page.getByRole('heading', { level: 1, name: exactly(name) });
  }

  button(name: string) {
    return this.page.getByRole('main').getByRole('button', { name: exactly(name) });
  }

  link(name: string) {
    return this.page.getByRole('main').getByRole('link', { name: exactly(name) });
  }

  field(label: string, within = this.page.getByRole('main')) {
    return within.getByRole('textbox', { name: exactly(label) }).first();
  }

  slot(key: 'idFront' | 'idBack' | 'selfie') {
    return this.page.getByRole('region', { name: exactly(this.t(`images.${key}`)) });
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

describe('credit med request', () => {
  it('is filled up to the images step on a phone, then continued on another device at the same step with everything entered', async () => {
    const first = await open(cmNew, 'mn', 375);
    const { page } = first;
    await page.goto('/credit-med');
    await expectVisible(first.heading(first.t('dashboard.title')));
    await first.shot('dashboard-start');
    await first.link(first.t('dashboard.start.action')).click();
    await expectPath(page, '/credit-med/request');

    // Personal: pre-filled from the profile (the address is not known).
    await expectVisible(first.heading(first.t('personal.title')));
    expect(await first.field(first.t('personal.firstName')).inputValue()).toBe('Тэмүүжин');
    expect(await first.field(first.t('personal.email')).inputValue()).toBe(cmNew.email);
    await first.noSidewaysScroll();
    await first.shot('request-personal');
    await first.button(first.t('continue')).click();
    expect(await page.getByRole('main').getByText(text('mn', 'validation:fieldRequired')).count()).toBeGreaterThan(0);
    await first.field(first.t('personal.address')).fill('Улаанбаатар, Баянзүрх, 26-р хороо');
    await first.button(first.t('continue')).click();

    // Family: two children added, the first removed; the emergency contact.
    await expectVisible(first.heading(first.t('family.title')));
    await first.button(first.t('family.addChild')).click();
    await first.button(first.t('family.addChild')).click();
    const child = (number: number) => page.getByRole('group', { name: exactly(first.t('family.child', { number })) });
    await first.field(first.t('personal.firstName'), child(1)).fill('Хасагдах');
    await page.getByRole('button', { name: exactly(first.t('family.removeChild', { number: 1 })) }).click();
    expect(await child(2).count()).toBe(0);
    expect(await first.field(first.t('personal.firstName'), child(1)).inputValue()).toBe('');
    await first.field(first.t('personal.lastName'), child(1)).fill('Тэмүүжин');
    await first.field(first.t('personal.firstName'), child(1)).fill('Анужин');
    const selects = child(1).getByRole('combobox');
    await selects.nth(0).selectOption('У');
    await selects.nth(1).selectOption('Е');
    await child(1).getByRole('group').getByRole('textbox').fill('18050321');
    await first.field(first.t('family.emergencyName')).fill('Батсүх');
    await first.field(first.t('family.emergencyRelation')).fill('аав');
    await first.field(first.t('family.emergencyPhone')).fill('99450019');
    // A reload keeps the step and what was typed on it (not saved yet).
    await page.reload();
    await expectVisible(first.heading(first.t('family.title')));
    // The step indicator on a phone: "Алхам 2/5: …", the personal details done, the family current.
    const names = ['personal', 'family', 'images', 'declarations', 'contract'];
    await new WizardStepsBar(new UiLanguage(page, 'mn'), 'creditMedRequest:stepsLabel').seeAt(2, names.map((step) => first.t(`steps.${step}`)));
    expect(await first.field(first.t('family.emergencyPhone')).inputValue()).toBe('99450019');
    expect(await first.field(first.t('personal.firstName'), child(1)).inputValue()).toBe('Анужин');
    await first.noSidewaysScroll();
    await first.shot('request-family');
    await first.button(first.t('continue')).click();

    // Images: each uploaded with its preview; then saved, and the tab is closed on the declarations step.
    await expectVisible(first.heading(first.t('images.title')));
    for (const key of ['idFront', 'idBack', 'selfie'] as const) {
      await first.slot(key).locator('input[type="file"]').setInputFiles({ name: `${key}.png`, mimeType: 'image/png', buffer: PNG });
      await expectVisible(first.slot(key).getByText(exactly(text('mn', 'upload:uploaded'))));
    }
    await expectVisible(first.slot('selfie').getByRole('img'));
    await first.noSidewaysScroll();
    await first.shot('request-images');
    await first.button(first.t('continue')).click();
    await expectVisible(first.heading(first.t('declarations.title')));
    await page.context().close();

    // Another device: the dashboard says how far it got; the request opens at the declarations step.
    const second = await open(cmNew, 'en');
    await second.page.goto('/credit-med');
    await expectVisible(second.heading(second.t('dashboard.title')));
    await expectVisible(second.page.getByText(second.t('dashboard.continue.done', { done: 3, total: 4 })));
    await expectVisible(second.page.getByText(second.t('dashboard.continue.text', { step: second.t('steps.declarations') })));
    await second.shot('dashboard-continue');
    await second.link(second.t('dashboard.continue.action')).click();
    await expectVisible(second.heading(second.t('declarations.title')));
    await new WizardStepsBar(new UiLanguage(second.page, 'en'), 'creditMedRequest:stepsLabel').seeAt(4, names.map((step) => second.t(`steps.${step}`)));
    await second.button(second.t('back')).click();
    await expectVisible(second.heading(second.t('images.title')));
    for (const key of ['idFront', 'idBack', 'selfie'] as const) await expectVisible(second.slot(key).getByText(exactly(text('en', 'upload:uploaded'))));
    await second.button(second.t('back')).click();
    await expectVisible(second.heading(second.t('family.title')));
    const child1 = second.page.getByRole('group', { name: exactly(second.t('family.child', { number: 1 })) });
    expect(await second.field(second.t('personal.firstName'), child1).inputValue()).toBe('Анужин');
    expect(await second.field(second.t('family.emergencyPhone')).inputValue()).toBe('99450019');
    await second.button(second.t('back')).click();
    expect(await second.field(second.t('personal.address')).inputValue()).toBe('Улаанбаатар, Баянзүрх, 26-р хороо');
  });

  it('signs the contract with a wrong then a right code (the seeded request stopped after the images step)', async () => {
    const cm = await open(cmResume, 'en');
    const { page } = cm;
    e2e.expectProblem(/status of (400|422)/, 'console error');
    await page.goto('/credit-med');
    await expectVisible(page.getByText(cm.t('dashboard.continue.done', { done: 3, total: 4 })));
    await cm.link(cm.t('dashboard.continue.action')).click();
    await expectVisible(cm.heading(cm.t('declarations.title')));
    await cm.button(cm.t('declarations.submit')).click();
    await expectVisible(page.getByText(text('en', 'validation:mustDeclare')));
    await page.getByRole('combobox', { name: exactly(cm.t('declarations.pep')) }).selectOption('no');
    await page.getByRole('checkbox', { name: cm.t('declarations.noMoneyLaundering') }).check();
    await page.getByRole('checkbox', { name: cm.t('declarations.terms') }).check();
    await cm.shot('request-declarations');
    await cm.button(cm.t('declarations.submit')).click();

    await expectPath(page, /^\/credit-med\/request\/contract\/\d+$/);
    const number = `CM-${page.url().split('/').pop()?.padStart(6, '0')}`;
    await expectVisible(cm.heading(`Credit Med contract No. ${number}`));
    await expectVisible(page.getByText(/The Insurer pays hospitals in advance/));
    // The contract is in the user's language: switching loads it again, what was ticked stays.
    await page.getByRole('checkbox', { name: cm.t('contract.accept') }).check();
    await page.getByRole('button', { name: exactly(text('en', 'common:language.switchTo')) }).first().click();
    await expectVisible(cm.heading(`Кредит Мед гэрээ № ${number}`));
    expect(await page.getByRole('checkbox', { name: text('mn', 'creditMedRequest:contract.accept') }).isChecked()).toBe(true);
    await page.getByRole('button', { name: exactly(text('mn', 'common:language.switchTo')) }).first().click();
    await expectVisible(cm.heading(`Credit Med contract No. ${number}`));
    // The rules are stated; a simple password and a mismatch are refused with what was typed kept.
    await expectVisible(page.getByText(cm.t('contract.rule2')));
    const password = page.getByLabel(exactly(cm.t('contract.passwordLabel')));
    const again = page.getByLabel(exactly(cm.t('contract.passwordConfirm')));
    await password.fill('123456');
    await again.fill('123450');
    await cm.button(cm.t('contract.sign')).click();
    await expectVisible(page.getByText(text('en', 'validation:txPasswordSimple')));
    await expectVisible(page.getByText(text('en', 'validation:passwordMismatch')));
    expect(await again.inputValue()).toBe('123450');
    await password.fill('582047');
    await again.fill('582047');
    await cm.shot('contract');
    await cm.button(cm.t('contract.sign')).click();

    const phone = new Phone(e2e.baseUrl, CM_RESUME_PHONE);
    await expectVisible(page.getByRole('heading', { level: 1, name: exactly(text('en', 'code:title')) }));
    const code = page.getByRole('textbox', { name: exactly(text('en', 'code:label')) });
    await code.fill(await phone.wrongCode());
    await page.getByRole('main').getByRole('button', { name: exactly(text('en', 'code:submit')) }).click();
    await expectVisible(page.getByRole('main').getByText(text('en', 'errors:codeIncorrect', { attempts: 4 })));
    await cm.shot('contract-code');
    await code.fill(await phone.latestCode());
    await page.getByRole('main').getByRole('button', { name: exactly(text('en', 'code:submit')) }).click();
    await expectVisible(cm.heading(cm.t('signed.title')));
    await cm.shot('contract-signed');

    // The dashboard moves on to the card.
    await cm.link(cm.t('toDashboard')).click();
    await expectVisible(cm.link(cm.t('dashboard.buy.action')));
  });

  it('shows a user with a signed contract and no card yet the way to the card', async () => {
    const cm = await open(cmNoCard, 'mn');
    await cm.page.goto('/credit-med');
    await expectVisible(cm.link(cm.t('dashboard.buy.action')));
    expect(await cm.link(cm.t('dashboard.buy.action')).getAttribute('href')).toBe('/credit-med/buy');
  });

  it('tells a user who is not eligible so on a deep link, in both languages, and hides the menu item', async () => {
    for (const language of ['mn', 'en'] as const) {
      const cm = await open(secondUser, language, 375);
      for (const path of ['/credit-med', '/credit-med/request', '/credit-med/request/contract/1', '/credit-med/buy']) {
        await cm.page.goto(path);
        await expectVisible(cm.page.getByRole('alert').getByText(exactly(text(language, 'errors:creditMedNotEligible'))));
        await expectVisible(cm.heading(text(language, 'common:titles.creditMed')));
        expect(await cm.page.getByRole('main').getByRole('textbox').count()).toBe(0);
        await cm.noSidewaysScroll();
      }
      expect(await cm.page.getByRole('navigation').getByRole('link', { name: text(language, 'user:menu.creditMed') }).count()).toBe(0);
      await cm.shot('not-eligible');
    }
  });
});
