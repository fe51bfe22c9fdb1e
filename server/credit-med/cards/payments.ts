/**
 * Paying on the card side through the shared invoices (server/payments/purposes.ts): the card's fee
 * (purpose 'credit_med_card'; the card becomes active when paid) and the repayment of a pre-claim
 * 'to be paid by insured' (purpose 'credit_med_repay'; it becomes 'paid' and the amount goes back on the
 * card). Each `onPaid` locks its subject in the settlement transaction, so a second payment (another
 * open invoice, a second provider) finds the subject settled and is marked refund_due: paying twice is
 * impossible. The card page's return, for both, is /credit-med/buy/status (the invoice says which).
 */
import { randomInt } from 'node:crypto';
import { Hono } from 'hono';
import { createRepaymentBodySchema, creditMedCardErrors } from '../../../contract/credit-med-card.schema';
import { createInvoiceBodySchema, type Invoice } from '../../../contract/payment.schema';
import { routePaths } from '../../../contract/paths';
import { requireUser } from '../../auth';
import type { Db, Queryable } from '../../db/db';
import { jsonBodyLimit } from '../../http/body-limit';
import type { AppEnv } from '../../http/env';
import { notFound } from '../../http/errors';
import { claimIdempotencyKey, findIdempotencyKey, idempotencyKeyOf, requestHash } from '../../http/idempotency';
import { readBody } from '../../http/validate';
import { notify } from '../../notifications';
import { createInvoice, expireDueInvoices, readInvoice, registerInvoicePurpose, toInvoice } from '../../payments';
import { refuse } from './refuse';
import { notifyStatus } from './progress';
import { CARD_FEE, CARD_LIMIT } from './seed';

const STATUS_PATH = routePaths.creditMedBuyStatus.pattern;

registerInvoicePurpose('credit_med_card', {
  khanReturn: { success: STATUS_PATH, fail: STATUS_PATH },
  async onPaid(tx, invoice) {
    const { rows } = await tx.query<{ status: string }>('select status from credit_med_cards where id = $1 and user_id = $2 for update', [
      Number(invoice.subject_id),
      invoice.user_id,
    ]);
    if (rows[0]?.status !== 'unpaid') return 'refund_due';
    await tx.query(
      `update credit_med_cards set status = 'active', activated_at = now(), card_number_last4 = $2 where id = $1`,
      [Number(invoice.subject_id), String(randomInt(0, 10_000)).padStart(4, '0')],
    );
    await notify(tx, invoice.user_id, { kind: 'invoice_paid', params: { purpose: 'credit_med_card', amount: invoice.amount }, link: routePaths.creditMed.build() });
    return 'settled';
  },
});

registerInvoicePurpose('credit_med_repay', {
  khanReturn: { success: STATUS_PATH, fail: STATUS_PATH },
  async onPaid(tx, invoice) {
    const preClaimId = Number(invoice.subject_id);
    const { rows } = await tx.query<{ status: string; amount: number; card_id: number }>(
      'select status, amount, card_id from credit_med_pre_claims where id = $1 and user_id = $2 for update',
      [preClaimId, invoice.user_id],
    );
    const preClaim = rows[0];
    if (!preClaim || preClaim.status !== 'to_be_paid_by_insured' || preClaim.amount !== invoice.amount) return 'refund_due';
    // The unique pre-claim of a repayment: a second one cannot be written.
    const repaid = await tx.query(
      `insert into credit_med_repayments (pre_claim_id, user_id, amount, invoice_id) values ($1, $2, $3, $4) on conflict (pre_claim_id) do nothing returning id`,
      [preClaimId, invoice.user_id, invoice.amount, invoice.id],
    );
    if (repaid.rows.length === 0) return 'refund_due';
    await tx.query(`update credit_med_pre_claims set status = 'paid', next_step_at = null, updated_at = now() where id = $1`, [preClaimId]);
    await tx.query('update credit_med_cards set balance = least(card_limit, balance + $2) where id = $1', [preClaim.card_id, invoice.amount]);
    await notifyStatus(tx, invoice.user_id, { id: preClaimId, status: 'paid', amount: invoice.amount });
    return 'settled';
  },
});

