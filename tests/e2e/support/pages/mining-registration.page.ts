/**
 * The mining-company employee registration (/ot/…): one method per event its page sends (named after
 * the event: `register.changePhone` → `registerChangePhone`), and what each step shows. The replay's
 * adapter (./mining-registration.replay.ts) maps a generated path's events to these methods.
 */
import type { Locator } from 'playwright-core';
import type { RegisterParts } from '../../../../contract/validation';
import { exactly } from '../texts';
import { CodeStep } from './code-step.page';
import { ImageSlotsPart } from './image-slots.part';
import type { UiLanguage } from './ui-language';

export type MiningImageSlot = 'idFront' | 'idBack' | 'selfie';
export type InsurerField = 'last_name' | 'first_name' | 'email' | 'address' | 'employee_number';
export type BeneficiaryField = 'last_name' | 'first_name' | 'relationship' | 'share';

const INSURER_LABELS: Record<InsurerField, string> = {
  last_name: 'insurer.lastName',
  first_name: 'insurer.firstName',
  email: 'insurer.email',
  address: 'insurer.address',
  employee_number: 'insurer.employeeNumber',
};

export class MiningRegistrationWizard {
  readonly codeStep: CodeStep;

  /** The identity-photo slots (the app's shared ImageSlots part). */
  readonly images: ImageSlotsPart<MiningImageSlot>;

  constructor(readonly ui: UiLanguage) {
    this.codeStep = new CodeStep(ui);
    this.images = new ImageSlotsPart(ui, (slot) => this.name(`images.${slot}`));
  }

  get page() {
    return this.ui.page;
  }

  get main() {
    return this.page.getByRole('main');
  }

  private name(key: string, values?: Record<string, string | number>) {
    return this.ui.name(`ot:${key}`, values);
  }

  heading(key: string) {
    return this.page.getByRole('heading', { level: 1, name: this.name(key) });
  }

  button(key: string, values?: Record<string, string | number>) {
    return this.main.getByRole('button', { name: this.name(key, values) });
  }

  text(key: string, values?: Record<string, string | number>) {
    return this.main.getByText(this.name(key, values));
  }

  get alert() {
    return this.main.getByRole('alert');
  }

  /** A value the step lists (a `<dd>`: the programme's product, …), exactly. */
  listedValue(text: string) {
    return this.main.locator('dd').filter({ hasText: exactly(text) });
  }

  private async typeRegister(group: Locator, parts: RegisterParts) {
    await group.getByRole('combobox', { name: this.ui.name('ui:register.firstLetter') }).selectOption(parts.first);
    await group.getByRole('combobox', { name: this.ui.name('ui:register.secondLetter') }).selectOption(parts.second);
    await group.getByRole('textbox', { name: this.ui.name('ui:register.number') }).fill(parts.number);
  }

  // ── welcome ──────────────────────────────────────────────────────────────────────────────────

  async programmeRetry() {
    await this.button('welcome.retry').click();
  }

  async welcomeStart() {
    await this.button('welcome.start').click();
  }

  // ── who registers ────────────────────────────────────────────────────────────────────────────

  get registerGroup() {
    return this.main.getByRole('group', { name: this.name('register.registerNumber') }).first();
  }

  get phoneField() {
    return this.main.getByRole('textbox', { name: this.name('register.phone') });
  }

  async registerChangeRegister(value: RegisterParts) {
    await this.typeRegister(this.registerGroup, value);
  }

  async registerChangePhone(value: string) {
    await this.phoneField.fill(value);
  }

  async registerSubmit() {
    await this.button('register.submit').click();
  }

  // ── opening the draft ────────────────────────────────────────────────────────────────────────

  async draftRetry() {
    await this.button('opening.retry').click();
  }

  // ── the insurer ──────────────────────────────────────────────────────────────────────────────

  insurerField(field: InsurerField) {
    return this.main.getByRole('textbox', { name: this.name(INSURER_LABELS[field]) }).first();
  }

