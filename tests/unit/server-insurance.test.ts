import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiErrorSchema } from '../../contract/error.schema';
import {
  applicationSchema,
  contractDetailSchema,
  contractListSchema,
  PRODUCT_IDS,
  productDetailSchema,
  productListSchema,
  quoteSchema,
  RECOMMENDED_SAVINGS_FEE,
  todayInMongolia,
} from '../../contract/insurance.schema';
import { formatMoney } from '../../src/platform/format';
import { CATALOGUE } from '../../server/insurance/catalogue-data';
import { computeQuote, projectSavings } from '../../server/insurance/quote';
import { savingsGrowth } from '../../server/insurance/savings';
import { createTestServer, type TestServer } from '../../server/testing';
import { CONTRACT, createDraft, INSURED, newKey, PLAN_100, putStep, send, tokenFor, type TestApp } from './support/purchase';

// An embedded PostgreSQL per file: generous limits for a busy CI machine.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 120_000 });

let server: TestServer;
let app: TestApp;
let demoToken: string;
let user2Token: string;

const rejection = async (response: Response) => ({ status: response.status, body: apiErrorSchema.parse(await response.json()) });

/** A birth date that makes the insured person `age` today (Ulaanbaatar). */
const bornYearsAgo = (age: number) => {
  const today = todayInMongolia();
  return `${Number(today.slice(0, 4)) - age}-01-01`;
};

/** A register number whose encoded birth date is `bornYearsAgo(age)`. */
const registerBornYearsAgo = (age: number, letters = 'ЧД') => {
  const year = Number(bornYearsAgo(age).slice(0, 4));
  return `${letters}${String(year % 100).padStart(2, '0')}${year >= 2000 ? '21' : '01'}0112`;
};

beforeAll(async () => {
  server = await createTestServer();
  app = server.app();
  demoToken = await tokenFor(server.db, server.secret, 'demo@example.com');
  user2Token = await tokenFor(server.db, server.secret, 'user2@example.com');
});
afterAll(() => server?.close());

