/**
 * Fees (docs/api.md, "Fees"): a policy's schedule, the due fees across the user's policies, one
 * payment of chosen fees, and the /fee pages' access to another person's policy (register number +
 * contract phone + a code to that phone, the registration codes' limits). Owner-only: a policy, fee
 * payment or access that is not the caller's is the same 404 as one that does not exist.
 */
import { randomUUID } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { RESEND_SECONDS, type CodeSent } from '../../contract/account.schema';
import { errorKeys } from '../../contract/error.schema';
import {
  createFeePaymentBodySchema,
  DUE_FEES_SHOWN,
  DUE_WINDOW_DAYS,
  feeAccessConfirmSchema,
  feeAccessStartSchema,
  type DueFees,
  type FeeAccess,
  type FeeItem,
  type FeeList,
  type FeePayment,
} from '../../contract/fee.schema';
import { verificationGone, type Verifications } from '../account';
import { requireUser } from '../auth';
import type { Db } from '../db/db';
import { jsonBodyLimit } from '../http/body-limit';
import { clientIp, rateLimitKey } from '../http/client-ip';
import { createThrottle, lookupLimits, type LookupLimits } from '../http/throttle';
import type { AppEnv } from '../http/env';
import { errorBody, HttpError, notFound } from '../http/errors';
import { claimIdempotencyKey, findIdempotencyKey, idempotencyKeyOf, requestHash } from '../http/idempotency';
import { once } from '../http/idempotent-answer';
import { languageOf, type Language } from '../http/language';
import { readBody } from '../http/validate';
import { addDays, isUuid } from '../insurance';
import { todayInMongolia } from '../../contract/insurance.schema';
import { maskPhone } from '../payments';
import { createFeeInvoice } from './fee-invoices';
import {
  confirmFeeAccess,
  dueFeesOf,
  findPolicyInForceOf,
  insertFeeAccess,
  insertFeePayment,
  lockPayableFees,
  readAccess,
  readAccessPolicy,
  readAccessTimers,
  readDueFees,
  readFeePayment,
  setFeePaymentInvoice,
  sumOfFees,
  visiblePolicyIds,
  type AccessRow,
} from './fees.repo';
import { readSchedule } from './schedule.repo';

/**
 * The /fee look-up tells whether a register number and a phone hold a policy, and texts that phone:
 * limited like the registration look-ups per address and per register number (5: every match texts
 * the holder), and, as every caller is signed in, per account.
 */
export interface FeeLookupLimits extends LookupLimits {
  perUser: number;
}

export const DEFAULT_FEE_LOOKUP_LIMITS: FeeLookupLimits = { perAddress: 30, perPerson: 5, perUser: 10, windowSeconds: 15 * 60 };

export interface FeeOptions {
  lookups?: Partial<FeeLookupLimits>;
}

export interface FeeDeps extends FeeOptions {
  db: Db;
  secret: string;
  verifications: Verifications;
  ttlSeconds: number;
  /** For the client address the look-up throttle counts (server/http/client-ip.ts). */
  trustedProxies?: number;
}

/** How long a confirmed /fee access lets its user pay the policy's fees. */
export const FEE_ACCESS_TTL_SECONDS = 60 * 60;

const refuse = (status: 409 | 422, key: (typeof errorKeys)[keyof typeof errorKeys]) => new HttpError(status, errorBody(key));

/** A fee in a payment is no longer payable (paid meanwhile, not due, not the caller's). */
export const feesUnavailable = () => refuse(409, errorKeys.feesUnavailable);

const feeCodeText = (language: Language, code: string, ttlSeconds: number) => {
  const minutes = Math.max(1, Math.round(ttlSeconds / 60));
  return language === 'en'
    ? `Nar Life: your code to pay this contract's fees is ${code}. It expires in ${minutes} minutes. Do not share it with anyone.`
    : `Нар Лайф: гэрээний хураамж төлөх баталгаажуулах код ${code}. Код ${minutes} минутын дараа хүчингүй болно. Хэнд ч бүү хэлээрэй.`;
};

