/**
 * Fees (issue 14): the schedule kept per policy, the due fees across a user's policies, the /fee
 * access by register number + contract phone + code, paying chosen fees once (idempotent, never twice),
 * and that no endpoint shows one user's policies, fees, payments or accesses to another (user2).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiErrorSchema } from '../../contract/error.schema';
import { DUE_FEES_SHOWN, dueFeesSchema, feeAccessSchema, feeListSchema, feePaymentSchema, MAX_FEES_PER_PAYMENT } from '../../contract/fee.schema';
import { invoiceSchema } from '../../contract/payment.schema';
import { contractDetailSchema, contractListSchema, todayInMongolia } from '../../contract/insurance.schema';
import { loadMigrations } from '../../server/db/migrate';
import { writeSchedule } from '../../server/insurance/fee-schedule.repo';
import { createTestServer, type TestServer } from '../../server/testing';
import { completeDraft, createInvoice, newKey, send, tokenFor, type TestApp } from './support/purchase';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 120_000 });

let server: TestServer;
let app: TestApp;
let demoToken: string;
let user2Token: string;
const bearer = (token: string) => ({ Authorization: `Bearer ${token}`, 'Accept-Language': 'en' });

const lastCode = async (phone: string) => {
  const response = await app.request(`/api/dev/outbox/?to=${phone}`);
  const [message] = ((await response.json()) as { messages: Array<{ text: string }> }).messages;
  const code = /\b(\d{6})\b/.exec(message?.text ?? '')?.[1];
  if (!code) throw new Error(`no code to ${phone}`);
  return code;
};

const policyId = async (token: string, contractNumber: string) => {
  const { contracts } = contractListSchema.parse(await (await send(app, 'GET', '/api/contracts/', undefined, bearer(token))).json());
  const id = contracts.find((c) => c.contract_number === contractNumber)?.id;
  if (id === undefined) throw new Error(`no ${contractNumber}`);
  return id;
};

beforeAll(async () => {
  server = await createTestServer();
  app = server.app();
  demoToken = await tokenFor(server.db, server.secret, 'demo@example.com');
  user2Token = await tokenFor(server.db, server.secret, 'user2@example.com');
});
afterAll(() => server?.close());

describe('fee schedule', () => {
  it('keeps a schedule per policy: the demo life policy has two overdue fees and one due', async () => {
    const id = await policyId(demoToken, 'LI-2023-000184');
    const response = await send(app, 'GET', `/api/contracts/${id}/fees/`, undefined, bearer(demoToken));
    expect(response.status).toBe(200);
    const { fees } = feeListSchema.parse(await response.json());
    expect(fees).toHaveLength(240);
    expect(fees.filter((fee) => fee.status === 'overdue')).toHaveLength(2);
    expect(fees.filter((fee) => fee.status === 'due').length).toBeGreaterThanOrEqual(1);
    const today = todayInMongolia();
    for (const fee of fees.filter((item) => item.status === 'paid')) expect(fee.due_date < today).toBe(true);
    // The detail page reads the same rows.
    const detail = contractDetailSchema.parse(await (await send(app, 'GET', `/api/contracts/${id}/`, undefined, bearer(demoToken))).json());
    expect(detail.fee_schedule.map((fee) => fee.status)).toEqual(fees.map((fee) => fee.status));
    expect(detail.fee_schedule.map((fee) => fee.id)).toEqual(fees.map((fee) => fee.id));
  });

  it('lists every due and overdue fee across my policies, oldest first, and none of another user', async () => {
    const response = await send(app, 'GET', '/api/fees/due/', undefined, bearer(demoToken));
    expect(response.status).toBe(200);
    const { fees, total, more } = dueFeesSchema.parse(await response.json());
    const numbers = new Set(fees.map((fee) => fee.contract_number));
    expect(numbers).toEqual(new Set(['LI-2023-000184', 'TS-2022-004512']));
    expect(fees.every((fee) => fee.status === 'due' || fee.status === 'overdue')).toBe(true);
    expect(fees.map((fee) => fee.due_date)).toEqual([...fees.map((fee) => fee.due_date)].sort());
    // Fewer than a payment's worth: all of them are listed, and the totals are theirs.
    expect(more).toBe(false);
    expect(total).toEqual({
      count: fees.length,
      amount: fees.reduce((sum, fee) => sum + fee.amount, 0),
      overdue: fees.filter((fee) => fee.status === 'overdue').length,
    });
    const other = dueFeesSchema.parse(await (await send(app, 'GET', '/api/fees/due/', undefined, bearer(user2Token))).json());
    expect(other.fees.some((fee) => numbers.has(fee.contract_number))).toBe(false);
    expect((await send(app, 'GET', '/api/fees/due/')).status).toBe(401);
  });

  it('lists one payment\'s worth of due fees, the earliest first, with the totals over all of them, for any number of policies', async () => {
    // 40 policies of one user in force (one lapsed), each with an overdue fee and a due one, and fees that are not
    // listed: paid, upcoming, and those of a cancelled policy.
    const token = await tokenFor(server.db, server.secret, 'cm-resume@example.com');
    const { rows: owner } = await server.db.query<{ id: number }>("select id from users where email = 'cm-resume@example.com'");
    const today = todayInMongolia();
    const { rows: policies } = await server.db.query<{ id: number; contract_number: string }>(
      `insert into policies (user_id, contract_number, product_id, start_date, end_date, fee_amount, fee_frequency, status)
       select $1, 'DUE-' || lpad(n::text, 3, '0'), (select min(id) from products), date '2020-01-01', date '2040-01-01', 1000 + n, 'monthly',
              case when n = 41 then 'cancelled' when n = 7 then 'lapsed' else 'active' end
         from generate_series(1, 41) n returning id, contract_number`,
      [owner[0]!.id],
    );
    const numberOf = new Map(policies.map((policy) => [policy.id, policy.contract_number]));
    // Policy n: overdue on today − (50 − n) days (a few share a day: 'DUE-001' and 'DUE-002' then order by number), due on today + 5.
    await server.db.query(
      `insert into fee_schedule (policy_id, seq, due_date, amount, paid_at)
       select p.id, k, case k when 1 then $1::date - (50 - least(substring(p.contract_number, 5)::int, 20)) when 2 then $1::date + 5
                              when 3 then $1::date + 60 else $1::date - 400 end,
              100 * substring(p.contract_number, 5)::int + k, case when k = 4 then now() end
         from policies p, generate_series(1, 4) k where p.contract_number like 'DUE-%'`,
      [today],
    );
    const response = await send(app, 'GET', '/api/fees/due/', undefined, bearer(token));
    expect(response.status).toBe(200);
    const { fees, total, more } = dueFeesSchema.parse(await response.json());
    // Totals count every due and overdue fee of the user's policies in force: the 80 above and the seeded policy's.
    const { rows: expected } = await server.db.query<{ count: number; amount: number; overdue: number }>(
      `select count(*)::int as count, sum(s.amount)::int as amount, (count(*) filter (where s.due_date < $1::date))::int as overdue
         from fee_schedule s join policies p on p.id = s.policy_id
        where p.user_id = $2 and p.status in ('active', 'lapsed') and s.paid_at is null and s.due_date <= $1::date + 31`,
      [today, owner[0]!.id],
    );
    expect(expected[0]!.count).toBeGreaterThanOrEqual(80);
    expect(expected[0]!.overdue).toBeGreaterThanOrEqual(40);
    expect(total).toEqual(expected[0]);
    expect(more).toBe(true);
    // One payment's worth, all payable at once: the earliest overdue fees, by date, then contract number.
    expect(DUE_FEES_SHOWN).toBeLessThanOrEqual(MAX_FEES_PER_PAYMENT);
    expect(fees).toHaveLength(DUE_FEES_SHOWN);
    expect(fees.every((fee) => fee.status === 'overdue' && numberOf.has(fee.policy_id))).toBe(true);
    const order = [...fees].sort((a, b) => a.due_date.localeCompare(b.due_date) || a.contract_number.localeCompare(b.contract_number));
    expect(fees.map((fee) => fee.id)).toEqual(order.map((fee) => fee.id));
    expect(fees.map((fee) => fee.contract_number)).toEqual(Array.from({ length: DUE_FEES_SHOWN }, (_, index) => `DUE-${String(index + 1).padStart(3, '0')}`));
    expect(fees.map((fee) => fee.contract_number)).not.toContain('DUE-041');
    // These fees can be paid in one payment.
    const created = await send(app, 'POST', '/api/fee-payments/', { items: fees.map((fee) => fee.id), provider: 'qpay' }, { ...bearer(token), 'Idempotency-Key': newKey() });
    expect(created.status).toBe(201);
  });

  it("answers 404 for another user's policy schedule", async () => {
    const id = await policyId(demoToken, 'LI-2023-000184');
    expect((await send(app, 'GET', `/api/contracts/${id}/fees/`, undefined, bearer(user2Token))).status).toBe(404);
    expect((await send(app, 'GET', `/api/contracts/${id}/fees/`)).status).toBe(401);
    expect((await send(app, 'GET', '/api/contracts/abc/fees/', undefined, bearer(demoToken))).status).toBe(404);
  });
});

describe('/fee access by register number, contract phone and code', () => {
  const person = { register: 'УЕ95031218', phone: '99001101' };

  it('refuses an unknown register number, a wrong phone and a person without a policy with one answer, byte for byte', async () => {
    const ask = async (body: object) => {
      const response = await send(app, 'POST', '/api/fee-access/', body, bearer(user2Token));
      return { status: response.status, type: response.headers.get('content-type'), body: await response.text() };
    };
    const wrongPhone = await ask({ register: person.register, phone: '99009999' });
    const unknownRegister = await ask({ register: 'ЖЖ90010112', phone: person.phone });
    const noPolicy = await ask({ register: 'ЗА01230155', phone: '99001199' });
    expect(wrongPhone.status).toBe(422);
    expect(apiErrorSchema.parse(JSON.parse(wrongPhone.body)).message).toEqual({ key: 'errors.policyNoMatch' });
    expect(unknownRegister).toEqual(wrongPhone);
    expect(noPolicy).toEqual(wrongPhone);
  });

  it('sends a code; a wrong code is refused with the tries left; the right one shows the due fees; only to its user', async () => {
    const started = await send(app, 'POST', '/api/fee-access/', person, { ...bearer(user2Token), 'Idempotency-Key': newKey() });
    expect(started.status).toBe(201);
    const access = feeAccessSchema.parse(await started.json());
    expect(access).toMatchObject({ confirmed: false, policy: null, fees: [], phone: '99****01' });
    // Nobody else reads or confirms it.
    expect((await send(app, 'GET', `/api/fee-access/${access.id}/`, undefined, bearer(demoToken))).status).toBe(404);
    const code = await lastCode(person.phone);
    expect((await send(app, 'POST', `/api/fee-access/${access.id}/confirm/`, { code }, bearer(demoToken))).status).toBe(404);
    expect((await send(app, 'POST', `/api/fee-access/${access.id}/resend/`, {}, bearer(demoToken))).status).toBe(404);
    // Its own user waits like for a registration code: no second code inside the minute.
    const early = await send(app, 'POST', `/api/fee-access/${access.id}/resend/`, {}, bearer(user2Token));
    expect(early.status).toBe(429);
    expect(apiErrorSchema.parse(await early.json()).message.key).toBe('errors.resendTooSoon');
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const refused = await send(app, 'POST', `/api/fee-access/${access.id}/confirm/`, { code: wrong }, bearer(user2Token));
    expect(refused.status).toBe(422);
    expect(apiErrorSchema.parse(await refused.json()).message).toEqual({ key: 'errors.codeIncorrect', values: { attempts: 4 } });
    const confirmed = await send(app, 'POST', `/api/fee-access/${access.id}/confirm/`, { code }, bearer(user2Token));
    expect(confirmed.status).toBe(200);
    const open = feeAccessSchema.parse(await confirmed.json());
    expect(open.confirmed).toBe(true);
    expect(open.policy?.contract_number).toBe('BR-2024-000500');
    expect(open.policy?.insurer).toBe('Б*** Э***');
    expect(open.fees.length).toBeGreaterThan(0);
    // A reload reads the same.
    const again = feeAccessSchema.parse(await (await send(app, 'GET', `/api/fee-access/${access.id}/`, undefined, bearer(user2Token))).json());
    expect(again.fees.map((fee) => fee.id)).toEqual(open.fees.map((fee) => fee.id));
  });
});

describe('/fee look-up throttle', () => {
  // Other users than the tests around use, so their per-account counts stay untouched.
  const behindProxy = () => server.app({ trustedProxies: 1 });
  let nextAddress = 1;
  const newAddress = () => `192.0.2.${nextAddress++}`;
  const lookUp = (throttled: TestApp, token: string, address: string, body: { register: string; phone: string }) =>
    send(throttled, 'POST', '/api/fee-access/', body, { ...bearer(token), 'X-Forwarded-For': address });
  const textsTo = async (phone: string) =>
    (await server.db.query<{ n: number }>('select count(*)::int as n from sms_log where phone = $1', [phone])).rows[0]?.n ?? 0;
  const expectTryAgain = async (response: Response) => {
    expect(response.status).toBe(429);
    expect(Number(response.headers.get('Retry-After'))).toBeGreaterThan(800);
    expect(apiErrorSchema.parse(await response.json()).message).toEqual({ key: 'errors.tryAgainIn', values: { minutes: 15 } });
  };

  it('refuses the 6th look-up of one register number in 15 minutes, whoever asks from wherever, before texting anyone', async () => {
    const throttled = behindProxy();
    const holder = { register: 'ЕР92070815', phone: '99001103' };
    const askers = await Promise.all(['cm-resume@example.com', 'cm-new@example.com'].map((email) => tokenFor(server.db, server.secret, email)));
    for (let i = 0; i < 5; i++) {
      const response = await lookUp(throttled, askers[i % 2] ?? '', newAddress(), { register: holder.register, phone: `9900${String(2000 + i)}` });
      expect(response.status).toBe(422);
    }
    const texts = await textsTo(holder.phone);
    // The right phone now: refused all the same, and no code goes out.
    await expectTryAgain(await lookUp(throttled, askers[0] ?? '', newAddress(), holder));
    expect(await textsTo(holder.phone)).toBe(texts);
  });

  it('refuses the 11th look-up of one account, from any address', async () => {
    const throttled = behindProxy();
    const token = await tokenFor(server.db, server.secret, 'cm-nocard@example.com');
    for (let i = 0; i < 10; i++) {
      const response = await lookUp(throttled, token, newAddress(), { register: `ЮЯ900101${String(i).padStart(2, '0')}`, phone: '99998888' });
      expect(response.status).toBe(422);
    }
    await expectTryAgain(await lookUp(throttled, token, newAddress(), { register: 'ЮЯ90010150', phone: '99998888' }));
  });

  it('refuses the 31st look-up from one address, whichever account asks', async () => {
    const throttled = behindProxy();
    const address = newAddress();
    const tokens = await Promise.all(['cm-inactive@example.com', 'cm-depleted@example.com', 'demo@example.com'].map((email) => tokenFor(server.db, server.secret, email)));
    for (let i = 0; i < 30; i++) {
      const response = await lookUp(throttled, tokens[i % 3] ?? '', address, { register: `ЮБ900101${String(i).padStart(2, '0')}`, phone: '99998888' });
      expect(response.status).toBe(422);
    }
    await expectTryAgain(await lookUp(throttled, await tokenFor(server.db, server.secret, 'cm-resume@example.com'), address, { register: 'ЮБ90010150', phone: '99998888' }));
  });
});

describe('paying fees', () => {
  const dueOf = async (token: string) => dueFeesSchema.parse(await (await send(app, 'GET', '/api/fees/due/', undefined, bearer(token))).json()).fees;
  const pay = (token: string, body: object, key = newKey()) => send(app, 'POST', '/api/fee-payments/', body, { ...bearer(token), 'Idempotency-Key': key });
  const complete = (invoiceId: string, result: 'paid' | 'failed' = 'paid') => send(app, 'POST', `/api/dev/payments/${invoiceId}/complete/`, { result });

  it('pays two fees in one payment: marked paid at once, one payment per policy in the history, a notification, and never twice', async () => {
    const due = await dueOf(demoToken);
    const overdue = due.filter((fee) => fee.status === 'overdue');
    const chosen = [overdue[0], due.find((fee) => fee.contract_number !== overdue[0]?.contract_number)].filter((fee) => fee !== undefined);
    expect(chosen).toHaveLength(2);
    const key = newKey();
    const created = await pay(demoToken, { items: chosen.map((fee) => fee.id), provider: 'qpay' }, key);
    expect(created.status).toBe(201);
    const payment = feePaymentSchema.parse(await created.json());
    expect(payment.amount).toBe(chosen.reduce((sum, fee) => sum + fee.amount, 0));
    // The same key answers the same payment; the same key with another request is a conflict.
    const replay = feePaymentSchema.parse(await (await pay(demoToken, { items: chosen.map((fee) => fee.id), provider: 'qpay' }, key)).json());
    expect(replay.id).toBe(payment.id);
    expect((await pay(demoToken, { items: [chosen[0]?.id], provider: 'qpay' }, key)).status).toBe(409);
    // The invoice is the owner's only.
    const invoiceId = payment.invoice_id ?? '';
    const invoice = invoiceSchema.parse(await (await send(app, 'GET', `/api/invoices/${invoiceId}/`, undefined, bearer(demoToken))).json());
    expect(invoice).toMatchObject({ purpose: 'fees', subject_id: payment.id, amount: payment.amount, status: 'pending' });
    expect((await send(app, 'GET', `/api/invoices/${invoiceId}/`, undefined, bearer(user2Token))).status).toBe(404);
    expect((await send(app, 'GET', `/api/fee-payments/${payment.id}/`, undefined, bearer(user2Token))).status).toBe(404);
    // A second payment of one of the same fees, made before the first is paid.
    const rival = feePaymentSchema.parse(await (await pay(demoToken, { items: [chosen[0]?.id], provider: 'khan' })).json());

    const { rows: before } = await server.db.query<{ n: number }>(`select count(*)::int as n from notifications where kind = 'invoice_paid'`);
    expect((await complete(invoiceId)).status).toBe(200);
    const paid = feePaymentSchema.parse(await (await send(app, 'GET', `/api/fee-payments/${payment.id}/`, undefined, bearer(demoToken))).json());
    expect(paid.status).toBe('paid');
    expect(paid.items.every((fee) => fee.status === 'paid' && fee.pending_update)).toBe(true);
    const { rows: after } = await server.db.query<{ n: number }>(`select count(*)::int as n from notifications where kind = 'invoice_paid'`);
    expect((after[0]?.n ?? 0) - (before[0]?.n ?? 0)).toBe(1);

    // The policy's history shows the payment at once, marked as updating.
    const policy = contractDetailSchema.parse(await (await send(app, 'GET', `/api/contracts/${chosen[0]?.policy_id}/`, undefined, bearer(demoToken))).json());
    const latest = [...policy.payments].sort((a, b) => (a.paid_at < b.paid_at ? 1 : -1))[0];
    expect(latest).toMatchObject({ amount: chosen[0]?.amount, method: 'qpay', pending_update: true });
    expect(policy.fee_schedule.find((fee) => fee.id === chosen[0]?.id)).toMatchObject({ status: 'paid', pending_update: true });
    expect((await dueOf(demoToken)).map((fee) => fee.id)).not.toContain(chosen[0]?.id);

    // Paid once: the rival's money goes back; a new payment of it is refused.
    await complete(rival.invoice_id ?? '');
    const refused = invoiceSchema.parse(await (await send(app, 'GET', `/api/invoices/${rival.invoice_id}/`, undefined, bearer(demoToken))).json());
    expect(refused.refund_due).toBe(true);
    const again = await pay(demoToken, { items: [chosen[0]?.id], provider: 'qpay' });
    expect(again.status).toBe(409);
    expect(apiErrorSchema.parse(await again.json()).message.key).toBe('errors.feesUnavailable');
    // One policy payment per policy of the payment.
    const { rows: payments } = await server.db.query<{ n: number }>('select count(*)::int as n from policy_payments where fee_payment_id = $1', [payment.id]);
    expect(payments[0]?.n).toBe(2);
  });

  it("refuses another user's fees and unknown fees; needs a key and a provider", async () => {
    const demoFee = (await dueOf(demoToken))[0];
    const response = await pay(user2Token, { items: [demoFee?.id], provider: 'qpay' });
    expect(response.status).toBe(409);
    expect((await pay(demoToken, { items: [999_999_999], provider: 'qpay' })).status).toBe(409);
    expect((await send(app, 'POST', '/api/fee-payments/', { items: [demoFee?.id], provider: 'qpay' }, bearer(demoToken))).status).toBe(400);
    expect((await pay(demoToken, { items: [], provider: 'qpay' })).status).toBe(400);
    expect((await pay(demoToken, { items: [demoFee?.id], provider: 'cash' })).status).toBe(400);
    expect((await send(app, 'POST', '/api/fee-payments/', { items: [demoFee?.id], provider: 'qpay' })).status).toBe(401);
  });

  it("sends a card payment of the customer's own policy back to that policy's invoice page", async () => {
    /** The bank page's 'Pay' (its handed-off form post), answered with where the browser goes next. */
    const payByCard = async (invoiceId: string, token: string) => {
      const invoice = invoiceSchema.parse(await (await send(app, 'GET', `/api/invoices/${invoiceId}/`, undefined, bearer(token))).json());
      const handoff = new URL(invoice.redirect_url ?? '', 'http://localhost').searchParams.get('handoff') ?? '';
      const response = await app.request(`/sandbox/khan/${invoiceId}/`, {
        method: 'POST',
        headers: { Origin: 'http://localhost', 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ action: 'pay', handoff }),
      });
      expect(response.status).toBe(303);
      return response.headers.get('location');
    };
    const own = (await dueOf(demoToken))[0];
    const mine = feePaymentSchema.parse(await (await pay(demoToken, { items: [own?.id], provider: 'khan' })).json());
    expect(await payByCard(mine.invoice_id ?? '', demoToken)).toBe(`/user/contract/${own?.policy_id}/payment/${mine.invoice_id}`);
  });

  it('pays a confirmed /fee access by mobile money; the access is its user\'s only', async () => {
    const person = { register: 'ЧБ87112404', phone: '99001102' };
    const access = feeAccessSchema.parse(await (await send(app, 'POST', '/api/fee-access/', person, bearer(user2Token))).json());
    const fee = (await (async () => {
      const confirmed = await send(app, 'POST', `/api/fee-access/${access.id}/confirm/`, { code: await lastCode(person.phone) }, bearer(user2Token));
      return feeAccessSchema.parse(await confirmed.json()).fees[0];
    })());
    expect(fee).toBeDefined();
    // Another user cannot use it.
    expect((await pay(demoToken, { items: [fee?.id], provider: 'mostmoney', phone: '99112233', access_id: access.id })).status).toBe(422);
    // Without the access the fee is not user2's.
    expect((await pay(user2Token, { items: [fee?.id], provider: 'mostmoney', phone: '88094512' })).status).toBe(409);
    const created = await pay(user2Token, { items: [fee?.id], provider: 'mostmoney', phone: '88094512', access_id: access.id });
    expect(created.status).toBe(201);
    const payment = feePaymentSchema.parse(await created.json());
    const invoice = invoiceSchema.parse(await (await send(app, 'GET', `/api/invoices/${payment.invoice_id}/`, undefined, bearer(user2Token))).json());
    expect(invoice.push_sent_to).toBe('88****12');
    await complete(invoice.id);
    const reread = feeAccessSchema.parse(await (await send(app, 'GET', `/api/fee-access/${access.id}/`, undefined, bearer(user2Token))).json());
    expect(reread.fees.map((item) => item.id)).not.toContain(fee?.id);
  });
});