describe('catalogue', () => {
  it('lists every product of SPEC 3 in both languages, with a summary and a category', async () => {
    for (const language of ['mn', 'en']) {
      const response = await app.request('/api/products/', { headers: { 'Accept-Language': language } });
      expect(response.status).toBe(200);
      expect(response.headers.get('Vary')?.split(/,\s*/)).toContain('Accept-Language');
      const { products } = productListSchema.parse(await response.json());
      expect(products.map((p) => p.id).sort((a, b) => a - b)).toEqual([...PRODUCT_IDS]);
      for (const product of products) {
        expect(product.summary, `${language} ${product.id}`).not.toBe('');
        expect(product.image).toBe(`/images/product-${product.id}.svg`);
      }
      const life = products.find((p) => p.id === 100);
      expect(life?.name).toBe(language === 'en' ? 'Life insurance' : 'Амьдралын даатгал');
    }
  });

  it('answers the empty list when nothing is on sale', async () => {
    await server.db.query('update products set on_sale = false');
    try {
      const { products } = productListSchema.parse(await (await app.request('/api/products/')).json());
      expect(products).toEqual([]);
      expect((await app.request('/api/products/100/')).status).toBe(404);
    } finally {
      await server.db.query('update products set on_sale = true');
    }
  });

  it('explains every product in both languages: covers, audience, terms, example fees, plan and contract text', async () => {
    for (const id of PRODUCT_IDS) {
      for (const language of ['mn', 'en'] as const) {
        const response = await app.request(`/api/products/${id}/`, { headers: { 'Accept-Language': language } });
        expect(response.status, `${id} ${language}`).toBe(200);
        const product = productDetailSchema.parse(await response.json());
        expect(product.description.length).toBeGreaterThan(50);
        expect(product.covers.length).toBeGreaterThanOrEqual(3);
        expect(product.terms.length).toBeGreaterThanOrEqual(4);
        expect(product.audience).not.toBe('');
        expect(product.example_fees.length).toBeGreaterThan(0);
        expect(product.contract_text).toContain(product.name);
        if (language === 'mn') expect(product.description).toMatch(/[А-Яа-яӨөҮү]/);
        if (product.is_savings) {
          expect(product.plan.fee?.recommended).toBe(RECOMMENDED_SAVINGS_FEE);
          expect(product.plan.fee?.min).toBe(10_000);
          expect(product.plan.sum_insured).toBeNull();
          expect(product.recommended_fee).toBe(RECOMMENDED_SAVINGS_FEE);
          expect(product.interest_rate).toBeGreaterThan(0);
        } else {
          expect(product.plan.sum_insured).not.toBeNull();
          expect(product.plan.fee).toBeNull();
        }
      }
    }
  });

  it('answers 404 for an unknown product or a malformed id', async () => {
    expect((await app.request('/api/products/999/')).status).toBe(404);
    expect((await app.request('/api/products/abc/')).status).toBe(404);
    expect((await app.request('/api/products/1e3/')).status).toBe(404);
  });

  it('prices its example fees with the quote formula', async () => {
    const product = productDetailSchema.parse(await (await app.request('/api/products/100/', { headers: { 'Accept-Language': 'en' } })).json());
    const first = CATALOGUE.find((p) => p.id === 100)?.examples[0];
    const quote = computeQuote({
      productId: 100,
      pricing: { kind: 'risk', ratePerMille: 3.0, ageSlope: 0.06 },
      age: first?.age ?? 0,
      plan: { sum_insured: first?.sumInsured ?? 0, term_years: first?.termYears ?? 0, frequency: first?.frequency ?? 'monthly' },
    });
    expect(product.example_fees[0]).toEqual({ label: 'Age 30, MNT\u00a020,000,000 cover, 10 years, monthly', amount: quote.fee });
  });

  it('writes money in its texts as the pages do (issue 24: one way, never "20 000 000₮" beside "₮ 5,300")', async () => {
    for (const language of ['mn', 'en'] as const) {
      const life = productDetailSchema.parse(await (await app.request('/api/products/100/', { headers: { 'Accept-Language': language } })).json());
      expect(life.example_fees[0]?.label).toContain(formatMoney(20_000_000, language));
      const savings = productDetailSchema.parse(await (await app.request('/api/products/112/', { headers: { 'Accept-Language': language } })).json());
      expect(savings.terms.join('\n')).toContain(formatMoney(50_000, language));
      expect(savings.example_fees[0]?.label).toContain(formatMoney(50_000, language));
      for (const id of PRODUCT_IDS) {
        const product = productDetailSchema.parse(await (await app.request(`/api/products/${id}/`, { headers: { 'Accept-Language': language } })).json());
        const texts = [...product.covers, ...product.terms, product.description, ...product.example_fees.map((fee) => fee.label)];
        for (const text of texts) {
          // Every amount is the client's formatMoney: the sign before, comma groups; no '000 000₮' or '50,000 MNT'.
          expect(text, `${id} ${language}`).not.toMatch(/\d[\s\u00a0]?(₮|MNT)|\d \d{3}\b/);
          for (const amount of text.match(/(₮|MNT)[\s\u00a0]\d{1,3}(?:,\d{3})*/g) ?? []) {
            expect(formatMoney(Number(amount.replace(/\D/g, '')), language), `${id} ${language}`).toBe(amount);
          }
        }
      }
    }
  });

  it('gives each card its price from: the lowest premium per payment the tariff allows (issue 24)', async () => {
    for (const language of ['mn', 'en']) {
      const { products } = productListSchema.parse(await (await app.request('/api/products/', { headers: { 'Accept-Language': language } })).json());
      // Savings: the smallest fee, at the most frequent payment the product offers.
      expect(products.find((p) => p.id === 112)?.price_from).toEqual({ amount: 10_000, frequency: 'monthly' });
      // Life (100): 5 000 000 MNT at 18 (the age factor's floor), monthly: 5e6 × 3‰ × 0.6 × 1.05 / 12 → 800.
      expect(products.find((p) => p.id === 100)?.price_from).toEqual({ amount: 800, frequency: 'monthly' });
      for (const product of products) {
        const entry = CATALOGUE.find((p) => p.id === product.id);
        if (!entry) throw new Error(`no catalogue entry ${product.id}`);
        expect(entry.plan.frequencies).toContain(product.price_from.frequency);
        // No plan the quote allows is cheaper per payment.
        const plan = entry.plan.sum_insured ? { sum_insured: entry.plan.sum_insured.min } : { fee: entry.plan.fee?.min ?? 0 };
        for (const frequency of entry.plan.frequencies) {
          for (const term of entry.plan.terms_years) {
            for (const age of [entry.age.min, 30, entry.age.max].filter((a) => a >= entry.age.min && a <= entry.age.max)) {
              const quote = computeQuote({ productId: entry.id, pricing: entry.pricing, age, plan: { ...plan, term_years: term, frequency } });
              expect(quote.fee, `${entry.id} ${frequency} ${term} ${age}`).toBeGreaterThanOrEqual(product.price_from.amount);
            }
          }
        }
      }
    }
  });
});

