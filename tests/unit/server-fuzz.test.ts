/**
 * A fuzz test over every JSON endpoint of the API (issue 21): the routes come from the app's own router
 * (`app.routes`), so a new endpoint is fuzzed as soon as it is registered, and a new endpoint with a
 * body fails this file until it has a sample body below (a valid one, so that each bad value gets as far
 * as it can). Signed in as the demo user, each body field in turn gets wrong types, out-of-range and
 * huge numbers (2^31, 2^53, -1, 1e308, 1e400), NaN-ish strings, a NUL and lone surrogates; whole bodies
 * are 5,000 levels deep, 1 MB, or not objects; path parameters and query strings get ids past the
 * database, NUL and bad UTF-8. Anonymously the same, with only the wrong types, 2^31, NUL and
 * surrogates per field, and on a route that wants a bearer only the whole bodies (it answers 401 first).
 * No answer may be a 5xx, and every refusal is a JSON 4xx with a message (`contract/error.schema.ts`).
 *
 * The table is generated, not random, so a failure names the request that caused it and reruns the
 * same; a few thousand requests in all, about half a minute on PGlite on an idle 2-core machine.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiErrorSchema } from '../../contract/error.schema';
import { claimPoliciesSchema, claimSchema } from '../../contract/claim.schema';
import { cardSummarySchema } from '../../contract/credit-med-card.schema';
import { DEMO_TRANSACTION_PASSWORD } from '../../server/db/seed-data';
import { draftTokenExpiry, draftTokenFor, openDraft } from '../../server/mining/drafts.repo';
import { MINING_ROSTER } from '../../server/mining/seed';
import { createApp } from '../../server/app';
import type { Db } from '../../server/db/db';
import { createTestServer, TEST_SECRET, type TestServer } from '../../server/testing';
import { providerSecret, signBody } from '../../server/payments/providers';
import { completeDraft, CONTRACT, createDraft, createInvoice, INSURED, newKey, PLAN_100, send, tokenFor, type TestApp } from './support/purchase';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

// ── What is sent ──────────────────────────────────────────────────────────────────────────────────

/** A JSON literal written into the body as is (what JSON.stringify cannot make: 1e400, -0, huge integers). */
class Raw {
  constructor(readonly text: string) {}
}

/** Values that replace one body field at a time: every field gets the wrong types and the bad text. */
const ANY_FIELD: readonly (readonly [string, unknown])[] = [
  ['null', null],
  ['true', true],
  ['an object', { a: 1 }],
  ['an array of text', ['x']],
  ['2**31', 2 ** 31],
  ['a NUL', 'a\u0000b'],
  ['a lone high surrogate', 'a\uD800b'],
  ['a lone low surrogate', '\uDC00'],
];

/** ...and a field that holds text gets odd text. */
const TEXT_FIELD: readonly (readonly [string, unknown])[] = [
  ['empty text', ''],
  ['"NaN"', 'NaN'],
  ['text of 10,000 characters', 'x'.repeat(10_000)],
];

/** ...and a field that holds a number gets numbers out of every range, and numbers as text. */
const NUMBER_FIELD: readonly (readonly [string, unknown])[] = [
  ['text', 'text'],
  ['2**31 - 1', 2 ** 31 - 1],
  ['-(2**31) - 1', -(2 ** 31) - 1],
  ['2**53', 2 ** 53],
  ['2**63', 2 ** 63],
  ['-1', -1],
  ['0', 0],
  ['1.5', 1.5],
  ['1e308', 1e308],
  ['-1e308', -1e308],
  ['1e400 (Infinity)', new Raw('1e400')],
  ['-0', new Raw('-0')],
  ['a 30-digit integer', new Raw('123456789012345678901234567890')],
  ['"NaN"', 'NaN'],
  ['"Infinity"', 'Infinity'],
  ['"2147483648"', '2147483648'],
  ['"1e308"', '1e308'],
  ['"0x10"', '0x10'],
];

