import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiErrorSchema } from '../../contract/error.schema';
import { JSON_BODY_LIMIT_BYTES } from '../../server/http/body-limit';
import { createApp } from '../../server/app';
import type { Db } from '../../server/db/db';
import { createTestServer, postJson, TEST_SECRET, type TestServer } from '../../server/testing';
import { createDraft, newKey, putStep, tokenFor } from './support/purchase';

// An embedded PostgreSQL per file and scrypt on purpose: generous limits for a busy CI machine.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 120_000 });

let server: TestServer;
let app: ReturnType<TestServer['app']>;
let nextIp = 1;

const loginWith = (body: unknown, headers: Record<string, string> = {}) =>
  postJson(app, '/api/token/', body, { 'X-Forwarded-For': `203.0.113.${nextIp++}`, ...headers });

/** The status and parsed error body of a rejected request. */
const rejection = async (response: Response) => ({ status: response.status, body: apiErrorSchema.parse(await response.json()) });

beforeAll(async () => {
  server = await createTestServer();
  app = server.app({ trustedProxies: 1 });
});
afterAll(() => server?.close());

describe('request bodies are checked with the shared contract schemas', () => {
  it('names a missing e-mail', async () => {
    const { status, body } = await rejection(await loginWith({ password: 'demo1234' }));
    expect(status).toBe(400);
    expect(body).toEqual({
      message: { key: 'errors.invalidRequest' },
      fields: { email: { key: 'validation.fieldRequired', values: {} } },
    });
  });

  it('names an empty e-mail and an empty password', async () => {
    const { status, body } = await rejection(await loginWith({ email: '   ', password: '' }));
    expect(status).toBe(400);
    expect(body.fields?.email?.key).toBe('validation.fieldRequired');
    expect(body.fields?.password?.key).toBe('validation.passwordRequired');
  });

  it('names an invalid e-mail', async () => {
    const { status, body } = await rejection(await loginWith({ email: 'demo@', password: 'demo1234' }));
    expect(status).toBe(400);
    expect(body).toEqual({
      message: { key: 'errors.invalidRequest' },
      fields: { email: { key: 'validation.emailInvalid', values: {} } },
    });
  });

  it('names fields of the wrong type', async () => {
    const { status, body } = await rejection(await loginWith({ email: 42, password: ['demo1234'] }));
    expect(status).toBe(400);
    expect(body.fields).toEqual({
      email: { key: 'validation.fieldRequired', values: {} },
      password: { key: 'validation.passwordRequired', values: {} },
    });
  });

  it('answers a body that is not JSON with a 400 naming every required field', async () => {
    for (const raw of ['email=demo@example.com&password=demo1234', '{"email":', '', 'null', '[1,2]', '"text"']) {
      const { status, body } = await rejection(await loginWith(raw));
      expect(status, raw).toBe(400);
      expect(body.message.key).toBe('errors.invalidRequest');
      expect(Object.keys(body.fields ?? {}).sort(), raw).toEqual(['email', 'password']);
    }
  });

  it('does not care about the Content-Type of a valid JSON body', async () => {
    const response = await app.request('/api/token/', {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain', 'X-Forwarded-For': '203.0.113.250' },
      body: JSON.stringify({ email: 'demo@example.com', password: 'demo1234' }),
    });
    expect(response.status).toBe(200);
  });

  it('ignores unknown fields', async () => {
    const response = await loginWith({ email: 'demo@example.com', password: 'demo1234', is_staff: true });
    expect(response.status).toBe(200);
  });

  it('checks the verify body the same way', async () => {
    const { status, body } = await rejection(await postJson(app, '/api/token/verify/', { token: 7 }));
    expect(status).toBe(400);
    expect(Object.keys(body.fields ?? {})).toEqual(['token']);
  });

  it('refuses a body over the JSON size limit with 413 and no stack', async () => {
    const huge = JSON.stringify({ email: 'demo@example.com', password: 'x'.repeat(JSON_BODY_LIMIT_BYTES) });
    const response = await loginWith(huge);
    expect(response.status).toBe(413);
    const text = await response.text();
    expect(apiErrorSchema.parse(JSON.parse(text)).message.key).toBe('errors.invalidRequest');
    expect(text).not.toMatch(/at .*\.ts/);
  });

  it('never leaks a stack trace in a 400', async () => {
    const text = await (await loginWith('{{{')).text();
    expect(text).not.toMatch(/SyntaxError|at .*\.(ts|js)/);
  });
});

