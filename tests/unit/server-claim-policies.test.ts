/**
 * Issue 27: the claim wizard's policy choice (GET /api/claims/policies/) is a keyset page of the
 * user's active policies in the contracts' order, with a search by the contract number's beginning
 * and a look-up of one policy by id. Paging returns every active policy exactly once while policies
 * are added between pages; the search finds a policy beyond the first page; bad parameters are a 400
 * naming the parameter with a translated message.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CLAIM_POLICIES_PAGE_SIZE, claimPoliciesSchema, type ClaimPolicy } from '../../contract/claim.schema';
import { apiErrorSchema } from '../../contract/error.schema';
import { createTestServer, type TestServer } from '../../server/testing';
import { send, tokenFor, type TestApp } from './support/purchase';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 120_000 });

let server: TestServer;
let app: TestApp;
let owner: Record<string, string>;
let demo: Record<string, string>;
let ownerId: number;
let ownerPerson: { register: string; phone: string };

const bearer = (token: string) => ({ Authorization: `Bearer ${token}`, 'Accept-Language': 'en' });
const EMAIL = 'cm-new@example.com';

beforeAll(async () => {
  server = await createTestServer();
  app = server.app();
  owner = bearer(await tokenFor(server.db, server.secret, EMAIL));
  demo = bearer(await tokenFor(server.db, server.secret, 'demo@example.com'));
  const { rows } = await server.db.query<{ id: number; register: string; phone: string }>('select id, register, phone from users where email = $1', [EMAIL]);
  ownerId = rows[0]!.id;
  ownerPerson = { register: rows[0]!.register, phone: rows[0]!.phone };
});
afterAll(() => server?.close());

/** A policy of the user's account (`own`) or insuring their register number with their phone; its id. */
const insertPolicy = async (number: string, startDate: string, own: boolean, status = 'active') =>
  (
    await server.db.query<{ id: number }>(
      `insert into policies (user_id, contract_number, product_id, start_date, end_date, fee_amount, fee_frequency, status, insured_register, insured_phone)
       values ($1, $2, 100, $3::date, date '2045-01-01', 50000, 'annual', $4, $5, $6) returning id`,
      own ? [ownerId, number, startDate, status, null, null] : [null, number, startDate, status, ownerPerson.register, ownerPerson.phone],
    )
  ).rows[0]!.id;

const read = async (query: string, auth = owner) => {
  const response = await send(app, 'GET', `/api/claims/policies/${query}`, undefined, auth);
  expect(response.status).toBe(200);
  return claimPoliciesSchema.parse(await response.json());
};

/** Every page from the first (with `query`), calling `between` after each page but the last. */
const allPages = async (query: string, between: (page: number) => Promise<void>) => {
  const pages: ClaimPolicy[][] = [];
  let next: string | null = null;
  do {
    const page = await read(`?${[query, next ? `before=${next}` : ''].filter(Boolean).join('&')}`);
    pages.push(page.policies);
    next = page.next;
    if (next) await between(pages.length);
  } while (next);
  return pages;
};

