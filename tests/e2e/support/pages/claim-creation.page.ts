/**
 * The claim wizard (/user/claim/create/{insuranceId}, …/event, …/payout, …/documents, …/review): one
 * method per event its page sends (named after the event: `event.change` → `eventChange`,
 * `documents.changed` → `documentsChanged`), and what each step shows. The replay's adapter
 * (./claim-creation.replay.ts) maps a generated path's events to these methods.
 */
import type { DocumentType } from '../../../../contract/claim.schema';
import type { EventField, PayoutField } from '../../../../machines/claim-creation.machine';
import { exactly } from '../texts';
import { chooseFile, pngFile } from '../uploads';
import { fillDate } from './date-field';
import type { UiLanguage } from './ui-language';

export type ClaimWizardStep = 'type' | 'event' | 'payout' | 'documents' | 'review';

const EVENT_LABELS: Record<EventField, string> = {
  treatment_start: 'wizard.event.start',
  treatment_end: 'wizard.event.end',
  hospital: 'wizard.event.hospital',
  diagnosis: 'wizard.event.diagnosis',
  amount: 'wizard.event.amount',
};
const PAYOUT_LABELS: Record<Exclude<PayoutField, 'bank'>, string> = { account_number: 'wizard.payout.account', account_holder: 'wizard.payout.holder' };

/** One change on the documents step, which the page reports with the draft the server answered. */
export type DocumentsChange = { add: DocumentType; filename: string } | { remove: string };

export class ClaimCreationWizard {
  constructor(readonly ui: UiLanguage) {}

  private get page() {
    return this.ui.page;
  }

  get main() {
    return this.page.getByRole('main');
  }

  /** A text of the claims namespace. */
  t(key: string, values?: Record<string, string | number>) {
    return this.ui.t(`claims:${key}`, values);
  }

  private name(key: string, values?: Record<string, string | number>) {
    return this.ui.name(`claims:${key}`, values);
  }

  heading(step: ClaimWizardStep) {
    return this.page.getByRole('heading', { level: 1, name: this.name(`wizard.step.${step}`) });
  }

  button(key: string) {
    return this.main.getByRole('button', { name: this.name(key) });
  }

  text(key: string, values?: Record<string, string | number>) {
    return this.main.getByText(this.name(key, values));
  }

  /** The step's notice (the wizard's refusal or failure). */
  get alert() {
    return this.main.getByRole('alert');
  }

  // ── opening ──────────────────────────────────────────────────────────────────────────────────

  get opening() {
    return this.main.getByText(this.t('wizard.opening'));
  }

  async claimRetry() {
    await this.button('wizard.retry').click();
  }

  // ── every step's buttons ─────────────────────────────────────────────────────────────────────

  get continueButton() {
    return this.button('wizard.continue');
  }

  /** The submit button while a step saves. */
  get savingButton() {
    return this.button('wizard.saving');
  }

  // ── the claim type ───────────────────────────────────────────────────────────────────────────

  typeOption(value: string) {
    return this.main.getByRole('radio', { name: this.name(`types.${value}`) });
  }

  async typeChoose(value: string) {
    await this.typeOption(value).check();
  }

  async typeSubmit() {
    await this.continueButton.click();
  }

  // ── what happened ────────────────────────────────────────────────────────────────────────────

  /** A date field (a group of segments) or a text field of the event step. */
  eventField(field: EventField) {
    const label = this.name(EVENT_LABELS[field]);
    return field === 'treatment_start' || field === 'treatment_end'
      ? this.main.getByRole('group', { name: label })
      : this.main.getByRole('textbox', { name: label }).first();
  }

  async eventChange(field: EventField, value: string) {
    if (field === 'treatment_start' || field === 'treatment_end') await fillDate(this.eventField(field), value);
    else await this.eventField(field).fill(value);
  }

  async eventSubmit() {
    await this.continueButton.click();
  }

  // ── the payout ───────────────────────────────────────────────────────────────────────────────

  payoutField(field: PayoutField) {
    return field === 'bank'
      ? this.main.getByRole('combobox', { name: this.name('wizard.payout.bank') })
      : this.main.getByRole('textbox', { name: this.name(PAYOUT_LABELS[field]) }).first();
  }

  async payoutChange(field: PayoutField, value: string) {
    if (field === 'bank') await this.payoutField(field).selectOption(value);
    else await this.payoutField(field).fill(value);
  }

  async payoutSubmit() {
    await this.continueButton.click();
  }

  // ── documents ────────────────────────────────────────────────────────────────────────────────

  /** A needed document's upload slot. */
  slot(type: DocumentType) {
    return this.page.getByRole('region', { name: this.name(`documents.${type}`) });
  }

  /** "Still missing: …" with the documents' names, or "Every needed document is added." */
  missingLine(missing: readonly DocumentType[]) {
    return missing.length === 0
      ? this.text('wizard.documents.complete')
      : this.text('wizard.documents.missing', { list: missing.map((type) => this.t(`documents.${type}`)).join(', ') });
  }

  /** A file in the "Added files" list: `Death certificate: death.png`. */
  addedFile(type: DocumentType, filename?: string) {
    const prefix = `${this.t(`documents.${type}`)}: `;
    return filename === undefined ? this.main.getByText(prefix).first() : this.main.getByText(`${prefix}${filename}`);
  }

  /** Uploads a file into the type's slot or removes an added file; the page attaches it and reports the draft. */
  async documentsChanged(change: DocumentsChange) {
    if ('add' in change) await chooseFile(this.slot(change.add), pngFile(change.filename, 4 * 1024));
    else await this.main.getByRole('button', { name: this.name('wizard.documents.removeLabel', { name: change.remove }) }).click();
  }

  async documentsSubmit() {
    await this.continueButton.click();
  }

  // ── review ───────────────────────────────────────────────────────────────────────────────────

  get submitButton() {
    return this.button('wizard.review.submit');
  }

  get submittingButton() {
    return this.button('wizard.review.submitting');
  }

  async claimSubmit() {
    await this.submitButton.click();
  }

  /** The sent claim's own page (the wizard hands over to it). */
  detailHeading(claimNumber: string) {
    return this.page.getByRole('heading', { level: 1, name: exactly(this.t('detail.title', { number: claimNumber })) });
  }
}