  async insurerChange(field: InsurerField, value: string) {
    await this.insurerField(field).fill(value);
  }

  get continueButton() {
    return this.button('continue');
  }

  async insurerSubmit() {
    await this.continueButton.click();
  }

  // ── beneficiaries and children ───────────────────────────────────────────────────────────────

  beneficiary(index: number) {
    return this.main.getByRole('group', { name: this.ui.name('beneficiaries:beneficiary', { number: index + 1 }) });
  }

  get beneficiaries() {
    return this.main.getByRole('group', { name: new RegExp(`^${this.ui.t('beneficiaries:beneficiary', { number: 'N' }).replace('N', '\\d+')}$`) });
  }

  beneficiaryField(index: number, field: 'last_name' | 'first_name' | 'share') {
    const key = field === 'last_name' ? 'lastName' : field === 'first_name' ? 'firstName' : 'share';
    return this.beneficiary(index).getByRole('textbox', { name: this.ui.name(`beneficiaries:${key}`) });
  }

  async beneficiaryAdd() {
    await this.button('beneficiaries.add').click();
  }

  async beneficiaryRemove(index: number) {
    await this.main.getByRole('button', { name: this.ui.name('beneficiaries:removeFor', { number: index + 1 }) }).click();
  }

  async beneficiaryChange(index: number, field: BeneficiaryField, value: string) {
    if (field === 'relationship') await this.beneficiary(index).getByRole('combobox', { name: this.ui.name('beneficiaries:relationship') }).selectOption(value);
    else await this.beneficiaryField(index, field).fill(value);
  }

  async beneficiaryChangeRegister(index: number, value: RegisterParts) {
    await this.typeRegister(this.beneficiary(index).getByRole('group', { name: this.ui.name('beneficiaries:register') }), value);
  }

  child(index: number) {
    return this.main.getByRole('group', { name: this.name('beneficiaries.child', { number: index + 1 }) });
  }

  get children() {
    return this.main.getByRole('group', { name: new RegExp(`^${this.ui.t('ot:beneficiaries.child', { number: 'N' }).replace('N', '\\d+')}$`) });
  }

  async childAdd() {
    await this.button('beneficiaries.addChild').click();
  }

  async childRemove(index: number) {
    await this.button('beneficiaries.removeChild', { number: index + 1 }).click();
  }

  async childChange(index: number, field: 'last_name' | 'first_name', value: string) {
    await this.child(index).getByRole('textbox', { name: this.name(field === 'last_name' ? 'insurer.lastName' : 'insurer.firstName') }).fill(value);
  }

  async childChangeRegister(index: number, value: RegisterParts) {
    await this.typeRegister(this.child(index).getByRole('group', { name: this.name('register.registerNumber') }), value);
  }

  async beneficiariesSubmit() {
    await this.continueButton.click();
  }

  // ── identity photos ──────────────────────────────────────────────────────────────────────────

  slot(slot: MiningImageSlot) {
    return this.images.slot(slot);
  }

  uploaded(slot: MiningImageSlot) {
    return this.images.uploaded(slot);
  }

  imageUploaded(slot: MiningImageSlot) {
    return this.images.imageUploaded(slot);
  }

  imageRemoved(slot: MiningImageSlot) {
    return this.images.imageRemoved(slot);
  }

  get submitButton() {
    return this.button('images.submit');
  }

  async imagesSubmit() {
    await this.submitButton.click();
  }

  // ── the result ───────────────────────────────────────────────────────────────────────────────

  get reference() {
    return this.main.getByTestId('reference');
  }

  async registrationRestart() {
    await this.button('result.another').click();
  }

  /** A finished step's link back (the step indicator's), or the step's own "Back" link. */
  stepLink(step: string) {
    return this.page.getByRole('link', { name: new RegExp(this.ui.t(`ot:steps.${step}`)) }).first();
  }

  get backLink() {
    return this.main.getByRole('link', { name: this.name('back') });
  }
}
