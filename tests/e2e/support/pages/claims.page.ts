/**
 * The claims around the wizard (./claim-creation.page.ts): the landing (/user/claim), the list
 * (/user/claim/list) with its drafts and pager, the choice of a policy to claim on
 * (/user/claim/create) with its search and pages, and a claim's own page (/user/claim/detail/{id})
 * with its progress, facts, refusal and the slots of the documents the insurer asks for (the
 * claim-documents machine: each slot's `upload.choose` → `uploadChoose`).
 *
 *   const claims = new ClaimsPage(ui);
 *   await claims.open();
 *   await claims.openClaim('CL-2025-000233');
 *   const claim = new ClaimDetailPage(ui);
 *   await expectVisible(claim.refusal.getByText(/1,200,000/));
 */
import type { DocumentType } from '../../../../contract/claim.schema';
import { exactly } from '../texts';
import { chooseFile, type FilePayload } from '../uploads';
import type { UiLanguage } from './ui-language';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

type Values = Record<string, string | number>;

/** What the claims pages share: their texts (the `claims:` namespace) and what they show. */
class ClaimsPart {
  constructor(protected readonly ui: UiLanguage) {}

  protected get page() {
    return this.ui.page;
  }

  /** A text of the claims namespace. */
  t(key: string, values?: Values) {
    return this.ui.t(`claims:${key}`, values);
  }

  protected name(key: string, values?: Values) {
    return this.ui.name(`claims:${key}`, values);
  }

  /** A text the page shows (anywhere, as given: a string is found within longer texts). */
  shown(text: string | RegExp) {
    return this.page.getByText(text);
  }
}

export class ClaimsPage extends ClaimsPart {
  async open() {
    await this.page.goto('/user/claim/list');
  }

  /** The landing's "File a claim" (from /user/claim). */
  async fileAClaim() {
    await this.page.goto('/user/claim');
    await this.page.getByRole('link', { name: this.name('landing.file') }).click();
  }

  get heading() {
    return this.page.getByRole('heading', { level: 1, name: this.name('list.title') });
  }

  get cards() {
    return this.page.locator('.claim-card');
  }

  /** The card of a claim, by its number (its link). */
  card(number: string) {
    return this.cards.filter({ has: this.claimLink(number) });
  }

  /** A text of the claims namespace shown on a claim's card, exactly. */
  cardText(number: string, key: string) {
    return this.card(number).getByText(this.name(key));
  }

  claimLink(number: string | RegExp) {
    return this.page.getByRole('link', { name: typeof number === 'string' ? exactly(number) : number });
  }

  async openClaim(number: string) {
    await this.claimLink(number).click();
  }

  /** The number on the first (newest) card. */
  firstNumber() {
    return this.page.locator('.claim-card__title').first().textContent();
  }

  /** A fact of the first card (its `fields.*` label), as shown. */
  firstCardFact(key: string) {
    return this.cards.first().locator('.claim-facts div').filter({ hasText: this.t(`fields.${key}`) }).locator('dd').textContent();
  }

  /** The numbers of the claims listed whose number matches. */
  numbersMatching(number: RegExp) {
    return this.cards.getByRole('link', { name: number }).allTextContents();
  }

  /** "Continue the draft claim on …" of a policy's draft. */
  continueLink(contract: string) {
    return this.page.getByRole('link', { name: this.name('list.continueLabel', { contract }) });
  }

  async continueDraft(contract: string) {
    await this.continueLink(contract).click();
  }

  deleteButton(contract: string) {
    return this.page.getByRole('button', { name: this.name('list.deleteLabel', { contract }) });
  }

  async deleteDraft(contract: string) {
    await this.deleteButton(contract).click();
  }

  get alert() {
    return this.page.getByRole('alert');
  }

  // ── the pager ────────────────────────────────────────────────────────────────────────────────

  get newestLink() {
    return this.page.getByRole('link', { name: this.t('list.newest') });
  }

  get olderLink() {
    return this.page.getByRole('link', { name: this.t('list.older') });
  }

  /** The pager's "Older claims". */
  async olderPage() {
    await this.page.getByRole('navigation', { name: this.t('list.pages') }).getByRole('link', { name: this.t('list.older') }).click();
  }

  /** "Newest claims". */
  async newestPage() {
    await this.newestLink.click();
  }
}

/** /user/claim/create: the policies to claim on, a page of them, with the search by contract number. */
export class ClaimPolicyChoice extends ClaimsPart {
  async open() {
    await this.page.goto('/user/claim/create');
  }

