/**
 * The Credit Med request wizard (/credit-med/request, /credit-med/request/contract/{id}): one method
 * per event its page sends (named after the event: `personal.change` → `personalChange`), and what
 * each step shows. The replay's adapter (./credit-med-request.replay.ts) maps a generated path's
 * events to these methods.
 */
import type { Locator } from 'playwright-core';
import type { RegisterParts } from '../../../../contract/validation';
import { CodeStep } from './code-step.page';
import { ImageSlotsPart } from './image-slots.part';
import type { UiLanguage } from './ui-language';

export type CmImageSlot = 'idFront' | 'idBack' | 'selfie';
export type CmPersonalField = 'last_name' | 'first_name' | 'phone' | 'email' | 'address';
export type CmEmergencyField = 'name' | 'relation' | 'phone';
export type CmChildField = 'last_name' | 'first_name';

const PERSONAL_LABELS: Record<CmPersonalField, string> = {
  last_name: 'personal.lastName',
  first_name: 'personal.firstName',
  phone: 'personal.phone',
  email: 'personal.email',
  address: 'personal.address',
};
const EMERGENCY_LABELS: Record<CmEmergencyField, string> = { name: 'family.emergencyName', relation: 'family.emergencyRelation', phone: 'family.emergencyPhone' };

export class CreditMedRequestWizard {
  readonly codeStep: CodeStep;

  /** The identity-photo slots (the app's shared ImageSlots part). */
  readonly images: ImageSlotsPart<CmImageSlot>;

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

  /** A text of the wizard's namespace. */
  t(key: string, values?: Record<string, string | number>) {
    return this.ui.t(`creditMedRequest:${key}`, values);
  }

  private name(key: string, values?: Record<string, string | number>) {
    return this.ui.name(`creditMedRequest:${key}`, values);
  }

  heading(key: string) {
    return this.page.getByRole('heading', { level: 1, name: this.name(key) });
  }

  button(key: string, values?: Record<string, string | number>) {
    return this.main.getByRole('button', { name: this.name(key, values) });
  }

  textbox(key: string, within: Locator = this.main) {
    return within.getByRole('textbox', { name: this.name(key) }).first();
  }

  get alert() {
    return this.main.getByRole('alert');
  }

  /** A text the page shows (as given: a string is found within a longer text). */
  shown(text: string | RegExp) {
    return this.page.getByText(text);
  }

  get opening() {
    return this.main.getByText(this.t('opening'));
  }

  // ── personal ─────────────────────────────────────────────────────────────────────────────────

  personalField(field: CmPersonalField) {
    return this.textbox(PERSONAL_LABELS[field]);
  }

  get personalRegister() {
    return this.main.getByRole('group', { name: this.name('personal.register') }).first();
  }

  async typeRegister(group: Locator, parts: RegisterParts) {
    await group.getByRole('combobox', { name: this.ui.name('ui:register.firstLetter') }).selectOption(parts.first);
    await group.getByRole('combobox', { name: this.ui.name('ui:register.secondLetter') }).selectOption(parts.second);
    await group.getByRole('textbox', { name: this.ui.name('ui:register.number') }).fill(parts.number);
  }

  registerNumber(group: Locator) {
    return group.getByRole('textbox', { name: this.ui.name('ui:register.number') });
  }

  async personalChange(field: CmPersonalField, value: string) {
    await this.personalField(field).fill(value);
  }

  async personalChangeRegister(value: RegisterParts) {
    await this.typeRegister(this.personalRegister, value);
  }

  /** Every step's "Save and continue" (the declarations' "Submit the request"). */
  get continueButton() {
    return this.button('continue');
  }

  async personalSubmit() {
    await this.continueButton.click();
  }

  // ── family ───────────────────────────────────────────────────────────────────────────────────

  child(index: number) {
    return this.main.getByRole('group', { name: this.name('family.child', { number: index + 1 }) });
  }

  childField(index: number, field: CmChildField) {
    return this.textbox(field === 'last_name' ? 'personal.lastName' : 'personal.firstName', this.child(index));
  }

  get children() {
    return this.main.getByRole('group', { name: new RegExp(`^${this.t('family.child', { number: 'N' }).replace('N', '\\d+')}$`) });
  }

  async childAdd() {
    await this.button('family.addChild').click();
  }

  async childRemove(index: number) {
    await this.button('family.removeChild', { number: index + 1 }).click();
  }

  async childChange(index: number, field: CmChildField, value: string) {
    await this.childField(index, field).fill(value);
  }

  async childChangeRegister(index: number, value: RegisterParts) {
    await this.typeRegister(this.child(index), value);
  }

  emergencyField(field: CmEmergencyField) {
    return this.textbox(EMERGENCY_LABELS[field]);
  }

  async emergencyChange(field: CmEmergencyField, value: string) {
    await this.emergencyField(field).fill(value);
  }

  async familySubmit() {
    await this.continueButton.click();
  }

  /** "Back" to the step before. */
  async stepBack() {
    await this.button('back').click();
  }

  // ── images ───────────────────────────────────────────────────────────────────────────────────

  slot(slot: CmImageSlot) {
    return this.images.slot(slot);
  }

  uploaded(slot: CmImageSlot) {
    return this.images.uploaded(slot);
  }

  imageUploaded(slot: CmImageSlot) {
    return this.images.imageUploaded(slot);
  }

  imageRemoved(slot: CmImageSlot) {
    return this.images.imageRemoved(slot);
  }

  async imagesSubmit() {
    await this.continueButton.click();
  }

  // ── declarations ─────────────────────────────────────────────────────────────────────────────

  get pep() {
    return this.main.getByRole('combobox', { name: this.name('declarations.pep') });
  }

  declaration(field: 'no_money_laundering' | 'terms') {
    return this.main.getByRole('checkbox', { name: this.t(field === 'terms' ? 'declarations.terms' : 'declarations.noMoneyLaundering') });
  }

  async declarationsChange(field: 'pep' | 'no_money_laundering' | 'terms', value: boolean) {
    if (field === 'pep') await this.pep.selectOption(value ? 'yes' : 'no');
    else await this.declaration(field).setChecked(value);
  }

  get submitRequestButton() {
    return this.button('declarations.submit');
  }

  async declarationsSubmit() {
    await this.submitRequestButton.click();
  }

  // ── the contract ─────────────────────────────────────────────────────────────────────────────

  get acceptBox() {
    return this.main.getByRole('checkbox', { name: this.t('contract.accept') });
  }

  signField(field: 'password' | 'password_confirm') {
    return this.main.getByLabel(this.name(field === 'password' ? 'contract.passwordLabel' : 'contract.passwordConfirm'));
  }

  async signAccept(value: boolean) {
    await this.acceptBox.setChecked(value);
  }

  async signChange(field: 'password' | 'password_confirm', value: string) {
    await this.signField(field).fill(value);
  }

  async signSubmit() {
    await this.button('contract.sign').click();
  }

  async contractRetry() {
    await this.button('retry').click();
  }

  async requestRetry() {
    await this.button('retry').click();
  }

  async requestOpen() {
    await this.button('contract.openOwn').click();
  }

  /** The contract's heading: its title from the server ("Credit Med contract No. CM-000012"). */
  contractHeading(id: number) {
    return this.page.getByRole('heading', { level: 1, name: new RegExp(`CM-${String(id).padStart(6, '0')}$`) });
  }

  get contractLoading() {
    return this.main.getByText(this.t('contract.loading'));
  }
}
