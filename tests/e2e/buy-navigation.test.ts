/**
 * Moving around the purchase wizard: the browser's back and forward buttons between steps, a reload
 * on the contract step, deep links (to a later step whose earlier steps are missing, to the payment
 * step with no purchase), a closed tab resumed from the catalogue, a signed-in user's earlier draft,
 * a language switch mid-way, and a double-clicked pay button that makes one invoice.
 */
import { describe, expect, it } from 'vitest';
import type { Application, ProductDetail } from '../../contract/insurance.schema';
import { useBrowserTests } from './support/harness';
import { BuyWizard, type Person } from './support/pages/buy.page';
import { CataloguePage, ProductPage } from './support/pages/catalogue.page';
import type { Site } from './support/pages/site';
import { siteOf } from './support/pages/site';
import type { Language } from './support/texts';
import { CYRILLIC_LETTERS } from '../../contract/validation';
import type { Locator, Page } from 'playwright-core';
import { expectPath, expectVisible, pathOf, scrollWidth, storageItem } from './support/ui';
import { GUEST_WIZARD_KEY } from './support/purchase-api';
import { accessTokenFor, demoUser, secondUser } from './support/users';

const e2e = useBrowserTests();

const person: Person = { register: 'УК85011234', lastName: 'Батбаяр', firstName: 'Тэмүүжин', phone: '88112244', email: 'temuujin@example.com' };
const spouse = { register: 'УК87030545', lastName: 'Батбаяр', firstName: 'Солонго', relationship: 17 };

const productName = async (id: number, language: Language) =>
  ((await (await fetch(`${e2e.baseUrl}/api/products/${id}/`, { headers: { 'Accept-Language': language } })).json()) as ProductDetail).name;

/** From the product page of Life insurance (100) to the given step, as a visitor or the signed-in user of `site`. */
async function startAndReach(site: Site, language: Language, step: 'plan' | 'contract' | 'payment') {
  const name = await productName(100, language);
  const product = new ProductPage(site.language);
  await product.open(100, name);
  await product.buy(name);
  const wizard = new BuyWizard(site.language);
  await wizard.seeStep('insured');
  await wizard.fillInsuredPerson(person);
  await wizard.continue();
  await wizard.seeStep('plan');
  if (step === 'plan') return wizard;
  await wizard.livePrice();
  await wizard.continue();
  await wizard.seeStep('contract');
  if (step === 'contract') return wizard;
  await wizard.fillBeneficiary(1, spouse);
  await wizard.acceptContract();
  await wizard.continue();
  await wizard.seeStep('payment');
  return wizard;
}

