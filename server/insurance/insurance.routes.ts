/**
 * The catalogue, the quote and the purchase wizard's server side (docs/api.md, "Buying insurance"):
 * every body is validated with the shared per-product schemas of src/api/insurance.schema.ts.
 */
import { randomUUID } from 'node:crypto';
import { Hono, type Context } from 'hono';
import type { Application, ProductDetail, ProductList, Quote } from '../../contract/insurance.schema';
import {
  birthDateOf,
  ageOn,
  contractStepSchema,
  createApplicationBodySchema,
  insuredStepSchemaFor,
  planStepSchemaFor,
  quoteRequestSchemaFor,
  birthDateFromRegister,
  todayInMongolia,
} from '../../contract/insurance.schema';
import { errorKeys } from '../../contract/error.schema';
import { requireUser } from '../auth';
import type { Db, Queryable } from '../db/db';
import { jsonBodyLimit } from '../http/body-limit';
import { sendCached, type ContentCache } from '../http/content-cache';
import type { AppEnv } from '../http/env';
import { errorBody, HttpError, notFound } from '../http/errors';
import { callerOf, claimIdempotencyKey, findIdempotencyKey, idempotencyKeyOf, requestHash } from '../http/idempotency';
import { createThrottle } from '../http/throttle';
import { clientIp, rateLimitKey } from '../http/client-ip';
import { languageOf } from '../http/language';
import { readBody } from '../http/validate';
import { applicationClosed, applicationIncomplete } from './application-errors';
import {
  deleteOldDrafts,
  expireApplicationInvoices,
  insertApplication,
  listDrafts,
  lockApplication,
  readApplication,
  replaceOpenInvoices,
  toApplication,
  updateSteps,
  withStep,
  type ApplicationRow,
} from './applications.repo';
import { listProducts, readProductDetail, readProductRules, type ProductRules } from './catalogue';
import { accessKeyFor, isUuid, mayAccess, optionalUser, type MaybeUserEnv } from './owner';
import { computeQuote } from './quote';

export interface InsuranceDeps {
  db: Db;
  secret: string;
  /** The catalogue is content: kept in memory until it changes. */
  content: ContentCache;
  /** For the client address a visitor's idempotency keys fall back to (see callerOf). */
  trustedProxies?: number;
  drafts?: Partial<DraftLimits>;
}

/** New drafts per caller (user, visitor key or address) per window, and how long an untouched draft is kept. */
export interface DraftLimits {
  perCaller: number;
  windowSeconds: number;
  keepDays: number;
}

export const DEFAULT_DRAFT_LIMITS: DraftLimits = { perCaller: 20, windowSeconds: 24 * 60 * 60, keepDays: 30 };

const PRODUCT_ID_RE = /^\d{1,6}$/;

const productIdOf = (c: Context) => {
  const id = c.req.param('id') ?? '';
  if (!PRODUCT_ID_RE.test(id)) throw notFound();
  return Number(id);
};

/** The quote of a plan for the insured person stored on an application. */
const quoteFor = (rules: ProductRules, application: Pick<ApplicationRow, 'insured' | 'plan'>, today: string): Quote | null => {
  if (!application.insured || !application.plan) return null;
  const birthDate = birthDateOf(application.insured);
  if (!birthDate) return null;
  return computeQuote({ productId: rules.id, pricing: rules.pricing, plan: application.plan, age: ageOn(birthDate, today) });
};

/** Keeps only the amount the product prices on (sum insured for risk, fee for savings). */
const normalizedPlan = (rules: ProductRules, plan: { sum_insured?: number; fee?: number; term_years: number; frequency: Quote['frequency'] }) => ({
  ...(rules.plan.sum_insured && plan.sum_insured !== undefined ? { sum_insured: plan.sum_insured } : {}),
  ...(rules.plan.fee && plan.fee !== undefined ? { fee: plan.fee } : {}),
  term_years: plan.term_years,
  frequency: plan.frequency,
});