describe('GET /api/claims/policies/', () => {
  it('pages every active policy of both halves exactly once, in the contracts\' order, while policies are added', async () => {
    const first = await read('');
    expect(first.next).toBeNull();
    const expected = new Set(first.policies.map((policy) => policy.id));
    // 30 of the account's and 15 insuring the user, several on one day; and policies that are not active.
    for (let n = 0; n < 45; n += 1) {
      const day = `2025-${String(1 + (n % 9)).padStart(2, '0')}-${String(1 + Math.floor(n / 9)).padStart(2, '0')}`;
      expected.add(await insertPolicy(`CP-${String(n).padStart(2, '0')}`, day, n % 3 !== 0));
    }
    const inactive = [await insertPolicy('CP-LAPSED', '2025-05-05', true, 'lapsed'), await insertPolicy('CP-CANCELLED', '2025-05-05', false, 'cancelled')];
    const pages = await allPages('', async (page) => {
      // A newer policy (on the first page, not again further on) and one older than every page read so far.
      await insertPolicy(`CP-NEW-${page}`, '2026-06-01', page % 2 === 0);
      expected.add(await insertPolicy(`CP-OLD-${page}`, '2000-01-01', page % 2 === 1));
    });
    expect(pages.length).toBeGreaterThanOrEqual(3);
    for (const page of pages.slice(0, -1)) expect(page).toHaveLength(CLAIM_POLICIES_PAGE_SIZE);
    const seen = pages.flat();
    expect(seen.map((policy) => policy.id).sort((a, b) => a - b)).toEqual([...expected].sort((a, b) => a - b));
    expect(seen.map((policy) => policy.id)).not.toContainEqual(expect.toBeOneOf(inactive));
    expect(seen.map((policy) => policy.contract_number)).not.toContainEqual(expect.stringMatching(/^CP-NEW/));
    // In the contracts' order: newest start first, then id (the contracts list shows the same order).
    const { rows } = await server.db.query<{ id: number }>(
      `select id from policies where id = any($1::int[]) order by start_date desc, id desc`,
      [seen.map((policy) => policy.id)],
    );
    expect(seen.map((policy) => policy.id)).toEqual(rows.map((row) => row.id));
    // Another user sees none of them.
    const others = await read('', demo);
    expect(others.policies.map((policy) => policy.contract_number)).not.toContainEqual(expect.stringMatching(/^CP-/));
  });

  it('finds a policy beyond the first page by its contract number or its beginning, in any case', async () => {
    const firstPage = (await read('')).policies.map((policy) => policy.contract_number);
    expect(firstPage).not.toContain('CP-OLD-1');
    const exact = await read('?contract=CP-OLD-1');
    expect(exact.policies.map((policy) => policy.contract_number)).toEqual(['CP-OLD-1']);
    expect(exact.next).toBeNull();
    const lower = await read(`?contract=${encodeURIComponent('  cp-old ')}`);
    expect(lower.policies.map((policy) => policy.contract_number).sort()).toEqual(['CP-OLD-1', 'CP-OLD-2']);
    // A beginning that many numbers share is paged like the list, every match once.
    const pages = await allPages('contract=CP-', async () => {});
    const numbers = pages.flat().map((policy) => policy.contract_number);
    expect(pages.length).toBeGreaterThanOrEqual(3);
    expect(new Set(numbers).size).toBe(numbers.length);
    expect(numbers.every((number) => number.startsWith('CP-'))).toBe(true);
    expect(numbers).toContain('CP-00');
    expect(numbers).not.toContain('CP-LAPSED');
    // Nothing matches: an empty page.
    expect((await read('?contract=CP-0Z')).policies).toEqual([]);
    // Another user's contract number is not found.
    expect((await read('?contract=CP-00', demo)).policies).toEqual([]);
  });

  it('looks one policy up by id, wherever it is in the list, and only the user\'s active one', async () => {
    const { rows } = await server.db.query<{ id: number }>("select id from policies where contract_number = 'CP-OLD-2'");
    const id = rows[0]!.id;
    const found = await read(`?id=${id}`);
    expect(found).toEqual({ policies: [expect.objectContaining({ id, contract_number: 'CP-OLD-2' })], next: null });
    expect((await read(`?id=${id}`, demo)).policies).toEqual([]);
    const { rows: lapsed } = await server.db.query<{ id: number }>("select id from policies where contract_number = 'CP-LAPSED'");
    expect((await read(`?id=${lapsed[0]!.id}`)).policies).toEqual([]);
  });

  it('refuses a bad search, id or cursor with a 400 naming the parameter and a translated message', async () => {
    for (const [query, field, key] of [
      ['?contract=', 'contract', 'validation.contractSearch'],
      ['?contract=%25', 'contract', 'validation.contractSearch'],
      ['?contract=CP_0', 'contract', 'validation.contractSearch'],
      [`?contract=${'A'.repeat(33)}`, 'contract', 'validation.contractSearch'],
      ['?id=abc', 'id', 'validation.integer'],
      ['?id=0', 'id', 'validation.integer'],
      ['?before=yesterday', 'before', 'validation.listCursor'],
      ['?contract=CP&before=1-', 'before', 'validation.listCursor'],
    ] as const) {
      const response = await send(app, 'GET', `/api/claims/policies/${query}`, undefined, owner);
      expect(response.status, query).toBe(400);
      const body = apiErrorSchema.parse(await response.json());
      expect(body.fields?.[field]?.key, query).toBe(key);
    }
    expect((await send(app, 'GET', '/api/claims/policies/')).status).toBe(401);
  });
});
