/**
 * The catalogue (/insurance/) and a product page (/insurance/detail/{id}/), with the "continue your
 * purchase" notice both show when this browser holds an unfinished purchase.
 *
 *   const catalogue = new CataloguePage(site.language);
 *   await catalogue.open();
 *   await catalogue.openProduct('Life insurance');
 *   const product = new ProductPage(site.language);
 *   await product.buy();
 */
import { expect } from 'vitest';
import { expectPath, expectVisible } from '../ui';
import type { UiLanguage } from './ui-language';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The "continue your purchase" notice of the catalogue and the product pages. */
class ContinuePurchaseNotice {
  constructor(private readonly ui: UiLanguage) {}

  get region() {
    return this.ui.page.getByRole('region', { name: this.ui.name('insurance:resume.title') });
  }

  get link() {
    return this.region.getByRole('link', { name: this.ui.name('insurance:resume.continue') });
  }

  /** The notice names the product in the language shown. */
  async seeFor(productName: string) {
    await expectVisible(this.region.getByText(this.ui.t('insurance:resume.text', { name: productName })));
  }

  async follow() {
    await this.link.click();
  }
}

export class CataloguePage {
  readonly continuePurchase: ContinuePurchaseNotice;

  constructor(private readonly ui: UiLanguage) {
    this.continuePurchase = new ContinuePurchaseNotice(ui);
  }

  private get page() {
    return this.ui.page;
  }

  private get main() {
    return this.page.getByRole('main');
  }

  /** Opens /insurance/ and waits for its heading. */
  async open() {
    await this.page.goto('/insurance/');
    await expectVisible(this.heading);
  }

  get heading() {
    return this.main.getByRole('heading', { level: 1, name: this.ui.name('insurance:list.title') });
  }

  get productList() {
    return this.main.getByRole('list', { name: this.ui.name('insurance:list.productsLabel') });
  }

  get productCards() {
    return this.productList.getByRole('listitem');
  }

  /** One product's card, found by its name. */
  card(productName: string) {
    return this.productCards.filter({ has: this.page.getByRole('heading', { name: productName, exact: true }) });
  }

  /** The card's "get insured" link, named after the product. */
  productLink(productName: string) {
    return this.main.getByRole('link', { name: this.ui.name('insurance:list.ctaFor', { name: productName }) });
  }

  /** Waits until the server's products show. */
  async waitForProducts() {
    await expectVisible(this.productCards.first());
  }

  /** The product names on the cards, in order. */
  async productNames() {
    return (await this.productList.getByRole('heading', { level: 2 }).allInnerTexts()).map((name) => name.trim());
  }

  /** Presses "get insured" on a product and waits for its page. */
  async openProduct(productName: string) {
    await this.productLink(productName).click();
    await expectPath(this.page, /^\/insurance\/detail\/\d+\/$/);
  }

  /** The filter by kind: a labelled radio group above the cards. */
  get kindFilter() {
    return this.main.getByRole('radiogroup', { name: this.ui.name('insurance:list.filter.label') });
  }

  /** One kind's choice in the filter ('all', 'protection', 'health', 'savings', 'pension'). */
  kind(kind: string) {
    return this.kindFilter.getByRole('radio', { name: this.ui.name(`insurance:list.filter.${kind}`) });
  }

  /** Chooses a kind (a click on its chip) and waits until the URL says so. */
  async chooseKind(kind: string) {
    await this.kindFilter.getByText(this.ui.t(`insurance:list.filter.${kind}`), { exact: true }).click();
    await expect.poll(() => new URL(this.page.url()).searchParams.get('kind')).toBe(kind === 'all' ? null : kind);
  }

  get emptyHeading() {
    return this.main.getByRole('heading', { name: this.ui.name('insurance:list.emptyTitle') });
  }

  get loadError() {
    return this.main.getByRole('alert');
  }

  async retry() {
    await this.loadError.getByRole('button', { name: this.ui.name('insurance:list.retry') }).click();
  }
}

export class ProductPage {
  readonly continuePurchase: ContinuePurchaseNotice;

  constructor(private readonly ui: UiLanguage) {
    this.continuePurchase = new ContinuePurchaseNotice(ui);
  }

  private get page() {
    return this.ui.page;
  }

  private get main() {
    return this.page.getByRole('main');
  }

  /** Opens /insurance/detail/{id}/ and waits for the product's name. */
  async open(productId: number, productName: string) {
    await this.page.goto(`/insurance/detail/${productId}/`);
    await expectVisible(this.heading(productName));
  }

  heading(productName: string) {
    return this.main.getByRole('heading', { level: 1, name: productName, exact: true });
  }

  /** A section of the page ("What it covers", "Terms and conditions", …) by its heading key. */
  section(key: 'about' | 'covers' | 'audience' | 'terms' | 'exampleFees') {
    return this.main.getByRole('region', { name: this.ui.name(`insurance:detail.${key}`) });
  }

  get facts() {
    return this.main.getByRole('complementary', { name: this.ui.name('insurance:detail.facts') });
  }

  /** The "buy online" links (hero and facts box), named after the product. */
  buyLinks(productName: string) {
    return this.main.getByRole('link', { name: this.ui.name('insurance:detail.buyFor', { name: productName }) });
  }

  /** Presses "buy online" and waits for the wizard's first step. */
  async buy(productName: string) {
    await this.buyLinks(productName).first().click();
    await expectPath(this.page, /^\/insurance\/buy\/[^/]+\/\d+\/$/);
  }

  get notFoundHeading() {
    return this.main.getByRole('heading', { level: 1, name: this.ui.name('insurance:detail.notFoundTitle') });
  }

  /** A row of the example fees: its label and the amount shown. */
  exampleFee(label: string) {
    // Money is written with a no-break space ('₮ 50,000'), which an accessible name reads as any space.
    return this.section('exampleFees').getByRole('row', { name: new RegExp(`^${escape(label).replace(/[\s\u00a0]+/g, '\\s+')}`) });
  }
}