describe('a savings policy\'s growth', () => {
  it('compounds each payment yearly from its day, and projects the fees to come as paid when due', () => {
    const points = savingsGrowth({
      start_date: '2024-01-01',
      end_date: '2026-12-31',
      interest_rate: 10,
      payments: [{ paid_at: '2024-01-01T02:00:00Z', amount: 100_000 }],
      unpaid: [
        { due_date: '2025-01-01', amount: 100_000 },
        { due_date: '2026-01-01', amount: 100_000 },
      ],
      today: '2025-06-01',
    });
    expect(points.map((point) => point.date)).toEqual(['2025-01-01', '2026-01-01', '2026-12-31']);
    // The 2025 premium is overdue on 2025-06-01: projected as paid that day, not on its due date.
    // At an anniversary, the premium due that day belongs to the next year.
    expect(points[0]).toEqual({ date: '2025-01-01', paid_in: 100_000, value: Math.floor(100_000 * 1.1 ** (366 / 365.25)), projected: false });
    expect(points[1]).toMatchObject({ paid_in: 200_000, projected: true });
    expect(points[1]?.value).toBe(Math.floor(100_000 * 1.1 ** (731 / 365.25) + 100_000 * 1.1 ** (214 / 365.25)));
    expect(points[2]).toMatchObject({ date: '2026-12-31', paid_in: 300_000, projected: true });
    expect(points[2]?.value).toBe(Math.floor(100_000 * 1.1 ** (1095 / 365.25) + 100_000 * 1.1 ** (578 / 365.25) + 100_000 * 1.1 ** (364 / 365.25)));
  });
});

describe('the quote formula', () => {
  it('prices a risk product from the sum insured, age and frequency, rounded up to 100 MNT', () => {
    const pricing = { kind: 'risk', ratePerMille: 3.0, ageSlope: 0.06 } as const;
    // 20 000 000 × 3‰ = 60 000 a year at 30; monthly 60 000 × 1.05 / 12 = 5 250 → 5 300.
    const monthly = computeQuote({ productId: 100, pricing, age: 30, plan: { sum_insured: 20_000_000, term_years: 10, frequency: 'monthly' } });
    expect(monthly).toMatchObject({ fee: 5300, payments_per_year: 12, payments_count: 120, annual_fee: 63_600, total_fee: 636_000, projected_savings: null });
    // Age 40: factor 1.6 → 96 000 a year, paid yearly.
    const yearly = computeQuote({ productId: 100, pricing, age: 40, plan: { sum_insured: 20_000_000, term_years: 10, frequency: 'annual' } });
    expect(yearly.fee).toBe(96_000);
    // Younger people pay less, down to 0.6 of the age-30 price.
    const young = computeQuote({ productId: 100, pricing, age: 18, plan: { sum_insured: 20_000_000, term_years: 10, frequency: 'annual' } });
    expect(young.fee).toBe(36_000);
  });

  it('pays premium refunds back and discounts single payments', () => {
    const refund = computeQuote({ productId: 215, pricing: { kind: 'risk', ratePerMille: 55, ageSlope: 0.02, refund: true }, age: 30, plan: { sum_insured: 10_000_000, term_years: 10, frequency: 'annual' } });
    expect(refund.fee).toBe(550_000);
    expect(refund.projected_savings).toBe(refund.total_fee);
    const single = computeQuote({ productId: 129, pricing: { kind: 'risk', ratePerMille: 1.8, ageSlope: 0 }, age: 30, plan: { sum_insured: 50_000_000, term_years: 5, frequency: 'single' } });
    expect(single).toMatchObject({ fee: 414_000, payments_count: 1, total_fee: 414_000 });
  });

  it('projects savings at the product rate and flags fees below the recommended 50 000 MNT', () => {
    expect(projectSavings(5_000_000, 'single', 3, 6)).toBe(5_955_080);
    expect(projectSavings(100_000, 'annual', 2, 10)).toBe(231_000);
    const savings = computeQuote({ productId: 240, pricing: { kind: 'savings', interestRate: 6 }, age: 30, plan: { fee: 20_000, term_years: 5, frequency: 'monthly' } });
    expect(savings).toMatchObject({ fee: 20_000, total_fee: 1_200_000, sum_insured: 1_200_000, interest_rate: 6, recommended_fee: 50_000, below_recommended: true });
    expect(savings.projected_savings).toBeGreaterThan(1_200_000);
  });
});

