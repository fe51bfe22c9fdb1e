/**
 * Credit Med, the card side (docs/api.md "Credit Med: card and pre-claims"): the card summary,
 * hospital search and pre-claims. Every answer is the signed-in user's own: another user's card or
 * pre-claim is a 404, never readable. A pre-claim is created and the card's balance lowered in one
 * transaction with the card row locked, so two concurrent pre-claims cannot overdraw it.
 */
import { Hono } from 'hono';
import {
  createPreClaimBodySchema,
  creditMedCardErrors,
  HOSPITAL_QUERY_MAX,
  PRE_CLAIM_MIN_AMOUNT,
  PRE_CLAIM_PURPOSE_MAX,
  TRANSACTION_PASSWORD_LOCK_SECONDS,
  TRANSACTION_PASSWORD_TRIES,
  type CardSummary,
  type HospitalList,
  type PreClaim,
} from '../../../contract/credit-med-card.schema';
import { requireUser, verifyPassword } from '../../auth';
import type { Db, Queryable } from '../../db/db';
import { jsonBodyLimit } from '../../http/body-limit';
import type { AppEnv } from '../../http/env';
import { HttpError, notFound } from '../../http/errors';
import { claimIdempotencyKey, findIdempotencyKey, idempotencyKeyOf, requestHash } from '../../http/idempotency';
import { languageOf } from '../../http/language';
import { createThrottle, type Limit } from '../../http/throttle';
import { dbIdParam, readBody } from '../../http/validate';
import {
  debitCard,
  deleteCounter,
  hospitalExists,
  insertPreClaim,
  listPreClaims,
  nextPreClaimId,
  readCardOf,
  readCounterHits,
  readPaidCardInvoices,
  readPreClaim,
  readSignedContract,
  restartCounterWindow,
  searchHospitals,
  toCard,
  TRANSACTION_PASSWORD_BUCKET,
  type CardRow,
} from './cards.repo';
import { notifyStatus, PRE_CLAIM_STEP_SECONDS } from './progress';
import { CARD_FEE } from './seed';
import { refuse } from './refuse';
import { creditMedPaymentRoutes } from './payments';

export interface CreditMedCardDeps {
  db: Db;
  secret: string;
  /** Seconds before a new pre-claim first moves (the reference insurer's pace). */
  stepSeconds?: number;
}

/** Why this card cannot pay a pre-claim now, or null when it can (for `amount`, when given). */
export const cardRefusal = (card: CardRow | undefined, amount?: number): HttpError | null => {
  if (!card || card.status === 'unpaid') return refuse(409, creditMedCardErrors.noActiveCard);
  if (card.status === 'inactive') return refuse(409, creditMedCardErrors.cardInactive);
  if (card.balance <= 0) return refuse(409, creditMedCardErrors.balanceDepleted);
  if (amount !== undefined && amount > card.balance) {
    const message = { key: creditMedCardErrors.insufficientBalance, values: { balance: card.balance } };
    return refuse(422, creditMedCardErrors.insufficientBalance, { values: message.values, fields: { amount: message } });
  }
  return null;
};

const passwordLimit = (userId: number): Limit => ({
  bucket: TRANSACTION_PASSWORD_BUCKET,
  key: String(userId),
  max: TRANSACTION_PASSWORD_TRIES,
  windowSeconds: TRANSACTION_PASSWORD_LOCK_SECONDS,
});

const locked = (seconds: number) =>
  refuse(429, creditMedCardErrors.preClaimsLocked, {
    values: { minutes: Math.max(1, Math.ceil(seconds / 60)) },
    headers: { 'Retry-After': String(Math.max(1, seconds)) },
  });

const summaryOf = async (db: Queryable, userId: number, language: 'mn' | 'en'): Promise<CardSummary> => {
  const [contract, card, preClaims, receipts] = await Promise.all([
    readSignedContract(db, userId),
    readCardOf(db, userId),
    listPreClaims(db, userId, language),
    readPaidCardInvoices(db, userId),
  ]);
  return {
    contract_signed: contract !== undefined,
    card: card ? toCard(card) : null,
    fee: card?.fee ?? CARD_FEE,
    pre_claims: preClaims,
    owed_total: preClaims.reduce((sum, p) => sum + p.owed, 0),
    rules: { min_amount: PRE_CLAIM_MIN_AMOUNT, purpose_max: PRE_CLAIM_PURPOSE_MAX },
    receipts: receipts.map((row) => ({ invoice_id: row.invoice_id, purpose: row.purpose, amount: Number(row.amount), paid_at: row.paid_at.toISOString() })),
  };
};

