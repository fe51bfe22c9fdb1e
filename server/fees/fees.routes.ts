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
  feeAccessConfirmSchema,
  feeAccessStartSchema,
  type FeeAccess,
  type FeeItem,
  type FeeList,
  type FeePayment,
} from '../../contract/fee.schema';
import { todayInMongolia } from '../../contract/insurance.schema';
import { verificationGone, type Verifications } from '../account';
import { requireUser, type UserRow } from '../auth';
import type { Db, Queryable } from '../db/db';
import { jsonBodyLimit } from '../http/body-limit';
import { clientIp, rateLimitKey } from '../http/client-ip';
import { createThrottle, lookupLimits, type LookupLimits } from '../http/throttle';
import type { AppEnv } from '../http/env';
import { errorBody, HttpError, notFound } from '../http/errors';
import { claimIdempotencyKey, findIdempotencyKey, idempotencyKeyOf, requestHash } from '../http/idempotency';
import { once } from '../http/idempotent-answer';
import { languageOf, type Language } from '../http/language';
import { readBody } from '../http/validate';
import { isUuid, VISIBLE_POLICY, visibleParams } from '../insurance';
import { maskPhone } from '../payments';
import { createFeeInvoice } from './fee-invoices';
import { FEE_FROM, feeColumns, type FeeRow, readSchedule, toFeeItem } from './schedule.repo';

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

const POLICY_IN_FORCE = `p.status in ('active', 'lapsed')`;

const refuse = (status: 409 | 422, key: (typeof errorKeys)[keyof typeof errorKeys]) => new HttpError(status, errorBody(key));

/** A fee in a payment is no longer payable (paid meanwhile, not due, not the caller's). */
export const feesUnavailable = () => refuse(409, errorKeys.feesUnavailable);

const feeCodeText = (language: Language, code: string, ttlSeconds: number) => {
  const minutes = Math.max(1, Math.round(ttlSeconds / 60));
  return language === 'en'
    ? `Nar Life: your code to pay this contract's fees is ${code}. It expires in ${minutes} minutes. Do not share it with anyone.`
    : `Нар Лайф: гэрээний хураамж төлөх баталгаажуулах код ${code}. Код ${minutes} минутын дараа хүчингүй болно. Хэнд ч бүү хэлээрэй.`;
};

/** The ids of the user's own policies (VISIBLE_POLICY, as the contract pages). */
const visiblePolicyIds = async (q: Queryable, user: UserRow, policyId?: number): Promise<number[]> => {
  const { rows } = await q.query<{ id: number }>(
    `select p.id from policies p where ${VISIBLE_POLICY}${policyId === undefined ? '' : ' and p.id = $4'}`,
    policyId === undefined ? visibleParams(user) : [...visibleParams(user), policyId],
  );
  return rows.map((row) => row.id);
};

interface AccessRow {
  id: string;
  user_id: number;
  policy_id: number;
  ticket: string;
  phone: string;
  confirmed: boolean;
  live: boolean;
}

/** The caller's access (any state); undefined when unknown or another user's. */
const readAccess = async (q: Queryable, user: UserRow, id: string): Promise<AccessRow | undefined> => {
  if (!isUuid(id)) return undefined;
  const { rows } = await q.query<AccessRow>(
    `select id, user_id, policy_id, ticket, phone, confirmed_at is not null as confirmed, expires_at > now() as live
       from fee_access where id = $1 and user_id = $2`,
    [id, user.id],
  );
  return rows[0];
};

/** Unpaid fees of these policies that are due or overdue (in force only), oldest first. */
const dueFeesOf = async (q: Queryable, policyIds: readonly number[], language: Language): Promise<FeeItem[]> => {
  if (policyIds.length === 0) return [];
  const { rows } = await q.query<FeeRow>(
    `select ${feeColumns(language)} ${FEE_FROM}
      where s.policy_id = any($1::int[]) and s.paid_at is null and ${POLICY_IN_FORCE} and s.due_date <= $2::date
      order by s.due_date, p.contract_number`,
    [policyIds, todayPlusWindow()],
  );
  const today = todayInMongolia();
  return rows.map((row) => toFeeItem(row, today));
};

const todayPlusWindow = () => {
  const today = new Date(`${todayInMongolia()}T00:00:00Z`);
  today.setUTCDate(today.getUTCDate() + 31);
  return today.toISOString().slice(0, 10);
};