describe('POST /api/products/{id}/quote/', () => {
  const quote = (id: number, body: unknown) => send(app, 'POST', `/api/products/${id}/quote/`, body);

  it('is deterministic and uses the age of the birth date or the register number', async () => {
    const body = { ...PLAN_100, birth_date: bornYearsAgo(30) };
    const first = quoteSchema.parse(await (await quote(100, body)).json());
    const second = quoteSchema.parse(await (await quote(100, body)).json());
    expect(second).toEqual(first);
    expect(first).toMatchObject({ age: 30, fee: 5300, total_fee: 636_000 });
    const byRegister = quoteSchema.parse(await (await quote(100, { ...PLAN_100, register: 'УБ90061512' })).json());
    expect(byRegister.age).toBeGreaterThanOrEqual(35);
    expect(byRegister.fee).toBeGreaterThan(first.fee);
  });

  it('refuses plans outside the product bounds with field errors and their values', async () => {
    const { status, body } = await rejection(await quote(100, { sum_insured: 1_500_000, term_years: 7, frequency: 'single', birth_date: bornYearsAgo(30) }));
    expect(status).toBe(400);
    expect(body.fields).toEqual({
      sum_insured: { key: 'validation.minValue', values: { min: 5_000_000 } },
      term_years: { key: 'validation.termUnavailable', values: {} },
      frequency: { key: 'validation.frequencyUnavailable', values: {} },
    });
    const over = await rejection(await quote(100, { ...PLAN_100, sum_insured: 500_000_000, birth_date: bornYearsAgo(30) }));
    expect(over.body.fields?.sum_insured).toEqual({ key: 'validation.maxValue', values: { max: 200_000_000 } });
    const step = await rejection(await quote(100, { ...PLAN_100, sum_insured: 20_500_000, birth_date: bornYearsAgo(30) }));
    expect(step.body.fields?.sum_insured).toEqual({ key: 'validation.multipleOf', values: { step: 1_000_000 } });
  });

  it('refuses an age outside the product and a missing birth date', async () => {
    const old = await rejection(await quote(100, { ...PLAN_100, birth_date: bornYearsAgo(70) }));
    expect(old.body.fields?.birth_date).toEqual({ key: 'validation.ageRange', values: { min: 18, max: 60 } });
    const none = await rejection(await quote(100, PLAN_100));
    expect(none.body.fields?.register?.key).toBe('validation.registerBirthDate');
    const badRegister = await rejection(await quote(100, { ...PLAN_100, register: 'УБ12345678' }));
    expect(badRegister.body.fields?.register?.key).toBe('validation.registerBirthDate');
  });

  it('lets savings go below the recommended fee but not below 10 000 MNT', async () => {
    const low = await quote(240, { fee: 20_000, term_years: 5, frequency: 'monthly', birth_date: bornYearsAgo(30) });
    expect(low.status).toBe(200);
    expect(quoteSchema.parse(await low.json()).below_recommended).toBe(true);
    const tooLow = await rejection(await quote(240, { fee: 5_000, term_years: 5, frequency: 'monthly', birth_date: bornYearsAgo(30) }));
    expect(tooLow.body.fields?.fee).toEqual({ key: 'validation.minValue', values: { min: 10_000 } });
    const missing = await rejection(await quote(240, { sum_insured: 20_000_000, term_years: 5, frequency: 'monthly', birth_date: bornYearsAgo(30) }));
    expect(missing.body.fields?.fee?.key).toBe('validation.fieldRequired');
  });
});

describe('idempotency keys', () => {
  it('belong to their caller: a replayed key never answers someone else’s draft, and expire after 24 hours', async () => {
    const key = newKey();
    const create = (headers: Record<string, string>) => send(app, 'POST', '/api/applications/', { product_id: 100 }, { 'Idempotency-Key': key, ...headers });
    const parsed = async (response: Response) => ({ status: response.status, application: applicationSchema.parse(await response.json()) });
    const first = await parsed(await create({ 'X-Visitor-Key': 'visitor-a-0123456789' }));
    expect(first.status).toBe(201);
    // Another visitor replaying the key gets a draft of their own, never the first one or its access key.
    const other = await parsed(await create({ 'X-Visitor-Key': 'visitor-b-0123456789' }));
    expect(other.status).toBe(201);
    expect(other.application.id).not.toBe(first.application.id);
    expect(other.application.access_key).not.toBe(first.application.access_key);
    // So does a signed-in user, and a client without a visitor key at another address.
    const signedIn = await parsed(await create({ Authorization: `Bearer ${demoToken}` }));
    expect(signedIn.application.id).not.toBe(first.application.id);
    const byAddress = server.app({ trustedProxies: 1 });
    const fromA = await parsed(await byAddress.request('/api/applications/', { method: 'POST', headers: { 'Content-Type': 'application/json', 'Idempotency-Key': key, 'X-Forwarded-For': '198.51.100.1' }, body: JSON.stringify({ product_id: 100 }) }));
    const fromB = await parsed(await byAddress.request('/api/applications/', { method: 'POST', headers: { 'Content-Type': 'application/json', 'Idempotency-Key': key, 'X-Forwarded-For': '198.51.100.2' }, body: JSON.stringify({ product_id: 100 }) }));
    expect(fromB.application.id).not.toBe(fromA.application.id);
    // The first visitor's own retry still answers their draft.
    const retry = await parsed(await create({ 'X-Visitor-Key': 'visitor-a-0123456789' }));
    expect(retry).toEqual({ status: 200, application: first.application });
    // After 24 hours the key is new again.
    await server.db.query(`update idempotency_keys set created_at = now() - interval '25 hours' where key = $1`, [key]);
    const later = await parsed(await create({ 'X-Visitor-Key': 'visitor-a-0123456789' }));
    expect(later.status).toBe(201);
    expect(later.application.id).not.toBe(first.application.id);
  });
});

