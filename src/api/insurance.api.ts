/**
 * Buying insurance (docs/api.md, "Buying insurance"): one function per call. Calls on an application
 * carry its access key as X-Application-Key when the wizard has one (a visitor's draft); a signed-in
 * owner is recognised by the bearer token the client adds anyway.
 */
import { getContent, http, request, sentContent } from './client';
import {
  APPLICATION_KEY_HEADER,
  applicationListSchema,
  applicationSchema,
  IDEMPOTENCY_HEADER,
  VISITOR_KEY_HEADER,
  productDetailSchema,
  productListSchema,
  quoteSchema,
  type ContractStep,
  type InsuredStep,
  type PlanStep,
  type QuoteRequest,
} from '../../contract/insurance.schema';

/** Who may use an application: its id and, for a visitor's draft, the key the create call returned. */
export interface ApplicationAccess {
  applicationId: string;
  accessKey: string | null;
}

export const applicationHeaders = (accessKey: string | null): Record<string, string> =>
  accessKey ? { [APPLICATION_KEY_HEADER]: accessKey } : {};

const applicationPath = (applicationId: string, step = '') =>
  `api/applications/${encodeURIComponent(applicationId)}/${step ? `${step}/` : ''}`;

/** GET /api/products/: every product on sale, in the current language. */
export const getProducts = () => request(productListSchema, () => getContent('api/products/'));

/** The catalogue the page was sent with, if any, to draw it without a loading state. */
export const sentProducts = () => sentContent(productListSchema, 'api/products/');

/** GET /api/products/{id}/: one product by its code (SPEC 3), in the current language. */
export const getProduct = (productId: number, signal?: AbortSignal) =>
  request(productDetailSchema, () => getContent(`api/products/${productId}/`, signal ? { signal } : {}));

/** POST /api/products/{id}/quote/: the price of a plan for the insured person's age (stores nothing). */
export const getQuote = (productId: number, body: QuoteRequest, signal?: AbortSignal) =>
  request(quoteSchema, () => http.post(`api/products/${productId}/quote/`, { json: body, ...(signal ? { signal } : {}) }).json());

const VISITOR_KEY_STORAGE = 'visitor-key';

/** This browser's own random key: a replayed idempotency key is only ever answered to it. */
const visitorKey = (): string => {
  try {
    const kept = localStorage.getItem(VISITOR_KEY_STORAGE);
    if (kept && /^[A-Za-z0-9_.:-]{16,128}$/.test(kept)) return kept;
    const made = crypto.randomUUID();
    localStorage.setItem(VISITOR_KEY_STORAGE, made);
    return made;
  } catch {
    return crypto.randomUUID();
  }
};

/** POST /api/applications/: a draft purchase; the same key answers the same draft (a retry never makes two). */
export const createApplication = (productId: number, idempotencyKey: string) =>
  request(applicationSchema, () =>
    http
      .post('api/applications/', { json: { product_id: productId }, headers: { [IDEMPOTENCY_HEADER]: idempotencyKey, [VISITOR_KEY_HEADER]: visitorKey() } })
      .json(),
  );

/** GET /api/applications/ (signed in): my unpaid drafts, newest first. */
export const listApplications = () => request(applicationListSchema, () => http.get('api/applications/').json());

/** GET /api/applications/{id}/: the stored steps of one draft. */
export const getApplication = ({ applicationId, accessKey }: ApplicationAccess, signal?: AbortSignal) =>
  request(applicationSchema, () =>
    http.get(applicationPath(applicationId), { headers: applicationHeaders(accessKey), ...(signal ? { signal } : {}) }).json(),
  );

const putStep = (access: ApplicationAccess, step: 'insured' | 'plan' | 'contract', body: unknown) =>
  request(applicationSchema, () =>
    http.put(applicationPath(access.applicationId, step), { json: body, headers: applicationHeaders(access.accessKey) }).json(),
  );

/** PUT /api/applications/{id}/insured/: step 1, who is insured. */
export const saveInsuredStep = (access: ApplicationAccess, body: InsuredStep) => putStep(access, 'insured', body);

/** PUT /api/applications/{id}/plan/: step 2, the plan (answers the application with its quote). */
export const savePlanStep = (access: ApplicationAccess, body: PlanStep) => putStep(access, 'plan', body);

/** PUT /api/applications/{id}/contract/: step 3, beneficiaries and consent. */
export const saveContractStep = (access: ApplicationAccess, body: ContractStep) => putStep(access, 'contract', body);