export const creditMedCardRoutes = ({ db, secret, stepSeconds = PRE_CLAIM_STEP_SECONDS }: CreditMedCardDeps) => {
  const app = new Hono<AppEnv>();
  const signedIn = requireUser(db, secret);

  app.get('/credit-med/card/', signedIn, async (c) => c.json<CardSummary>(await summaryOf(db, c.var.user.id, languageOf(c.req.header('accept-language')))));

  app.get('/credit-med/hospitals/', signedIn, async (c) => {
    const query = (c.req.query('q') ?? '').trim().slice(0, HOSPITAL_QUERY_MAX);
    return c.json<HospitalList>({ hospitals: await searchHospitals(db, query, languageOf(c.req.header('accept-language'))) });
  });

  app.get('/credit-med/pre-claims/:id/', signedIn, async (c) => {
    const id = dbIdParam(c.req.param('id'));
    const preClaim = id === null ? undefined : await readPreClaim(db, c.var.user.id, id, languageOf(c.req.header('accept-language')));
    if (!preClaim) throw notFound();
    return c.json<PreClaim>(preClaim);
  });

  app.post('/credit-med/pre-claims/', jsonBodyLimit, signedIn, async (c) => {
    const user = c.var.user;
    const language = languageOf(c.req.header('accept-language'));
    const key = idempotencyKeyOf(c);
    const body = await readBody(c, createPreClaimBodySchema);
    const scope = `credit-med-pre-claim:user:${user.id}`;
    // The password is not part of the request's fingerprint: it is checked, never stored.
    const hash = requestHash({ hospital_id: body.hospital_id, amount: body.amount, purpose: body.purpose });

    // A key seen before answers what it made (a retry after a lost answer), whatever happened since.
    const seen = await findIdempotencyKey(db, scope, key);
    if (seen) {
      if (seen.request_hash !== hash) await claimIdempotencyKey(db, scope, key, hash, seen.resource_id); // throws the 409
      const made = await readPreClaim(db, user.id, Number(seen.resource_id), language);
      if (made) return c.json<PreClaim>(made, 200);
    }

    const refusal = cardRefusal(await readCardOf(db, user.id), body.amount);
    if (refusal) throw refusal;
    if (!(await hospitalExists(db, body.hospital_id))) {
      throw refuse(422, creditMedCardErrors.noHospitalFound, { fields: { hospital_id: { key: creditMedCardErrors.noHospitalFound } } });
    }
    const contract = await readSignedContract(db, user.id);
    if (!contract) throw refuse(409, creditMedCardErrors.noActiveCard);

    // One transaction with the card row locked: a user's pre-claims are checked one at a time, so the
    // transaction password's count (the shared database throttle, counted before the check and given
    // back when right) is exact, and a concurrent pre-claim sees the balance this one leaves.
    type Outcome = { kind: 'made'; id: number; created: boolean } | { kind: 'wrong'; hits: number } | { kind: 'locked'; seconds: number };
    const limit = passwordLimit(user.id);
    const outcome = await db.transaction(async (tx): Promise<Outcome> => {
      const card = await readCardOf(tx, user.id, { lock: true });
      let taken;
      try {
        taken = await createThrottle(tx).take([limit]);
      } catch (error) {
        if (error instanceof HttpError && error.status === 429) return { kind: 'locked', seconds: Number(error.headers['Retry-After'] ?? TRANSACTION_PASSWORD_LOCK_SECONDS) };
        throw error;
      }
      if (!(await verifyPassword(body.transaction_password, contract.transaction_password_hash))) {
        const hits = (await readCounterHits(tx, limit)) ?? 1;
        // The third wrong one in a row locks pre-claims for 15 minutes from now.
        if (hits >= TRANSACTION_PASSWORD_TRIES) await restartCounterWindow(tx, limit);
        return { kind: 'wrong', hits };
      }
      // Only failures count: a right password takes back every wrong one before it.
      await taken.giveBack();
      await deleteCounter(tx, limit);

      const newId = await nextPreClaimId(tx);
      if (newId === undefined) throw new Error('pre-claim id');
      const claim = await claimIdempotencyKey(tx, scope, key, hash, String(newId));
      if (claim.replayed) return { kind: 'made', id: Number(claim.id), created: false };
      const stillRefused = cardRefusal(card, body.amount);
      if (stillRefused || !card) throw stillRefused ?? refuse(409, creditMedCardErrors.noActiveCard);
      await debitCard(tx, card.id, body.amount);
      await insertPreClaim(tx, { id: newId, userId: user.id, cardId: card.id, hospitalId: body.hospital_id, amount: body.amount, purpose: body.purpose, stepSeconds });
      await notifyStatus(tx, user.id, { id: newId, status: 'sent', amount: body.amount });
      return { kind: 'made', id: newId, created: true };
    });
    if (outcome.kind === 'locked') throw locked(outcome.seconds);
    if (outcome.kind === 'wrong') {
      if (outcome.hits >= TRANSACTION_PASSWORD_TRIES) throw locked(TRANSACTION_PASSWORD_LOCK_SECONDS);
      const tries = TRANSACTION_PASSWORD_TRIES - outcome.hits;
      throw refuse(422, creditMedCardErrors.incorrectTransactionPassword, {
        values: { tries },
        fields: { transaction_password: { key: creditMedCardErrors.incorrectTransactionPassword, values: { tries } } },
      });
    }
    const { id, created } = outcome;
    const preClaim = await readPreClaim(db, user.id, id, language);
    if (!preClaim) throw notFound();
    return c.json<PreClaim>(preClaim, created ? 201 : 200);
  });

  app.route('/', creditMedPaymentRoutes({ db, secret }));
  return app;
};