describe('where schedules are written', () => {
  const scheduleOf = async (where: string, value: string) =>
    (
      await server.db.query<{ seq: number; due_date: string; amount: number; paid_at: string | null; confirmed_at: string | null }>(
        `select s.seq, s.due_date, s.amount, s.paid_at::text as paid_at, s.confirmed_at::text as confirmed_at
           from fee_schedule s join policies p on p.id = s.policy_id where ${where} = $1 order by s.seq`,
        [value],
      )
    ).rows;

  it("a purchase's settlement writes the new policy's whole schedule, its first fee paid, before anything reads it", async () => {
    const draft = await completeDraft(app);
    const { invoice } = await createInvoice(app, draft, { provider: 'qpay' });
    expect((await send(app, 'POST', `/api/dev/payments/${invoice?.id}/complete/`, { result: 'paid' })).status).toBe(200);
    const schedule = await scheduleOf('p.application_id::text', draft.application.id);
    // Ten years of monthly fees (PLAN_100), written by the settlement itself: no page has been read.
    expect(schedule).toHaveLength(120);
    expect(schedule[0]?.paid_at).not.toBeNull();
    expect(schedule.slice(1).every((fee) => fee.paid_at === null)).toBe(true);
  });

  it('migration 020 gives a policy without a schedule the very rows a policy made today gets', async () => {
    // Twins of every frequency, one scheduled by the code (writeSchedule), the other by the migration's SQL.
    const cases = [
      { name: 'single', start: '2021-05-10', end: '2031-05-09', fee: 900_000, frequency: 'single', paid: [900_000] },
      // Starts on the 31st: the day is clamped to shorter months. 2.5 fees paid: two are paid.
      { name: 'monthly', start: '2023-01-31', end: '2026-01-30', fee: 40_000, frequency: 'monthly', paid: [40_000, 40_000, 20_000] },
      { name: 'quarterly', start: '2022-11-30', end: '2032-11-29', fee: 150_000, frequency: 'quarterly', paid: [] },
      { name: 'semiannual', start: '2020-08-31', end: '2030-08-30', fee: 300_000, frequency: 'semiannual', paid: [300_000] },
      { name: 'annual', start: '2024-02-29', end: '2034-02-28', fee: 600_000, frequency: 'annual', paid: [600_000, 600_000] },
    ] as const;
    const make = async (contract: string, item: (typeof cases)[number]) => {
      const { rows } = await server.db.query<{ id: number }>(
        `insert into policies (contract_number, product_id, start_date, end_date, fee_amount, fee_frequency, status)
         values ($1, 100, $2, $3, $4, $5, 'active') returning id`,
        [contract, item.start, item.end, item.fee, item.frequency],
      );
      const id = rows[0]?.id ?? 0;
      // Paid on the start date, the last one before the second fee's due date (a fee paid before it was due).
      for (const [index, amount] of item.paid.entries()) {
        await server.db.query(`insert into policy_payments (policy_id, amount, paid_at, method, reference) values ($1, $2, $3::date + $4::int, 'transfer', $5)`, [
          id,
          amount,
          item.start,
          index,
          `${contract}-${index}`,
        ]);
      }
      return id;
    };
    for (const item of cases) await writeSchedule(server.db, await make(`MIG-CODE-${item.name}`, item));
    for (const item of cases) await make(`MIG-SQL-${item.name}`, item);
    const migration = (await loadMigrations()).find((file) => file.version === '020');
    expect(migration?.name).toBe('fee_schedule_backfill');
    await server.db.transaction((tx) => tx.exec(migration?.sql ?? ''));
    for (const item of cases) {
      const byCode = await scheduleOf('p.contract_number', `MIG-CODE-${item.name}`);
      expect(byCode.length, item.name).toBeGreaterThan(0);
      expect(await scheduleOf('p.contract_number', `MIG-SQL-${item.name}`), item.name).toEqual(byCode);
    }
    // Spot checks of the rule itself: clamped days, and 2.5 fees paid are two paid fees.
    const monthly = await scheduleOf('p.contract_number', 'MIG-SQL-monthly');
    expect(monthly.slice(0, 4).map((fee) => fee.due_date)).toEqual(['2023-01-31', '2023-02-28', '2023-03-31', '2023-04-30']);
    expect(monthly.filter((fee) => fee.paid_at !== null)).toHaveLength(2);
    expect(monthly).toHaveLength(36);
    // Every existing schedule is left as it was: the migration adds only what is missing.
    const before = (await server.db.query<{ n: number }>('select count(*)::int as n from fee_schedule')).rows[0]?.n;
    await server.db.transaction((tx) => tx.exec(migration?.sql ?? ''));
    expect((await server.db.query<{ n: number }>('select count(*)::int as n from fee_schedule')).rows[0]?.n).toBe(before);
  });
});