describe('drafts', () => {
  it('are capped per caller, replays do not count, and old untouched drafts are cleaned up', async () => {
    const capped = server.app({ trustedProxies: 1, drafts: { perCaller: 3, windowSeconds: 3600 } });
    const create = (visitor: string, key = newKey()) =>
      capped.request('/api/applications/', { method: 'POST', headers: { 'Content-Type': 'application/json', 'Idempotency-Key': key, 'X-Visitor-Key': visitor }, body: JSON.stringify({ product_id: 100 }) });
    const visitor = `cap-${newKey()}`;
    const key = newKey();
    expect((await create(visitor, key)).status).toBe(201);
    expect((await create(visitor, key)).status).toBe(200);
    expect((await create(visitor)).status).toBe(201);
    expect((await create(visitor)).status).toBe(201);
    const refused = await create(visitor);
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { message: { key: string } }).message.key).toBe('errors.tryAgainIn');
    expect((await create(`other-${newKey()}`)).status).toBe(201);
    // A draft untouched for 30 days goes at the next create; a paid one stays.
    const old = await createDraft(app, 100);
    await server.db.query(`update applications set updated_at = now() - interval '31 days' where id = $1`, [old.application.id]);
    const cleaning = server.app({ trustedProxies: 1 });
    await cleaning.request('/api/applications/', { method: 'POST', headers: { 'Content-Type': 'application/json', 'Idempotency-Key': newKey(), 'X-Forwarded-For': '198.51.100.77' }, body: JSON.stringify({ product_id: 100 }) });
    expect((await server.db.query('select id from applications where id = $1', [old.application.id])).rows).toEqual([]);
  });
});

