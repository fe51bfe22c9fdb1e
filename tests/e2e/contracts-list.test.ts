/** My insurances: the demo user's seeded policies, one policy's details, an empty list and a failed load. */
import { describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe';
import { useBrowserTests } from './support/harness';
import { ContractDetailPage, ContractsPage } from './support/pages/contracts.page';
import { feeListSchema } from '../../contract/fee.schema';
import { formatMoney } from '../../src/platform/format';
import { exactly, text } from './support/texts';
import { accessTokenFor, demoUser, secondUser } from './support/users';
import { expectHidden, expectPath, expectVisible, scrollWidth } from './support/ui';

const e2e = useBrowserTests();

/** The sum of a policy's due and overdue premiums, as the API tells the demo user. */
const owedOf = async (contract: string) => {
  const token = await accessTokenFor(e2e.baseUrl, demoUser);
  const response = await fetch(`${e2e.baseUrl}/api/fees/due/`, { headers: { Authorization: `Bearer ${token}` } });
  const { fees } = feeListSchema.parse(await response.json());
  const owed = fees.filter((fee) => fee.contract_number === contract && (fee.status === 'due' || fee.status === 'overdue')).reduce((sum, fee) => sum + fee.amount, 0);
  if (owed === 0) throw new Error(`${contract} owes nothing`);
  return owed;
};

/** Money in English as the card's text reads it (its spaces plain). */
const money = (amount: number) => formatMoney(amount, 'en').replace(/\s+/g, ' ');

const escape = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const open = async (language: 'mn' | 'en', width?: number) => {
  const site = await e2e.openSite({ language, signedInAs: demoUser, ...(width ? { width } : {}) });
  return { ...site, contracts: new ContractsPage(site.language), detail: new ContractDetailPage(site.language) };
};

describe('my insurances', () => {
  it("lists the demo user's three policies, newest first, with product, status, period and fee", async () => {
    const { contracts, page } = await open('en');
    await contracts.open();
    expect(await contracts.contractNumbers()).toEqual(['LI-2023-000184', 'TS-2022-004512', 'CF-2021-000907']);
    // The premiums due now (two overdue and one due, issue 24) close the card, with Pay.
    const owed = await owedOf('LI-2023-000184');
    await expectVisible(page.getByRole('link', { name: exactly(text('en', 'contracts:list.payLabel', { contract: 'LI-2023-000184' })) }));
    expect(await contracts.cardText('LI-2023-000184')).toBe(
      `Life insurance Active Contract number LI-2023-000184 Period 1 Mar 2023 – 28 Feb 2043 Premium MNT 120,000 a month Insured person Дорж Бат-Эрдэнэ Overdue premium: ${money(owed)} Pay`,
    );
    expect(await contracts.cardText('CF-2021-000907')).toContain('Cancer cover – Family Expired');
    expect(await contracts.cardText('TS-2022-004512')).toContain('MNT 250,000 a quarter');
  });

  it('shows each policy\'s due or overdue premium with a Pay link to that policy\'s fee payment (issue 24)', async () => {
    const { contracts, page } = await open('en');
    await contracts.open();
    const pay = (contract: string) => page.getByRole('link', { name: exactly(text('en', 'contracts:list.payLabel', { contract })) });
    await expectVisible(pay('TS-2022-004512'));
    expect(await contracts.cardText('TS-2022-004512')).toMatch(new RegExp(`(Overdue premium|Premium due): ${escape(money(await owedOf('TS-2022-004512')))} Pay$`));
    // The expired policy owes nothing: no line, no Pay.
    expect(await contracts.cardText('CF-2021-000907')).not.toMatch(/premium:|Pay$/);
    await pay('LI-2023-000184').click();
    await expectPath(page, /^\/user\/contract\/\d+\/fee$/);
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Premiums: Life insurance' }));
  });

  it('shows the product names and labels in Mongolian', async () => {
    const { contracts } = await open('mn');
    await contracts.open();
    const card = await contracts.cardText('LI-2023-000184');
    expect(card.startsWith('Амьдралын даатгал Хүчинтэй Гэрээний дугаар LI-2023-000184')).toBe(true);
    expect(card).toContain('Сар бүр');
  });

  it('opens a policy with the SPEC 3 fields, its fee schedule, paid fees and beneficiaries', async () => {
    const { contracts, detail, page } = await open('en');
    await contracts.open();
    await contracts.openContract('LI-2023-000184');
    await expectVisible(detail.heading.filter({ hasText: 'Life insurance' }));

    expect(await detail.field('contractNumber')).toBe('LI-2023-000184');
    expect(await detail.field('owner')).toBe('Дорж Бат-Эрдэнэ');
    expect(await detail.field('insurer')).toBe('Дорж Бат-Эрдэнэ (УБ******12)');
    expect(await detail.field('company')).toBe('Nar Life Insurance LLC');
    expect(await detail.field('startDate')).toBe('1 Mar 2023');
    expect(await detail.field('endDate')).toBe('28 Feb 2043');
    expect(await detail.field('duration')).toBe('20 years');
    expect(await detail.field('fee')).toBe('MNT 120,000 a month');
    expect(await detail.field('totalFee')).toBe('MNT 28,800,000');

    expect(await detail.beneficiaries()).toEqual([
      ['Дорж Оюунаа', 'Wife', '60%'],
      ['Бат-Эрдэнэ Тэмүүлэн', 'Son', '40%'],
    ]);
    const schedule = await detail.feeSchedule();
    expect(schedule).toHaveLength(240);
    // Issue 14: each paid fee shows the day it was paid; the demo user has fees left unpaid (overdue).
    expect(schedule[0]).toEqual(['1 Mar 2023', 'MNT 120,000', 'Paid', '1 Mar 2023']);
    expect(schedule.filter((row) => row[2] === 'Overdue')).toHaveLength(2);
    const payments = await detail.payments();
    expect(payments.length).toBeGreaterThan(0);
    // Newest first; every paid fee is in the schedule as paid.
    // A payment made another way has no receipt to download (—); online ones do (documents.test.ts).
    expect(payments.at(-1)).toEqual(['1 Mar 2023', 'MNT 120,000', 'Bank transfer LI-2023-000184-001', '—']);
    expect(schedule.filter((row) => row[2] === 'Paid')).toHaveLength(payments.length);

    await detail.backToMyInsurances();
    await contracts.waitUntilShown();
    expect(page.url()).toMatch(/\/user\/contract$/);
  });

  it('shows savings and the interest rate of a savings policy, with relationship names in Mongolian', async () => {
    const { contracts, detail } = await open('mn');
    await contracts.open();
    await contracts.openContract('TS-2022-004512');
    expect(await detail.field('interestRate')).toBe('Жилийн 7%');
    expect(await detail.field('savings')).toMatch(/\d/);
    expect(await detail.beneficiaries()).toEqual([['Бат-Эрдэнэ Тэмүүлэн', 'Хүү', '100%']]);
  });

  it('draws a savings policy\'s growth with its value at maturity and the figures as a table, in both languages, on a phone too', async () => {
    for (const language of ['en', 'mn'] as const) {
      const { contracts, page, language: ui } = await open(language, 375);
      await contracts.open();
      await contracts.openContract('TS-2022-004512');
      const section = page.getByRole('region', { name: ui.name('contracts:savings.title') });
      await expectVisible(section);
      // The value at maturity is the table's last row: what the whole term's premiums grow to.
      const maturity = await section.locator('.savings-maturity strong').innerText();
      await section.getByText(ui.name('contracts:savings.showTable')).click();
      const rows = section.getByRole('table').getByRole('row');
      expect(await rows.count()).toBe(13);
      const last = (await rows.last().getByRole('cell').allInnerTexts()).map((cell) => cell.trim());
      expect(last[0]?.replace(/\D/g, '')).toBe('12000000');
      expect(last[0]).toMatch(/MNT|₮/);
      expect(last[2]).toBe(maturity);
      expect(await rows.last().getByRole('rowheader').innerText()).toContain(text(language, 'contracts:savings.projected'));
      expect(await scrollWidth(page)).toBeLessThanOrEqual(375);
      const violations = await axeViolations(page, { include: '[aria-labelledby="contract-savings"]', tags: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] });
      expect(violations.map((violation) => violation.id)).toEqual([]);
      await page.close();
    }
  });

  it("says 'No insurance found.' for a policy that is not the user's", async () => {
    e2e.expectProblem(/status of 404/, 'console error');
    const { page, detail } = await open('en');
    await page.goto('/user/contract/999999');
    await expectVisible(detail.alert);
    expect((await detail.alert.innerText()).trim()).toBe('No insurance found.');
  });

  it('says so when there are no policies, with the way to the catalogue', async () => {
    const { page, contracts } = await open('en');
    await page.route('**/api/contracts/', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '{"contracts":[],"next":null}' }));
    await contracts.open();
    await contracts.seeNoInsurances();
    await expectVisible(page.getByRole('main').getByRole('link', { name: 'See online insurance' }));
  });

  it('shows a failed load with a retry that loads the list', async () => {
    e2e.expectProblem(/status of 500/, 'console error');
    const { page, contracts } = await open('en');
    let fail = true;
    await page.route('**/api/contracts/', (route) =>
      fail ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":{"key":"errors.generic"}}' }) : route.continue(),
    );
    await contracts.open();
    await expectVisible(contracts.alert);
    expect((await contracts.alert.innerText()).includes('We could not load your insurances. An error occurred.')).toBe(true);
    fail = false;
    await contracts.retry();
    expect(await contracts.contractNumbers()).toHaveLength(3);
  });

  it('pages a long list: 20 policies, then the older ones, then back to the newest (issue 27)', async () => {
    // The second user gets 25 more policies of their own, a day apart (the demo user's list stays as seeded).
    await e2e.db.query(
      `insert into policies (user_id, contract_number, product_id, start_date, end_date, fee_amount, fee_frequency, status)
       select u.id, 'PG-' || lpad(n::text, 2, '0'), 100, date '2026-10-01' - n, date '2046-01-01', 50000, 'annual', 'active'
         from users u, generate_series(1, 25) n where u.email = $1`,
      [secondUser.email],
    );
    const site = await e2e.openSite({ language: 'en', signedInAs: secondUser });
    const contracts = new ContractsPage(site.language);
    const { page } = site;
    const t = (key: string) => text('en', `contracts:${key}`);
    await contracts.open();
    const numbers = async () => (await contracts.contractNumbers()).filter((number) => number.startsWith('PG-'));
    await expectVisible(contracts.card('PG-01'));
    expect(await numbers()).toEqual(Array.from({ length: 20 }, (_, index) => `PG-${String(index + 1).padStart(2, '0')}`));
    await expectHidden(page.getByRole('link', { name: t('list.newest') }));
    await page.getByRole('navigation', { name: t('list.pages') }).getByRole('link', { name: t('list.older') }).click();
    await expectVisible(contracts.card('PG-25'));
    expect(await numbers()).toEqual(['PG-21', 'PG-22', 'PG-23', 'PG-24', 'PG-25']);
    await page.getByRole('link', { name: t('list.newest') }).click();
    await expectVisible(contracts.card('PG-01'));
    expect(await numbers()).toHaveLength(20);
  }, 60_000);

  it('fits a 375 px screen without sideways scrolling, the policy included', async () => {
    const { page, contracts, detail } = await open('mn', 375);
    await contracts.open();
    await expectVisible(contracts.list);
    expect(await scrollWidth(page)).toBeLessThanOrEqual(375);
    await contracts.openContract('LI-2023-000184');
    await detail.payments();
    expect(await scrollWidth(page)).toBeLessThanOrEqual(375);
  });
});
