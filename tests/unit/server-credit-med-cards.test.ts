/**
 * Credit Med card side (issue 13): the card summary, hospital search, pre-claims (SPEC 5 rules, SPEC 8
 * errors for their seeded users, the transaction password lock, idempotency, no overdraft under
 * concurrent requests), the reference insurer's status moves, and that no other user's data is readable.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiErrorSchema } from '../../contract/error.schema';
import { cardSummarySchema, hospitalListSchema, preClaimSchema, type PreClaim } from '../../contract/credit-med-card.schema';
import { invoiceSchema } from '../../contract/payment.schema';
import { insertUser } from '../../server/auth/users.repo';
import { advancePreClaims } from '../../server/credit-med/cards/progress';
import { CARD_SEED_USERS, REJECTING_HOSPITAL_ID } from '../../server/credit-med/cards/seed';
import { DEMO_TRANSACTION_PASSWORD, DEMO_TRANSACTION_PASSWORD_HASH } from '../../server/db/seed-data';
import { createTestServer, type TestServer } from '../../server/testing';
import { newKey, send, tokenFor, type TestApp } from './support/purchase';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

let server: TestServer;
let app: TestApp;
let demo: string;
let second: string;
/** The demo transaction password's stored hash: cardUser's contracts take the same password. */
const txHash = DEMO_TRANSACTION_PASSWORD_HASH;

const auth = (token: string, extra: Record<string, string> = {}) => ({ Authorization: `Bearer ${token}`, ...extra });
const errorOf = async (response: Response) => apiErrorSchema.parse(await response.json());

let made = 0;
/** A fresh eligible user with a signed contract (the demo transaction password) and an active card holding `balance`. */
const cardUser = async (balance: number, status: 'active' | 'inactive' | 'unpaid' = 'active') => {
  made += 1;
  const email = `card-test-${made}-${Date.now()}@example.com`;
  const userId = await insertUser(server.db, { email, passwordHash: 'x', name: 'Test', partnerId: 200_000 + made, creditMedEligible: true });
  const { rows } = await server.db.query<{ id: number }>(
    `insert into credit_med_contracts (user_id, status, transaction_password_hash, signed_at) values ($1, 'signed', $2, now()) returning id`,
    [userId, txHash],
  );
  await server.db.query(`insert into credit_med_cards (user_id, contract_id, status, card_limit, balance, fee) values ($1, $2, $3, 5000000, $4, 20000)`, [
    userId,
    rows[0]?.id,
    status,
    balance,
  ]);
  return { userId, token: await tokenFor(server.db, server.secret, email) };
};

const preClaim = (token: string, body: object, key = newKey()) =>
  send(app, 'POST', '/api/credit-med/pre-claims/', body, auth(token, { 'Idempotency-Key': key }));

const GOOD = { hospital_id: 1, amount: 50_000, purpose: 'Шинжилгээ', transaction_password: DEMO_TRANSACTION_PASSWORD };

const balanceOf = async (userId: number) =>
  (await server.db.query<{ balance: number }>('select balance from credit_med_cards where user_id = $1', [userId])).rows[0]?.balance;

beforeAll(async () => {
  server = await createTestServer();
  app = server.app();
  demo = await tokenFor(server.db, server.secret, 'demo@example.com');
  second = await tokenFor(server.db, server.secret, 'user2@example.com');
});
afterAll(() => server?.close());