export const insuranceRoutes = ({ db, secret, content, trustedProxies = 0, drafts }: InsuranceDeps) => {
  const app = new Hono<AppEnv & MaybeUserEnv>();
  const draftLimits: DraftLimits = { ...DEFAULT_DRAFT_LIMITS, ...drafts };
  const guard = createThrottle(db);
  let lastCleanup = 0;
  /** Drafts untouched for `keepDays` go (with their unpaid invoices); at most once a minute per process. */
  const cleanupOldDrafts = async () => {
    if (Date.now() - lastCleanup < 60_000) return;
    lastCleanup = Date.now();
    await deleteOldDrafts(db, draftLimits.keepDays);
  };
  const maybeUser = optionalUser(db, secret);

  // ----- Catalogue -----------------------------------------------------------------------------

  app.get('/products/', async (c) => {
    const language = languageOf(c.req.header('accept-language'));
    const list = await content.get(`products:${language}`, async (): Promise<ProductList> => ({ products: await listProducts(db, language) }));
    if (!list) throw notFound();
    return sendCached(c, list);
  });

  app.get('/products/:id/', async (c) => {
    const id = productIdOf(c);
    const language = languageOf(c.req.header('accept-language'));
    const product = await content.get(`product:${id}:${language}`, (): Promise<ProductDetail | undefined> => readProductDetail(db, id, language));
    if (!product) throw notFound();
    return sendCached(c, product);
  });

  app.post('/products/:id/quote/', jsonBodyLimit, async (c) => {
    const rules = await readProductRules(db, productIdOf(c));
    if (!rules?.on_sale) throw notFound();
    const today = todayInMongolia();
    const body = await readBody(c, quoteRequestSchemaFor(rules, today));
    // The register number's date is the truth; `birth_date` alone only prices a calculator's example.
    const birthDate = (body.register ? birthDateFromRegister(body.register) : null) ?? body.birth_date ?? null;
    // The schema already refused a request without a usable birth date.
    const age = birthDate ? ageOn(birthDate, today) : rules.age.min;
    return c.json<Quote>(computeQuote({ productId: rules.id, pricing: rules.pricing, plan: normalizedPlan(rules, body), age }));
  });

  // ----- Applications --------------------------------------------------------------------------

  /** The application of the path when this request may use it; 404 otherwise (unknown or not yours). */
  const ownedApplication = async (c: Context<AppEnv & MaybeUserEnv>, db_: Queryable = db) => {
    const id = c.req.param('id') ?? '';
    if (!isUuid(id)) throw notFound();
    const row = await readApplication(db_, id);
    if (!row || !mayAccess(c, secret, row, c.var.maybeUser)) throw notFound();
    return row;
  };

  const answer = (c: Context<AppEnv & MaybeUserEnv>, row: ApplicationRow, accessKey?: string) =>
    toApplication(row, c.var.maybeUser, accessKey);

  app.post('/applications/', jsonBodyLimit, maybeUser, async (c) => {
    const key = idempotencyKeyOf(c);
    const { product_id: productId } = await readBody(c, createApplicationBodySchema);
    const rules = await readProductRules(db, productId);
    if (!rules?.on_sale) throw new HttpError(404, errorBody(errorKeys.productUnavailable));
    const userId = c.var.maybeUser?.id ?? null;
    const caller = callerOf(c, c.var.maybeUser, () => rateLimitKey(clientIp(c, trustedProxies)));
    // A new draft (not a replay) counts against the caller's cap; old drafts are cleared now and then.
    if (!(await findIdempotencyKey(db, `application|${caller}`, key))) {
      await guard.take([{ bucket: 'drafts', key: caller, max: draftLimits.perCaller, windowSeconds: draftLimits.windowSeconds }]);
      await cleanupOldDrafts();
    }
    const { id, replayed } = await db.transaction(async (tx) => {
      const claim = await claimIdempotencyKey(tx, `application|${caller}`, key, requestHash({ productId, userId }), randomUUID());
      if (!claim.replayed) await insertApplication(tx, claim.id, productId, userId);
      return claim;
    });
    const row = await readApplication(db, id);
    if (!row) throw notFound();
    return c.json<Application>(answer(c, row, accessKeyFor(secret, id)), replayed ? 200 : 201);
  });

  app.get('/applications/', requireUser(db, secret), async (c) => {
    const rows = await listDrafts(db, c.var.user.id);
    return c.json({ applications: rows.map((row) => toApplication(row, c.var.user)) });
  });

  app.get('/applications/:id/', maybeUser, async (c) => c.json<Application>(answer(c, await ownedApplication(c))));

  /**
   * Stores one step: checks ownership, that the earlier steps are stored and that the application is
   * not paid; then, in a transaction holding the application's lock, writes the step, re-prices, and
   * expires an open invoice whose amount is no longer right.
   */
  const putStep = async (
    c: Context<AppEnv & MaybeUserEnv>,
    build: (row: ApplicationRow, rules: ProductRules, today: string) => Promise<Omit<Parameters<typeof updateSteps>[2], 'completed_steps'> & { step: 'insured' | 'plan' | 'contract' }>,
  ) => {
    const row = await ownedApplication(c);
    if (row.status === 'paid') throw applicationClosed();
    const rules = await readProductRules(db, row.product_id);
    if (!rules) throw notFound();
    const today = todayInMongolia();
    const { step, ...update } = await build(row, rules, today);
    await db.transaction(async (tx) => {
      const locked = await lockApplication(tx, row.id);
      if (!locked) throw notFound();
      if (locked.status === 'paid') throw applicationClosed();
      const current = await readApplication(tx, row.id);
      if (!current) throw notFound();
      const next = { insured: update.insured ?? current.insured, plan: update.plan ?? current.plan };
      const quote = quoteFor(rules, next, today);
      await updateSteps(tx, row.id, { ...update, quote, completed_steps: withStep(current.completed_steps, step) });
      if (current.quote?.fee !== quote?.fee) {
        await expireApplicationInvoices(tx, row.id);
        await replaceOpenInvoices(tx, row.id);
      }
    });
    const updated = await readApplication(db, row.id);
    if (!updated) throw notFound();
    return c.json<Application>(answer(c, updated));
  };

  app.put('/applications/:id/insured/', jsonBodyLimit, maybeUser, (c) =>
    putStep(c, async (_row, rules, today) => ({ step: 'insured', insured: await readBody(c, insuredStepSchemaFor(rules, today)) })),
  );

  app.put('/applications/:id/plan/', jsonBodyLimit, maybeUser, (c) =>
    putStep(c, async (row, rules) => {
      if (!row.completed_steps.includes('insured')) throw applicationIncomplete();
      const plan = await readBody(c, planStepSchemaFor(rules));
      return { step: 'plan', plan: normalizedPlan(rules, plan) };
    }),
  );

  app.put('/applications/:id/contract/', jsonBodyLimit, maybeUser, (c) =>
    putStep(c, async (row) => {
      if (!row.completed_steps.includes('insured') || !row.completed_steps.includes('plan')) throw applicationIncomplete();
      return { step: 'contract', contract: await readBody(c, contractStepSchema) };
    }),
  );

  return app;
};
