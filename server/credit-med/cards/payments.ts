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
import {
  activateCard,
  creditCard,
  insertRepayment,
  lockCardOfUser,
  lockCardStatus,
  lockPreClaimOf,
  lockPreClaimToRepay,
  lockSignedContractOf,
  markPreClaimPaid,
  openUnpaidCard,
  readUserPhone,
} from './cards.repo';
import { refuse } from './refuse';
import { notifyStatus } from './progress';
import { CARD_FEE, CARD_LIMIT } from './seed';

const STATUS_PATH = routePaths.creditMedBuyStatus.pattern;

registerInvoicePurpose('credit_med_card', {
  khanReturn: { success: STATUS_PATH, fail: STATUS_PATH },
  async onPaid(tx, invoice) {
    if ((await lockCardStatus(tx, Number(invoice.subject_id), invoice.user_id)) !== 'unpaid') return 'refund_due';
    await activateCard(tx, Number(invoice.subject_id), String(randomInt(0, 10_000)).padStart(4, '0'));
    await notify(tx, invoice.user_id, { kind: 'invoice_paid', params: { purpose: 'credit_med_card', amount: invoice.amount }, link: routePaths.creditMed.build() });
    return 'settled';
  },
});

registerInvoicePurpose('credit_med_repay', {
  khanReturn: { success: STATUS_PATH, fail: STATUS_PATH },
  async onPaid(tx, invoice) {
    const preClaimId = Number(invoice.subject_id);
    const preClaim = await lockPreClaimOf(tx, preClaimId, invoice.user_id);
    if (!preClaim || preClaim.status !== 'to_be_paid_by_insured' || preClaim.amount !== invoice.amount) return 'refund_due';
    // The unique pre-claim of a repayment: a second one cannot be written.
    if (!(await insertRepayment(tx, { preClaimId, userId: invoice.user_id, amount: invoice.amount, invoiceId: invoice.id }))) return 'refund_due';
    await markPreClaimPaid(tx, preClaimId);
    await creditCard(tx, preClaim.card_id, invoice.amount);
    await notifyStatus(tx, invoice.user_id, { id: preClaimId, status: 'paid', amount: invoice.amount });
    return 'settled';
  },
});

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
    const phone = body.provider === 'mostmoney' ? (body.phone ?? (await readUserPhone(db, user.id))) : null;
    const hash = requestHash({ provider: body.provider, phone });
    const { id, created } = await db.transaction(async (tx) => {
      const contract = await lockSignedContractOf(tx, user.id);
      if (!contract) throw refuse(409, creditMedCardErrors.contractNotSigned);
      await openUnpaidCard(tx, user.id, contract.id, CARD_LIMIT, CARD_FEE);
      const card = await lockCardOfUser(tx, user.id);
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
    const phone = body.provider === 'mostmoney' ? (body.phone ?? (await readUserPhone(db, user.id))) : null;
    const hash = requestHash({ pre_claim_id: body.pre_claim_id, provider: body.provider, phone });
    const { id, created } = await db.transaction(async (tx) => {
      const preClaim = await lockPreClaimToRepay(tx, body.pre_claim_id, user.id);
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
