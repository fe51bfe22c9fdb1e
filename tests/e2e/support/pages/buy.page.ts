/**
 * The purchase wizard (/insurance/buy/{applicationId}/{productId}/…, /insurance/buy/payment/): the
 * insured person, the plan with its live price, beneficiaries and the contract, the payment choice
 * and the invoice, up to the hand-off to the provider.
 *
 *   const wizard = new BuyWizard(site.language);
 *   await wizard.fillInsuredPerson(person);
 *   await wizard.continue();
 *   await wizard.seeStep('plan');
 */
import type { Locator } from 'playwright-core';
import { expect } from 'vitest';
import type { PaymentProvider } from '../../../../contract/payment.schema';
import { expectPath, expectVisible, pathOf, WAIT_MS } from '../ui';
import { fillDate } from './date-field';
import { ProviderPaymentPart } from './provider-payment.part';
import type { UiLanguage } from './ui-language';

export type WizardStep = 'insured' | 'plan' | 'contract' | 'payment';

export interface Person {
  /** e.g. "УБ90061512" */
  register: string;
  lastName: string;
  firstName: string;
  phone?: string;
  email?: string;
  birthDate?: string;
}

export interface BeneficiaryDetails {
  register: string;
  lastName: string;
  firstName: string;
  /** Relationship name in the language shown (e.g. "Wife"), or its SPEC 3 value. */
  relationship: string | number;
  share?: number;
}

/** The path of each step, for `expectPath`. */
export const STEP_PATHS: Record<WizardStep, RegExp> = {
  insured: /^\/insurance\/buy\/[0-9a-f-]{36}\/\d+\/$/,
  plan: /^\/insurance\/buy\/[0-9a-f-]{36}\/\d+\/product\/$/,
  contract: /^\/insurance\/buy\/[0-9a-f-]{36}\/\d+\/contract\/$/,
  payment: /^\/insurance\/buy\/payment\/$/,
};

export class BuyWizard {
  /** Step 4's provider choice, MostMoney's phone and "Pay …" (the shared payment step). */
  readonly payment: ProviderPaymentPart;

  constructor(private readonly ui: UiLanguage) {
    this.payment = new ProviderPaymentPart(ui, () => new RegExp(`^${ui.t('buy:payment.pay', { amount: '.+' })}$`));
  }

  private get page() {
    return this.ui.page;
  }

  get main() {
    return this.page.getByRole('main');
  }

  private named(key: string, values?: Record<string, string | number>) {
    return this.ui.name(`buy:${key}`, values);
  }

  // ── where we are ─────────────────────────────────────────────────────────────────────────────

  /** The step's heading (it takes the focus on every step change). */
  heading(step: WizardStep) {
    return this.main.getByRole('heading', { level: 1, name: this.named(`headings.${step}`) });
  }

  /** Waits until the step shows, at its URL. */
  async seeStep(step: WizardStep) {
    await expectVisible(this.heading(step));
    await expectPath(this.page, STEP_PATHS[step]);
  }

  get stepIndicator() {
    return this.main.getByRole('navigation', { name: this.named('steps.label') });
  }

  /** The step the indicator marks as current. */
  async currentStepName() {
    return (await this.stepIndicator.locator('[aria-current="step"]').innerText()).trim();
  }

  /** The application id and product code in the address bar (steps 1–3). */
  applicationInUrl() {
    const [, id, productId] = /^\/insurance\/buy\/([^/]+)\/(\d+)\//.exec(pathOf(this.page)) ?? [];
    return { id: id ?? '', productId: Number(productId) };
  }

  /** The text of the element that has the keyboard focus. */
  focusedText() {
    return this.page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
  }

  get summary() {
    return this.main.getByRole('complementary', { name: /.+/ });
  }

  /** The form's notice (the server's refusal, or "correct the highlighted fields"). */
  get alert() {
    return this.main.getByRole('alert');
  }

  /** The error shown with a field (react-aria and the register field tie it with aria-describedby). */
  async errorOf(field: Locator) {
    return field.evaluate((element) => {
      const ids = element.getAttribute('aria-describedby')?.split(/\s+/) ?? [];
      return ids
        .map((id) => document.getElementById(id))
        .filter((node) => node?.classList.contains('field__error'))
        .map((node) => node?.textContent ?? '')
        .join(' ')
        .trim();
    });
  }

  async continue() {
    await this.main.getByRole('button', { name: this.named('actions.next') }).click();
  }