const phoneOf = async (db: Queryable, userId: number) =>
  (await db.query<{ phone: string | null }>('select phone from users where id = $1', [userId])).rows[0]?.phone ?? null;

export const creditMedPaymentRoutes = ({ db, secret }: { db: Db; secret: string }) => {
  const app = new Hono<AppEnv>();
  const signedIn = requireUser(db, secret);

  const answer = async (id: string): Promise<Invoice> => {
    await expireDueInvoices(db, { invoiceId: id });
    const row = await readInvoice(db, id);
    if (!row) throw notFound();
    return toInvoice(row, secret);
  };

  /** A replayed key answers the invoice it made; a new one runs `make` (in the caller's locked transaction). */
  const once = async (tx: Queryable, scope: string, key: string, hash: string, make: () => Promise<string>) => {
    const seen = await findIdempotencyKey(tx, scope, key);
    if (seen) return { id: (await claimIdempotencyKey(tx, scope, key, hash, seen.resource_id)).id, created: false };
    const id = await make();
    await claimIdempotencyKey(tx, scope, key, hash, id);
    return { id, created: true };
  };

  // The card's fee: the card row is made (unpaid) on the first purchase attempt of a signed contract.
  app.post('/credit-med/card/invoice/', jsonBodyLimit, signedIn, async (c) => {
    const user = c.var.user;
    const key = idempotencyKeyOf(c);
    const body = await readBody(c, createInvoiceBodySchema);
    const phone = body.provider === 'mostmoney' ? (body.phone ?? (await phoneOf(db, user.id))) : null;
    const hash = requestHash({ provider: body.provider, phone });
    const { id, created } = await db.transaction(async (tx) => {
      const contract = (await tx.query<{ id: number }>(`select id from credit_med_contracts where user_id = $1 and status = 'signed' for update`, [user.id])).rows[0];
      if (!contract) throw refuse(409, creditMedCardErrors.contractNotSigned);
      await tx.query(
        `insert into credit_med_cards (user_id, contract_id, status, card_limit, balance, fee) values ($1, $2, 'unpaid', $3, $3, $4)
         on conflict (user_id) do nothing`,
        [user.id, contract.id, CARD_LIMIT, CARD_FEE],
      );
      const card = (await tx.query<{ id: number; status: string; fee: number }>('select id, status, fee from credit_med_cards where user_id = $1 for update', [user.id])).rows[0];
      if (!card) throw notFound();
      return once(tx, `credit-med-card-invoice:user:${user.id}`, key, hash, async () => {
        if (card.status !== 'unpaid') throw refuse(409, creditMedCardErrors.cardAlreadyPaid);
        return createInvoice(tx, { purpose: 'credit_med_card', subjectId: String(card.id), userId: user.id, provider: body.provider, amount: card.fee, phone });
      });
    });
    return c.json<Invoice>(await answer(id), created ? 201 : 200);
  });

  // A repayment: only a pre-claim of this user that is 'to be paid by insured'; 404 for anyone else's.
  app.post('/credit-med/repayments/', jsonBodyLimit, signedIn, async (c) => {
    const user = c.var.user;
    const key = idempotencyKeyOf(c);
    const body = await readBody(c, createRepaymentBodySchema);
    const phone = body.provider === 'mostmoney' ? (body.phone ?? (await phoneOf(db, user.id))) : null;
    const hash = requestHash({ pre_claim_id: body.pre_claim_id, provider: body.provider, phone });
    const { id, created } = await db.transaction(async (tx) => {
      const preClaim = (
        await tx.query<{ id: number; status: string; amount: number }>('select id, status, amount from credit_med_pre_claims where id = $1 and user_id = $2 for update', [
          body.pre_claim_id,
          user.id,
        ])
      ).rows[0];
      if (!preClaim) throw notFound();
      return once(tx, `credit-med-repayment:user:${user.id}`, key, hash, async () => {
        if (preClaim.status !== 'to_be_paid_by_insured') throw refuse(409, creditMedCardErrors.nothingOwed);
        return createInvoice(tx, { purpose: 'credit_med_repay', subjectId: String(preClaim.id), userId: user.id, provider: body.provider, amount: preClaim.amount, phone });
      });
    });
    return c.json<Invoice>(await answer(id), created ? 201 : 200);
  });

  return app;
};