/** ...and an array gets emptied and filled with too much. */
const ARRAY_FIELD: readonly (readonly [string, unknown])[] = [
  ['an empty array', []],
  ['an array of 1,000 items', Array.from({ length: 1000 }, (_, index) => index)],
  ['an array of out-of-range numbers', [2 ** 31, 2 ** 53, -1]],
];

/** The values for a field holding `sample`; `all: false` (the anonymous pass) only the ones every field gets. */
const valuesFor = (sample: unknown, all: boolean) => {
  if (!all) return ANY_FIELD;
  if (typeof sample === 'string') return [...ANY_FIELD, ...TEXT_FIELD];
  if (typeof sample === 'number') return [...ANY_FIELD, ...NUMBER_FIELD];
  return Array.isArray(sample) ? [...ANY_FIELD, ...ARRAY_FIELD] : ANY_FIELD;
};

/** Path parameters: ids beyond the database's integer, negative, not numbers, NUL, bad UTF-8, long. */
const BAD_PARAMS: readonly string[] = [
  '2147483648',
  '9999999999',
  '999999999999',
  '99999999999999999999',
  '-1',
  '0',
  '1e308',
  'abc',
  'a%00b',
  '%ED%A0%80', // a lone surrogate in CESU-8: not UTF-8
  '%FF',
  'x'.repeat(1000),
];

/** Query strings every GET gets: NUL and invalid UTF-8 in the parameters the API reads, huge pages. */
const BAD_QUERIES: readonly string[] = [
  'q=a%00b',
  'q=%ED%A0%80',
  `q=${'x'.repeat(5000)}`,
  'page=2147483648',
  'page=a%00b',
  'before=9999999999999',
  'before=a%00b',
  'a%00b=1',
];

const DEPTH = 5000;
const nested = (depth: number, open: string, close: string, inner = '1') => `${open.repeat(depth)}${inner}${close.repeat(depth)}`;

/** Whole bodies: not objects, broken, deeply nested, huge. */
const BAD_BODIES: readonly (readonly [string, string])[] = [
  ['no body', ''],
  ['null', 'null'],
  ['an array', '[]'],
  ['a number', '12'],
  ['text', '"text"'],
  ['broken JSON', '{"a":'],
  ['not JSON', 'a=1&b=2'],
  [`arrays ${DEPTH} deep`, nested(DEPTH, '[', ']')],
  [`objects ${DEPTH} deep`, nested(DEPTH, '{"a":', '}')],
  [`a field ${DEPTH} deep`, `{"x":${nested(DEPTH, '[', ']', '"a"')}}`],
  ['a key with a NUL', '{"a\\u0000b":1}'],
  ['a key with a lone surrogate', '{"\\ud800":1}'],
  ['a 1 MB body', JSON.stringify({ text: 'x'.repeat(1024 * 1024) })],
];

// ── The routes ────────────────────────────────────────────────────────────────────────────────────

/** Not JSON endpoints: the tus upload protocol (tests/unit/server-uploads.test.ts) and the event stream, which stays open. */
const NOT_JSON = new Set([
  'POST /api/uploads/',
  'PATCH /api/uploads/:id',
  'OPTIONS /api/uploads/*',
  'GET /api/notifications/stream/',
]);

interface Context {
  /** Headers sent with every request (the bearer, a draft's keys). */
  headers: Record<string, string>;
  /** Values of path parameters that name this identity's own things, by route and parameter. */
  param: (route: string, name: string) => string;
}

/**
 * A valid body for every route that reads one; the fuzz replaces one field at a time, so the rest of
 * the request is good and the bad value gets as far as it can. A function of what beforeAll found.
 */
type Samples = Record<string, object>;

/** The JSON routes of an app's router: one entry per method and path (middleware and handlers share one). */
const jsonRoutesOf = (router: { routes: readonly { method: string; path: string }[] }) => {
  const seen = new Set<string>();
  for (const { method, path } of router.routes) {
    const key = `${method} ${path}`;
    if (method !== 'ALL' && path.startsWith('/api/') && !NOT_JSON.has(key)) seen.add(key);
  }
  return [...seen].map((key) => {
    const [method = '', path = ''] = key.split(' ');
    return { method, path };
  });
};