describe('applications', () => {
  it('creates a draft with an access key; the same idempotency key answers the same draft', async () => {
    const key = newKey();
    const first = await send(app, 'POST', '/api/applications/', { product_id: 112 }, { 'Idempotency-Key': key });
    expect(first.status).toBe(201);
    const created = applicationSchema.parse(await first.json());
    expect(created).toMatchObject({ product_id: 112, status: 'draft', completed_steps: [], insured: null, prefill: null });
    expect(created.access_key?.length).toBeGreaterThanOrEqual(40);
    const again = await send(app, 'POST', '/api/applications/', { product_id: 112 }, { 'Idempotency-Key': key });
    expect(again.status).toBe(200);
    expect(applicationSchema.parse(await again.json())).toMatchObject({ id: created.id, access_key: created.access_key });
    const conflict = await rejection(await send(app, 'POST', '/api/applications/', { product_id: 100 }, { 'Idempotency-Key': key }));
    expect(conflict).toEqual({ status: 409, body: { message: { key: 'errors.idempotencyConflict' } } });
  });

  it('makes one draft from two concurrent requests with one key', async () => {
    const key = newKey();
    const [a, b] = await Promise.all([
      send(app, 'POST', '/api/applications/', { product_id: 129 }, { 'Idempotency-Key': key }),
      send(app, 'POST', '/api/applications/', { product_id: 129 }, { 'Idempotency-Key': key }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    const ids = [applicationSchema.parse(await a.json()).id, applicationSchema.parse(await b.json()).id];
    expect(ids[0]).toBe(ids[1]);
  });

  it('refuses a missing idempotency key and an unknown product', async () => {
    const noKey = await rejection(await send(app, 'POST', '/api/applications/', { product_id: 100 }));
    expect(noKey.body.fields).toEqual({ idempotency_key: { key: 'validation.idempotencyKey', values: {} } });
    const shortKey = await rejection(await send(app, 'POST', '/api/applications/', { product_id: 100 }, { 'Idempotency-Key': 'abc' }));
    expect(shortKey.status).toBe(400);
    const unknown = await rejection(await send(app, 'POST', '/api/applications/', { product_id: 101 }, { 'Idempotency-Key': newKey() }));
    expect(unknown.body.fields).toEqual({ product_id: { key: 'validation.productUnknown', values: {} } });
  });

  it('pre-fills a signed-in buyer from the account and lists their drafts', async () => {
    const { application } = await createDraft(app, 238, demoToken);
    expect(application.prefill).toEqual({
      register: 'УБ90061512',
      phone: '99112233',
      first_name: 'Бат-Эрдэнэ',
      last_name: 'Дорж',
      email: 'demo@example.com',
    });
    const mine = await send(app, 'GET', '/api/applications/', undefined, { Authorization: `Bearer ${demoToken}` });
    expect(((await mine.json()) as { applications: { id: string }[] }).applications.map((a) => a.id)).toContain(application.id);
    const theirs = await send(app, 'GET', '/api/applications/', undefined, { Authorization: `Bearer ${user2Token}` });
    expect(((await theirs.json()) as { applications: { id: string }[] }).applications.map((a) => a.id)).not.toContain(application.id);
    expect((await send(app, 'GET', '/api/applications/')).status).toBe(401);
  });

  it('answers 404 to anyone but the owner or the key holder', async () => {
    const draft = await createDraft(app, 100);
    const path = `/api/applications/${draft.application.id}/`;
    expect((await send(app, 'GET', path, undefined, draft.owner)).status).toBe(200);
    const strangers: Record<string, string>[] = [{}, { 'X-Application-Key': 'wrong' }, { 'X-Application-Key': `${draft.owner['X-Application-Key']}x` }, { Authorization: `Bearer ${user2Token}` }];
    for (const headers of strangers) {
      const { status, body } = await rejection(await send(app, 'GET', path, undefined, headers));
      expect({ status, body }).toEqual({ status: 404, body: { message: { key: 'errors.notFound' } } });
      expect((await putStep(app, { ...draft, owner: headers }, 'insured', INSURED)).status).toBe(404);
    }
    expect((await send(app, 'GET', '/api/applications/not-a-uuid/', undefined, draft.owner)).status).toBe(404);
    expect((await send(app, 'GET', path, undefined, { Authorization: 'Bearer nonsense' })).status).toBe(401);
    // A signed-in owner needs no key.
    const own = await createDraft(app, 100, demoToken);
    expect((await send(app, 'GET', `/api/applications/${own.application.id}/`, undefined, { Authorization: `Bearer ${demoToken}` })).status).toBe(200);
  });

  it('validates the insured step with the product’s own fields and ages', async () => {
    const draft = await createDraft(app, 171);
    const missing = await rejection(await putStep(app, draft, 'insured', { register: 'уб90061512', phone: '9911', last_name: '', first_name: 'Bat1' }));
    expect(missing.status).toBe(400);
    expect(missing.body.fields).toMatchObject({
      phone: { key: 'validation.phone' },
      last_name: { key: 'validation.fieldRequired' },
      first_name: { key: 'validation.personName' },
    });
    const extras = await rejection(await putStep(app, draft, 'insured', INSURED));
    expect(extras.body.fields).toEqual({
      birth_date: { key: 'validation.fieldRequired', values: {} },
      gender: { key: 'validation.fieldRequired', values: {} },
    });
    const tooOld = await rejection(
      await putStep(app, draft, 'insured', { ...INSURED, register: registerBornYearsAgo(80), birth_date: bornYearsAgo(80), gender: 'female' }),
    );
    expect(tooOld.body.fields).toEqual({ birth_date: { key: 'validation.ageRange', values: { min: 18, max: 65 } } });
    const ok = await putStep(app, draft, 'insured', { ...INSURED, register: 'чд88120345', birth_date: '1988-12-03', gender: 'female' });
    expect(ok.status).toBe(200);
    const stored = applicationSchema.parse(await ok.json());
    expect(stored.completed_steps).toEqual(['insured']);
    expect(stored.insured?.register).toBe('ЧД88120345');
  });

  it('prices and limits on the register number’s birth date; a differing birth_date is refused', async () => {
    // Product 100 does not ask for a birth date and insures up to 60.
    const old = registerBornYearsAgo(59);
    const draft = await createDraft(app, 100);
    const younger = await rejection(await putStep(app, draft, 'insured', { ...INSURED, register: old, birth_date: bornYearsAgo(19) }));
    expect(younger.status).toBe(400);
    expect(younger.body.fields).toEqual({ birth_date: { key: 'validation.birthDateMismatch', values: {} } });
    const tooOld = await rejection(await putStep(app, draft, 'insured', { ...INSURED, register: registerBornYearsAgo(76), birth_date: bornYearsAgo(40) }));
    expect(tooOld.body.fields).toEqual({ birth_date: { key: 'validation.birthDateMismatch', values: {} } });
    const over = await rejection(await putStep(app, draft, 'insured', { ...INSURED, register: registerBornYearsAgo(76) }));
    expect(over.body.fields).toEqual({ register: { key: 'validation.ageRange', values: { min: 18, max: 60 } } });
    // The same date as the register's is accepted, and the price is the register's age.
    const same = await putStep(app, draft, 'insured', { ...INSURED, register: old, birth_date: bornYearsAgo(59) });
    expect(same.status).toBe(200);
    const planned = applicationSchema.parse(await (await putStep(app, draft, 'plan', PLAN_100)).json());
    expect(planned.quote?.age).toBe(59);
    // The quote: the register wins too, and a differing birth_date next to it is refused.
    const quoted = await rejection(await send(app, 'POST', '/api/products/100/quote/', { ...PLAN_100, register: old, birth_date: bornYearsAgo(19) }));
    expect(quoted.body.fields).toEqual({ birth_date: { key: 'validation.birthDateMismatch', values: {} } });
    // Product 171 asks for the birth date: it must be the register's too.
    const asks = await createDraft(app, 171);
    const mismatch = await rejection(await putStep(app, asks, 'insured', { ...INSURED, register: registerBornYearsAgo(80), birth_date: bornYearsAgo(30), gender: 'male' }));
    expect(mismatch.body.fields).toEqual({ birth_date: { key: 'validation.birthDateMismatch', values: {} } });
  });

  it('stores the steps in order, prices the plan on the server and re-prices when the insured person changes', async () => {
    const draft = await createDraft(app, 100);
    expect((await rejection(await putStep(app, draft, 'plan', PLAN_100))).body.message.key).toBe('errors.applicationIncomplete');
    expect((await rejection(await putStep(app, draft, 'contract', CONTRACT))).body.message.key).toBe('errors.applicationIncomplete');
    await putStep(app, draft, 'insured', { ...INSURED, register: 'ЧД88120345' });
    const badPlan = await rejection(await putStep(app, draft, 'plan', { ...PLAN_100, term_years: 3 }));
    expect(badPlan.body.fields).toEqual({ term_years: { key: 'validation.termUnavailable', values: {} } });
    const planned = applicationSchema.parse(await (await putStep(app, draft, 'plan', { ...PLAN_100, fee: 999 })).json());
    expect(planned.plan).toEqual(PLAN_100);
    expect(planned.quote).toMatchObject({ sum_insured: 20_000_000, term_years: 10, frequency: 'monthly' });
    const expected = quoteSchema.parse(await (await send(app, 'POST', '/api/products/100/quote/', { ...PLAN_100, register: 'ЧД88120345' })).json());
    expect(planned.quote).toEqual(expected);
    const younger = applicationSchema.parse(await (await putStep(app, draft, 'insured', { ...INSURED, register: 'УБ02251234' })).json());
    expect(younger.completed_steps).toEqual(['insured', 'plan']);
    expect(younger.quote?.fee).toBeLessThan(planned.quote?.fee ?? 0);
  });

  it('checks beneficiaries: relationships of SPEC 3, shares totalling 100, distinct people, consent', async () => {
    const draft = await createDraft(app, 100);
    await putStep(app, draft, 'insured', INSURED);
    await putStep(app, draft, 'plan', PLAN_100);
    const [first, second] = CONTRACT.beneficiaries;
    const total = await rejection(await putStep(app, draft, 'contract', { beneficiaries: [{ ...first, share: 50 }, { ...second, share: 30 }], consent: true }));
    expect(total.body.fields).toEqual({ beneficiaries: { key: 'validation.sharesTotal', values: { total: 80 } } });
    const consent = await rejection(await putStep(app, draft, 'contract', { ...CONTRACT, consent: false }));
    expect(consent.body.fields).toEqual({ consent: { key: 'validation.consentRequired', values: {} } });
    const relationship = await rejection(await putStep(app, draft, 'contract', { beneficiaries: [{ ...first, relationship: 20, share: 100 }], consent: true }));
    expect(relationship.body.fields?.['beneficiaries.0.relationship']?.key).toBe('validation.relationship');
    const fraction = await rejection(await putStep(app, draft, 'contract', { beneficiaries: [{ ...first, share: 50.5 }, { ...second, share: 49.5 }], consent: true }));
    expect(fraction.body.fields?.['beneficiaries.0.share']?.key).toBe('validation.integer');
    const twice = await rejection(await putStep(app, draft, 'contract', { beneficiaries: [{ ...first, share: 50 }, { ...first, share: 50 }], consent: true }));
    expect(twice.body.fields).toEqual({ 'beneficiaries.1.register': { key: 'validation.beneficiaryDuplicate', values: {} } });
    const none = await rejection(await putStep(app, draft, 'contract', { beneficiaries: [], consent: true }));
    expect(none.body.fields?.beneficiaries?.key).toBe('validation.beneficiariesRequired');
    const ok = applicationSchema.parse(await (await putStep(app, draft, 'contract', CONTRACT)).json());
    expect(ok.completed_steps).toEqual(['insured', 'plan', 'contract']);
    expect(ok.contract).toEqual(CONTRACT);
  });

  it('answers a body that is not JSON with the step’s field errors, never a stack trace', async () => {
    const draft = await createDraft(app, 100);
    const response = await send(app, 'PUT', `/api/applications/${draft.application.id}/insured/`, '{oops', draft.owner);
    const { status, body } = await rejection(response);
    expect(status).toBe(400);
    expect(Object.keys(body.fields ?? {})).toEqual(expect.arrayContaining(['register', 'phone', 'last_name', 'first_name']));
  });
});

describe('GET /api/contracts/', () => {
  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

  it('lists the seeded policies of the signed-in user only', async () => {
    const response = await send(app, 'GET', '/api/contracts/', undefined, { ...bearer(demoToken), 'Accept-Language': 'en' });
    expect(response.status).toBe(200);
    const { contracts } = contractListSchema.parse(await response.json());
    const numbers = contracts.map((c) => c.contract_number);
    expect(numbers).toEqual(expect.arrayContaining(['LI-2023-000184', 'TS-2022-004512', 'CF-2021-000907']));
    expect(numbers).not.toContain('AC-2024-011236');
    expect(contracts.find((c) => c.contract_number === 'LI-2023-000184')).toMatchObject({ product_name: 'Life insurance', insurer: 'Дорж Бат-Эрдэнэ', fee_amount: 120_000 });
    expect((await send(app, 'GET', '/api/contracts/')).status).toBe(401);
  });

  it('details a policy: owner, insurer, dates, fees, schedule, payments, savings and beneficiaries', async () => {
    const { contracts } = contractListSchema.parse(await (await send(app, 'GET', '/api/contracts/', undefined, bearer(demoToken))).json());
    const savings = contracts.find((c) => c.contract_number === 'TS-2022-004512');
    const response = await send(app, 'GET', `/api/contracts/${savings?.id}/`, undefined, bearer(demoToken));
    expect(response.status).toBe(200);
    const detail = contractDetailSchema.parse(await response.json());
    expect(detail).toMatchObject({ owner: 'Дорж Бат-Эрдэнэ', insurer: 'Дорж Бат-Эрдэнэ', insurer_register: 'УБ******12', duration_years: 12, interest_rate: 7 });
    expect(detail.fee_schedule).toHaveLength(48);
    expect(detail.total_fee).toBe(48 * 250_000);
    expect(detail.payments.length).toBeGreaterThan(0);
    expect(detail.paid_total).toBe(detail.payments.length * 250_000);
    expect(detail.fee_schedule.filter((item) => item.status === 'paid')).toHaveLength(detail.payments.length);
    expect(detail.savings).toBeGreaterThan(detail.paid_total);
    // Its growth (issue 24 item 14): a point per policy year and the end date; paid in grows to every
    // planned premium, the value to more than that; past points are not projections, the last one is.
    const growth = detail.savings_growth ?? [];
    expect(growth).toHaveLength(12);
    expect(growth.at(-1)).toMatchObject({ date: '2034-08-31', paid_in: 48 * 250_000, projected: true });
    expect(growth.at(-1)?.value).toBeGreaterThan(48 * 250_000);
    expect(growth[0]).toMatchObject({ date: '2023-09-01', paid_in: 4 * 250_000, projected: false });
    for (const [index, point] of growth.entries()) {
      expect(point.value).toBeGreaterThanOrEqual(point.paid_in);
      if (index > 0) expect(point.value).toBeGreaterThan(growth[index - 1]?.value ?? 0);
    }
    expect(detail.beneficiaries).toEqual([{ name: 'Бат-Эрдэнэ Тэмүүлэн', relationship: 5, share: 100 }]);
    // Someone else's policy does not exist for this user.
    expect((await send(app, 'GET', `/api/contracts/${savings?.id}/`, undefined, bearer(user2Token))).status).toBe(404);
    expect((await send(app, 'GET', '/api/contracts/abc/', undefined, bearer(demoToken))).status).toBe(404);
  });
});
