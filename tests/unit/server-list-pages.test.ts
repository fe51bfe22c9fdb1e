/**
 * Issue 27: the contracts and feedback lists are keyset pages (`?before=<µs>-<id>`, newest first).
 * Paging through returns every row exactly once while rows are added between pages (a newer one never
 * pushes a row onto the next page twice; an older one is found further on), a cursor the server did
 * not make is a 400 on `before`, and a contract in the list says what it owes now, as the due fees do.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { feeListSchema } from '../../contract/fee.schema';
import { FEEDBACK_PAGE_SIZE, feedbackListSchema } from '../../contract/feedback.schema';
import { CONTRACTS_PAGE_SIZE, contractListSchema } from '../../contract/insurance.schema';
import { createTestServer, type TestServer } from '../../server/testing';
import { send, tokenFor, type TestApp } from './support/purchase';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 120_000 });

let server: TestServer;
let app: TestApp;
let user2: Record<string, string>;
let demo: Record<string, string>;
let user2Id: number;

const bearer = (token: string) => ({ Authorization: `Bearer ${token}`, 'Accept-Language': 'en' });

beforeAll(async () => {
  server = await createTestServer();
  app = server.app();
  user2 = bearer(await tokenFor(server.db, server.secret, 'user2@example.com'));
  demo = bearer(await tokenFor(server.db, server.secret, 'demo@example.com'));
  user2Id = (await server.db.query<{ id: number }>("select id from users where email = 'user2@example.com'")).rows[0]!.id;
});
afterAll(() => server?.close());

/** Every page of a list from the first, calling `between` after each page but the last. */
const allPages = async <T>(path: string, auth: Record<string, string>, read: (body: unknown) => { rows: T[]; next: string | null }, between: (page: number) => Promise<void>) => {
  const pages: T[][] = [];
  let next: string | null = null;
  do {
    const response = await send(app, 'GET', `${path}${next ? `${path.includes('?') ? '&' : '?'}before=${next}` : ''}`, undefined, auth);
    expect(response.status).toBe(200);
    const page = read(await response.json());
    pages.push(page.rows);
    next = page.next;
    if (next) await between(pages.length);
  } while (next && pages.length < 20);
  return pages;
};

const refusesBadCursors = async (path: string, auth: Record<string, string>) => {
  for (const bad of ['abc', '1-', '-1', '1.5-2', `${'9'.repeat(18)}-1`, '1-2-3']) {
    const response = await send(app, 'GET', `${path}?before=${encodeURIComponent(bad)}`, undefined, auth);
    expect({ bad, status: response.status, body: await response.json() }).toEqual({
      bad,
      status: 400,
      body: { message: { key: 'errors.invalidRequest' }, fields: { before: { key: 'validation.listCursor', values: {} } } },
    });
  }
};