/**
 * The routes, read from an app built as server/testing.ts builds it (development tools and the outbox
 * on), so each gets a test of its own; building the router touches no database. beforeAll checks that
 * the test server's app has exactly these.
 */
const routes = jsonRoutesOf(
  createApp({ db: {} as Db, secret: TEST_SECRET, distDir: '/nonexistent-dist', account: { exposeOutbox: true }, devTools: true }),
);

let server: TestServer;
let app: TestApp;
let samples: Samples;
const contexts: Record<'demo' | 'anonymous', Context> = {
  demo: { headers: {}, param: () => '1' },
  anonymous: { headers: {}, param: () => '1' },
};

const person = { last_name: 'Бат', first_name: 'Болд', register: 'УБ90061512' };

beforeAll(async () => {
  server = await createTestServer();
  const testApp = server.app();
  app = testApp;
  if (JSON.stringify(jsonRoutesOf(testApp)) !== JSON.stringify(routes)) throw new Error('the test server has other routes than the table');

  const demoToken = await tokenFor(server.db, server.secret, 'demo@example.com');
  const bearer = { Authorization: `Bearer ${demoToken}` };
  const get = async (path: string) => {
    const response = await send(app, 'GET', path, undefined, bearer);
    if (response.status !== 200) throw new Error(`${path}: ${response.status}`);
    return (await response.json()) as unknown;
  };
  const { policies } = claimPoliciesSchema.parse(await get('/api/claims/policies/'));
  const policyId = policies[0]?.id ?? 1;
  const claimResponse = await send(app, 'POST', '/api/claims/', { policy_id: policyId }, bearer);
  const claim = claimSchema.parse(await claimResponse.json());
  const card = cardSummarySchema.parse(await get('/api/credit-med/card/'));
  const preClaimId = card.pre_claims[0]?.id ?? 1;
  const demoDraft = await createDraft(app, 100, demoToken);
  const visitorDraft = await createDraft(app, 100);
  // Invoices for the providers' callbacks (signed below, so they reach the invoice) and the invoice routes.
  const invoiceOf = async (provider: 'qpay' | 'mostmoney') => {
    const { invoice } = await createInvoice(app, await completeDraft(app, INSURED, demoToken), { provider, phone: '99112233' });
    if (!invoice) throw new Error(`no ${provider} invoice`);
    return invoice;
  };
  const qpay = await invoiceOf('qpay');
  const mostmoney = await invoiceOf('mostmoney');
  const miningDraft = await openDraft(server.db, randomUUID(), MINING_ROSTER[2]!.register, MINING_ROSTER[2]!.phone);

  const paramsOf = (applicationId: string) => (route: string, name: string) => {
    if (name === 'documentId') return '1';
    if (route.startsWith('/api/applications/')) return applicationId;
    if (route.startsWith('/api/products/')) return '100';
    if (route.startsWith('/api/invoices/')) return mostmoney.id;
    if (route.startsWith('/api/dev/payments/')) return qpay.id;
    // A draft the DELETE would remove: the other claim routes need it.
    if (route === '/api/claims/:id/') return '999999';
    if (route.startsWith('/api/claims/')) return String(claim.id);
    if (route.startsWith('/api/contracts/')) return String(policyId);
    if (route.startsWith('/api/credit-med/pre-claims/')) return String(preClaimId);
    return '1';
  };
  contexts.demo = {
    headers: { ...bearer, ...demoDraft.owner, 'X-Draft-Token': draftTokenFor(server.secret, miningDraft.id, draftTokenExpiry(3600)) },
    param: paramsOf(String(demoDraft.application.id)),
  };
  contexts.anonymous = {
    headers: { ...visitorDraft.owner, 'X-Draft-Token': draftTokenFor(server.secret, miningDraft.id, draftTokenExpiry(3600)) },
    param: paramsOf(String(visitorDraft.application.id)),
  };

  const ticket = { ticket: 'not-a-ticket' };
  const code = { ticket: 'not-a-ticket', code: '123456' };
  const images = { idFront: 'upload-1', idBack: 'upload-2', selfie: 'upload-3' };
  samples = {
    'POST /api/token/': { email: 'demo@example.com', password: 'demo1234' },
    'POST /api/token/verify/': { token: demoToken },
    'POST /api/account/register/': { email: 'fuzz@example.com', password: 'secret12', register: 'УЕ95031218', phone: '99001101', ticket: 'not-a-ticket' },
    'POST /api/account/register/resend/': ticket,
    'POST /api/account/register/confirm/': code,
    'POST /api/account/forgot-username/': { register: 'УЕ95031218', phone: '99001101' },
    'POST /api/account/forgot-password/': { email: 'demo@example.com', phone: '99001101' },
    'POST /api/account/forgot-password/resend/': ticket,
    'POST /api/account/forgot-password/verify/': code,
    'POST /api/account/forgot-password/reset/': { ticket: 'not-a-ticket', password: 'secret12' },
    // Wrong current passwords: the demo user's e-mail and password stay as they are.
    'PUT /api/account/': { email: 'demo@example.com', current_password: 'not-the-password' },
    'POST /api/account/password/': { current_password: 'not-the-password', new_password: 'secret12' },
    'PUT /api/account/language/': { language: 'en' },
    'POST /api/dev/codes/age/': { phone: '99001101', seconds: 60 },
    'POST /api/mining/start/': { register: MINING_ROSTER[0]!.register, phone: MINING_ROSTER[0]!.phone, ticket: 'not-a-ticket' },
    'POST /api/mining/start/resend/': ticket,
    'POST /api/mining/start/confirm/': code,
    'PUT /api/mining/draft/insurer/': { last_name: 'Бат', first_name: 'Болд', email: 'bold@example.mn', address: 'Өмнөговь, Ханбогд сум', employee_number: 'E-1001' },
    'PUT /api/mining/draft/beneficiaries/': { beneficiaries: [{ ...person, relationship: 4, share: 100 }], children: [{ ...person, register: 'УБ15061512' }] },
    'PUT /api/mining/draft/images/': images,
    'POST /api/mining/draft/submit/': {},
    'PUT /api/credit-med/request/personal/': { ...person, phone: '99112233', email: 'bold@example.mn', address: 'Улаанбаатар, 1-р хороо', gender: 'male' },
    'PUT /api/credit-med/request/family/': { children: [{ ...person, register: 'УБ15061512' }], emergency: { name: 'Дорж', relation: 'ах', phone: '99112233' } },
    'PUT /api/credit-med/request/images/': images,
    'PUT /api/credit-med/request/declarations/': { pep: false, no_money_laundering: true, terms: true },
    'POST /api/credit-med/request/submit/': {},
    'POST /api/credit-med/contracts/:id/sign/': { accept: true, password: '582931', password_confirm: '582931' },
    'POST /api/credit-med/signing/resend/': ticket,
    'POST /api/credit-med/signing/confirm/': code,
    'POST /api/credit-med/tx-password/reset/': {},
    'POST /api/credit-med/tx-password/reset/resend/': ticket,
    'POST /api/credit-med/tx-password/reset/verify/': code,
    'POST /api/credit-med/tx-password/reset/password/': { ticket: 'not-a-ticket', password: '582931', password_confirm: '582931' },
    'POST /api/products/:id/quote/': { ...PLAN_100, register: INSURED.register },
    'POST /api/applications/': { product_id: 100 },
    'PUT /api/applications/:id/insured/': INSURED,
    'PUT /api/applications/:id/plan/': PLAN_100,
    'PUT /api/applications/:id/contract/': CONTRACT,
    'POST /api/applications/:id/invoice/': { provider: 'mostmoney', phone: '99112233' },
    'POST /api/payments/qpay/callback/': { invoice_id: qpay.id, payment_id: 'QP-1', status: 'failed', amount: qpay.amount },
    'POST /api/payments/mostmoney/callback/': { invoice_id: mostmoney.id, payment_id: 'MM-1', status: 'failed', amount: mostmoney.amount, failure_reason: 'declined' },
    'POST /api/dev/payments/:id/complete/': { result: 'failed' },
    'POST /api/invoices/:id/cancel/': {},
    'POST /api/claims/': { policy_id: policyId },
    'PUT /api/claims/:id/type/': { claim_type: 'treatment' },
    'PUT /api/claims/:id/event/': { treatment_start: '2025-01-10', treatment_end: '2025-01-12', hospital: 'Интермед эмнэлэг', diagnosis: 'Ханиад томуу', amount: 150_000 },
    'PUT /api/claims/:id/payout/': { bank: 'khan', account_number: '5001234567', account_holder: 'Болд' },
    'POST /api/claims/:id/documents/': { upload_id: 'upload-1', document_type: 'receipt' },
    'POST /api/claims/:id/submit/': {},
    'POST /api/fee-payments/': { items: [1], provider: 'mostmoney', phone: '99112233', access_id: 'access-1' },
    'POST /api/fee-access/': { register: 'УЕ95031218', phone: '99001101' },
    'POST /api/fee-access/:id/resend/': {},
    'POST /api/fee-access/:id/confirm/': { code: '123456' },
    // The demo user's transaction password, so a body the fuzz leaves valid gets to the card (the
    // password is the last field: its own bad values lock it only after the others went through).
    'POST /api/credit-med/pre-claims/': { hospital_id: 1, amount: 50_000, purpose: 'Шинжилгээ', transaction_password: DEMO_TRANSACTION_PASSWORD },
    'POST /api/credit-med/card/invoice/': { provider: 'mostmoney', phone: '99112233' },
    'POST /api/credit-med/repayments/': { pre_claim_id: preClaimId, provider: 'mostmoney', phone: '99112233' },
    'POST /api/feedback/': { kind: 'question', policy_id: policyId, text: 'Сайн байна уу?' },
    'POST /api/notifications/read/': {},
    'POST /api/notifications/:id/read/': {},
  };
});
afterAll(() => server?.close());

