/**
 * The catalogue (/insurance/) and the product pages (/insurance/detail/{id}/) in both languages: every
 * product the server sells with its name, company, image, summary and "get insured"; an empty state;
 * a failed load with retry; a product page with what it covers, who it is for, terms, example fees
 * and "buy"; an unknown product; each card's price from and the filter by kind (issue 24).
 */
import { describe, expect, it } from 'vitest';
import type { ProductDetail, ProductList } from '../../contract/insurance.schema';
import { useBrowserTests } from './support/harness';
import { CataloguePage, ProductPage } from './support/pages/catalogue.page';
import { LANGUAGES, type Language } from './support/texts';
import { withoutSentData } from './support/page-data';
import { expectPath, expectVisible, scrollWidth } from './support/ui';
import { moneyIn } from './support/purchase-api';

const e2e = useBrowserTests();

const products = async (language: Language) =>
  ((await (await fetch(`${e2e.baseUrl}/api/products/`, { headers: { 'Accept-Language': language } })).json()) as ProductList).products;
const product = async (id: number, language: Language) =>
  (await (await fetch(`${e2e.baseUrl}/api/products/${id}/`, { headers: { 'Accept-Language': language } })).json()) as ProductDetail;

describe.each(LANGUAGES)('the catalogue in %s', (language) => {
  it('lists every product on sale with its company, image, summary and a get-insured link to its page', async () => {
    const site = await e2e.openSite({ language });
    const catalogue = new CataloguePage(site.language);
    const expected = await products(language);
    expect(expected.length).toBeGreaterThan(0);
    await catalogue.open();
    await catalogue.waitForProducts();
    expect(await catalogue.productNames()).toEqual(expected.map((item) => item.name));
    for (const item of expected) {
      const card = catalogue.card(item.name);
      await expectVisible(card.getByText(item.company_name, { exact: true }));
      await expectVisible(card.getByText(item.summary, { exact: true }));
      expect(await card.locator('img').getAttribute('src')).toBe(item.image);
      expect(await catalogue.productLink(item.name).getAttribute('href')).toBe(`/insurance/detail/${item.id}/`);
    }
    const first = expected[0]!;
    await catalogue.openProduct(first.name);
    await expectPath(site.page, `/insurance/detail/${first.id}/`);
  });

  it("shows each card's price from: the lowest premium the product's tariff allows, in the page's money format (issue 24)", async () => {
    const site = await e2e.openSite({ language });
    const catalogue = new CataloguePage(site.language);
    const expected = await products(language);
    await catalogue.open();
    await catalogue.waitForProducts();
    for (const item of expected) {
      const amount = await moneyIn(site.page, language, item.price_from.amount);
      await expectVisible(catalogue.card(item.name).getByText(site.language.t(`insurance:list.priceFrom.${item.price_from.frequency}`, { amount }), { exact: true }));
    }
    const savings = expected.find((item) => item.id === 112)!;
    expect(savings.price_from).toEqual({ amount: 10_000, frequency: 'monthly' });
  });

  it('filters the cards by kind, kept in the address (?kind=) through a reload and back (issue 24)', async () => {
    const site = await e2e.openSite({ language });
    const catalogue = new CataloguePage(site.language);
    const expected = await products(language);
    const savings = expected.filter((item) => item.category === 'savings').map((item) => item.name);
    const protection = expected.filter((item) => item.category === 'life').map((item) => item.name);
    expect(savings.length).toBeGreaterThan(0);
    expect(savings.length).toBeLessThan(expected.length);
    await catalogue.open();
    await catalogue.waitForProducts();
    expect(await catalogue.kind('all').isChecked()).toBe(true);

    await catalogue.chooseKind('savings');
    await expect.poll(() => catalogue.productNames()).toEqual(savings);
    expect(await catalogue.kind('savings').isChecked()).toBe(true);

    await site.page.reload();
    await catalogue.waitForProducts();
    expect(await catalogue.productNames()).toEqual(savings);
    expect(await catalogue.kind('savings').isChecked()).toBe(true);

    await catalogue.openProduct(savings[0]!);
    await site.page.goBack();
    await expectPath(site.page, '/insurance/');
    expect(new URL(site.page.url()).searchParams.get('kind')).toBe('savings');
    await expect.poll(() => catalogue.productNames()).toEqual(savings);

    // The keyboard moves along the group: the next kind is pension, then back to savings; protection is the life products.
    await catalogue.kind('savings').focus();
    await site.page.keyboard.press('ArrowRight');
    await expect.poll(() => new URL(site.page.url()).searchParams.get('kind')).toBe('pension');
    await catalogue.chooseKind('protection');
    await expect.poll(() => catalogue.productNames()).toEqual(protection);
    await catalogue.chooseKind('all');
    await expect.poll(() => catalogue.productNames()).toEqual(expected.map((item) => item.name));
  });

  it("explains a product: what it covers, who it is for, its terms and example fees, with 'buy'", async () => {
    const site = await e2e.openSite({ language });
    const page = new ProductPage(site.language);
    const detail = await product(112, language);
    await page.open(112, detail.name);
    for (const cover of detail.covers) await expectVisible(page.section('covers').getByText(cover, { exact: true }));
    await expectVisible(page.section('audience').getByText(detail.audience, { exact: true }));
    for (const term of detail.terms) await expectVisible(page.section('terms').getByText(term, { exact: true }));
    for (const fee of detail.example_fees) {
      await expectVisible(page.exampleFee(fee.label).getByText(await moneyIn(site.page, language, fee.amount), { exact: true }));
    }
    await expectVisible(page.facts);
    expect(await page.buyLinks(detail.name).count()).toBe(2);
    expect(await page.buyLinks(detail.name).first().getAttribute('href')).toBe('/insurance/buy/new/112/');
  });
});