describe('GET /api/credit-med/card/', () => {
  it('needs a signed-in user', async () => {
    expect((await app.request('/api/credit-med/card/')).status).toBe(401);
  });

  it("answers the demo user's active card, a pre-claim in each SPEC 4 status and what is owed", async () => {
    const summary = cardSummarySchema.parse(await (await send(app, 'GET', '/api/credit-med/card/', undefined, auth(demo))).json());
    expect(summary.contract_signed).toBe(true);
    expect(summary.card?.status).toBe('active');
    expect(new Set(summary.pre_claims.map((p) => p.status))).toEqual(
      new Set(['sent', 'paid', 'failed', 'calculating', 'paid_by_insurer', 'rejected_claim', 'to_be_paid_by_insured']),
    );
    const owed = summary.pre_claims.filter((p) => p.status === 'to_be_paid_by_insured');
    expect(owed).toHaveLength(1);
    expect(summary.owed_total).toBe(owed[0]?.amount);
    expect(owed[0]?.rejection_reason).toBeTruthy();
    expect(summary.rules).toEqual({ min_amount: 10_000, purpose_max: 200 });
  });

  it("is each user's own: another user sees no card and none of the demo user's pre-claims", async () => {
    const summary = cardSummarySchema.parse(await (await send(app, 'GET', '/api/credit-med/card/', undefined, auth(second))).json());
    expect(summary).toMatchObject({ contract_signed: false, card: null, pre_claims: [], owed_total: 0 });
  });

  it('names the hospitals in the language asked for', async () => {
    const en = cardSummarySchema.parse(await (await send(app, 'GET', '/api/credit-med/card/', undefined, auth(demo, { 'Accept-Language': 'en' }))).json());
    expect(en.pre_claims.map((p) => p.hospital.name)).toContain('Intermed Hospital');
  });
});

describe('GET /api/credit-med/hospitals/', () => {
  it('needs a signed-in user', async () => {
    expect((await app.request('/api/credit-med/hospitals/?q=a')).status).toBe(401);
  });
  it('finds hospitals by part of the name, in either language, and nothing for an unknown name', async () => {
    const found = hospitalListSchema.parse(await (await send(app, 'GET', '/api/credit-med/hospitals/?q=интермед', undefined, auth(demo))).json());
    expect(found.hospitals.map((h) => h.id)).toEqual([3]);
    const english = hospitalListSchema.parse(await (await send(app, 'GET', '/api/credit-med/hospitals/?q=songdo', undefined, auth(demo, { 'Accept-Language': 'en' }))).json());
    expect(english.hospitals.map((h) => h.name)).toEqual(['Songdo Hospital']);
    const none = hospitalListSchema.parse(await (await send(app, 'GET', '/api/credit-med/hospitals/?q=%25zzz_', undefined, auth(demo))).json());
    expect(none.hospitals).toEqual([]);
  });
});

describe('POST /api/credit-med/pre-claims/ — SPEC 8 errors of the seeded users', () => {
  for (const [name, key] of [
    ['noActiveCard', 'creditMedCard.errors.noActiveCard'],
    ['inactive', 'creditMedCard.errors.cardInactive'],
    ['depleted', 'creditMedCard.errors.balanceDepleted'],
  ] as const) {
    it(`${CARD_SEED_USERS[name].email}: ${key}`, async () => {
      const token = await tokenFor(server.db, server.secret, CARD_SEED_USERS[name].email);
      const response = await preClaim(token, GOOD);
      expect(response.status).toBe(409);
      expect((await errorOf(response)).message.key).toBe(key);
    });
  }

  it('a user without a contract has no active card', async () => {
    const response = await preClaim(second, GOOD);
    expect((await errorOf(response)).message.key).toBe('creditMedCard.errors.noActiveCard');
  });

  it('an amount above the balance: insufficient balance on the amount, nothing taken', async () => {
    const { userId, token } = await cardUser(40_000);
    const response = await preClaim(token, { ...GOOD, amount: 40_001 });
    expect(response.status).toBe(422);
    const body = await errorOf(response);
    expect(body.message).toEqual({ key: 'creditMedCard.errors.insufficientBalance', values: { balance: 40_000 } });
    expect(body.fields?.amount?.key).toBe('creditMedCard.errors.insufficientBalance');
    expect(await balanceOf(userId)).toBe(40_000);
  });

  it('an unknown hospital: no hospital found', async () => {
    const { token } = await cardUser(100_000);
    const response = await preClaim(token, { ...GOOD, hospital_id: 9999 });
    expect(response.status).toBe(422);
    expect((await errorOf(response)).message.key).toBe('creditMedCard.errors.noHospitalFound');
  });

  it('SPEC 5: amount required, whole, not below the minimum; purpose required and at most 200 characters; password required', async () => {
    const { token } = await cardUser(100_000);
    const fields = async (body: object) => (await errorOf(await preClaim(token, body))).fields ?? {};
    expect((await fields({ ...GOOD, amount: undefined })).amount?.key).toBe('validation.integer');
    expect((await fields({ ...GOOD, amount: 15_000.5 })).amount?.key).toBe('validation.integer');
    expect((await fields({ ...GOOD, amount: 9_999 })).amount).toEqual({ key: 'validation.minValue', values: { min: 10_000 } });
    expect((await fields({ ...GOOD, purpose: '   ' })).purpose?.key).toBe('validation.valueRequired');
    expect((await fields({ ...GOOD, purpose: 'x'.repeat(201) })).purpose).toEqual({ key: 'validation.maxLength', values: { max: 200 } });
    expect((await fields({ ...GOOD, transaction_password: '' })).transaction_password?.key).toBe('validation.passwordRequired');
  });
});