// ── Sending and judging ───────────────────────────────────────────────────────────────────────────

const fill = (route: string, context: Context, override?: string) =>
  route.replace(/:(\w+)/g, (_, name: string) => override ?? context.param(route, name));

/** The body with `value` at `path` (a JSON text; Raw values are written in as they are). */
const withValue = (body: object, path: readonly (string | number)[], value: unknown): string => {
  const copy = structuredClone(body) as Record<string | number, unknown>;
  let at: Record<string | number, unknown> = copy;
  for (const step of path.slice(0, -1)) at = at[step] as Record<string | number, unknown>;
  const marker = `@@raw-${randomUUID()}@@`;
  at[path[path.length - 1]!] = value instanceof Raw ? marker : value;
  const text = JSON.stringify(copy);
  return value instanceof Raw ? text.replace(JSON.stringify(marker), value.text) : text;
};

const valueAt = (body: object, path: readonly (string | number)[]): unknown =>
  path.reduce<unknown>((at, step) => (at as Record<string | number, unknown>)[step], body);

/**
 * Every field of a sample body, nested ones too, as a path; in an array only the first item's (the
 * others are checked by the same schema), to keep the file fast.
 */
const pathsOf = (value: unknown, path: (string | number)[] = []): (string | number)[][] => {
  const inner = Array.isArray(value)
    ? value.slice(0, 1).flatMap((item, index) => pathsOf(item, [...path, index]))
    : typeof value === 'object' && value !== null
      ? Object.entries(value).flatMap(([key, item]) => pathsOf(item, [...path, key]))
      : [];
  return path.length > 0 ? [path, ...inner] : inner;
};