describe('the catalogue', () => {
  it('says so when nothing is on sale', async () => {
    const site = await e2e.openSite({ language: 'en' });
    await withoutSentData(site.page);
    await site.page.route('**/api/products/', (route) => route.fulfill({ json: { products: [] } }));
    const catalogue = new CataloguePage(site.language);
    await catalogue.open();
    await expectVisible(catalogue.emptyHeading);
    expect(await catalogue.productList.count()).toBe(0);
  });

  it('shows a failed load with a retry that loads the products', async () => {
    e2e.expectProblem(/status of 500/, 'console error');
    const site = await e2e.openSite({ language: 'mn' });
    let fail = true;
    await withoutSentData(site.page);
    await site.page.route('**/api/products/', (route) =>
      fail ? route.fulfill({ status: 500, json: { message: { key: 'errors.generic' } } }) : route.continue(),
    );
    const catalogue = new CataloguePage(site.language);
    await catalogue.open();
    await expectVisible(catalogue.loadError);
    fail = false;
    await catalogue.retry();
    await catalogue.waitForProducts();
  });

  it('switches the products to the other language with the flag', async () => {
    const site = await e2e.openSite({ language: 'mn' });
    const catalogue = new CataloguePage(site.language);
    await catalogue.open();
    await catalogue.waitForProducts();
    await site.language.toggle();
    const english = await products('en');
    await expect.poll(() => catalogue.productNames()).toEqual(english.map((item) => item.name));
  });

  it('fits a 375 px screen without sideways scrolling', async () => {
    const site = await e2e.openSite({ language: 'mn', width: 375 });
    const catalogue = new CataloguePage(site.language);
    await catalogue.open();
    await catalogue.waitForProducts();
    expect(await scrollWidth(site.page)).toBeLessThanOrEqual(375);
    const page = new ProductPage(site.language);
    await page.open(100, (await product(100, 'mn')).name);
    expect(await scrollWidth(site.page)).toBeLessThanOrEqual(375);
  });

  it('says an unknown product does not exist', async () => {
    e2e.expectProblem(/status of 404/, 'console error');
    const site = await e2e.openSite({ language: 'en' });
    const page = new ProductPage(site.language);
    await site.page.goto('/insurance/detail/999/');
    await expectVisible(page.notFoundHeading);
  });
});