describe('POST /api/credit-med/pre-claims/ — the transaction password', () => {
  it('says how many tries are left; the third wrong one locks pre-claims for 15 minutes, even with the right password', async () => {
    const { userId, token } = await cardUser(100_000);
    const first = await preClaim(token, { ...GOOD, transaction_password: 'wrong1' });
    expect(first.status).toBe(422);
    expect((await errorOf(first)).message).toEqual({ key: 'creditMedCard.errors.incorrectTransactionPassword', values: { tries: 2 } });
    const secondTry = await preClaim(token, { ...GOOD, transaction_password: 'wrong2' });
    expect((await errorOf(secondTry)).message.values).toEqual({ tries: 1 });
    const third = await preClaim(token, { ...GOOD, transaction_password: 'wrong3' });
    expect(third.status).toBe(429);
    expect((await errorOf(third)).message).toEqual({ key: 'creditMedCard.errors.preClaimsLocked', values: { minutes: 15 } });
    const right = await preClaim(token, GOOD);
    expect(right.status).toBe(429);
    expect(Number(right.headers.get('Retry-After'))).toBeGreaterThan(14 * 60);
    expect(await balanceOf(userId)).toBe(100_000);
    // Another user is not locked by it.
    const other = await cardUser(100_000);
    expect((await preClaim(other.token, GOOD)).status).toBe(201);
  });

  it('a right password forgives the wrong ones before it', async () => {
    const { token } = await cardUser(500_000);
    expect((await preClaim(token, { ...GOOD, transaction_password: 'nope' })).status).toBe(422);
    expect((await preClaim(token, { ...GOOD, transaction_password: 'nope' })).status).toBe(422);
    expect((await preClaim(token, GOOD)).status).toBe(201);
    const again = await preClaim(token, { ...GOOD, transaction_password: 'nope' });
    expect((await errorOf(again)).message.values).toEqual({ tries: 2 });
  });
});

