import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiErrorSchema } from '../../contract/error.schema';
import { applicationSchema, contractDetailSchema, contractListSchema } from '../../contract/insurance.schema';
import { invoiceSchema } from '../../contract/payment.schema';
import { providerSecret, signBody } from '../../server/payments/providers';
import { createTestServer, type TestServer } from '../../server/testing';
import {
  completeDraft,
  createDraft,
  createInvoice,
  INSURED,
  newKey,
  PLAN_100,
  putStep,
  readInvoice,
  send,
  tokenFor,
  type Draft,
  type TestApp,
} from './support/purchase';

// An embedded PostgreSQL per file: generous limits for a busy CI machine.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 120_000 });

let server: TestServer;
let app: TestApp;

const rejection = async (response: Response) => ({ status: response.status, body: apiErrorSchema.parse(await response.json()) });

const count = async (sql: string, params: unknown[]) => (await server.db.query<{ n: number }>(sql, params)).rows[0]?.n ?? -1;
const policiesOf = (applicationId: string) => count('select count(*)::int as n from policies where application_id = $1', [applicationId]);
const invoicesOf = (applicationId: string) => count('select count(*)::int as n from invoices where application_id = $1', [applicationId]);

/** POSTs a provider callback, signed with the provider's sandbox secret unless a signature is given. */
const callback = (provider: 'qpay' | 'mostmoney', body: object, signature?: string) => {
  const raw = JSON.stringify(body);
  return app.request(`/api/payments/${provider}/callback/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Signature': signature ?? signBody(providerSecret(server.secret, provider), raw) },
    body: raw,
  });
};

/** The khan page's form POST as the handed-off browser sends it: the page's token, from this origin. */
const cardForm = (invoice: { id: string; redirect_url: string | null } | undefined, action: string, target: TestApp = app, extra: Record<string, string> = {}) => {
  const handoff = new URL(invoice?.redirect_url ?? '', 'http://localhost').searchParams.get('handoff') ?? '';
  return target.request(`/sandbox/khan/${invoice?.id}/`, {
    method: 'POST',
    headers: { Origin: 'http://localhost', 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ action, handoff, ...extra }),
  });
};

/** The code in the newest text message to `phone` (the test server's outbox). */
const lastCode = async (phone: string) => {
  const { messages } = (await (await app.request(`/api/dev/outbox/?to=${phone}`)).json()) as { messages: Array<{ text: string }> };
  const code = /\b(\d{6})\b/.exec(messages[0]?.text ?? '')?.[1];
  if (!code) throw new Error(`no code sent to ${phone}`);
  return code;
};

const devComplete = (invoiceId: string, result: 'paid' | 'failed', target: TestApp = app) =>
  send(target, 'POST', `/api/dev/payments/${invoiceId}/complete/`, { result });

beforeAll(async () => {
  server = await createTestServer();
  app = server.app();
});
afterAll(() => server?.close());

describe('POST /api/applications/{id}/invoice/', () => {
  it('needs every step first', async () => {
    const draft = await createDraft(app, 100);
    await putStep(app, draft, 'insured', INSURED);
    const { status } = await createInvoice(app, draft, { provider: 'qpay' });
    expect(status).toBe(409);
    const again = await send(app, 'POST', `/api/applications/${draft.application.id}/invoice/`, { provider: 'qpay' }, { ...draft.owner, 'Idempotency-Key': newKey() });
    expect((await rejection(again)).body.message.key).toBe('errors.applicationIncomplete');
  });

  it('makes each provider’s invoice for the quoted fee', async () => {
    const draft = await completeDraft(app);
    const fee = draft.application.quote?.fee;

    const khan = await createInvoice(app, draft, { provider: 'khan' });
    expect(khan.status).toBe(201);
    expect(khan.invoice).toMatchObject({ provider: 'khan', amount: fee, currency: 'MNT', status: 'pending', qr_image: null, deep_links: [], push_sent_to: null });
    expect(khan.invoice?.redirect_url).toMatch(new RegExp(`^/sandbox/khan/${khan.invoice?.id}/\\?handoff=[\\w-]{43}$`));

    const qpay = await createInvoice(app, draft, { provider: 'qpay' });
    expect(qpay.invoice?.qr_image).toMatch(/^data:image\/svg\+xml;base64,/);
    const svg = Buffer.from(qpay.invoice?.qr_image?.split(',')[1] ?? '', 'base64').toString();
    expect(svg).toContain('<svg');
    expect(svg).toContain('<path');
    expect(qpay.invoice?.qr_text).toContain(qpay.invoice?.id.replaceAll('-', ''));
    expect(qpay.invoice?.deep_links.map((link) => link.bank)).toEqual(['khan', 'golomt', 'tdb', 'xac', 'state']);
    expect(qpay.invoice?.redirect_url).toBeNull();

    const mostmoney = await createInvoice(app, draft, { provider: 'mostmoney' });
    expect(mostmoney.invoice?.push_sent_to).toBe('88****12');
    const other = await createInvoice(app, draft, { provider: 'mostmoney', phone: '99112233' });
    expect(other.invoice?.push_sent_to).toBe('99****33');

    const expiresIn = Date.parse(mostmoney.invoice?.expires_at ?? '') - Date.parse(mostmoney.invoice?.created_at ?? '');
    expect(expiresIn).toBe(5 * 60 * 1000);
  });

  it('keeps one payable invoice: a new provider expires the previous one', async () => {
    const draft = await completeDraft(app);
    const khan = await createInvoice(app, draft, { provider: 'khan' });
    const qpay = await createInvoice(app, draft, { provider: 'qpay' });
    expect(qpay.status).toBe(201);
    expect(await readInvoice(app, draft, khan.invoice?.id ?? '')).toMatchObject({ status: 'expired', failure_reason: 'replaced' });
    const application = applicationSchema.parse(await (await send(app, 'GET', `/api/applications/${draft.application.id}/`, undefined, draft.owner)).json());
    expect(application.latest_invoice_id).toBe(qpay.invoice?.id);
  });

  it('answers the same invoice for a repeated key, a double click or two concurrent requests', async () => {
    const draft = await completeDraft(app);
    const key = newKey();
    const first = await createInvoice(app, draft, { provider: 'qpay' }, key);
    const replay = await createInvoice(app, draft, { provider: 'qpay' }, key);
    expect(first.status).toBe(201);
    expect(replay.status).toBe(200);
    expect(replay.invoice).toEqual(first.invoice);
    // A double click with two different keys: the open invoice is answered again.
    const second = await createInvoice(app, draft, { provider: 'qpay' });
    expect(second.status).toBe(200);
    expect(second.invoice?.id).toBe(first.invoice?.id);
    expect(await invoicesOf(draft.application.id)).toBe(1);
    // The key with another body is a conflict.
    expect((await createInvoice(app, draft, { provider: 'khan' }, key)).status).toBe(409);

    const racing = await completeDraft(app);
    const raceKey = newKey();
    const results = await Promise.all([
      createInvoice(app, racing, { provider: 'mostmoney' }, raceKey),
      createInvoice(app, racing, { provider: 'mostmoney' }, raceKey),
      createInvoice(app, racing, { provider: 'mostmoney' }),
    ]);
    expect(results.map((r) => r.status).filter((s) => s === 201)).toHaveLength(1);
    expect(new Set(results.map((r) => r.invoice?.id)).size).toBe(1);
    expect(await invoicesOf(racing.application.id)).toBe(1);
  });

  it('answers 404 without the application key and 400 for a bad body', async () => {
    const draft = await completeDraft(app);
    const stranger: Draft = { ...draft, owner: { 'X-Application-Key': 'nope' } };
    expect((await createInvoice(app, stranger, { provider: 'qpay' })).status).toBe(404);
    const bad = await rejection((await createInvoice(app, draft, { provider: 'paypal', phone: '12' })).response);
    expect(bad.body.fields).toMatchObject({ provider: { key: 'validation.paymentProvider' }, phone: { key: 'validation.phone' } });
    const { invoice } = await createInvoice(app, draft, { provider: 'qpay' });
    expect((await send(app, 'GET', `/api/invoices/${invoice?.id}/`)).status).toBe(404);
    expect((await send(app, 'GET', `/api/invoices/${invoice?.id}/`, undefined, { 'X-Application-Key': 'nope' })).status).toBe(404);
    expect((await send(app, 'GET', '/api/invoices/123/', undefined, draft.owner)).status).toBe(404);
  });

  it('expires an open invoice when a step changes the fee', async () => {
    const draft = await completeDraft(app);
    const { invoice } = await createInvoice(app, draft, { provider: 'qpay' });
    // The same data again (a reload re-sending the step) keeps it.
    await putStep(app, draft, 'plan', PLAN_100);
    expect((await readInvoice(app, draft, invoice?.id ?? '')).status).toBe('pending');
    await putStep(app, draft, 'plan', { ...PLAN_100, sum_insured: 30_000_000 });
    expect(await readInvoice(app, draft, invoice?.id ?? '')).toMatchObject({ status: 'expired', failure_reason: 'replaced' });
  });

  it('reads a pending invoice past its time as expired, and a late failure report changes nothing', async () => {
    const draft = await completeDraft(app);
    const { invoice } = await createInvoice(app, draft, { provider: 'qpay' });
    await server.db.query(`update invoices set expires_at = now() - interval '1 second' where id = $1`, [invoice?.id]);
    expect((await readInvoice(app, draft, invoice?.id ?? '')).status).toBe('expired');
    // (A late *payment* is honoured: see 'never drops a payment on a replaced or expired invoice'.)
    expect((await callback('qpay', { invoice_id: invoice?.id, payment_id: 'QP-LATE', status: 'failed', amount: invoice?.amount })).status).toBe(200);
    expect((await readInvoice(app, draft, invoice?.id ?? '')).status).toBe('expired');
    expect(await policiesOf(draft.application.id)).toBe(0);
    // A new attempt makes a new invoice.
    const retry = await createInvoice(app, draft, { provider: 'qpay' });
    expect(retry.status).toBe(201);
    expect(retry.invoice?.id).not.toBe(invoice?.id);
  });
});

describe('POST /api/invoices/{id}/cancel/', () => {
  it('fails a pending invoice as cancelled for its payer only, keeps the purchase payable, and changes no other status', async () => {
    const draft = await completeDraft(app);
    const { invoice } = await createInvoice(app, draft, { provider: 'qpay' });
    const id = invoice?.id ?? '';
    // Without the application's key it is someone else's: 404, and nothing changes.
    expect((await send(app, 'POST', `/api/invoices/${id}/cancel/`, {})).status).toBe(404);
    expect((await send(app, 'POST', '/api/invoices/not-a-uuid/cancel/', {}, draft.owner)).status).toBe(404);
    expect((await readInvoice(app, draft, id)).status).toBe('pending');
    const cancelled = await send(app, 'POST', `/api/invoices/${id}/cancel/`, {}, draft.owner);
    expect(cancelled.status).toBe(200);
    expect(invoiceSchema.parse(await cancelled.json())).toMatchObject({ id, status: 'failed', failure_reason: 'cancelled' });
    // Paying another way makes a new invoice for the same application.
    const again = await createInvoice(app, draft, { provider: 'khan' });
    expect(again.status).toBe(201);
    expect(again.invoice?.id).not.toBe(id);
    // A paid invoice is not cancelled.
    await devComplete(again.invoice?.id ?? '', 'paid');
    const late = await send(app, 'POST', `/api/invoices/${again.invoice?.id}/cancel/`, {}, draft.owner);
    expect(invoiceSchema.parse(await late.json()).status).toBe('paid');
    expect(await policiesOf(draft.application.id)).toBe(1);
  });
});

describe('callbacks', () => {
  it('refuses a callback whose signature does not verify, changing nothing', async () => {
    const draft = await completeDraft(app);
    const { invoice } = await createInvoice(app, draft, { provider: 'qpay' });
    const body = { invoice_id: invoice?.id, payment_id: 'QP-1', status: 'paid', amount: invoice?.amount };
    for (const signature of ['', 'sha256=00', signBody('another-secret', JSON.stringify(body)), signBody(providerSecret(server.secret, 'mostmoney'), JSON.stringify(body))]) {
      const { status, body: error } = await rejection(await callback('qpay', body, signature));
      expect({ status, error }).toEqual({ status: 401, error: { message: { key: 'errors.invalidSignature' } } });
    }
    // Signed for one body, sent with another.
    const tampered = await app.request('/api/payments/qpay/callback/', {
      method: 'POST',
      headers: { 'X-Signature': signBody(providerSecret(server.secret, 'qpay'), JSON.stringify(body)) },
      body: JSON.stringify({ ...body, amount: 1 }),
    });
    expect(tampered.status).toBe(401);
    expect((await readInvoice(app, draft, invoice?.id ?? '')).status).toBe('pending');
  });

  it('pays once: one policy however often the provider repeats its callback', async () => {
    const draft = await completeDraft(app);
    const { invoice } = await createInvoice(app, draft, { provider: 'qpay' });
    const body = { invoice_id: invoice?.id, payment_id: 'QP-42', status: 'paid', amount: invoice?.amount };
    const answers = await Promise.all([callback('qpay', body), callback('qpay', body), callback('qpay', body)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(await answers[0]?.json()).toEqual({ received: true });
    expect((await callback('qpay', { ...body, status: 'failed' })).status).toBe(200);
    const paid = await readInvoice(app, draft, invoice?.id ?? '');
    expect(paid.status).toBe('paid');
    expect(paid.paid_at).not.toBeNull();
    expect(paid.policy_number).toMatch(/^LI-\d{4}-\d{6}$/);
    expect(await policiesOf(draft.application.id)).toBe(1);
    expect(await count('select count(*)::int as n from policy_payments pp join policies p on p.id = pp.policy_id where p.application_id = $1', [draft.application.id])).toBe(1);
  });

  it('never drops a payment on a replaced or expired invoice: honoured while unpaid, else marked for refund', async () => {
    const payments = (invoiceId: string) =>
      server.db.query<{ outcome: string; provider_payment_id: string }>('select outcome, provider_payment_id from provider_payments where invoice_id = $1', [invoiceId]);
    // The buyer opened a QR invoice, then switched to mobile money (the QR one is replaced), but paid the QR.
    const draft = await completeDraft(app);
    const { invoice: qr } = await createInvoice(app, draft, { provider: 'qpay' });
    const { invoice: mobile } = await createInvoice(app, draft, { provider: 'mostmoney' });
    expect(await readInvoice(app, draft, qr?.id ?? '')).toMatchObject({ status: 'expired', failure_reason: 'replaced' });
    expect((await callback('qpay', { invoice_id: qr?.id, payment_id: 'QP-LATE-1', status: 'paid', amount: qr?.amount })).status).toBe(200);
    const honoured = await readInvoice(app, draft, qr?.id ?? '');
    expect(honoured).toMatchObject({ status: 'paid', failure_reason: null, refund_due: false, policy_number: expect.stringMatching(/^LI-/) });
    expect(await policiesOf(draft.application.id)).toBe(1);
    expect((await readInvoice(app, draft, mobile?.id ?? '')).status).toBe('expired');
    expect((await payments(qr?.id ?? '')).rows).toEqual([{ outcome: 'honoured', provider_payment_id: 'QP-LATE-1' }]);
    // Then the mobile-money payment arrives too: the application is paid, so it is kept for refund, and
    // its payer reads that (not 'expired').
    expect((await callback('mostmoney', { invoice_id: mobile?.id, payment_id: 'MM-LATE-2', status: 'paid', amount: mobile?.amount })).status).toBe(200);
    expect(await readInvoice(app, draft, mobile?.id ?? '')).toMatchObject({ status: 'refund_due', refund_due: true, policy_number: null });
    expect((await payments(mobile?.id ?? '')).rows).toEqual([{ outcome: 'refund_due', provider_payment_id: 'MM-LATE-2' }]);
    expect(await policiesOf(draft.application.id)).toBe(1);

    // An invoice whose time ran out, paid late, still makes the policy.
    const late = await completeDraft(app);
    const { invoice } = await createInvoice(app, late, { provider: 'qpay' });
    await server.db.query(`update invoices set expires_at = now() - interval '1 minute' where id = $1`, [invoice?.id]);
    expect((await readInvoice(app, late, invoice?.id ?? '')).status).toBe('expired');
    await callback('qpay', { invoice_id: invoice?.id, payment_id: 'QP-LATE-3', status: 'paid', amount: invoice?.amount });
    expect(await readInvoice(app, late, invoice?.id ?? '')).toMatchObject({ status: 'paid', policy_number: expect.stringMatching(/^LI-/) });
    expect(await policiesOf(late.application.id)).toBe(1);
  });

  it('refuses a wrong amount, another provider’s invoice, an unknown invoice and a bad body', async () => {
    const draft = await completeDraft(app);
    const { invoice } = await createInvoice(app, draft, { provider: 'mostmoney' });
    const body = { invoice_id: invoice?.id, payment_id: 'MM-1', status: 'paid', amount: (invoice?.amount ?? 0) + 1 };
    expect((await callback('mostmoney', body)).status).toBe(400);
    expect((await callback('qpay', { ...body, amount: invoice?.amount })).status).toBe(400);
    expect((await callback('mostmoney', { ...body, invoice_id: '00000000-0000-4000-8000-000000000000', amount: invoice?.amount })).status).toBe(404);
    // A NUL byte in any field is a 400 on that field, never a 500.
    const nul = await rejection(await callback('mostmoney', { invoice_id: invoice?.id, payment_id: 'MM-\u0000', status: 'paid', amount: invoice?.amount }));
    expect(nul).toEqual({ status: 400, body: { message: { key: 'errors.invalidRequest' }, fields: { payment_id: { key: 'validation.invalidCharacters', values: {} } } } });
    const bad = await rejection(await callback('mostmoney', { invoice_id: invoice?.id }));
    expect(Object.keys(bad.body.fields ?? {})).toEqual(expect.arrayContaining(['payment_id', 'status', 'amount']));
    expect((await readInvoice(app, draft, invoice?.id ?? '')).status).toBe('pending');
  });

  it('fails a payment on a failed callback; a new attempt makes a new invoice and nothing is re-entered', async () => {
    const draft = await completeDraft(app);
    const { invoice } = await createInvoice(app, draft, { provider: 'mostmoney' });
    await callback('mostmoney', { invoice_id: invoice?.id, payment_id: 'MM-2', status: 'failed', amount: invoice?.amount, failure_reason: 'insufficient_funds' });
    expect(await readInvoice(app, draft, invoice?.id ?? '')).toMatchObject({ status: 'failed', failure_reason: 'insufficient_funds', policy_number: null });
    const retry = await createInvoice(app, draft, { provider: 'mostmoney' });
    expect(retry.status).toBe(201);
    expect(retry.invoice?.amount).toBe(invoice?.amount);
    await devComplete(retry.invoice?.id ?? '', 'paid');
    expect((await readInvoice(app, draft, retry.invoice?.id ?? '')).status).toBe('paid');
    expect(await policiesOf(draft.application.id)).toBe(1);
  });
});

describe('the khan card sandbox', () => {
  it('shows a card page without inline script and returns to the success page after Pay', async () => {
    const draft = await completeDraft(app);
    const { invoice } = await createInvoice(app, draft, { provider: 'khan' });
    const page = await app.request(invoice?.redirect_url ?? '');
    expect(page.status).toBe(200);
    expect(page.headers.get('Content-Security-Policy')).toContain("script-src 'self'");
    const html = await page.text();
    expect(html).toContain(`action="/sandbox/khan/${invoice?.id}/"`);
    expect(html).toContain('value="pay"');
    expect(html).toContain('value="decline"');
    expect(html).not.toMatch(/<script|style=/i);
    const css = await app.request('/sandbox/sandbox.css');
    expect(css.headers.get('Content-Type')).toContain('text/css');

    expect(html).toContain(`name="handoff" value="${new URL(invoice?.redirect_url ?? '', 'http://localhost').searchParams.get('handoff')}"`);
    const pay = await cardForm(invoice, 'pay', app, { card: '4000' });
    expect(pay.status).toBe(303);
    expect(pay.headers.get('Location')).toBe(`/insurance/buy/payment/status/khan/success/?invoice=${invoice?.id}`);
    expect(await readInvoice(app, draft, invoice?.id ?? '')).toMatchObject({ status: 'paid', policy_number: expect.stringMatching(/^LI-/) });
    // Pressing Pay again, or Decline after paying, changes nothing.
    const again = await cardForm(invoice, 'decline');
    expect(again.headers.get('Location')).toBe(`/insurance/buy/payment/status/khan/success/?invoice=${invoice?.id}`);
    expect((await app.request(invoice?.redirect_url ?? '')).headers.get('Location')).toContain('/khan/success/');
    expect(await policiesOf(draft.application.id)).toBe(1);
  });

  it('returns to the fail page after Decline', async () => {
    const draft = await completeDraft(app);
    const { invoice } = await createInvoice(app, draft, { provider: 'khan' });
    const decline = await cardForm(invoice, 'decline');
    expect(decline.status).toBe(303);
    expect(decline.headers.get('Location')).toBe(`/insurance/buy/payment/status/khan/fail/?invoice=${invoice?.id}`);
    expect(await readInvoice(app, draft, invoice?.id ?? '')).toMatchObject({ status: 'failed', failure_reason: 'declined' });
    expect(await policiesOf(draft.application.id)).toBe(0);
  });

  it('acts only for the browser handed off to it: the invoice’s token, from this origin, a small form', async () => {
    const draft = await completeDraft(app);
    const { invoice } = await createInvoice(app, draft, { provider: 'khan' });
    const other = await createInvoice(app, await completeDraft(app), { provider: 'khan' });
    const id = invoice?.id ?? '';
    const post = (headers: Record<string, string>, body: Record<string, string>) =>
      app.request(`/sandbox/khan/${id}/`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers }, body: new URLSearchParams(body) });
    // The bare page (no token) and another invoice's token show nothing and cannot pay.
    expect((await app.request(`/sandbox/khan/${id}/`)).status).toBe(403);
    const otherToken = new URL(other.invoice?.redirect_url ?? '', 'http://localhost').searchParams.get('handoff') ?? '';
    expect((await app.request(`/sandbox/khan/${id}/?handoff=${otherToken}`)).status).toBe(403);
    expect((await post({ Origin: 'http://localhost' }, { action: 'pay' })).status).toBe(403);
    expect((await post({ Origin: 'http://localhost' }, { action: 'decline', handoff: otherToken })).status).toBe(403);
    // The right token from another site, or without an Origin, is refused too.
    const token = new URL(invoice?.redirect_url ?? '', 'http://localhost').searchParams.get('handoff') ?? '';
    expect((await post({ Origin: 'https://evil.example' }, { action: 'pay', handoff: token })).status).toBe(403);
    expect((await post({}, { action: 'decline', handoff: token })).status).toBe(403);
    expect((await post({ Origin: 'http://localhost', 'Sec-Fetch-Site': 'cross-site' }, { action: 'pay', handoff: token })).status).toBe(403);
    // A huge form is refused before it is read.
    const huge = await post({ Origin: 'http://localhost' }, { action: 'pay', handoff: token, card: 'x'.repeat(64 * 1024) });
    expect(huge.status).toBe(413);
    expect(await readInvoice(app, draft, id)).toMatchObject({ status: 'pending' });
    expect(await policiesOf(draft.application.id)).toBe(0);
    // The handed-off browser pays.
    expect((await cardForm(invoice, 'pay')).status).toBe(303);
    expect((await readInvoice(app, draft, id)).status).toBe('paid');
  });

  it('answers 404 for an unknown invoice or another provider’s', async () => {
    const draft = await completeDraft(app);
    const { invoice } = await createInvoice(app, draft, { provider: 'qpay' });
    expect((await app.request(`/sandbox/khan/${invoice?.id}/`)).status).toBe(404);
    expect((await app.request('/sandbox/khan/nope/')).status).toBe(404);
  });
});

describe('the development completion endpoint', () => {
  it('completes a QR or mobile-money payment with a signed callback and answers the invoice', async () => {
    for (const provider of ['qpay', 'mostmoney'] as const) {
      const draft = await completeDraft(app);
      const { invoice } = await createInvoice(app, draft, { provider });
      const response = await devComplete(invoice?.id ?? '', 'paid');
      expect(response.status).toBe(200);
      const paid = invoiceSchema.parse(await response.json());
      expect(paid).toMatchObject({ id: invoice?.id, status: 'paid' });
      expect(paid.policy_number).not.toBeNull();
      const failedDraft = await completeDraft(app);
      const failed = await createInvoice(app, failedDraft, { provider });
      expect(invoiceSchema.parse(await (await devComplete(failed.invoice?.id ?? '', 'failed')).json()).status).toBe('failed');
    }
    expect((await rejection(await send(app, 'POST', '/api/dev/payments/00000000-0000-4000-8000-000000000000/complete/', { result: 'paid' }))).status).toBe(404);
    expect((await rejection(await send(app, 'POST', '/api/dev/payments/00000000-0000-4000-8000-000000000000/complete/', { result: 'maybe' }))).status).toBe(400);
  });

  it('does not exist without devTools', async () => {
    const production = server.app({ devTools: false });
    const draft = await completeDraft(production);
    const { invoice } = await createInvoice(production, draft, { provider: 'qpay' });
    const { status, body } = await rejection(await devComplete(invoice?.id ?? '', 'paid', production));
    expect({ status, body }).toEqual({ status: 404, body: { message: { key: 'errors.notFound' } } });
    // No sandbox page either: the path falls through to the SPA (here without a build: 503).
    expect(await (await production.request(`/sandbox/dev/${invoice?.id}/`)).text()).not.toContain('Complete payment');
    expect((await readInvoice(production, draft, invoice?.id ?? '')).status).toBe('pending');
  });
});

describe('a paid purchase', () => {
  it('closes the application and appears in /api/contracts/ for the user with the insured register number', async () => {
    // A visitor buys for the person registered as user2 (ЧД88120345).
    const draft = await completeDraft(app);
    const { invoice } = await createInvoice(app, draft, { provider: 'qpay' });
    await devComplete(invoice?.id ?? '', 'paid');
    const application = applicationSchema.parse(await (await send(app, 'GET', `/api/applications/${draft.application.id}/`, undefined, draft.owner)).json());
    expect(application.status).toBe('paid');
    expect(application.policy_number).toMatch(/^LI-/);

    expect((await rejection(await putStep(app, draft, 'plan', PLAN_100))).body.message.key).toBe('errors.applicationClosed');
    expect((await rejection((await createInvoice(app, draft, { provider: 'khan' })).response)).body.message.key).toBe('errors.applicationClosed');

    const user2 = { Authorization: `Bearer ${await tokenFor(server.db, server.secret, 'user2@example.com')}` };
    const { contracts } = contractListSchema.parse(await (await send(app, 'GET', '/api/contracts/', undefined, user2)).json());
    const bought = contracts.find((c) => c.contract_number === application.policy_number);
    expect(bought).toMatchObject({ product_id: 100, status: 'active', fee_frequency: 'monthly', fee_amount: application.quote?.fee, insurer: 'Ганболд Сарангэрэл' });
    const detail = contractDetailSchema.parse(await (await send(app, 'GET', `/api/contracts/${bought?.id}/`, undefined, user2)).json());
    expect(detail).toMatchObject({ owner: 'Ганболд Сарангэрэл', sum_insured: 20_000_000, duration_years: 10, paid_total: application.quote?.fee, savings: null });
    expect(detail.payments).toEqual([expect.objectContaining({ amount: application.quote?.fee, method: 'qpay' })]);
    expect(detail.fee_schedule).toHaveLength(120);
    expect(detail.fee_schedule[0]?.status).toBe('paid');
    expect(detail.beneficiaries).toEqual([
      { name: 'Ганболд Болормаа', relationship: 4, share: 70 },
      { name: 'Ганболд Тэмүүжин', relationship: 9, share: 30 },
    ]);

    const demo = { Authorization: `Bearer ${await tokenFor(server.db, server.secret, 'demo@example.com')}` };
    const demoList = contractListSchema.parse(await (await send(app, 'GET', '/api/contracts/', undefined, demo)).json());
    expect(demoList.contracts.map((c) => c.contract_number)).not.toContain(application.policy_number);
  });

  it('makes a visitor insured for the first time a customer who can register online', async () => {
    const newcomer = { ...INSURED, register: 'ЭЗ99010203', phone: '95112233', first_name: 'Анударь', last_name: 'Очир' };
    const register = (phone: string) =>
      send(app, 'POST', '/api/account/register/', { email: 'anudari@example.mn', password: 'secret12', register: newcomer.register, phone });
    // Before the purchase the insurer does not know them.
    expect((await rejection(await register(newcomer.phone))).body.message.key).toBe('errors.invalidInformation');

    const draft = await completeDraft(app, newcomer);
    const { invoice } = await createInvoice(app, draft, { provider: 'mostmoney', phone: newcomer.phone });
    await devComplete(invoice?.id ?? '', 'paid');

    // The purchase alone writes no customer record; another phone cannot register.
    expect(await count('select count(*)::int as n from partners where register = $1', [newcomer.register])).toBe(0);
    expect((await register('99999999')).status).toBe(422);
    const accepted = await register(newcomer.phone);
    expect(accepted.status).toBe(200);
    // Confirming the code sent to the purchase's phone makes them a customer with the policy.
    const { ticket } = (await accepted.json()) as { ticket: string };
    const confirmed = await send(app, 'POST', '/api/account/register/confirm/', { ticket, code: await lastCode(newcomer.phone) });
    expect(confirmed.status).toBe(200);
    expect(await count('select count(*)::int as n from partners where register = $1 and phone = $2', [newcomer.register, newcomer.phone])).toBe(1);
    const { access } = (await confirmed.json()) as { access: string };
    const { contracts } = contractListSchema.parse(await (await send(app, 'GET', '/api/contracts/', undefined, { Authorization: `Bearer ${access}` })).json());
    expect(contracts.map((c) => c.insurer)).toEqual(['Очир Анударь']);
  });

  it('never lets a purchase claim a register number or add a policy to someone else’s account', async () => {
    const buyFor = async (register: string, phone: string) => {
      const draft = await completeDraft(app, { ...INSURED, register, phone, first_name: 'Хулгайч', last_name: 'Танихгүй' });
      const { invoice } = await createInvoice(app, draft, { provider: 'qpay' });
      await devComplete(invoice?.id ?? '', 'paid');
      return (await readInvoice(app, draft, invoice?.id ?? '')).policy_number;
    };
    // A stranger buys for user2 (an account) with their own phone: nothing appears in user2's account.
    const user2 = { Authorization: `Bearer ${await tokenFor(server.db, server.secret, 'user2@example.com')}` };
    const strangers = await buyFor('ЧД88120345', '95550001');
    const { contracts } = contractListSchema.parse(await (await send(app, 'GET', '/api/contracts/', undefined, user2)).json());
    expect(contracts.map((c) => c.contract_number)).not.toContain(strangers);

    // A stranger buys for a customer without an account (ЛК91122878, phone 99001109) with their phone:
    // the customer record keeps its phone, the stranger cannot register, the real person still can.
    await buyFor('ЛК91122878', '95550002');
    expect(await count(`select count(*)::int as n from partners where register = 'ЛК91122878' and phone = '99001109'`, [])).toBe(1);
    const register = (phone: string) =>
      send(app, 'POST', '/api/account/register/', { email: `lk-${phone}@example.mn`, password: 'secret12', register: 'ЛК91122878', phone });
    expect((await register('95550002')).status).toBe(422);
    const real = await register('99001109');
    expect(real.status).toBe(200);
    const { ticket } = (await real.json()) as { ticket: string };
    const confirmed = await send(app, 'POST', '/api/account/register/confirm/', { ticket, code: await lastCode('99001109') });
    const { access } = (await confirmed.json()) as { access: string };
    const own = contractListSchema.parse(await (await send(app, 'GET', '/api/contracts/', undefined, { Authorization: `Bearer ${access}` })).json());
    expect(own.contracts.map((c) => c.insurer)).not.toContain('Танихгүй Хулгайч');
    expect(own.contracts).toHaveLength(1);
  });

  it('belongs to the signed-in buyer’s account', async () => {
    const token = await tokenFor(server.db, server.secret, 'demo@example.com');
    // The demo user buys for someone else (no account), so only ownership links it.
    const draft = await completeDraft(app, { ...INSURED, register: 'УБ75030512', first_name: 'Дорж', last_name: 'Ням' }, token);
    const { invoice } = await createInvoice(app, draft, { provider: 'khan' });
    await cardForm(invoice, 'pay');
    const { contracts } = contractListSchema.parse(await (await send(app, 'GET', '/api/contracts/', undefined, { Authorization: `Bearer ${token}` })).json());
    const bought = contracts.find((c) => c.insurer === 'Ням Дорж');
    expect(bought).toBeDefined();
    const detail = contractDetailSchema.parse(await (await send(app, 'GET', `/api/contracts/${bought?.id}/`, undefined, { Authorization: `Bearer ${token}` })).json());
    expect(detail.owner).toBe('Дорж Бат-Эрдэнэ');
    expect(detail.insurer_register).toBe('УБ******12');
  });
});