const toFeePayment = (row: NonNullable<Awaited<ReturnType<typeof readFeePayment>>>): FeePayment => ({
  id: row.id,
  amount: row.amount,
  status: row.status,
  items: row.items,
  invoice_id: row.invoice_id,
  access_id: row.access_id,
});

export const feeRoutes = ({ db, secret, verifications, ttlSeconds, trustedProxies = 0, lookups }: FeeDeps) => {
  const app = new Hono<AppEnv>();
  const limits: FeeLookupLimits = { ...DEFAULT_FEE_LOOKUP_LIMITS, ...lookups };
  const guard = createThrottle(db);
  /** Counts a policy look-up of `register` by this user from this address (before it); 429 when over. */
  const countLookup = (c: Context<AppEnv>, register: string) =>
    guard.take([
      ...lookupLimits('fee', limits, rateLimitKey(clientIp(c, trustedProxies)), register),
      { bucket: 'fee-user', key: String(c.var.user.id), max: limits.perUser, windowSeconds: limits.windowSeconds },
    ]);
  const signedIn = requireUser(db, secret);
  const languageOfRequest = (c: Context) => languageOf(c.req.header('accept-language'));

  app.get('/contracts/:id/fees/', signedIn, async (c) => {
    const id = c.req.param('id');
    if (!/^\d{1,9}$/.test(id)) throw notFound();
    const [policyId] = await visiblePolicyIds(db, c.var.user, Number(id));
    if (policyId === undefined) throw notFound();
    return c.json<FeeList>({ fees: await readSchedule(db, policyId, languageOfRequest(c)) });
  });

  app.get('/fees/due/', signedIn, async (c) => {
    const today = todayInMongolia();
    const { fees, total } = await readDueFees(db, c.var.user, languageOfRequest(c), DUE_FEES_SHOWN, today, addDays(today, DUE_WINDOW_DAYS));
    return c.json<DueFees>({ fees, total, more: total.count > fees.length });
  });

  app.post('/fee-payments/', jsonBodyLimit, signedIn, async (c) => {
    const user = c.var.user;
    const key = idempotencyKeyOf(c);
    const body = await readBody(c, createFeePaymentBodySchema);
    const items = [...new Set(body.items)].sort((a, b) => a - b);
    const phone = body.provider === 'mostmoney' ? (body.phone ?? user.phone ?? null) : null;
    const hash = requestHash({ items, provider: body.provider, phone, access: body.access_id ?? null });
    const scope = `fee-payment|user:${user.id}`;
    const language = languageOfRequest(c);

    const id = await db.transaction(async (tx) => {
      const seen = await findIdempotencyKey(tx, scope, key);
      if (seen) return (await claimIdempotencyKey(tx, scope, key, hash, seen.resource_id)).id;
      // The policies these fees may come from: the caller's own, or the one policy of a live confirmed access.
      let allowed: number[];
      if (body.access_id !== undefined) {
        const access = await readAccess(tx, user, body.access_id);
        if (!access || !access.confirmed || !access.live) throw verificationGone();
        allowed = [access.policy_id];
      } else {
        allowed = await visiblePolicyIds(tx, user);
      }
      // Lock the chosen fees: two payments racing for one fee are ordered here.
      const locked = await lockPayableFees(tx, items, allowed);
      if (locked.length !== items.length) throw feesUnavailable();
      const amount = await sumOfFees(tx, items);
      const paymentId = randomUUID();
      await claimIdempotencyKey(tx, scope, key, hash, paymentId);
      await insertFeePayment(tx, { id: paymentId, userId: user.id, accessId: body.access_id ?? null, items, amount });
      const invoiceId = await createFeeInvoice(tx, { subjectId: paymentId, userId: user.id, provider: body.provider, amount, phone });
      await setFeePaymentInvoice(tx, paymentId, invoiceId);
      return paymentId;
    });
    const payment = await readFeePayment(db, id, language);
    if (!payment) throw notFound();
    return c.json<FeePayment>(toFeePayment(payment), 201);
  });

  app.get('/fee-payments/:id/', signedIn, async (c) => {
    const id = c.req.param('id');
    if (!isUuid(id)) throw notFound();
    const payment = await readFeePayment(db, id, languageOfRequest(c));
    if (!payment || payment.user_id !== c.var.user.id) throw notFound();
    return c.json<FeePayment>(toFeePayment(payment));
  });

  // ── /fee: another person's policy ───────────────────────────────────────────────────────────────

  const answerAccess = async (c: Context, access: AccessRow): Promise<FeeAccess> => {
    const language = languageOfRequest(c);
    const timers = await readAccessTimers(db, access.ticket, RESEND_SECONDS);
    let policy: FeeAccess['policy'] = null;
    let fees: FeeItem[] = [];
    if (access.confirmed && access.live) {
      const found = await readAccessPolicy(db, access.policy_id, language);
      if (found) policy = { ...found, insurer: maskName(found.insurer) };
      fees = await dueFeesOf(db, [access.policy_id], language);
    }
    return {
      id: access.id,
      ticket: access.ticket,
      phone: maskPhone(access.phone),
      resend_in: timers?.resend_in ?? 0,
      expires_in: timers?.expires_in ?? 0,
      confirmed: access.confirmed && access.live,
      policy,
      fees,
    };
  };

  app.post('/fee-access/', jsonBodyLimit, signedIn, async (c) => {
    const user = c.var.user;
    const body = await readBody(c, feeAccessStartSchema);
    const register = body.register.toUpperCase();
    const language = languageOfRequest(c);
    const accessId = await once(
      db,
      c,
      `fee-access|user:${user.id}`,
      { register, phone: body.phone },
      async () => {
        // Counted before the look-up; a replay of an answered key (above) looks nothing up and is not counted.
        await countLookup(c, register);
        const policyId = await findPolicyInForceOf(db, register, body.phone);
        // One answer whether the register number is unknown, holds no policy in force, or the phone is wrong.
        if (policyId === undefined) throw refuse(422, errorKeys.policyNoMatch);
        const sent = await verifications.start('fee', body.phone, { policy_id: policyId, user_id: user.id }, (code) => feeCodeText(language, code, ttlSeconds));
        const id = randomUUID();
        await insertFeeAccess(db, { id, userId: user.id, policyId, ticket: sent.ticket, phone: body.phone, ttlSeconds: FEE_ACCESS_TTL_SECONDS });
        return id;
      },
      { record: (id: string) => id, replay: (id: string) => id },
    );
    const access = await readAccess(db, user, accessId);
    if (!access) throw verificationGone();
    return c.json<FeeAccess>(await answerAccess(c, access), 201);
  });

  app.get('/fee-access/:id/', signedIn, async (c) => {
    const access = await readAccess(db, c.var.user, c.req.param('id'));
    if (!access) throw notFound();
    return c.json<FeeAccess>(await answerAccess(c, access));
  });

  app.post('/fee-access/:id/resend/', jsonBodyLimit, signedIn, async (c) => {
    const access = await readAccess(db, c.var.user, c.req.param('id'));
    if (!access) throw notFound();
    if (access.confirmed || !access.live) throw verificationGone();
    const language = languageOfRequest(c);
    const sent = await verifications.resend(access.ticket, 'fee', (code) => feeCodeText(language, code, ttlSeconds));
    return c.json<CodeSent>(sent);
  });

  app.post('/fee-access/:id/confirm/', jsonBodyLimit, signedIn, async (c) => {
    const access = await readAccess(db, c.var.user, c.req.param('id'));
    if (!access) throw notFound();
    const body = await readBody(c, feeAccessConfirmSchema);
    if (!access.confirmed) {
      if (!access.live) throw verificationGone();
      await verifications.check(access.ticket, 'fee', body.code);
      await db.transaction(async (tx) => {
        if (!(await verifications.consume(tx, access.ticket))) throw verificationGone();
        await confirmFeeAccess(tx, access.id, FEE_ACCESS_TTL_SECONDS);
      });
    }
    const confirmed = await readAccess(db, c.var.user, access.id);
    if (!confirmed) throw notFound();
    return c.json<FeeAccess>(await answerAccess(c, confirmed));
  });

  return app;
};

/** "Батболд Энхжаргал" → "Б*** Э***": enough for the payer to recognise, not to learn a name. */
const maskName = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .map((part) => `${part.slice(0, 1)}***`)
    .join(' ');
