/**
 * Fees (issue 14): the schedule kept per policy, the due fees across a user's policies, the /fee
 * access by register number + contract phone + code, paying chosen fees once (idempotent, never twice),
 * and that no endpoint shows one user's policies, fees, payments or accesses to another (user2).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiErrorSchema } from '../../contract/error.schema';
import { feeAccessSchema, feeListSchema } from '../../contract/fee.schema';
import { contractDetailSchema, contractListSchema, todayInMongolia } from '../../contract/insurance.schema';
import { createTestServer, type TestServer } from '../../server/testing';
import { newKey, send, tokenFor, type TestApp } from './support/purchase';

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
    const { fees } = feeListSchema.parse(await response.json());
    const numbers = new Set(fees.map((fee) => fee.contract_number));
    expect(numbers).toEqual(new Set(['LI-2023-000184', 'TS-2022-004512']));
    expect(fees.every((fee) => fee.status === 'due' || fee.status === 'overdue')).toBe(true);
    expect(fees.map((fee) => fee.due_date)).toEqual([...fees.map((fee) => fee.due_date)].sort());
    const other = feeListSchema.parse(await (await send(app, 'GET', '/api/fees/due/', undefined, bearer(user2Token))).json());
    expect(other.fees.some((fee) => numbers.has(fee.contract_number))).toBe(false);
    expect((await send(app, 'GET', '/api/fees/due/')).status).toBe(401);
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

  it('refuses an unknown register number and phone pair', async () => {
    const response = await send(app, 'POST', '/api/fee-access/', { register: person.register, phone: '99009999' }, bearer(user2Token));
    expect(response.status).toBe(422);
    expect(apiErrorSchema.parse(await response.json()).message.key).toBe('errors.noInsurance');
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
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const refused = await send(app, 'POST', `/api/fee-access/${access.id}/confirm/`, { code: wrong }, bearer(user2Token));
    expect(refused.status).toBe(422);
    expect(apiErrorSchema.parse(await refused.json()).message).toEqual({ key: 'errors.codeIncorrect', values: { attempts: 4 } });
    const confirmed = await send(app, 'POST', `/api/fee-access/${access.id}/confirm/`, { code }, bearer(user2Token));
    expect(confirmed.status).toBe(200);
    const open = feeAccessSchema.parse(await confirmed.json());
    expect(open.confirmed).toBe(true);
    expect(open.policy?.contract_number).toBe('BR-2024-000500');
    expect(open.policy?.insurer).toBe('Э*** Б***');
    expect(open.fees.length).toBeGreaterThan(0);
    // A reload reads the same.
    const again = feeAccessSchema.parse(await (await send(app, 'GET', `/api/fee-access/${access.id}/`, undefined, bearer(user2Token))).json());
    expect(again.fees.map((fee) => fee.id)).toEqual(open.fees.map((fee) => fee.id));
  });
});