describe('moving around the wizard', () => {
  it('goes back and forward between steps with the browser, keeping what was entered, and focuses each step heading', async () => {
    const site = await e2e.openSite({ language: 'en' });
    const wizard = await startAndReach(site, 'en', 'plan');
    await wizard.sumInsured.fill('35000000');
    await wizard.chooseTerm(15);
    await wizard.livePrice();
    await wizard.continue();
    await wizard.seeStep('contract');
    expect(await wizard.focusedText()).toBe(site.language.t('buy:headings.contract'));
    await wizard.fillBeneficiary(1, { ...spouse, share: 100 });

    await site.page.goBack();
    await wizard.seeStep('plan');
    expect(await wizard.sumInsured.inputValue()).toBe('35,000,000');
    expect(await wizard.term.inputValue()).toBe('15');
    expect(await wizard.focusedText()).toBe(site.language.t('buy:headings.plan'));

    await site.page.goBack();
    await wizard.seeStep('insured');
    expect(await wizard.registerShown()).toBe(person.register);
    expect(await wizard.lastName.inputValue()).toBe(person.lastName);

    await site.page.goForward();
    await wizard.seeStep('plan');
    await site.page.goForward();
    await wizard.seeStep('contract');
    const beneficiary = wizard.beneficiary(1);
    expect(await beneficiary.getByRole('textbox', { name: site.language.name('beneficiaries:firstName') }).inputValue()).toBe(spouse.firstName);

    // The page's own back button moves one step back too.
    await wizard.back();
    await wizard.seeStep('plan');
  });

  it('comes back to the contract step after a reload, with what was typed on it', async () => {
    const site = await e2e.openSite({ language: 'mn' });
    const wizard = await startAndReach(site, 'mn', 'contract');
    const contractPath = pathOf(site.page);
    await wizard.fillBeneficiary(1, { ...spouse, share: 100 });
    // Stored for resume: what was typed, not the product or the application, which a resume fetches again.
    type Stored = { snapshot: { context: { product: unknown; application: unknown; contract: { beneficiaries: Array<{ last_name: string }> } } } };
    const stored = async () => JSON.parse((await storageItem(site.page, GUEST_WIZARD_KEY)) ?? 'null') as Stored | null;
    await expect.poll(async () => (await stored())?.snapshot.context.contract.beneficiaries[0]?.last_name).toBe(spouse.lastName);
    expect((await stored())?.snapshot.context).toMatchObject({ product: null, application: null });

    await site.page.reload();
    await wizard.seeStep('contract');
    expect(pathOf(site.page)).toBe(contractPath);
    const beneficiary = wizard.beneficiary(1);
    expect(await beneficiary.getByRole('textbox', { name: site.language.name('beneficiaries:lastName') }).inputValue()).toBe(spouse.lastName);
    await expectVisible(wizard.summary.getByText(`${person.lastName} ${person.firstName}`));
    await wizard.acceptContract();
    await wizard.continue();
    await wizard.seeStep('payment');
  });

  it('shows that there is nothing to pay for a link to the payment step with no purchase', async () => {
    const site = await e2e.openSite({ language: 'en' });
    const wizard = new BuyWizard(site.language);
    await site.page.goto('/insurance/buy/payment/');
    await expectVisible(wizard.nothingToPayHeading);
    await site.page.getByRole('main').getByRole('link', { name: site.language.name('buy:noPurchase.link') }).click();
    await expectPath(site.page, '/insurance/');
  });

  it('sends a link to a later step to the first step the application is missing', async () => {
    // A signed-in user's draft with only the insured person stored, opened from another device.
    const token = await accessTokenFor(e2e.baseUrl, secondUser);
    const headers = { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` };
    const created = (await (
      await fetch(`${e2e.baseUrl}/api/applications/`, { method: 'POST', headers: { ...headers, 'Idempotency-Key': `deep-link-${Date.now()}-key` }, body: JSON.stringify({ product_id: 100 }) })
    ).json()) as Application;
    const stored = await fetch(`${e2e.baseUrl}/api/applications/${created.id}/insured/`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ ...{ register: person.register, phone: person.phone, last_name: person.lastName, first_name: person.firstName, email: person.email } }),
    });
    expect(stored.status).toBe(200);

    const site = await e2e.openSite({ language: 'en', signedInAs: secondUser });
    const wizard = new BuyWizard(site.language);
    await site.page.goto(`/insurance/buy/${created.id}/100/contract/`);
    await wizard.seeStep('plan');
    expect(pathOf(site.page)).toBe(`/insurance/buy/${created.id}/100/product/`);
  });

  it('resumes a purchase after the tab was closed: the catalogue and the product page offer to continue it', async () => {
    const site = await e2e.openSite({ language: 'en' });
    await startAndReach(site, 'en', 'contract');
    const contractPath = pathOf(site.page);
    const context = site.page.context();
    await site.page.close();

    const again = siteOf(await context.newPage(), 'en');
    const catalogue = new CataloguePage(again.language);
    await catalogue.open();
    const name = await productName(100, 'en');
    await catalogue.continuePurchase.seeFor(name);
    const product = new ProductPage(again.language);
    await product.open(100, name);
    await product.continuePurchase.seeFor(name);
    await product.continuePurchase.follow();
    const resumed = new BuyWizard(again.language);
    await resumed.seeStep('contract');
    expect(pathOf(again.page)).toBe(contractPath);
  });

  it("offers a signed-in user's unfinished application when they buy the same product again", async () => {
    const site = await e2e.openSite({ language: 'en', signedInAs: demoUser });
    const name = await productName(127, 'en');
    const product = new ProductPage(site.language);
    await product.open(127, name);
    await product.buy(name);
    const wizard = new BuyWizard(site.language);
    await wizard.seeStep('insured');
    await site.page.getByRole('combobox', { name: site.language.name('buy:insured.gender') }).selectOption('male');
    await wizard.continue();
    await wizard.seeStep('plan');
    const first = wizard.applicationInUrl();

    // Another browser (nothing stored): buying the same product offers the draft.
    const other = await e2e.openSite({ language: 'en', signedInAs: demoUser });
    const otherProduct = new ProductPage(other.language);
    await otherProduct.open(127, name);
    await otherProduct.buy(name);
    const otherWizard = new BuyWizard(other.language);
    await expectVisible(otherWizard.draftOffer);
    await otherWizard.continueMyDraft();
    await otherWizard.seeStep('plan');
    expect(otherWizard.applicationInUrl()).toEqual(first);

    // Or a new one.
    await otherProduct.open(127, name);
    await other.page.getByRole('main').getByRole('link', { name: other.language.name('insurance:detail.buyFor', { name }) }).first().click();
    await expectVisible(otherWizard.draftOffer);
    await otherWizard.startANewApplication();
    await otherWizard.seeStep('insured');
    expect(otherWizard.applicationInUrl().id).not.toBe(first.id);
  });

  it('switches the language mid-way and keeps the step and what was entered', async () => {
    const site = await e2e.openSite({ language: 'mn' });
    const wizard = await startAndReach(site, 'mn', 'plan');
    await wizard.sumInsured.fill('40000000');
    await wizard.livePrice();
    await site.language.toggle();
    await wizard.seeStep('plan');
    expect(await wizard.sumInsured.inputValue()).toBe('40,000,000');
    await expectVisible(wizard.summary.getByRole('heading', { name: await productName(100, 'en') }));
  });

  it('makes one invoice for a double-clicked pay button', async () => {
    const site = await e2e.openSite({ language: 'en' });
    const wizard = await startAndReach(site, 'en', 'payment');
    const requests: Array<{ key: string | null }> = [];
    const answers: Array<{ status: number; id: string }> = [];
    site.page.on('request', (request) => {
      if (request.method() === 'POST' && /\/invoice\/$/.test(new URL(request.url()).pathname)) requests.push({ key: request.headers()['idempotency-key'] ?? null });
    });
    site.page.on('response', async (response) => {
      if (response.request().method() === 'POST' && /\/invoice\/$/.test(new URL(response.url()).pathname)) {
        answers.push({ status: response.status(), id: ((await response.json()) as { id: string }).id });
      }
    });
    await wizard.choosePaymentMethod('qpay');
    await wizard.payButton.dblclick();
    const shown = await wizard.seeInvoice();
    await expect.poll(() => answers.length).toBeGreaterThan(0);
    expect(requests).toHaveLength(1);
    // The purchase's own key (its seed, the payment step's number, the attempt's), in the contract's key format.
    expect(requests[0]?.key).toMatch(/^[0-9a-f-]{36}\.\d+\.\d+$/);
    expect(answers.map((answer) => answer.status)).toEqual([201]);
    expect(shown).toContain(answers[0]!.id.slice(0, 8).toUpperCase());
  });

  it('fits a 375 px screen on every step without sideways scrolling', async () => {
    const site = await e2e.openSite({ language: 'mn', width: 375 });
    const name = await productName(100, 'mn');
    const product = new ProductPage(site.language);
    await product.open(100, name);
    await product.buy(name);
    const wizard = new BuyWizard(site.language);
    await wizard.seeStep('insured');
    expect(await scrollWidth(site.page)).toBeLessThanOrEqual(375);
    await wizard.fillInsuredPerson(person);
    await wizard.continue();
    await wizard.seeStep('plan');
    await wizard.livePrice();
    expect(await scrollWidth(site.page)).toBeLessThanOrEqual(375);
    await wizard.continue();
    await wizard.seeStep('contract');
    await wizard.addBeneficiary();
    expect(await scrollWidth(site.page)).toBeLessThanOrEqual(375);
  });

  it('can be completed with the keyboard alone, up to the invoice', async () => {
    const site = await e2e.openSite({ language: 'en', signedInAs: demoUser });
    const { page } = site;
    const name = await productName(100, 'en');
    await new ProductPage(site.language).open(100, name);
    const wizard = new BuyWizard(site.language);
    const buy = page.getByRole('main').getByRole('link', { name: site.language.name('insurance:detail.buyFor', { name }) }).first();
    await tabTo(page, buy);
    await page.keyboard.press('Enter');

    // Step 1 is pre-filled for the signed-in user: on to the plan.
    await wizard.seeStep('insured');
    await tabTo(page, wizard.main.getByRole('button', { name: site.language.name('buy:actions.next') }));
    await page.keyboard.press('Enter');
    await wizard.seeStep('plan');
    expect(await wizard.focusedText()).toBe(site.language.t('buy:headings.plan'));
    await wizard.livePrice();
    await tabTo(page, wizard.main.getByRole('button', { name: site.language.name('buy:actions.next') }));
    await page.keyboard.press('Enter');

    await wizard.seeStep('contract');
    const beneficiary = wizard.beneficiary(1);
    await tabTo(page, beneficiary.getByRole('textbox', { name: site.language.name('beneficiaries:lastName') }));
    await page.keyboard.type('Дорж');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Сараа');
    // The register number: two letter lists (arrow keys move through the letters) and the digits.
    await page.keyboard.press('Tab');
    await chooseByArrows(page, CYRILLIC_LETTERS.indexOf('У') + 1);
    await page.keyboard.press('Tab');
    await chooseByArrows(page, CYRILLIC_LETTERS.indexOf('Б') + 1);
    await page.keyboard.press('Tab');
    await page.keyboard.type('92031524');
    await page.keyboard.press('Tab');
    await chooseByArrows(page, 17);
    await tabTo(page, wizard.consent);
    await page.keyboard.press('Space');
    await tabTo(page, wizard.main.getByRole('button', { name: site.language.name('buy:actions.next') }));
    await page.keyboard.press('Enter');

    await wizard.seeStep('payment');
    await tabTo(page, wizard.provider('khan'));
    await page.keyboard.press('ArrowDown');
    expect(await wizard.provider('qpay').isChecked()).toBe(true);
    await tabTo(page, wizard.payButton);
    await page.keyboard.press('Enter');
    await wizard.seeInvoice();
  });
});

/** Presses Tab until `target` has the focus (a keyboard user's way to a control). */
async function tabTo(page: Page, target: Locator, limit = 60) {
  for (let presses = 0; presses < limit; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`${String(target)} never took the focus after ${limit} Tab presses`);
}

/** Moves a focused native list down to its n-th option (the first is the placeholder). */
async function chooseByArrows(page: Page, position: number) {
  for (let index = 0; index < position; index += 1) await page.keyboard.press('ArrowDown');
}