  async back() {
    await this.main.getByRole('button', { name: this.named('actions.back') }).click();
  }

  /** "Continue" while the step can be sent; it reads "Saving…" (busy) while the step is stored. */
  get continueButton() {
    return this.main.getByRole('button', { name: this.named('actions.next') });
  }

  get savingButton() {
    return this.main.getByRole('button', { name: this.named('actions.saving') });
  }

  /** The step indicator's link back to a finished step (absent for the current and later steps). */
  stepLink(step: WizardStep) {
    return this.stepIndicator.getByRole('link').filter({ hasText: this.ui.t(`buy:steps.${step}`) });
  }

  /** The wait while the application is made or loaded (alone, or in place of a step's form). */
  get preparing() {
    return this.main.getByRole('status').filter({ hasText: this.ui.t('buy:preparing') });
  }

  /** The heading of a page of the wizard that is not a step ('failed.create', 'notFound.title', …). */
  phaseHeading(key: 'failed.create' | 'failed.load' | 'notFound.title' | 'paid.title' | 'noPurchase.title' | 'draft.title') {
    return this.main.getByRole('heading', { level: 1, name: this.named(key) });
  }

  /** "Try again" after the application could not be made or loaded. */
  async retry() {
    await this.main.getByRole('button', { name: this.named('failed.retry') }).click();
  }

  // ── register numbers ─────────────────────────────────────────────────────────────────────────

  private async fillRegister(group: Locator, register: string) {
    const [first = '', second = ''] = [...register];
    await group.getByRole('combobox', { name: this.ui.name('ui:register.firstLetter') }).selectOption({ label: first });
    await group.getByRole('combobox', { name: this.ui.name('ui:register.secondLetter') }).selectOption({ label: second });
    await group.getByRole('textbox', { name: this.ui.name('ui:register.number') }).fill(register.slice(2));
  }

  /** Sets a register field part by part (a part may be empty: the letter list's placeholder, no digits). */
  async typeRegister(group: Locator, parts: { first: string; second: string; number: string }) {
    await group.getByRole('combobox', { name: this.ui.name('ui:register.firstLetter') }).selectOption(parts.first);
    await group.getByRole('combobox', { name: this.ui.name('ui:register.secondLetter') }).selectOption(parts.second);
    await group.getByRole('textbox', { name: this.ui.name('ui:register.number') }).fill(parts.number);
  }

  // ── step 1: the insured person ───────────────────────────────────────────────────────────────

  get insuredRegister() {
    return this.main.getByRole('group', { name: this.named('insured.register') });
  }

  field(key: string) {
    return this.main.getByRole('textbox', { name: this.named(key) });
  }

  /** A date field (its year, month and day segments), by the key of its label. */
  dateField(key: string) {
    return this.main.getByRole('group', { name: this.named(key) });
  }

  get lastName() {
    return this.field('insured.lastName');
  }

  get firstName() {
    return this.field('insured.firstName');
  }

  get phone() {
    return this.field('insured.phone');
  }

  get email() {
    return this.field('insured.email');
  }

  /** The insured person's register number as the field shows it (letters and digits). */
  async registerShown() {
    const group = this.insuredRegister;
    const first = await group.getByRole('combobox', { name: this.ui.name('ui:register.firstLetter') }).inputValue();
    const second = await group.getByRole('combobox', { name: this.ui.name('ui:register.secondLetter') }).inputValue();
    const number = await group.getByRole('textbox', { name: this.ui.name('ui:register.number') }).inputValue();
    return `${first}${second}${number}`;
  }

  async fillInsuredPerson(person: Person) {
    await this.fillRegister(this.insuredRegister, person.register);
    await this.lastName.fill(person.lastName);
    await this.firstName.fill(person.firstName);
    if (person.phone !== undefined) await this.phone.fill(person.phone);
    if (person.email !== undefined) await this.email.fill(person.email);
    if (person.birthDate !== undefined) await fillDate(this.dateField('insured.birthDate'), person.birthDate);
  }

  // ── step 2: the plan ─────────────────────────────────────────────────────────────────────────

  get sumInsured() {
    return this.field('plan.sumInsured');
  }

