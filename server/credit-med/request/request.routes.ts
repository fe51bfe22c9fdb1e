/**
 * Credit Med, the request side (docs/api.md "Credit Med: request and contract"): the summary, the
 * request draft and its steps, the submit that makes the contract, and signing it (acceptance and the
 * transaction password, confirmed by a code to the account's phone). Every endpoint needs a signed-in
 * user and answers only that user's data; all but the summary refuse a user who is not eligible
 * (403 `errors.creditMedNotEligible`).
 */
import { createHmac, randomUUID } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { confirmBodySchema, maskPhone, okSchema, resendBodySchema, type CodeSent } from '../../../contract/account.schema';
import {
  cmDeclarationsSchema,
  cmFamilySchema,
  cmFirstIncompleteStep,
  cmImagesBodySchema,
  cmPersonalSchema,
  cmSignBodySchema,
  cmTxPasswordResetBodySchema,
  CM_REQUEST_STEPS,
  type CmContract,
  type CmRequest,
  type CmSigned,
  type CmSubmitted,
  type CmSummary,
} from '../../../contract/credit-med-request.schema';
import { errorKeys } from '../../../contract/error.schema';
import { routePaths } from '../../../contract/paths';
import { verificationGone, type Verifications } from '../../account';
import { hashPassword, requireUser, type UserRow } from '../../auth';
import type { Db, Queryable } from '../../db/db';
import { jsonBodyLimit } from '../../http/body-limit';
import type { AppEnv } from '../../http/env';
import { errorBody, HttpError, notFound } from '../../http/errors';
import { claimIdempotencyKey, idempotencyKeyOf, requestHash } from '../../http/idempotency';
import { once } from '../../http/idempotent-answer';
import { languageOf } from '../../http/language';
import { dbIdParam, readBody } from '../../http/validate';
import { notify } from '../../notifications';
import { claimUploads, sealUploads } from '../../uploads';
import { readSignedContract } from '../cards';
import { CONTRACT_TEXT } from './contract-text';
import {
  forgetWrongTransactionPasswords,
  knownAddress,
  readCardState,
  readContractOf,
  readOwnContract,
  readRequest,
  saveStep,
  setTransactionPassword,
  signContract,
  submitRequest,
  toRequest,
} from './request.repo';

export interface CreditMedRequestDeps {
  db: Db;
  secret: string;
  verifications: Verifications;
  ttlSeconds: number;
}

const PURPOSE = 'credit_med_sign';
const RESET_PURPOSE = 'credit_med_tx_reset';

const notEligible = () => new HttpError(403, errorBody(errorKeys.creditMedNotEligible));
const requestSubmitted = () => new HttpError(409, errorBody(errorKeys.creditMedRequestSubmitted));

const signCodeText = (language: 'mn' | 'en', code: string, ttlSeconds: number) => {
  const minutes = Math.max(1, Math.round(ttlSeconds / 60));
  return language === 'en'
    ? `Nar Life: your Credit Med contract signing code is ${code}. It expires in ${minutes} minutes. Do not share it with anyone.`
    : `Нар Лайф: Кредит Мед гэрээ баталгаажуулах код ${code}. Код ${minutes} минутын дараа хүчингүй болно. Хэнд ч бүү хэлээрэй.`;
};

