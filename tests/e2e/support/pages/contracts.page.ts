/** My insurances: the list (/user/contract) and one policy (/user/contract/{id}). */
import { expectPath, expectVisible } from '../ui';
import type { UiLanguage } from './ui-language';

export class ContractsPage {
  constructor(private readonly ui: UiLanguage) {}

  private get page() {
    return this.ui.page;
  }

  private get main() {
    return this.page.getByRole('main');
  }

  async open() {
    await this.page.goto('/user/contract');
    await this.waitUntilShown();
  }

  async waitUntilShown() {
    await expectVisible(this.main.getByRole('heading', { level: 1, name: this.ui.name('contracts:list.title') }));
  }

  /** The list of policies (shown once loaded and not empty). */
  get list() {
    return this.main.getByRole('list', { name: this.ui.name('contracts:list.title') });
  }

  /** The card of one policy, found by its contract number. */
  card(contractNumber: string) {
    return this.list.getByRole('listitem').filter({ hasText: contractNumber });
  }

  /** The contract numbers listed, in order. */
  async contractNumbers() {
    await expectVisible(this.list);
    const cards = await this.list.getByRole('listitem').all();
    const label = this.ui.t('contracts:fields.contractNumber');
    const numbers: string[] = [];
    for (const card of cards) {
      const term = card.getByRole('term').filter({ hasText: label });
      numbers.push((await term.locator('xpath=following-sibling::dd[1]').innerText()).trim());
    }
    return numbers;
  }

  /** What a card shows, as the text a reader sees. */
  async cardText(contractNumber: string) {
    await expectVisible(this.card(contractNumber));
    return (await this.card(contractNumber).innerText()).replace(/\s+/g, ' ').trim();
  }

  async seeNoInsurances() {
    await expectVisible(this.main.getByRole('heading', { level: 2, name: this.ui.name('contracts:list.emptyTitle') }));
  }

  get alert() {
    return this.main.getByRole('alert');
  }

  async retry() {
    await this.alert.getByRole('button', { name: this.ui.name('actions.retry') }).click();
  }

  /** Opens the policy from its card (the product name is the link). */
  async openContract(contractNumber: string) {
    // The product name's link (a card may also hold the Pay link of its due premium).
    await this.card(contractNumber).getByRole('link').first().click();
    await expectPath(this.page, /^\/user\/contract\/\d+$/);
    await expectVisible(this.main.getByText(contractNumber).first());
  }
}

export class ContractDetailPage {
  constructor(private readonly ui: UiLanguage) {}

  private get page() {
    return this.ui.page;
  }

  private get main() {
    return this.page.getByRole('main');
  }

  get heading() {
    return this.main.getByRole('heading', { level: 1 });
  }

  /** The value of a field of the contract's overview, by its label key (contracts:fields.*). */
  async field(key: string) {
    const overview = this.main.getByRole('region', { name: this.ui.name('contracts:detail.overview') });
    await expectVisible(overview);
    const term = overview.getByRole('term').filter({ hasText: this.ui.name(`contracts:fields.${key}`) });
    return (await term.locator('xpath=following-sibling::dd[1]').innerText()).replace(/\s+/g, ' ').trim();
  }

  /** The rows of a table (beneficiaries, payments, schedule) as cell texts. */
  private async rows(section: string) {
    const region = this.main.getByRole('region', { name: this.ui.name(`contracts:detail.${section}`) }).first();
    const details = region.locator('details');
    if ((await details.count()) > 0 && !(await details.first().evaluate((element) => (element as HTMLDetailsElement).open))) {
      await details.first().locator('summary').click();
    }
    const table = region.getByRole('table');
    await expectVisible(table);
    // One read for the whole table: a schedule can have hundreds of rows.
    return table.evaluate((element) =>
      [...(element as HTMLTableElement).tBodies[0]!.rows].map((row) => [...row.cells].map((cell) => cell.innerText.replace(/\s+/g, ' ').trim())),
    );
  }

  /** Beneficiaries as [name, relationship, share]. */
  beneficiaries() {
    return this.rows('beneficiaries');
  }

  /** Paid fees as [date, amount, method and reference], newest first. */
  payments() {
    return this.rows('payments');
  }

  /** The whole fee schedule as [due date, amount, status]. */
  feeSchedule() {
    return this.rows('schedule');
  }

  get alert() {
    return this.main.getByRole('alert');
  }

  /** A policy's page: opens /user/contract/{id}. */
  async open(policyId: number) {
    await this.page.goto(`/user/contract/${policyId}`);
  }

  /** "Updating": a premium paid online that the insurer's data does not show yet. */
  get feeUpdating() {
    return this.page.getByTestId('fee-updating');
  }

  /** A text the page shows (as given: a string is found within a longer text). */
  shown(text: string | RegExp) {
    return this.page.getByText(text);
  }

  async backToMyInsurances() {
    await this.main.getByRole('link', { name: this.ui.name('contracts:detail.back') }).click();
    await expectPath(this.page, '/user/contract');
  }
}