describe('GET /api/contracts/ pages', () => {
  const insertPolicy = async (number: string, startDate: string, own: boolean) =>
    (
      await server.db.query<{ id: number }>(
        `insert into policies (user_id, contract_number, product_id, start_date, end_date, fee_amount, fee_frequency, status, insured_register, insured_phone)
         values ($1, $2, 100, $3::date, date '2045-01-01', 50000, 'annual', 'active', $4, $5) returning id`,
        own ? [user2Id, number, startDate, null, null] : [null, number, startDate, 'ЧД88120345', '88094512'],
      )
    ).rows[0]!.id;

  it('returns every policy of both halves (own and insuring the user) exactly once, newest first, while policies are added', async () => {
    const before = contractListSchema.parse(await (await send(app, 'GET', '/api/contracts/', undefined, user2)).json());
    expect(before.next).toBeNull();
    const expected = new Set(before.contracts.map((contract) => contract.id));
    // 30 of the account's and 15 insuring the user, several on one day (the id breaks the tie).
    for (let n = 0; n < 45; n += 1) {
      const day = `2025-${String(1 + (n % 9)).padStart(2, '0')}-${String(1 + Math.floor(n / 9)).padStart(2, '0')}`;
      expected.add(await insertPolicy(`PAGE-${n}`, day, n % 3 !== 0));
    }
    const added: number[] = [];
    const pages = await allPages('/api/contracts/', user2, (body) => {
      const page = contractListSchema.parse(body);
      return { rows: page.contracts, next: page.next };
    }, async (page) => {
      // A newer policy (it is on the first page, not again further on) and one older than every page read so far.
      await insertPolicy(`PAGE-NEW-${page}`, '2026-06-01', page % 2 === 0);
      const older = await insertPolicy(`PAGE-OLD-${page}`, '2000-01-01', page % 2 === 1);
      added.push(older);
      expected.add(older);
    });
    expect(pages.length).toBeGreaterThanOrEqual(3);
    for (const page of pages.slice(0, -1)) expect(page).toHaveLength(CONTRACTS_PAGE_SIZE);
    const seen = pages.flat();
    expect(seen.map((contract) => contract.id).sort((a, b) => a - b)).toEqual([...expected].sort((a, b) => a - b));
    expect(seen.map((contract) => contract.contract_number)).not.toContainEqual(expect.stringMatching(/^PAGE-NEW/));
    const order = seen.map((contract) => `${contract.start_date}:${String(contract.id).padStart(9, '0')}`);
    expect(order).toEqual([...order].sort().reverse());
    // The first page now starts with the newer policies.
    const first = contractListSchema.parse(await (await send(app, 'GET', '/api/contracts/', undefined, user2)).json());
    expect(first.contracts[0]?.contract_number).toMatch(/^PAGE-NEW/);
  });

  it('says what each policy owes now: the sum of its due and overdue fees, as GET /api/fees/due/ lists them', async () => {
    const { contracts } = contractListSchema.parse(await (await send(app, 'GET', '/api/contracts/', undefined, demo)).json());
    const { fees } = feeListSchema.parse(await (await send(app, 'GET', '/api/fees/due/', undefined, demo)).json());
    const owed = new Map<number, { amount: number; overdue: boolean }>();
    for (const fee of fees.filter((item) => item.status === 'due' || item.status === 'overdue')) {
      const entry = owed.get(fee.policy_id) ?? { amount: 0, overdue: false };
      owed.set(fee.policy_id, { amount: entry.amount + fee.amount, overdue: entry.overdue || fee.status === 'overdue' });
    }
    expect(owed.size).toBeGreaterThan(0);
    expect([...owed.values()].some((entry) => entry.overdue)).toBe(true);
    expect(new Map(contracts.flatMap((contract) => (contract.owed ? [[contract.id, contract.owed] as const] : [])))).toEqual(owed);
  });

  it('finds a policy past the first page by its contract number\'s beginning, in any case, in both halves and only the user\'s', async () => {
    const read = async (query: string, auth = user2) => {
      const response = await send(app, 'GET', `/api/contracts/${query}`, undefined, auth);
      expect(response.status, query).toBe(200);
      return contractListSchema.parse(await response.json());
    };
    // 25 older than every other policy of the user, a day apart; two insuring the user; another user's.
    for (let n = 1; n <= 25; n += 1) await insertPolicy(`SRCH-${String(n).padStart(2, '0')}`, `1990-01-${String(32 - n).padStart(2, '0')}`, true);
    await insertPolicy('SRCH-INS-1', '1990-02-01', false);
    await server.db.query(
      `insert into policies (user_id, contract_number, product_id, start_date, end_date, fee_amount, fee_frequency, status)
       select id, 'SRCH-OTHER', 100, date '1990-03-01', date '2045-01-01', 50000, 'annual', 'active' from users where email = 'demo@example.com'`,
    );
    const firstPage = await read('');
    expect(firstPage.next).not.toBeNull();
    expect(firstPage.contracts.map((contract) => contract.contract_number)).not.toContain('SRCH-25');

    expect((await read('?contract=SRCH-25')).contracts.map((contract) => contract.contract_number)).toEqual(['SRCH-25']);
    expect((await read(`?contract=${encodeURIComponent('  srch-2 ')}`)).contracts.map((contract) => contract.contract_number)).toEqual([
      'SRCH-20', 'SRCH-21', 'SRCH-22', 'SRCH-23', 'SRCH-24', 'SRCH-25',
    ]);
    // The insured half too; a number's middle is no beginning; another user's policy is not found.
    expect((await read('?contract=srch-ins')).contracts.map((contract) => contract.contract_number)).toEqual(['SRCH-INS-1']);
    expect((await read('?contract=RCH-25')).contracts).toEqual([]);
    expect((await read('?contract=SRCH-OTHER')).contracts).toEqual([]);
    expect((await read('?contract=SRCH-OTHER', demo)).contracts.map((contract) => contract.contract_number)).toEqual(['SRCH-OTHER']);
    // A beginning many numbers share is paged like the list (the search kept on every page), every match once, newest first.
    const pages = await allPages('/api/contracts/?contract=SRCH-', user2, (body) => {
      const page = contractListSchema.parse(body);
      return { rows: page.contracts.map((contract) => contract.contract_number), next: page.next };
    }, async () => {});
    expect(pages.map((page) => page.length)).toEqual([CONTRACTS_PAGE_SIZE, 6]);
    expect(pages.flat()).toEqual(['SRCH-INS-1', ...Array.from({ length: 25 }, (_, n) => `SRCH-${String(n + 1).padStart(2, '0')}`)]);
  });

  it('refuses a bad search with a 400 on `contract` and a translated message', async () => {
    for (const bad of ['', '%', 'SRCH_1', 'SRCH%', 'a b', 'A'.repeat(33)]) {
      const response = await send(app, 'GET', `/api/contracts/?contract=${encodeURIComponent(bad)}`, undefined, user2);
      const body = (await response.json()) as { message: unknown; fields: Record<string, { key: string }> };
      expect({ bad, status: response.status, message: body.message, fields: Object.keys(body.fields), key: body.fields.contract?.key }).toEqual({
        bad,
        status: 400,
        message: { key: 'errors.invalidRequest' },
        fields: ['contract'],
        key: 'validation.contractSearch',
      });
    }
    expect((await send(app, 'GET', '/api/contracts/?contract=SRCH')).status).toBe(401);
  });

  it('refuses a cursor it did not make: a 400 on `before`', () => refusesBadCursors('/api/contracts/', user2));
});