export const creditMedRequestRoutes = ({ db, secret, verifications, ttlSeconds }: CreditMedRequestDeps) => {
  const app = new Hono<AppEnv>();
  const signedIn = requireUser(db, secret);
  // Per route, not `use('/credit-med/*')`: a sub-app's middleware would reach the card side's routes too.
  const eligible = createMiddleware<AppEnv>(async (c, next) => {
    if (!c.var.user.credit_med_eligible) throw notEligible();
    await next();
  });
  const member = [signedIn, eligible] as const;

  const answerRequest = async (c: Context<AppEnv>) => {
    const user = c.var.user;
    const [row, contract, address] = await Promise.all([readRequest(db, user.id), readContractOf(db, user.id), knownAddress(db, user)]);
    return c.json<CmRequest>(toRequest(user, row, contract, address));
  };

  /** A step may change until the request is submitted. */
  const openRequest = async (user: UserRow) => {
    const row = await readRequest(db, user.id);
    if (row?.submitted_at) throw requestSubmitted();
  };

  const contractOf = async (c: Context<AppEnv>) => {
    const id = dbIdParam(c.req.param('id'));
    if (id === null) throw notFound();
    const contract = await readOwnContract(db, c.var.user.id, id);
    if (!contract) throw notFound();
    return contract;
  };

  app.get('/credit-med/', signedIn, async (c) => {
    const user = c.var.user;
    if (!user.credit_med_eligible) return c.json<CmSummary>({ is_eligible: false, request: null, contract: null, card: null });
    const [row, contract, cardRow] = await Promise.all([readRequest(db, user.id), readContractOf(db, user.id), readCardState(db, user.id)]);
    const stored = row ? CM_REQUEST_STEPS.filter((step) => row[step] !== null).length : 0;
    const next = row ? cmFirstIncompleteStep(row) : 'personal';
    return c.json<CmSummary>({
      is_eligible: true,
      request: row ? { status: row.submitted_at ? 'submitted' : 'draft', steps_done: stored, steps_total: CM_REQUEST_STEPS.length, next_step: next === 'done' ? null : next } : null,
      contract: contract ? { id: contract.id, status: contract.status } : null,
      card: cardRow ? { status: cardRow.status, balance: Number(cardRow.balance), card_limit: Number(cardRow.card_limit) } : null,
    });
  });

  app.get('/credit-med/request/', ...member, (c) => answerRequest(c));

  // The steps are PUTs: sending one again stores the same thing (idempotent without a key).
  app.put('/credit-med/request/personal/', ...member, jsonBodyLimit, async (c) => {
    const body = await readBody(c, cmPersonalSchema);
    await openRequest(c.var.user);
    await saveStep(db, c.var.user.id, 'personal', body);
    return answerRequest(c);
  });

  app.put('/credit-med/request/family/', ...member, jsonBodyLimit, async (c) => {
    const body = await readBody(c, cmFamilySchema);
    await openRequest(c.var.user);
    await saveStep(db, c.var.user.id, 'family', body);
    return answerRequest(c);
  });

  app.put('/credit-med/request/images/', ...member, jsonBodyLimit, async (c) => {
    const body = await readBody(c, cmImagesBodySchema);
    await openRequest(c.var.user);
    // Only the user's own complete images; field errors name the slot.
    const [idFront, idBack, selfie] = await claimUploads(db, { owner: `user:${c.var.user.id}`, ids: { idFront: body.idFront, idBack: body.idBack, selfie: body.selfie }, kind: 'image' });
    if (!idFront || !idBack || !selfie) throw new Error('claim answered fewer uploads than asked');
    await saveStep(db, c.var.user.id, 'images', { idFront, idBack, selfie });
    return answerRequest(c);
  });

  app.put('/credit-med/request/declarations/', ...member, jsonBodyLimit, async (c) => {
    const body = await readBody(c, cmDeclarationsSchema);
    await openRequest(c.var.user);
    await saveStep(db, c.var.user.id, 'declarations', body);
    return answerRequest(c);
  });

  app.post('/credit-med/request/submit/', ...member, jsonBodyLimit, async (c) => {
    const key = idempotencyKeyOf(c);
    const user = c.var.user;
    const contractId = await db.transaction(async (tx) => {
      const claim = await claimIdempotencyKey(tx, `credit-med-submit|user:${user.id}`, key, requestHash({ submit: user.id }), randomUUID());
      const row = await readRequest(tx, user.id, true);
      if (claim.replayed) {
        const contract = await readContractOf(tx, user.id);
        if (contract) return contract.id;
      }
      if (!row || cmFirstIncompleteStep(row) !== 'done') throw new HttpError(409, errorBody(errorKeys.registrationIncomplete));
      if (row.submitted_at || (await readContractOf(tx, user.id))) throw requestSubmitted();
      const id = await submitRequest(tx, user.id, row.id);
      // The identity photos are part of the submitted request now: read-only for their owner.
      await sealUploads(tx, row.images ? [row.images.idFront.id, row.images.idBack.id, row.images.selfie.id] : []);
      await notify(tx, user.id, { kind: 'credit_med_status_changed', params: { status: 'awaiting_signature' }, link: routePaths.creditMedRequestContract.build({ id }) });
      return id;
    });
    return c.json<CmSubmitted>({ contract_id: contractId });
  });

  app.get('/credit-med/contracts/:id/', ...member, async (c) => {
    const contract = await contractOf(c);
    const user = c.var.user;
    const row = await readRequest(db, user.id);
    const text = CONTRACT_TEXT[languageOf(c.req.header('accept-language'))];
    const name = row?.personal ? `${row.personal.last_name} ${row.personal.first_name}` : user.name;
    return c.json<CmContract>({
      id: contract.id,
      status: contract.status,
      title: text.title(contract.id),
      paragraphs: text.paragraphs(name),
      phone_masked: maskPhone(user.phone ?? ''),
      signed_at: contract.signed_at ? contract.signed_at.toISOString() : null,
    });
  });

  const codeSentCodec = { record: (answer: CodeSent) => JSON.stringify(answer), replay: (stored: string) => JSON.parse(stored) as CodeSent };

  /** Accepting and the transaction password: the code goes to the account's phone; the password's hash waits in the verification. */
  app.post('/credit-med/contracts/:id/sign/', ...member, jsonBodyLimit, async (c) => {
    const contract = await contractOf(c);
    const body = await readBody(c, cmSignBodySchema);
    const user = c.var.user;
    if (contract.status === 'signed') throw new HttpError(409, errorBody(errorKeys.creditMedContractSigned));
    if (!user.phone) throw new HttpError(422, errorBody(errorKeys.wrongPhone));
    const phone = user.phone;
    const language = languageOf(c.req.header('accept-language'));
    // The request is recorded with a keyed hash of the password (never the password, nor a plain hash of
    // six digits): a replay with the same key and password answers the same ticket.
    const sent = await once(
      db,
      c,
      `credit-med-sign|user:${user.id}`,
      { contract: contract.id, password: createHmac('sha256', secret).update(`credit-med-sign:${body.password}`).digest('hex') },
      async () => {
        const passwordHash = await hashPassword(body.password);
        return verifications.start(PURPOSE, phone, { user_id: user.id, contract_id: contract.id, password_hash: passwordHash }, (code) => signCodeText(language, code, ttlSeconds));
      },
      codeSentCodec,
    );
    return c.json<CodeSent>(sent);
  });

  /** The code step names the verification only (its ticket): the contract is the one it was started for, if it is this user's. */
  const contractOfTicket = async (ticket: string, user: UserRow) => {
    const found = await verifications.find(db, ticket, PURPOSE);
    const contractId = Number(found?.payload.contract_id);
    if (!found || found.payload.user_id !== user.id || !Number.isSafeInteger(contractId)) throw verificationGone();
    const contract = await readOwnContract(db, user.id, contractId);
    if (!contract) throw verificationGone();
    return contract;
  };

  app.post('/credit-med/signing/resend/', ...member, jsonBodyLimit, async (c) => {
    const body = await readBody(c, resendBodySchema);
    const user = c.var.user;
    await contractOfTicket(body.ticket, user);
    const language = languageOf(c.req.header('accept-language'));
    const sent = await once(db, c, `credit-med-sign-resend|user:${user.id}`, body, () => verifications.resend(body.ticket, PURPOSE, (code) => signCodeText(language, code, ttlSeconds)), codeSentCodec);
    return c.json<CodeSent>(sent);
  });

  app.post('/credit-med/signing/confirm/', ...member, jsonBodyLimit, async (c) => {
    const body = await readBody(c, confirmBodySchema);
    const user = c.var.user;
    const signed = await once(
      db,
      c,
      `credit-med-sign-confirm|user:${user.id}`,
      body,
      async () => {
        const contract = await contractOfTicket(body.ticket, user);
        const verification = await verifications.check(body.ticket, PURPOSE, body.code);
        const passwordHash = String(verification.payload.password_hash ?? '');
        return db.transaction(async (tx) => {
          if (!(await verifications.consume(tx, body.ticket))) throw verificationGone();
          const signedAt = await signContract(tx, user.id, contract.id, passwordHash);
          if (!signedAt) throw new HttpError(409, errorBody(errorKeys.creditMedContractSigned));
          await notify(tx, user.id, { kind: 'credit_med_status_changed', params: { status: 'signed' }, link: routePaths.creditMed.build() });
          return { status: 'signed' as const, signed_at: signedAt.toISOString() };
        });
      },
      { record: (answer: CmSigned) => JSON.stringify(answer), replay: (stored: string) => JSON.parse(stored) as CmSigned },
    );
    return c.json<CmSigned>(signed);
  });

  // ---------------------------------------------------------------------------------------------
  // A forgotten transaction password (issue 24): a code to the account's phone, then a new password.
  // The code flow is the one every flow shares (60 s between sends, 5 sends and 5 tries); the new
  // password may be chosen for 10 minutes after the code was accepted, and ends the pre-claim lock.
  // ---------------------------------------------------------------------------------------------

  const resetCodeText = (language: 'mn' | 'en', code: string) => {
    const minutes = Math.max(1, Math.round(ttlSeconds / 60));
    return language === 'en'
      ? `Nar Life: your code for a new Credit Med transaction password is ${code}. It expires in ${minutes} minutes. Do not share it with anyone.`
      : `Нар Лайф: Кредит Медийн гүйлгээний шинэ нууц үг тохируулах код ${code}. Код ${minutes} минутын дараа хүчингүй болно. Хэнд ч бүү хэлээрэй.`;
  };

  /** The reset's verification when it is this user's; else the user must start again. */
  const resetOfTicket = async (q: Queryable, ticket: string, user: UserRow) => {
    const found = await verifications.find(q, ticket, RESET_PURPOSE);
    if (!found || found.payload.user_id !== user.id) throw verificationGone();
    return found;
  };

  app.post('/credit-med/tx-password/reset/', ...member, jsonBodyLimit, async (c) => {
    await readBody(c, okSchema);
    const user = c.var.user;
    // Only a signed contract has a transaction password to replace.
    if (!(await readSignedContract(db, user.id))) throw notFound();
    if (!user.phone) throw new HttpError(422, errorBody(errorKeys.wrongPhone));
    const language = languageOf(c.req.header('accept-language'));
    return c.json<CodeSent>(await verifications.start(RESET_PURPOSE, user.phone, { user_id: user.id }, (code) => resetCodeText(language, code)));
  });

  app.post('/credit-med/tx-password/reset/resend/', ...member, jsonBodyLimit, async (c) => {
    const body = await readBody(c, resendBodySchema);
    await resetOfTicket(db, body.ticket, c.var.user);
    const language = languageOf(c.req.header('accept-language'));
    return c.json<CodeSent>(await verifications.resend(body.ticket, RESET_PURPOSE, (code) => resetCodeText(language, code)));
  });

  app.post('/credit-med/tx-password/reset/verify/', ...member, jsonBodyLimit, async (c) => {
    const body = await readBody(c, confirmBodySchema);
    await resetOfTicket(db, body.ticket, c.var.user);
    await verifications.check(body.ticket, RESET_PURPOSE, body.code);
    await verifications.markVerified(body.ticket);
    return c.json({});
  });

  app.post('/credit-med/tx-password/reset/password/', ...member, jsonBodyLimit, async (c) => {
    const body = await readBody(c, cmTxPasswordResetBodySchema);
    const user = c.var.user;
    // The ticket first: hashing is slow on purpose and must not run for a request that cannot succeed.
    const open = await resetOfTicket(db, body.ticket, user);
    if (!open.verified) throw verificationGone();
    if (open.expired) throw new HttpError(422, errorBody(errorKeys.codeExpired));
    const passwordHash = await hashPassword(body.password);
    await db.transaction(async (tx) => {
      const verification = await resetOfTicket(tx, body.ticket, user);
      if (!verification.verified) throw verificationGone();
      if (verification.expired) throw new HttpError(422, errorBody(errorKeys.codeExpired));
      if (!(await verifications.consume(tx, body.ticket))) throw verificationGone();
      if (!(await setTransactionPassword(tx, user.id, passwordHash))) throw notFound();
      // The wrong tries counted so far (and a lock) belonged to the old password.
      await forgetWrongTransactionPasswords(tx, user.id);
    });
    return c.json({});
  });

  return app;
};