describe('POST /api/credit-med/pre-claims/ — balance and idempotency', () => {
  it('creates the pre-claim as sent and lowers the balance by its amount', async () => {
    const { userId, token } = await cardUser(200_000);
    const response = await preClaim(token, GOOD);
    expect(response.status).toBe(201);
    const made = preClaimSchema.parse(await response.json());
    expect(made).toMatchObject({ amount: 50_000, status: 'sent', owed: 0, hospital: { id: 1 } });
    expect(await balanceOf(userId)).toBe(150_000);
    const notes = await server.db.query<{ kind: string }>('select kind from notifications where user_id = $1', [userId]);
    expect(notes.rows.map((r) => r.kind)).toEqual(['credit_med_status_changed']);
  });

  it('the same Idempotency-Key makes one pre-claim; with another body it is a conflict', async () => {
    const { userId, token } = await cardUser(200_000);
    const key = newKey();
    const [a, b] = await Promise.all([preClaim(token, GOOD, key), preClaim(token, GOOD, key)]);
    const ids = [preClaimSchema.parse(await a.json()).id, preClaimSchema.parse(await b.json()).id];
    expect(ids[0]).toBe(ids[1]);
    expect(await balanceOf(userId)).toBe(150_000);
    const conflict = await preClaim(token, { ...GOOD, amount: 60_000 }, key);
    expect(conflict.status).toBe(409);
    expect((await errorOf(conflict)).message.key).toBe('errors.idempotencyConflict');
    expect(await balanceOf(userId)).toBe(150_000);
  });

  it('parallel pre-claims cannot overdraw the card: five of 30 000 on 100 000, three succeed', async () => {
    const { userId, token } = await cardUser(100_000);
    const responses = await Promise.all(Array.from({ length: 5 }, () => preClaim(token, { ...GOOD, amount: 30_000 })));
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 201, 201, 422, 422]);
    for (const response of responses.filter((r) => r.status === 422)) {
      expect((await errorOf(response)).message.key).toBe('creditMedCard.errors.insufficientBalance');
    }
    expect(await balanceOf(userId)).toBe(10_000);
    const count = await server.db.query<{ n: number }>('select count(*)::int as n from credit_med_pre_claims where user_id = $1', [userId]);
    expect(count.rows[0]?.n).toBe(3);
  });
});

describe('GET /api/credit-med/pre-claims/{id}/', () => {
  it("answers the owner's pre-claim and 404 to anyone else (and for unknown or malformed ids)", async () => {
    const { token } = await cardUser(100_000);
    const made = preClaimSchema.parse(await (await preClaim(token, GOOD)).json());
    const own = await send(app, 'GET', `/api/credit-med/pre-claims/${made.id}/`, undefined, auth(token));
    expect(preClaimSchema.parse(await own.json()).id).toBe(made.id);
    expect((await send(app, 'GET', `/api/credit-med/pre-claims/${made.id}/`, undefined, auth(second))).status).toBe(404);
    expect((await send(app, 'GET', `/api/credit-med/pre-claims/${made.id}/`, undefined, auth(demo))).status).toBe(404);
    expect((await app.request(`/api/credit-med/pre-claims/${made.id}/`)).status).toBe(401);
    expect((await send(app, 'GET', '/api/credit-med/pre-claims/99999999/', undefined, auth(token))).status).toBe(404);
    expect((await send(app, 'GET', '/api/credit-med/pre-claims/abc/', undefined, auth(token))).status).toBe(404);
  });
});

describe('the reference insurer moves pre-claims (periodic task)', () => {
  const due = (id: number) => server.db.query(`update credit_med_pre_claims set next_step_at = now() - interval '1 second' where id = $1`, [id]);
  const read = async (token: string, id: number): Promise<PreClaim> =>
    preClaimSchema.parse(await (await send(app, 'GET', `/api/credit-med/pre-claims/${id}/`, undefined, auth(token))).json());

  it('sent → calculating → paid by insurer, telling the owner at each move', async () => {
    const { userId, token } = await cardUser(100_000);
    const made = preClaimSchema.parse(await (await preClaim(token, GOOD)).json());
    await advancePreClaims(server.db);
    expect((await read(token, made.id)).status).toBe('sent');
    await due(made.id);
    await advancePreClaims(server.db);
    expect((await read(token, made.id)).status).toBe('calculating');
    await due(made.id);
    await advancePreClaims(server.db);
    const done = await read(token, made.id);
    expect(done).toMatchObject({ status: 'paid_by_insurer', owed: 0 });
    await due(made.id);
    await advancePreClaims(server.db);
    expect((await read(token, made.id)).status).toBe('paid_by_insurer');
    const notes = await server.db.query<{ params: { status: string } }>('select params from notifications where user_id = $1 order by id', [userId]);
    expect(notes.rows.map((r) => r.params.status)).toEqual(['sent', 'calculating', 'paid_by_insurer']);
  });

  it('at the seeded rejecting hospital: … → rejected claim → to be paid by insured, owing the amount', async () => {
    const { token } = await cardUser(100_000);
    const made = preClaimSchema.parse(await (await preClaim(token, { ...GOOD, hospital_id: REJECTING_HOSPITAL_ID })).json());
    const seen: string[] = [];
    for (let step = 0; step < 3; step += 1) {
      await due(made.id);
      await advancePreClaims(server.db);
      seen.push((await read(token, made.id)).status);
    }
    expect(seen).toEqual(['calculating', 'rejected_claim', 'to_be_paid_by_insured']);
    const owed = await read(token, made.id);
    expect(owed.owed).toBe(50_000);
    expect(owed.rejection_reason).toBe('notCovered');
  });
});