/** What is wrong with an answer, or null: a 5xx, or a 4xx that is not the JSON error body. */
const problemOf = async (response: Response): Promise<string | null> => {
  const text = await response.text();
  if (response.status >= 500) return `${response.status} ${text.slice(0, 200)}`;
  if (response.status < 400) return null;
  if (!(response.headers.get('content-type') ?? '').includes('application/json')) return `${response.status} not JSON: ${text.slice(0, 200)}`;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return `${response.status} not JSON: ${text.slice(0, 200)}`;
  }
  return apiErrorSchema.safeParse(body).success ? null : `${response.status} not an error body: ${text.slice(0, 200)}`;
};

/** A provider's callback is signed as the provider signs it, so the fuzzed body gets past the signature. */
const signatureOf = (path: string, body: string | undefined): Record<string, string> => {
  const provider = /^\/api\/payments\/(qpay|mostmoney)\/callback\/$/.exec(path)?.[1] as 'qpay' | 'mostmoney' | undefined;
  return provider ? { 'X-Signature': signBody(providerSecret(server.secret, provider), body ?? '') } : {};
};

const request = (method: string, path: string, context: Context, body?: string) =>
  app.request(path, {
    method,
    headers: { 'Content-Type': 'application/json', 'Idempotency-Key': newKey(), ...context.headers, ...signatureOf(path, body) },
    ...(body === undefined || method === 'GET' || method === 'HEAD' ? {} : { body }),
  });