describe('NUL bytes and lone surrogates', () => {
  const nul = 'abc\u0000def';
  const lone = 'Улаанбаатар \uD83D хот';

  it('are a 400 on the field that holds them, on every endpoint, never a 500', async () => {
    const bad = { key: 'validation.invalidCharacters', values: {} };
    for (const path of ['/api/account/register/resend/', '/api/account/register/confirm/', '/api/account/forgot-password/resend/', '/api/account/forgot-password/verify/', '/api/account/forgot-password/reset/']) {
      const { status, body } = await rejection(await postJson(app, path, { ticket: nul, code: '123456', password: 'secret12' }));
      expect({ path, status }).toEqual({ path, status: 400 });
      expect(body.fields?.ticket).toEqual(bad);
    }
    const loneTicket = await rejection(await postJson(app, '/api/account/register/resend/', { ticket: lone }));
    expect(loneTicket).toEqual({ status: 400, body: { message: { key: 'errors.invalidRequest' }, fields: { ticket: bad } } });
    // The insured person's address (product 171 asks for it), and a key of an object.
    const draft = await createDraft(app, 171);
    const insured = { register: 'УБ90061512', phone: '99112233', last_name: 'Бат', first_name: 'Болд', birth_date: '1990-06-15', gender: 'male', email: 'bold@example.mn', address: lone };
    const address = await rejection(await putStep(app, draft, 'insured', insured));
    expect(address.status).toBe(400);
    expect(address.body.fields).toEqual({ address: bad });
    expect((await rejection(await putStep(app, draft, 'insured', { ...insured, address: nul }))).body.fields).toEqual({ address: bad });
    const fine = await putStep(app, draft, 'insured', { ...insured, address: 'Улаанбаатар 😀 хот, 1-р хороо' });
    expect(fine.status, await fine.clone().text()).toBe(200);
  });

  it('never reach the log: a failure logs no request data', async () => {
    const failing: Db = {
      query: () => Promise.reject(Object.assign(new Error('invalid byte sequence for "УБ90061512" 99112233'), { code: '22021', params: ['УБ90061512', '99112233'] })),
      exec: () => Promise.resolve(),
      transaction: () => Promise.reject(new Error('no')),
      close: () => Promise.resolve(),
    };
    const broken = createApp({ db: failing, secret: TEST_SECRET, distDir: '/nonexistent-dist' });
    const logged: unknown[][] = [];
    const spy = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void logged.push(args));
    try {
      const response = await broken.request('/api/products/');
      expect(response.status).toBe(500);
    } finally {
      spy.mockRestore();
    }
    const text = logged.map((args) => args.map((arg) => (typeof arg === 'string' ? arg : JSON.stringify(arg) ?? String(arg))).join(' ')).join('\n');
    expect(text).toContain('GET /api/products/ failed');
    expect(text).toContain('22021');
    expect(text).not.toContain('УБ90061512');
    expect(text).not.toContain('99112233');
  });
});

describe('deeply nested bodies (issue 21, item 7)', () => {
  const arrays = (depth: number, inner = '"a"') => `${'['.repeat(depth)}${inner}${']'.repeat(depth)}`;
  const objects = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

  it('are a 400 naming the nesting limit, signed in or not, and log nothing', async () => {
    const tooDeep = { key: 'validation.tooDeep', values: { max: 32 } };
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      // About 4,000 levels (8 KB) overflowed the stack of the bad-character scan: a 500 on every JSON endpoint.
      for (const path of ['/api/token/', '/api/account/register/', '/api/mining/start/', '/api/account/forgot-password/']) {
        expect(await rejection(await postJson(app, path, arrays(4000)))).toEqual({ status: 400, body: { message: { key: 'errors.invalidRequest' }, fields: { _: tooDeep } } });
        expect(await rejection(await postJson(app, path, objects(4000)))).toEqual({ status: 400, body: { message: { key: 'errors.invalidRequest' }, fields: { a: tooDeep } } });
        expect(await rejection(await postJson(app, path, `{"email":${arrays(4000)}}`))).toEqual({
          status: 400,
          body: { message: { key: 'errors.invalidRequest' }, fields: { email: tooDeep } },
        });
      }
      const signedIn = { Authorization: `Bearer ${await tokenFor(server.db, server.secret, 'demo@example.com')}` };
      for (const path of ['/api/feedback/', '/api/claims/', '/api/fee-access/']) {
        expect(await rejection(await postJson(app, path, `{"text":${arrays(4000)}}`, { ...signedIn, 'Idempotency-Key': newKey() }))).toEqual({
          status: 400,
          body: { message: { key: 'errors.invalidRequest' }, fields: { text: tooDeep } },
        });
      }
      expect(logged).not.toHaveBeenCalled();
    } finally {
      logged.mockRestore();
    }
  });

  it('are refused from 33 levels; 32 levels are checked as usual', async () => {
    const at32 = await rejection(await loginWith(`{"email":${arrays(31)},"password":"demo1234"}`));
    expect(at32).toEqual({ status: 400, body: { message: { key: 'errors.invalidRequest' }, fields: { email: { key: 'validation.fieldRequired', values: {} } } } });
    const at33 = await rejection(await loginWith(`{"email":${arrays(32)},"password":"demo1234"}`));
    expect(at33.body.fields).toEqual({ email: { key: 'validation.tooDeep', values: { max: 32 } } });
  });
});

