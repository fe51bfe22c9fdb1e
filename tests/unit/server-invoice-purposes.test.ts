/**
 * Invoice purposes (server/payments/purposes.ts): an invoice of another purpose than a purchase is
 * paid through the same providers and settlement, readable by its owner only, settled by its purpose's
 * handler once, and a second payment on it is marked for refund. A signed-in purchase tells its buyer.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { invoiceSchema } from '../../contract/payment.schema';
import { findUserByEmail } from '../../server/auth/users.repo';
import { createInvoice as createPurposeInvoice, registerInvoicePurpose, type PurposeInvoice } from '../../server/payments/purposes';
import { providerSecret, signBody } from '../../server/payments/providers';
import { createTestServer, type TestServer } from '../../server/testing';
import { completeDraft, createInvoice, send, tokenFor, type TestApp } from './support/purchase';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 120_000 });

let server: TestServer;
let app: TestApp;
const settled: PurposeInvoice[] = [];
let answer: 'settled' | 'refund_due' = 'settled';

beforeAll(async () => {
  // A stand-in purpose, as the fee pages register theirs: records what it was asked to settle.
  registerInvoicePurpose('fees', {
    onPaid: async (_tx, invoice) => {
      settled.push(invoice);
      return answer;
    },
    khanReturn: { success: '/fee/status', fail: '/fee/status' },
  });
  server = await createTestServer();
  app = server.app();
});
afterAll(() => server?.close());

const userId = async (email: string) => (await findUserByEmail(server.db, email))!.id;
const bearer = async (email: string) => ({ Authorization: `Bearer ${await tokenFor(server.db, server.secret, email)}` });

const newFeeInvoice = async (subjectId: string, provider: 'khan' | 'qpay' | 'mostmoney' = 'qpay', amount = 120_000) => {
  const owner = await userId('demo@example.com');
  return server.db.transaction((tx) =>
    createPurposeInvoice(tx, { purpose: 'fees', subjectId, userId: owner, provider, amount, phone: provider === 'mostmoney' ? '99112233' : null }),
  );
};

const qpayCallback = (invoiceId: string, amount: number, paymentId: string, status: 'paid' | 'failed' = 'paid') => {
  const raw = JSON.stringify({ invoice_id: invoiceId, payment_id: paymentId, status, amount });
  return app.request('/api/payments/qpay/callback/', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Signature': signBody(providerSecret(server.secret, 'qpay'), raw) },
    body: raw,
  });
};

describe('an invoice of another purpose', () => {
  it('is read by its owner only', async () => {
    const id = await newFeeInvoice('fee-read');
    const own = await app.request(`/api/invoices/${id}/`, { headers: await bearer('demo@example.com') });
    expect(own.status).toBe(200);
    const invoice = invoiceSchema.parse(await own.json());
    expect(invoice).toMatchObject({ purpose: 'fees', subject_id: 'fee-read', application_id: null, status: 'pending', amount: 120_000 });
    expect((await app.request(`/api/invoices/${id}/`, { headers: await bearer('user2@example.com') })).status).toBe(404);
    expect((await app.request(`/api/invoices/${id}/`)).status).toBe(404);
  });

  it('is settled by its handler once, and a second payment is marked for refund', async () => {
    const id = await newFeeInvoice('fee-pay');
    settled.length = 0;
    expect((await qpayCallback(id, 120_000, 'QP-ONE')).status).toBe(200);
    expect((await qpayCallback(id, 120_000, 'QP-ONE')).status).toBe(200);
    expect(settled.map((invoice) => invoice.subject_id)).toEqual(['fee-pay']);
    const paid = invoiceSchema.parse(await (await app.request(`/api/invoices/${id}/`, { headers: await bearer('demo@example.com') })).json());
    expect(paid.status).toBe('paid');
    expect(paid.refund_due).toBe(false);

    expect((await qpayCallback(id, 120_000, 'QP-TWO')).status).toBe(200);
    expect(settled).toHaveLength(1);
    const twice = invoiceSchema.parse(await (await app.request(`/api/invoices/${id}/`, { headers: await bearer('demo@example.com') })).json());
    expect(twice.refund_due).toBe(true);
  });

  it('is marked for refund when its handler no longer wants the money', async () => {
    answer = 'refund_due';
    try {
      const id = await newFeeInvoice('fee-gone');
      await qpayCallback(id, 120_000, 'QP-GONE');
      const read = async () => invoiceSchema.parse(await (await app.request(`/api/invoices/${id}/`, { headers: await bearer('demo@example.com') })).json());
      // Paid, but the money goes back: the payer reads that, and the invoice is no longer payable.
      expect(await read()).toMatchObject({ status: 'refund_due', refund_due: true, paid_at: null });
      // A failure reported afterwards changes nothing, and when its time would have run out it does not read 'expired'.
      expect((await qpayCallback(id, 120_000, 'QP-GONE-FAIL', 'failed')).status).toBe(200);
      await server.db.query(`update invoices set expires_at = now() - interval '1 minute' where id = $1`, [id]);
      expect(await read()).toMatchObject({ status: 'refund_due', refund_due: true });
    } finally {
      answer = 'settled';
    }
  });

  it('replaces the subject\'s open invoice when a new one is made', async () => {
    const first = await newFeeInvoice('fee-replace', 'qpay');
    const second = await newFeeInvoice('fee-replace', 'mostmoney');
    const old = invoiceSchema.parse(await (await app.request(`/api/invoices/${first}/`, { headers: await bearer('demo@example.com') })).json());
    expect(old).toMatchObject({ status: 'expired', failure_reason: 'replaced' });
    const current = invoiceSchema.parse(await (await app.request(`/api/invoices/${second}/`, { headers: await bearer('demo@example.com') })).json());
    expect(current).toMatchObject({ status: 'pending', provider: 'mostmoney', push_sent_to: '99****33' });
  });

  it('returns from the card page to its purpose\'s status page', async () => {
    const id = await newFeeInvoice('fee-card', 'khan');
    const invoice = invoiceSchema.parse(await (await app.request(`/api/invoices/${id}/`, { headers: await bearer('demo@example.com') })).json());
    const handoff = new URL(invoice.redirect_url ?? '', 'http://localhost').searchParams.get('handoff') ?? '';
    const response = await app.request(`/sandbox/khan/${id}/`, {
      method: 'POST',
      headers: { Origin: 'http://localhost', 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ action: 'pay', handoff }),
    });
    expect(response.status).toBe(303);
    expect(response.headers.get('Location')).toBe(`/fee/status?invoice=${id}`);
  });
});

describe('a signed-in purchase', () => {
  it('tells its buyer that the policy was issued', async () => {
    const token = await tokenFor(server.db, server.secret, 'user2@example.com');
    const draft = await completeDraft(app, undefined, token);
    const { invoice } = await createInvoice(app, draft, { provider: 'qpay' });
    await send(app, 'POST', `/api/dev/payments/${invoice?.id}/complete/`, { result: 'paid' });
    const { rows } = await server.db.query<{ kind: string; params: { contract_number: string } }>(
      'select kind, params from notifications where user_id = $1 order by id desc limit 1',
      [await userId('user2@example.com')],
    );
    expect(rows[0]?.kind).toBe('policy_issued');
    expect(rows[0]?.params.contract_number).toMatch(/\S/);
  });
});