const fuzzRoute = async (method: string, route: string, context: Context): Promise<string[]> => {
  const problems: string[] = [];
  /** Sends one request and notes what is wrong with its answer; the answer's status. */
  const check = async (label: string, path: string, body?: string) => {
    const response = await request(method, path, context, body);
    const problem = await problemOf(response);
    if (problem) problems.push(`${method} ${path.slice(0, 120)} with ${label}: ${problem}`);
    return response.status;
  };
  const path = fill(route, context);
  const sample = samples[`${method} ${route}`];
  const baseline = sample ? JSON.stringify(sample) : undefined;

  // A route that wants someone signed in refuses an anonymous request before it reads anything else.
  const signedIn = 'Authorization' in context.headers;
  const signInFirst = (await check('the sample', path, baseline)) === 401;
  if (signInFirst && !signedIn) {
    for (const [label, body] of method === 'GET' ? [] : BAD_BODIES) await check(`body: ${label}`, path, body);
    return problems;
  }
  for (const param of route.includes(':') ? BAD_PARAMS : []) await check(`path parameter ${param.slice(0, 20)}`, fill(route, context, param), baseline);
  if (method === 'GET') {
    for (const query of BAD_QUERIES) await check(`query ${query.slice(0, 30)}`, `${path}?${query}`);
    return problems;
  }
  for (const [label, body] of BAD_BODIES) await check(`body: ${label}`, path, body);
  for (const field of sample ? pathsOf(sample) : []) {
    for (const [label, value] of valuesFor(valueAt(sample!, field), signedIn)) await check(`${field.join('.')} = ${label}`, path, withValue(sample!, field, value));
  }
  return problems;
};

// ── The tests ─────────────────────────────────────────────────────────────────────────────────────

describe('the route table', () => {
  it('finds the API routes in the router, and every route that takes a body has a sample', () => {
    expect(routes.length).toBeGreaterThan(60);
    const withBody = routes.filter(({ method }) => method === 'POST' || method === 'PUT' || method === 'PATCH').map(({ method, path }) => `${method} ${path}`);
    expect(withBody.filter((key) => !(key in samples))).toEqual([]);
    // A sample for a route that is gone is a stale table.
    expect(Object.keys(samples).filter((key) => !withBody.includes(key))).toEqual([]);
  });
});

describe.each(['demo', 'anonymous'] as const)('fuzzing every JSON endpoint, %s', (who) => {
  it.each(routes.map(({ method, path }) => [method, path]))('%s %s: no 5xx, and every refusal is a JSON error with a message', async (method, path) => {
    expect(await fuzzRoute(method, path, contexts[who])).toEqual([]);
  });
});
