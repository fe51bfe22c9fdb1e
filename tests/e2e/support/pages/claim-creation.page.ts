/**
 * The claim wizard (/user/claim/create/{insuranceId}, …/event, …/payout, …/documents, …/review): one
 * method per event its page sends (named after the event: `event.change` → `eventChange`,
 * `documents.changed` → `documentsChanged`), and what each step shows. The replay's adapter
 * (./claim-creation.replay.ts) maps a generated path's events to these methods.
 */
import type { DocumentType } from '../../../../contract/claim.schema';
import type { EventField, PayoutField } from '../../../../machines/claim-creation.machine';
import { exactly } from '../texts';
import { chooseFile, pngFile, type FilePayload } from '../uploads';
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

/**
 * One change on the documents step, which the page reports with the draft the server answered: a file
 * added (a small PNG named `filename`, or the `file` given) or an added file removed.
 */
export type DocumentsChange = { add: DocumentType; filename: string } | { add: DocumentType; file: FilePayload } | { remove: string };

export class ClaimCreationWizard {
  constructor(readonly ui: UiLanguage) {}

  protected get page() {
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

  /** A text the page shows (anywhere, as given: a string is found within longer texts). */
  shown(text: string | RegExp) {
    return this.page.getByText(text);
  }

  /** The wizard's line naming the policy the claim is on (its product name and contract number). */
  get policyLine() {
    return this.page.locator('.claim-wizard__policy');
  }

  /** Opens the wizard for a policy: its first step, or `step` of the policy's draft (a deep link). */
  async open(insuranceId: number, step?: ClaimWizardStep) {
    await this.page.goto(`/user/claim/create/${insuranceId}${step ? `/${step}` : ''}`);
  }

  /** The step's "Back" link (to the step before). */
  async back() {
    await this.page.getByRole('link', { name: this.name('wizard.back') }).click();
  }

  /** The review's "Change" link of a step. */
  async reviewEdit(step: ClaimWizardStep) {
    await this.page.getByRole('link', { name: this.name('wizard.review.editLabel', { step: this.t(`wizard.step.${step}`) }) }).click();
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

  /** The tick a slot shows once its document is added. */
  slotDone(type: DocumentType) {
    return this.slot(type).getByText(this.t('wizard.documents.slotDone'));
  }

  /** A text in a slot (its refusal). */
  slotText(type: DocumentType, text: string) {
    return this.slot(type).getByText(text);
  }

  /** A slot's progress bar while its file uploads. */
  slotProgress(type: DocumentType) {
    return this.slot(type).getByRole('progressbar');
  }

  /**
   * Chooses for the type's slot a PDF of `size` bytes made in the page (by its first bytes): no large
   * buffer crosses to the browser.
   */
  async chooseFileMadeInPage(type: DocumentType, name: string, size: number) {
    await this.slot(type)
      .locator('input[type="file"]')
      .evaluate(
        (input: HTMLInputElement, file) => {
          const bytes = new Uint8Array(file.size);
          bytes.set(new TextEncoder().encode('%PDF-1.7\n'));
          const transfer = new DataTransfer();
          transfer.items.add(new File([bytes], file.name, { type: 'application/pdf' }));
          input.files = transfer.files;
          input.dispatchEvent(new Event('change', { bubbles: true }));
        },
        { name, size },
      );
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
    if ('add' in change) await chooseFile(this.slot(change.add), 'file' in change ? change.file : pngFile(change.filename, 4 * 1024));
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