describe('buying the card (purpose credit_med_card)', () => {
  const buy = (token: string, provider: string, key = newKey()) =>
    send(app, 'POST', '/api/credit-med/card/invoice/', { provider }, auth(token, { 'Idempotency-Key': key }));
  const devComplete = (invoiceId: string, result: 'paid' | 'failed') => send(app, 'POST', `/api/dev/payments/${invoiceId}/complete/`, { result });

  it('needs a signed contract', async () => {
    const response = await buy(second, 'khan');
    expect(response.status).toBe(409);
    expect((await errorOf(response)).message.key).toBe('creditMedCard.errors.contractNotSigned');
  });

  it('an unpaid card: the fee is invoiced, a failed payment leaves it unpaid, a paid one activates it; buying again is refused', async () => {
    const { userId, token } = await cardUser(5_000_000, 'unpaid');
    const key = newKey();
    const first = invoiceSchema.parse(await (await buy(token, 'khan', key)).json());
    expect(first).toMatchObject({ purpose: 'credit_med_card', amount: 20_000, status: 'pending' });
    // The same key answers the same invoice.
    expect(invoiceSchema.parse(await (await buy(token, 'khan', key)).json()).id).toBe(first.id);
    // Nobody else reads it.
    expect((await send(app, 'GET', `/api/invoices/${first.id}/`, undefined, auth(second))).status).toBe(404);
    await devComplete(first.id, 'failed');
    const card = async () => cardSummarySchema.parse(await (await send(app, 'GET', '/api/credit-med/card/', undefined, auth(token))).json()).card;
    expect((await card())?.status).toBe('unpaid');
    const second_ = invoiceSchema.parse(await (await buy(token, 'qpay')).json());
    const paid = invoiceSchema.parse(await (await devComplete(second_.id, 'paid')).json());
    expect(paid.status).toBe('paid');
    expect(await card()).toMatchObject({ status: 'active', balance: 5_000_000 });
    expect((await card())?.card_number_last4).toMatch(/^\d{4}$/);
    // The dashboard lists the paid card fee with its receipt (issue 23); the failed attempt has none.
    const { receipts } = cardSummarySchema.parse(await (await send(app, 'GET', '/api/credit-med/card/', undefined, auth(token))).json());
    expect(receipts).toEqual([{ invoice_id: second_.id, purpose: 'credit_med_card', amount: 20_000, paid_at: expect.any(String) }]);
    const receipt = await send(app, 'GET', `/api/invoices/${second_.id}/receipt/?lang=en`, undefined, auth(token));
    expect(receipt.status).toBe(200);
    expect(receipt.headers.get('content-type')).toBe('application/pdf');
    expect((await send(app, 'GET', `/api/invoices/${first.id}/receipt/`, undefined, auth(token))).status).toBe(404);
    const again = await buy(token, 'khan');
    expect(again.status).toBe(409);
    expect((await errorOf(again)).message.key).toBe('creditMedCard.errors.cardAlreadyPaid');
    const notes = await server.db.query<{ kind: string }>('select kind from notifications where user_id = $1', [userId]);
    expect(notes.rows.map((r) => r.kind)).toContain('invoice_paid');
  });

  it('a second open invoice paid after the first is not taken twice: it is marked refund_due', async () => {
    const { token } = await cardUser(5_000_000, 'unpaid');
    const a = invoiceSchema.parse(await (await buy(token, 'qpay')).json());
    const b = invoiceSchema.parse(await (await buy(token, 'mostmoney')).json());
    await devComplete(b.id, 'paid');
    const late = invoiceSchema.parse(await (await devComplete(a.id, 'paid')).json());
    expect(late.refund_due).toBe(true);
  });
});