describe('GET /api/feedback/ pages', () => {
  const insertFeedback = async (text: string, createdAt: string) =>
    (
      await server.db.query<{ id: number }>(`insert into feedback (user_id, kind, text, created_at) values ($1, 'question', $2, $3::timestamptz) returning id`, [
        user2Id,
        text,
        createdAt,
      ])
    ).rows[0]!.id;

  it('returns every feedback exactly once, newest first, while feedback is sent between pages', async () => {
    const expected = new Set<number>();
    // 50 over a few days, several at one time (the id breaks the tie), inserted out of time order.
    for (let n = 0; n < 50; n += 1) expected.add(Number(await insertFeedback(`Question ${n}`, `2026-0${1 + (n % 5)}-10T0${n % 3}:00:00Z`)));
    const pages = await allPages('/api/feedback/', user2, (body) => {
      const page = feedbackListSchema.parse(body);
      return { rows: page.items, next: page.next };
    }, async (page) => {
      // Sent now: newer than any page read, so never on a later page.
      await send(app, 'POST', '/api/feedback/', { kind: 'thanks', text: `Sent between pages ${page}` }, { ...user2, 'Idempotency-Key': `list-pages-${page}-key-0001` });
      expected.add(Number(await insertFeedback(`Older ${page}`, '2020-01-01T00:00:00Z')));
    });
    expect(pages.length).toBe(3);
    for (const page of pages.slice(0, -1)) expect(page).toHaveLength(FEEDBACK_PAGE_SIZE);
    const seen = pages.flat();
    expect(seen.map((item) => item.id).sort((a, b) => a - b)).toEqual([...expected].sort((a, b) => a - b));
    expect(seen.map((item) => item.text)).not.toContainEqual(expect.stringMatching(/^Sent between/));
    const order = seen.map((item) => `${item.created_at}:${String(item.id).padStart(9, '0')}`);
    expect(order).toEqual([...order].sort().reverse());
    const first = feedbackListSchema.parse(await (await send(app, 'GET', '/api/feedback/', undefined, user2)).json());
    expect(first.items.slice(0, 2).map((item) => item.text)).toEqual(['Sent between pages 2', 'Sent between pages 1']);
  });

  it('refuses a cursor it did not make: a 400 on `before`', () => refusesBadCursors('/api/feedback/', user2));
});