  get choices() {
    return this.page.locator('.claim-policy');
  }

  /** The policy's choice, by its contract number. */
  choice(contract: string) {
    return this.page.locator('.claim-policy', { hasText: contract });
  }

  get searchField() {
    return this.page.getByRole('textbox', { name: this.t('create.searchLabel') });
  }

  /** Types into the search and presses Enter (the keyboard alone). */
  async search(contract: string) {
    await this.searchField.fill(contract);
    await this.searchField.press('Enter');
  }

  /** "Show all policies". */
  async clearSearch() {
    await this.page.getByRole('button', { name: this.t('create.searchClear') }).click();
  }

  /** The pager's "More policies". */
  async morePolicies() {
    await this.page.getByRole('navigation', { name: this.t('create.pages') }).getByRole('link', { name: this.t('create.more') }).click();
  }

  /** "Claim on this policy" of the policy: the wizard opens. */
  async choosePolicy(contract: string) {
    await this.choices.getByRole('link', { name: new RegExp(escape(contract)) }).click();
  }
}

/** A claim's own page (/user/claim/detail/{id}). */
export class ClaimDetailPage extends ClaimsPart {
  async open(claimId: number) {
    await this.page.goto(`/user/claim/detail/${claimId}`);
  }

  /** "Claim CL-…": of the claim numbered `number`, or of any sent claim. */
  heading(number?: string) {
    const name = number === undefined ? new RegExp(`^${escape(this.t('detail.title', { number: '\u0000' })).replace('\u0000', 'CL-\\d{4}-\\d{6}')}$`) : this.name('detail.title', { number });
    return this.page.getByRole('heading', { level: 1, name });
  }

  /** The number of the claim shown, read from its heading. */
  async claimNumber() {
    const [before = '', after = ''] = this.t('detail.title', { number: '\u0000' }).split('\u0000');
    return ((await this.heading().textContent()) ?? '').replace(before, '').replace(after, '').trim();
  }

  get draftHeading() {
    return this.page.getByRole('heading', { level: 1, name: this.name('detail.draftTitle') });
  }

  /** A heading of a section (any level), exactly. */
  sectionHeading(key: string) {
    return this.page.getByRole('heading', { name: this.name(key) });
  }

  /** The "The insurer asks for more documents" heading. */
  get requestedHeading() {
    return this.page.getByRole('heading', { level: 2, name: this.t('detail.requestedTitle') });
  }

  /** A fact of the claim (its `fields.*` label) and its value. */
  fact(key: string) {
    return this.page.locator('.claim-facts div').filter({ has: this.page.getByText(this.name(`fields.${key}`)) });
  }

  factValue(key: string) {
    return this.fact(key).locator('dd').textContent();
  }

  /** A stage of the progress ('received', 'review', 'resolved'). */
  stage(stage: string) {
    return this.page.locator(`.claim-tracker__stage[data-stage="${stage}"]`);
  }

  /** 'done', 'current' or 'pending'. */
  stageState(stage: string) {
    return this.stage(stage).getAttribute('data-state');
  }

  /** The stages done. */
  get doneStages() {
    return this.page.locator('.claim-tracker__stage[data-state="done"]');
  }

  /** "Sent more than 14 days after the treatment." */
  get late() {
    return this.shown(this.t('detail.late'));
  }

  /** The refusal's section, with its amount, reason and how to appeal. */
  get refusal() {
    return this.page.getByRole('region', { name: this.t('detail.refusedTitle') });
  }

  /** The refusal's "Disagree with the decision?". */
  get appealHeading() {
    return this.refusal.getByRole('heading', { name: this.name('detail.appealTitle') });
  }

  /** A text in the refusal's section. */
  inRefusal(text: string | RegExp) {
    return this.refusal.getByText(text);
  }

  /** The documents the insurer asks for. */
  get requested() {
    return this.page.getByRole('region', { name: this.name('detail.requestedTitle') });
  }

  /** A requested document's upload slot. */
  slot(type: DocumentType) {
    return this.page.getByRole('region', { name: this.name(`documents.${type}`) });
  }

  /** `upload.choose` of a requested document's slot. */
  async uploadChoose(type: DocumentType, file: FilePayload) {
    await chooseFile(this.slot(type), file);
  }

  /** "← My claims". */
  async back() {
    await this.page.getByRole('link', { name: this.t('detail.back') }).click();
  }
}
