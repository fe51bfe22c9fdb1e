/** Helpers for the purchase server tests: drive an application through its steps against a test app. */
import { randomUUID } from 'node:crypto';
import { applicationSchema, type Application } from '../../../contract/insurance.schema';
import { invoiceSchema, type Invoice } from '../../../contract/payment.schema';
import { issueToken } from '../../../server/auth/token';
import { findUserByEmail } from '../../../server/auth/users.repo';
import type { Db } from '../../../server/db/db';

export type TestApp = { request: (path: string, init?: RequestInit) => Response | Promise<Response> };

export const newKey = () => `test-${randomUUID()}`;

export const tokenFor = async (db: Db, secret: string, email: string) => {
  const user = await findUserByEmail(db, email);
  if (!user) throw new Error(`no user ${email}`);
  return issueToken(user, secret);
};

export const send = (app: TestApp, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  app.request(path, {
    method,
    headers: { 'Content-Type': 'application/json', ...headers },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });

export const INSURED = { register: 'ЧД88120345', phone: '88094512', last_name: 'Ганболд', first_name: 'Сарангэрэл', email: 'saraa@example.mn' };
export const PLAN_100 = { sum_insured: 20_000_000, term_years: 10, frequency: 'monthly' };
export const CONTRACT = {
  beneficiaries: [
    { last_name: 'Ганболд', first_name: 'Болормаа', register: 'ЧД62081347', relationship: 4, share: 70 },
    { last_name: 'Ганболд', first_name: 'Тэмүүжин', register: 'ЧД92041518', relationship: 9, share: 30 },
  ],
  consent: true,
};

export interface Draft {
  application: Application;
  /** Headers that prove ownership (X-Application-Key). */
  owner: Record<string, string>;
}

/** Creates an application (as a visitor unless a token is given). */
export const createDraft = async (app: TestApp, productId = 100, token?: string): Promise<Draft> => {
  const response = await send(app, 'POST', '/api/applications/', { product_id: productId }, {
    'Idempotency-Key': newKey(),
    ...(token ? { Authorization: `Bearer ${token}` } : {}),
  });
  if (response.status !== 201) throw new Error(`create: ${response.status} ${await response.text()}`);
  const application = applicationSchema.parse(await response.json());
  return { application, owner: { 'X-Application-Key': application.access_key ?? '' } };
};

export const putStep = async (app: TestApp, draft: Draft, step: 'insured' | 'plan' | 'contract', body: unknown) =>
  send(app, 'PUT', `/api/applications/${draft.application.id}/${step}/`, body, draft.owner);

/** A product-100 application with every step stored. */
export const completeDraft = async (app: TestApp, insured: object = INSURED, token?: string): Promise<Draft> => {
  const draft = await createDraft(app, 100, token);
  for (const [step, body] of [['insured', insured], ['plan', PLAN_100], ['contract', CONTRACT]] as const) {
    const response = await putStep(app, draft, step, body);
    if (response.status !== 200) throw new Error(`${step}: ${response.status} ${await response.text()}`);
    draft.application = applicationSchema.parse(await response.json());
  }
  return draft;
};

export const createInvoice = async (app: TestApp, draft: Draft, body: object, key = newKey()) => {
  const response = await send(app, 'POST', `/api/applications/${draft.application.id}/invoice/`, body, { ...draft.owner, 'Idempotency-Key': key });
  return { response, status: response.status, invoice: response.ok ? invoiceSchema.parse(await response.json()) : undefined };
};

export const readInvoice = async (app: TestApp, draft: Draft, id: string): Promise<Invoice> => {
  const response = await send(app, 'GET', `/api/invoices/${id}/`, undefined, draft.owner);
  if (response.status !== 200) throw new Error(`invoice: ${response.status}`);
  return invoiceSchema.parse(await response.json());
};