describe('numbers beyond the database and NUL in query strings (issue 21, item 8)', () => {
  let signedIn: Record<string, string>;
  beforeAll(async () => {
    signedIn = { Authorization: `Bearer ${await tokenFor(server.db, server.secret, 'demo@example.com')}` };
  });
  const post = (path: string, body: unknown) => postJson(app, path, body, { ...signedIn, 'Idempotency-Key': newKey() });
  const fieldsOf = async (response: Response) => {
    const { status, body } = await rejection(response);
    return { status, fields: body.fields };
  };
  const tooBig = { key: 'validation.maxValue', values: { max: 2147483647 } };

  it('an id past the database integer is a 400 on its field, not a 500', async () => {
    for (const id of [2 ** 31, 2 ** 53, 1e308]) {
      expect(await fieldsOf(await post('/api/claims/', { policy_id: id })), `claims ${id}`).toEqual({ status: 400, fields: { policy_id: tooBig } });
      expect(await fieldsOf(await post('/api/feedback/', { kind: 'question', policy_id: id, text: 'Сайн байна уу?' })), `feedback ${id}`).toEqual({
        status: 400,
        fields: { policy_id: tooBig },
      });
      expect(
        await fieldsOf(await post('/api/credit-med/pre-claims/', { hospital_id: id, amount: 50_000, purpose: 'Шинжилгээ', transaction_password: '914273' })),
        `pre-claim ${id}`,
      ).toEqual({ status: 400, fields: { hospital_id: tooBig } });
      expect(await fieldsOf(await post('/api/credit-med/repayments/', { pre_claim_id: id, provider: 'qpay' })), `repayment ${id}`).toEqual({
        status: 400,
        fields: { pre_claim_id: tooBig },
      });
    }
    // The largest id the database holds is an id like any other: not found, or not the user's.
    expect((await post('/api/claims/', { policy_id: 2 ** 31 - 1 })).status).toBeLessThan(500);
    expect((await post('/api/credit-med/repayments/', { pre_claim_id: 2 ** 31 - 1, provider: 'qpay' })).status).toBe(404);
  });

  it('an id past the database integer in a path is a 404, not a 500', async () => {
    for (const id of ['2147483648', '9999999999']) {
      for (const [method, path] of [
        ['GET', `/api/credit-med/pre-claims/${id}/`],
        ['GET', `/api/credit-med/contracts/${id}/`],
        ['POST', `/api/credit-med/contracts/${id}/sign/`],
      ] as const) {
        const response = await app.request(path, { method, headers: { ...signedIn, 'Content-Type': 'application/json' }, body: method === 'POST' ? '{}' : null });
        expect({ path, ...(await rejection(response)) }).toEqual({ path, status: 404, body: { message: { key: 'errors.notFound' } } });
      }
    }
  });

  it('an amount past the money bound is a 400 on its field', async () => {
    const response = await post('/api/credit-med/pre-claims/', { hospital_id: 1, amount: 2 ** 53 - 1, purpose: 'Шинжилгээ', transaction_password: '914273' });
    expect(await fieldsOf(response)).toEqual({ status: 400, fields: { amount: { key: 'validation.maxValue', values: { max: 1_000_000_000_000 } } } });
  });

  it('a NUL in a query parameter is a 400 on that parameter', async () => {
    const bad = { key: 'validation.invalidCharacters', values: {} };
    const get = (path: string) => app.request(path, { headers: signedIn });
    expect(await fieldsOf(await get('/api/credit-med/hospitals/?q=a%00b'))).toEqual({ status: 400, fields: { q: bad } });
    expect(await fieldsOf(await get('/api/claims/?before=1%00'))).toEqual({ status: 400, fields: { before: bad } });
    expect(await fieldsOf(await get('/api/products/?x%00=1'))).toEqual({ status: 400, fields: { _: bad } });
    // Text that is fine still finds hospitals.
    const found = await get('/api/credit-med/hospitals/?q=%D0%98%D0%BD%D1%82%D0%B5%D1%80');
    expect(found.status).toBe(200);
    expect(JSON.stringify(await found.json())).toContain('Интермед');
  });
});