const readFeePayment = async (q: Queryable, id: string, language: Language) => {
  const { rows } = await q.query<{ id: string; user_id: number; access_id: string | null; items: number[]; amount: number; status: FeePayment['status']; invoice_id: string | null }>(
    'select id, user_id, access_id, items, amount, status, invoice_id from fee_payments where id = $1',
    [id],
  );
  const row = rows[0];
  if (!row) return undefined;
  const { rows: items } = await q.query<FeeRow>(`select ${feeColumns(language)} ${FEE_FROM} where s.id = any($1::bigint[]) order by s.due_date, s.id`, [row.items]);
  const today = todayInMongolia();
  return { ...row, items: items.map((item) => toFeeItem(item, today)) };
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
    const ids = await visiblePolicyIds(db, c.var.user);
    return c.json<FeeList>({ fees: await dueFeesOf(db, ids, languageOfRequest(c)) });
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
      const { rows: locked } = await tx.query<{ id: number }>(
        `select s.id::int as id from fee_schedule s join policies p on p.id = s.policy_id
          where s.id = any($1::bigint[]) and s.policy_id = any($2::int[]) and s.paid_at is null and ${POLICY_IN_FORCE} and s.due_date <= $3::date
          for update of s`,
        [items, allowed, todayPlusWindow()],
      );
      if (locked.length !== items.length) throw feesUnavailable();
      const { rows: sums } = await tx.query<{ amount: number }>('select sum(amount) as amount from fee_schedule where id = any($1::bigint[])', [items]);
      const amount = sums[0]?.amount ?? 0;
      const paymentId = randomUUID();
      await claimIdempotencyKey(tx, scope, key, hash, paymentId);
      await tx.query(
        `insert into fee_payments (id, user_id, access_id, items, amount) values ($1, $2, $3, $4, $5)`,
        [paymentId, user.id, body.access_id ?? null, JSON.stringify(items), amount],
      );
      const invoiceId = await createFeeInvoice(tx, { subjectId: paymentId, userId: user.id, provider: body.provider, amount, phone });
      await tx.query('update fee_payments set invoice_id = $2 where id = $1', [paymentId, invoiceId]);
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
    const { rows } = await db.query<{ resend_in: number; expires_in: number }>(
      `select greatest(0, ceil(extract(epoch from v.expires_at - now())))::int as expires_in,
              greatest(0, ceil(extract(epoch from (select max(s.sent_at) from sms_log s where s.phone = v.phone and s.purpose = 'fee')
                + $2::int * interval '1 second' - now())))::int as resend_in
         from verification_codes v where v.id = $1`,
      [access.ticket, RESEND_SECONDS],
    );
    let policy: FeeAccess['policy'] = null;
    let fees: FeeItem[] = [];
    if (access.confirmed && access.live) {
      const { rows: policies } = await db.query<{ contract_number: string; product_name: string; insurer: string }>(
        `select p.contract_number, pr.name_${language} as product_name,
                coalesce(p.insured_name, pa.name, u.name, '') as insurer
           from policies p join products pr on pr.id = p.product_id
           left join partners pa on pa.id = p.partner_id left join users u on u.id = p.user_id
          where p.id = $1`,
        [access.policy_id],
      );
      const found = policies[0];
      if (found) policy = { ...found, insurer: maskName(found.insurer) };
      fees = await dueFeesOf(db, [access.policy_id], language);
    }
    return {
      id: access.id,
      ticket: access.ticket,
      phone: maskPhone(access.phone),
      resend_in: rows[0]?.resend_in ?? 0,
      expires_in: rows[0]?.expires_in ?? 0,
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
        const { rows } = await db.query<{ id: number }>(
          `select p.id from policies p left join partners pa on pa.id = p.partner_id
            where ${POLICY_IN_FORCE}
              and ((upper(p.insured_register) = $1 and p.insured_phone = $2) or (pa.register = $1 and pa.phone = $2))
            order by p.start_date desc, p.id desc limit 1`,
          [register, body.phone],
        );
        const policyId = rows[0]?.id;
        // One answer whether the register number is unknown, holds no policy in force, or the phone is wrong.
        if (policyId === undefined) throw refuse(422, errorKeys.policyNoMatch);
        const sent = await verifications.start('fee', body.phone, { policy_id: policyId, user_id: user.id }, (code) => feeCodeText(language, code, ttlSeconds));
        const id = randomUUID();
        await db.query(
          `insert into fee_access (id, user_id, policy_id, ticket, phone, expires_at) values ($1, $2, $3, $4, $5, now() + $6::int * interval '1 second')`,
          [id, user.id, policyId, sent.ticket, body.phone, FEE_ACCESS_TTL_SECONDS],
        );
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
        await tx.query(
          `update fee_access set confirmed_at = now(), expires_at = now() + $2::int * interval '1 second' where id = $1`,
          [access.id, FEE_ACCESS_TTL_SECONDS],
        );
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
