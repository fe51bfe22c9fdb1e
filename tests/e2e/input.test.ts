/**
 * Input that never loses or silently changes what the user entered: pasted phone numbers and codes
 * (pasted through the real clipboard, as a user does), decimal shares, and a refused contract step
 * that flags every wrong field at once and puts focus on the first.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { completeDraft } from '../unit/support/purchase';
import { useBrowserTests } from './support/harness';
import { BuyWizard } from './support/pages/buy.page';
import { CodeStep } from './support/pages/code-step.page';
import { ForgotPasswordPage } from './support/pages/forgot-password.page';
import { apiOf } from './support/purchase-api';
import { text } from './support/texts';
import { expectPath, expectVisible } from './support/ui';
import { accessTokenFor, demoUser } from './support/users';

const e2e = useBrowserTests();
const DEMO_PHONE = '99112233';

/** Puts `value` on the clipboard and pastes it into the field with Ctrl+V. */
async function paste(page: Page, field: Locator, value: string) {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: e2e.baseUrl });
  await page.evaluate((copied) => navigator.clipboard.writeText(copied), value);
  await field.focus();
  await page.keyboard.press('Control+V');
}

describe('pasting a phone number', () => {
  it("'+976 9911 2233' becomes 99112233", async () => {
    const site = await e2e.openSite({ language: 'en' });
    const forgot = new ForgotPasswordPage(site.language);
    await forgot.open();
    await paste(site.page, forgot.phoneField, '+976 9911 2233');
    await expect.poll(() => forgot.phoneField.inputValue()).toBe(DEMO_PHONE);
  });

  it('that cannot be one is refused with a message, keeping what was typed', async () => {
    const site = await e2e.openSite({ language: 'mn' });
    const forgot = new ForgotPasswordPage(site.language);
    await forgot.open();
    await forgot.phoneField.fill('99');
    await paste(site.page, forgot.phoneField, '+1 555 0100 2233');
    await expectVisible(site.page.getByText(text('mn', 'ui:phone.pasteRefused', { length: 8 })));
    expect(await forgot.phoneField.inputValue()).toBe('99');
    expect(await forgot.phoneField.getAttribute('aria-invalid')).toBe('true');
  });
});

describe('pasting a code', () => {
  it("' 316959 ' keeps all six digits", async () => {
    e2e.expectProblem(/status of (401|422|429)/, 'console error');
    const site = await e2e.openSite({ language: 'en' });
    const forgot = new ForgotPasswordPage(site.language);
    const codeStep = new CodeStep(site.language);
    await forgot.open();
    await forgot.identify(demoUser.email, DEMO_PHONE);
    await expectPath(site.page, '/login/forgot-password/code');
    await paste(site.page, codeStep.codeField, ' 316959 ');
    await expect.poll(() => codeStep.codeField.inputValue()).toBe('316959');
  });
});

describe('the contract step of the purchase', () => {
  const openContractStep = async () => {
    const token = await accessTokenFor(e2e.baseUrl, demoUser);
    const draft = await completeDraft(apiOf(e2e.baseUrl), undefined, token);
    const site = await e2e.openSite({ language: 'en', signedInAs: demoUser });
    await site.page.goto(`/insurance/buy/${draft.application.id}/100/contract/`);
    const wizard = new BuyWizard(site.language);
    await expectVisible(wizard.shareOf(1));
    return { site, wizard };
  };

  it('refuses a share of 40.5 with a message instead of reading 405', async () => {
    const { site, wizard } = await openContractStep();
    await wizard.shareOf(1).fill('');
    await wizard.shareOf(1).pressSequentially('40.5');
    expect(await wizard.shareOf(1).inputValue()).toBe('40.5');
    await expectVisible(site.page.getByText(text('en', 'beneficiaries:shareWhole')));
    // Not counted as 405 (the other beneficiary has 30): the total leaves it out until it is whole.
    await expectVisible(site.page.getByText(text('en', 'buy:contract.total', { total: 30 })));
  });

  it('flags the shares total and the consent at once, and focuses the first field to fix', async () => {
    const { site, wizard } = await openContractStep();
    await wizard.shareOf(2).fill('20');
    // The running total the user reads before pressing Next (70 + 20).
    await expectVisible(site.page.getByText(text('en', 'buy:contract.total', { total: 90 })));
    if (await wizard.consent.isChecked()) await wizard.consent.uncheck();
    await site.page.getByRole('main').getByRole('button', { name: text('en', 'buy:actions.next') }).click();
    await expectVisible(site.page.getByText(text('en', 'validation:sharesTotal', { total: 90 })));
    await expectVisible(site.page.getByText(text('en', 'validation:consentRequired')));
    await expect.poll(() => wizard.shareOf(1).evaluate((element) => element === document.activeElement)).toBe(true);
  });
});

describe('an amount of money (issue 24)', () => {
  it('shows thousands separators as it is typed, keeps the caret where the user types, and Backspace on a separator deletes a digit', async () => {
    const token = await accessTokenFor(e2e.baseUrl, demoUser);
    const draft = await completeDraft(apiOf(e2e.baseUrl), undefined, token);
    const site = await e2e.openSite({ language: 'en', signedInAs: demoUser });
    await site.page.goto(`/insurance/buy/${draft.application.id}/100/product/`);
    const wizard = new BuyWizard(site.language);
    const field = wizard.sumInsured;
    await expectVisible(field);
    const caret = () => field.evaluate((element) => (element as HTMLInputElement).selectionStart);

    await field.fill('');
    await field.pressSequentially('2500000');
    expect(await field.inputValue()).toBe('2,500,000');
    expect(await caret()).toBe('2,500,000'.length);

    // A digit typed in the middle: the groups move, the caret stays after it.
    await field.press('Home');
    await field.press('ArrowRight');
    await field.press('1');
    expect(await field.inputValue()).toBe('21,500,000');
    expect(await caret()).toBe(2);

    // Just after a separator, Backspace takes the digit before it.
    await field.press('ArrowRight');
    await field.press('Backspace');
    expect(await field.inputValue()).toBe('2,500,000');
    expect(await caret()).toBe(1);

    // Letters and spaces never get in; the amount read back is the integer.
    await field.press('End');
    await field.pressSequentially(' x0');
    expect(await field.inputValue()).toBe('25,000,000');
    await expectVisible(site.page.getByText(site.language.t('buy:plan.amountShown', { amount: 'MNT\u00a025,000,000' })));
  });
});