  /** The fee field, whose label names how often it is paid ("Fee per payment (yearly)", "Single fee"). */
  get fee() {
    const keys = ['plan.fee', ...['single', 'monthly', 'quarterly', 'semiannual', 'annual'].map((frequency) => `plan.feeBy.${frequency}`)];
    const any = keys.map((key) => this.ui.t(`buy:${key}`).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
    return this.main.getByRole('textbox', { name: new RegExp(`^\\s*(${any})\\s*$`) });
  }

  get term() {
    return this.main.getByRole('combobox', { name: this.named('plan.term') });
  }

  get frequency() {
    return this.main.getByRole('combobox', { name: this.named('plan.frequency') });
  }

  get quote() {
    return this.main.getByRole('region', { name: this.named('quote.title') });
  }

  /** Waits until the live price has settled and returns the fee shown ("MNT 7,200"). */
  async livePrice() {
    await expect.poll(() => this.quote.getAttribute('aria-busy'), { timeout: WAIT_MS, message: 'the quote settles' }).toBe('false');
    const amount = this.quote.locator('.buy-quote__amount');
    await expectVisible(amount);
    return (await amount.innerText()).trim();
  }

  async chooseTerm(years: number) {
    await this.term.selectOption(String(years));
  }

  async chooseFrequency(label: string) {
    await this.frequency.selectOption({ label });
  }

  // ── step 3: beneficiaries and the contract ───────────────────────────────────────────────────

  beneficiary(number: number) {
    return this.main.getByRole('group', { name: this.ui.name('beneficiaries:beneficiary', { number }) });
  }

  async fillBeneficiary(number: number, details: BeneficiaryDetails) {
    const group = this.beneficiary(number);
    await group.getByRole('textbox', { name: this.ui.name('beneficiaries:lastName') }).fill(details.lastName);
    await group.getByRole('textbox', { name: this.ui.name('beneficiaries:firstName') }).fill(details.firstName);
    await this.fillRegister(group.getByRole('group', { name: this.ui.name('beneficiaries:register') }), details.register);
    const relationship = group.getByRole('combobox', { name: this.ui.name('beneficiaries:relationship') });
    if (typeof details.relationship === 'number') await relationship.selectOption(String(details.relationship));
    else await relationship.selectOption({ label: details.relationship });
    if (details.share !== undefined) await group.getByRole('textbox', { name: this.ui.name('beneficiaries:share') }).fill(String(details.share));
  }

  shareOf(number: number) {
    return this.beneficiary(number).getByRole('textbox', { name: this.ui.name('beneficiaries:share') });
  }

  /** A text field of a beneficiary ('lastName', 'firstName', 'share': the `beneficiaries` namespace's labels). */
  beneficiaryField(number: number, key: string) {
    return this.beneficiary(number).getByRole('textbox', { name: this.ui.name(`beneficiaries:${key}`) });
  }

  relationshipOf(number: number) {
    return this.beneficiary(number).getByRole('combobox', { name: this.ui.name('beneficiaries:relationship') });
  }

  beneficiaryRegister(number: number) {
    return this.beneficiary(number).getByRole('group', { name: this.ui.name('beneficiaries:register') });
  }

  /** All beneficiaries' field groups. */
  get beneficiaries() {
    return this.main.getByRole('group', { name: new RegExp(`^${this.ui.t('beneficiaries:beneficiary', { number: '\\d+' })}$`) });
  }

  async removeBeneficiary(number: number) {
    await this.main.getByRole('button', { name: this.ui.name('beneficiaries:removeFor', { number }) }).click();
  }

  async addBeneficiary() {
    await this.main.getByRole('button', { name: this.named('contract.add') }).click();
  }

  get contractText() {
    return this.main.getByRole('region', { name: this.named('contract.textLabel') });
  }

  get consent() {
    return this.main.getByRole('checkbox', { name: new RegExp(`^${this.ui.t('buy:contract.consent').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) });
  }

  async acceptContract() {
    await this.consent.check();
  }

  /** The shares' total as the list shows it. */
  get sharesTotal() {
    return this.main.getByText(new RegExp(this.ui.t('buy:contract.total', { total: '\\d+' })));
  }

  // ── step 4: payment ──────────────────────────────────────────────────────────────────────────

  provider(provider: PaymentProvider) {
    return this.payment.provider(provider);
  }

  async choosePaymentMethod(provider: PaymentProvider) {
    await this.payment.paymentChoose(provider);
  }

  get mostMoneyPhone() {
    return this.payment.phone;
  }

  /** The "pay {amount}" button. */
  get payButton() {
    return this.payment.payButton();
  }

  async pay() {
    await this.payment.paymentSubmit();
  }

  get invoice() {
    return this.main.getByRole('region', { name: this.named('payment.invoiceTitle') });
  }

  /** Waits for the invoice and returns what it shows: amount and what happens next. */
  async seeInvoice() {
    await expectVisible(this.invoice);
    return (await this.invoice.innerText()).trim();
  }

  /** Goes on to the provider from the invoice ("Go to the card page", "Show the QR code", …). */
  async continueToProvider(provider: PaymentProvider) {
    await this.invoice.getByRole('button', { name: this.named(`payment.continue.${provider}`) }).click();
  }

  async chooseAnotherMethod() {
    await this.invoice.getByRole('button', { name: this.named('payment.change') }).click();
  }

  /** The pay button while the invoice is being made ("Creating the invoice…", busy). */
  get creatingInvoiceButton() {
    return this.main.getByRole('button', { name: this.named('payment.creating') });
  }

  /** The page shown for a payment step with nothing to pay. */
  get nothingToPayHeading() {
    return this.main.getByRole('heading', { level: 1, name: this.named('noPurchase.title') });
  }

  /** A signed-in user's earlier draft of the same product, offered on "buy". */
  get draftOffer() {
    return this.main.getByRole('heading', { level: 1, name: this.named('draft.title') });
  }

  async continueMyDraft() {
    await this.main.getByRole('button', { name: this.named('draft.continue') }).click();
  }

  async startANewApplication() {
    await this.main.getByRole('button', { name: this.named('draft.startNew') }).click();
  }

  // ── the buy-insurance machine's events, one method each (support/pages/buy-insurance.replay.ts) ──

  /** `draft.continue`: continues the draft offered. */
  draftContinue() {
    return this.continueMyDraft();
  }

  /** `draft.startNew`: starts afresh instead of the draft offered. */
  draftStartNew() {
    return this.startANewApplication();
  }

  /** `flow.retry`: "try again" on a failed start or load. */
  flowRetry() {
    return this.retry();
  }

  /** `step.next`: the step's continue button. */
  stepNext() {
    return this.continue();
  }

  /** `step.back`: the step's back button. */
  stepBack() {
    return this.back();
  }

  /** `insured.change`: one of the insured person's fields, by the machine's field name. */
  async insuredChange(field: string, value: string) {
    if (field === 'birth_date') return fillDate(this.dateField('insured.birthDate'), value);
    const labels: Record<string, string> = { last_name: 'insured.lastName', first_name: 'insured.firstName', phone: 'insured.phone', email: 'insured.email', address: 'insured.address' };
    const label = labels[field];
    if (!label) throw new Error(`no field for insured.${field}`);
    await this.field(label).fill(value);
  }

  /** `insured.changeRegister`: the insured person's register number. */
  insuredChangeRegister(parts: { first: string; second: string; number: string }) {
    return this.typeRegister(this.insuredRegister, parts);
  }

  /** `plan.change`: the term, the frequency, or the amount (the fee of a savings product, else the sum insured). */
  async planChange(field: string, value: string, { savings }: { savings: boolean }) {
    if (field === 'term_years') await this.term.selectOption(value);
    else if (field === 'frequency') await this.frequency.selectOption(value);
    else await (savings ? this.fee : this.sumInsured).fill(value);
  }

  /** `contract.consent`: ticks or unticks the consent. */
  contractConsent(value: boolean) {
    return this.consent.setChecked(value);
  }

  /** `beneficiary.change`: a field of the beneficiary at `index` (0-based, as the machine counts). */
  async beneficiaryChange(index: number, field: string, value: string) {
    const number = index + 1;
    const labels: Record<string, string> = { last_name: 'lastName', first_name: 'firstName', share: 'share' };
    if (field === 'relationship') await this.relationshipOf(number).selectOption(value);
    else await this.beneficiaryField(number, labels[field] ?? '').fill(value);
  }

  /** `beneficiary.changeRegister`: the register number of the beneficiary at `index` (0-based). */
  beneficiaryChangeRegister(index: number, parts: { first: string; second: string; number: string }) {
    return this.typeRegister(this.beneficiaryRegister(index + 1), parts);
  }

  /** `beneficiary.add`. */
  beneficiaryAdd() {
    return this.addBeneficiary();
  }

  /** `beneficiary.remove`: removes the beneficiary at `index` (0-based). */
  beneficiaryRemove(index: number) {
    return this.removeBeneficiary(index + 1);
  }
}