describe('repaying a pre-claim (purpose credit_med_repay)', () => {
  const repay = (token: string, body: object, key = newKey()) => send(app, 'POST', '/api/credit-med/repayments/', body, auth(token, { 'Idempotency-Key': key }));
  const devComplete = (invoiceId: string) => send(app, 'POST', `/api/dev/payments/${invoiceId}/complete/`, { result: 'paid' });
  const owedOf = async (token: string) => {
    const { rows } = await server.db.query<{ id: number }>(`select p.id from credit_med_pre_claims p join users u on u.id = p.user_id where u.email = $1 and p.status = 'to_be_paid_by_insured'`, [token]);
    return rows[0]?.id;
  };

  it("is the owner's only, for what is owed; paid, the pre-claim is 'paid' and the amount is back on the card; paying twice is impossible", async () => {
    const { userId, token } = await cardUser(100_000);
    const made = preClaimSchema.parse(await (await preClaim(token, { ...GOOD, hospital_id: REJECTING_HOSPITAL_ID })).json());
    // Not owed yet.
    const early = await repay(token, { pre_claim_id: made.id, provider: 'qpay' });
    expect(early.status).toBe(409);
    expect((await errorOf(early)).message.key).toBe('creditMedCard.errors.nothingOwed');
    await server.db.query(`update credit_med_pre_claims set status = 'to_be_paid_by_insured', next_step_at = null where id = $1`, [made.id]);
    // Another user's pre-claim is not found.
    expect((await repay(demo, { pre_claim_id: made.id, provider: 'qpay' })).status).toBe(404);
    expect(await balanceOf(userId)).toBe(50_000);
    const first = invoiceSchema.parse(await (await repay(token, { pre_claim_id: made.id, provider: 'qpay' })).json());
    expect(first).toMatchObject({ purpose: 'credit_med_repay', amount: 50_000, subject_id: String(made.id) });
    const secondOpen = invoiceSchema.parse(await (await repay(token, { pre_claim_id: made.id, provider: 'khan' })).json());
    await devComplete(secondOpen.id);
    const after = preClaimSchema.parse(await (await send(app, 'GET', `/api/credit-med/pre-claims/${made.id}/`, undefined, auth(token))).json());
    expect(after).toMatchObject({ status: 'paid', owed: 0 });
    expect(await balanceOf(userId)).toBe(100_000);
    // The replaced invoice paid late: refund due, nothing applied twice.
    const late = invoiceSchema.parse(await (await devComplete(first.id)).json());
    expect(late.refund_due).toBe(true);
    expect(await balanceOf(userId)).toBe(100_000);
    const again = await repay(token, { pre_claim_id: made.id, provider: 'qpay' });
    expect((await errorOf(again)).message.key).toBe('creditMedCard.errors.nothingOwed');
    const count = await server.db.query<{ n: number }>('select count(*)::int as n from credit_med_repayments where pre_claim_id = $1', [made.id]);
    expect(count.rows[0]?.n).toBe(1);
  });

  it("the demo user's seeded pre-claim to repay can be invoiced", async () => {
    const id = await owedOf('demo@example.com');
    expect(id).toBeDefined();
    const response = await repay(demo, { pre_claim_id: id, provider: 'mostmoney' });
    expect(response.status).toBe(201);
    expect(invoiceSchema.parse(await response.json()).push_sent_to).toBeTruthy();
    expect((await repay(second, { pre_claim_id: id, provider: 'qpay' })).status).toBe(404);
  });
});
