/**
 * Mining-company employee registration (docs/api.md, "Mining registration"): the programme, the roster
 * check and code (the account verifications, purpose `mining`), the draft's steps and the submit.
 * Answers carry only the SPEC's messages (section 8) where the SPEC gives them.
 */
import { randomUUID } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { confirmBodySchema, resendBodySchema, type CodeSent } from '../../contract/account.schema';
import { errorKeys } from '../../contract/error.schema';
import {
  beneficiariesStepSchema,
  DRAFT_TOKEN_HEADER,
  firstIncompleteStep,
  imagesStepSchema,
  insurerStepSchema,
  miningStartBodySchema,
  type Draft,
  type DraftAccess,
  type DraftImages,
  type Programme,
  type Submitted,
  type UploadedFile,
} from '../../contract/mining.schema';
import { isUniqueViolation, smsTexts, verificationGone, type Verifications } from '../account';
import type { Db, Queryable } from '../db/db';
import { jsonBodyLimit } from '../http/body-limit';
import type { AppEnv } from '../http/env';
import { errorBody, HttpError, type ErrorKey } from '../http/errors';
import { clientIp, rateLimitKey } from '../http/client-ip';
import { callerOf, claimIdempotencyKey, idempotencyKeyOf, requestHash } from '../http/idempotency';
import { createThrottle, DEFAULT_LOOKUP_LIMITS, lookupLimits, type LookupLimits } from '../http/throttle';
import { once } from '../http/idempotent-answer';
import { languageOf } from '../http/language';
import { readBody } from '../http/validate';
import {
  DRAFT_TOKEN_TTL_SECONDS,
  draftIdOfToken,
  draftOwner,
  draftTokenExpiry,
  draftTokenFor,
  findRosterEmployee,
  insertRegistration,
  isRegistered,
  markDraftSubmitted,
  openDraft,
  readDraft,
  readRegistration,
  saveDraftStep,
  toDraft,
  type DraftRow,
} from './drafts.repo';
import { MINING_PROGRAMME } from './programme';
import { registerUploadOwnerResolver, sealUploads, type UploadOwnerResolver } from '../uploads';

/** What the draft needs of the upload store (server/uploads/, docs/api.md "Uploads"). */
export interface MiningUploads {
  /** The uploads `ids` of `owner`, complete and of `kind`; throws the store's field error (400) otherwise. */
  claim(db: Queryable, args: { owner: string; ids: Readonly<Record<string, string>>; kind: 'image' }): Promise<UploadedFile[]>;
  /** Removes every upload of `owner` (rows and files). */
  deleteOf(owner: string): Promise<void>;
}

export interface MiningDeps {
  db: Db;
  secret: string;
  verifications: Verifications;
  ttlSeconds: number;
  uploads: MiningUploads;
  /** For the client address the start's idempotency keys and throttle are scoped to (server/http/client-ip.ts). */
  trustedProxies?: number;
  /** Limits on the roster look-up of the start (server/http/throttle.ts); the registration's by default. */
  lookups?: Partial<LookupLimits>;
  /** How long a draft token lasts (seconds); `DRAFT_TOKEN_TTL_SECONDS` by default. */
  tokenTtlSeconds?: number;
}

/** The options of the mining routes an app may set (AppOptions.mining). */
export type MiningOptions = Pick<MiningDeps, 'lookups' | 'tokenTtlSeconds'>;

const refuse = (status: 409 | 422, key: ErrorKey) => new HttpError(status, errorBody(key));

/**
 * The draft a request's `X-Draft-Token` stands for, if the token has not expired and the draft is still
 * there and open; null otherwise. A submitted draft's token has ended: it reads neither the draft nor
 * its images. Only the submit and the steps see a submitted draft (`submitted: 'seen'`), to answer a
 * retried submit with its reference and a late save with `alreadyRegistered`, never with the draft.
 */
export const draftOfRequest = async (
  db: Queryable,
  secret: string,
  c: Context,
  { submitted = 'ended' }: { submitted?: 'ended' | 'seen' } = {},
): Promise<DraftRow | null> => {
  const id = draftIdOfToken(secret, c.req.header(DRAFT_TOKEN_HEADER));
  if (!id) return null;
  const row = await readDraft(db, id);
  if (!row || row.expired) return null;
  return row.submitted_at && submitted === 'ended' ? null : row;
};

/** The upload store's owner of a request carrying a draft token: `mining:<draftId>` (uploads resolver). */
export const miningUploadOwner: UploadOwnerResolver = async (c, { db, secret }) => {
  if (!c.req.header(DRAFT_TOKEN_HEADER)) return null;
  const row = await draftOfRequest(db, secret, c);
  return row ? draftOwner(row.id) : null;
};
registerUploadOwnerResolver(miningUploadOwner);

export const miningRoutes = ({ db, secret, verifications, ttlSeconds, uploads, trustedProxies = 0, lookups, tokenTtlSeconds = DRAFT_TOKEN_TTL_SECONDS }: MiningDeps) => {
  const app = new Hono<AppEnv>();
  const limits: LookupLimits = { ...DEFAULT_LOOKUP_LIMITS, ...lookups };
  const guard = createThrottle(db);
  /** Counts a roster look-up of `register` from this request's address (before it); 429 when over. */
  const countLookup = (c: Context, register: string) => guard.take(lookupLimits('mining', limits, rateLimitKey(clientIp(c, trustedProxies)), register));
  const languageOfRequest = (c: Context) => languageOf(c.req.header('accept-language'));
  /** The start calls are anonymous: their idempotency keys belong to the client address. */
  const scopeOf = (c: Context, action: string) => `mining-${action}|${callerOf(c, undefined, () => rateLimitKey(clientIp(c, trustedProxies)))}`;
  const codeSentCodec = { record: (answer: CodeSent) => JSON.stringify(answer), replay: (stored: string) => JSON.parse(stored) as CodeSent };

  /**
   * The person may enrol: on the roster with this phone and not registered yet. An unknown register
   * number and a wrong phone get one answer, so the roster does not tell who works there and whose
   * phone to guess; the text says where to check both and whom to call.
   */
  const checkRoster = async (q: Queryable, register: string, phone: string) => {
    const employee = await findRosterEmployee(q, register);
    if (!employee || employee.phone !== phone) throw refuse(422, errorKeys.rosterNoMatch);
    if (await isRegistered(q, register)) throw refuse(409, errorKeys.alreadyRegistered);
    return employee;
  };

  const draftOf = async (c: Context, submitted: 'ended' | 'seen' = 'ended') => {
    const row = await draftOfRequest(db, secret, c, { submitted });
    if (!row) throw verificationGone();
    return row;
  };

  const answerDraft = async (c: Context, id: string) => {
    const row = await readDraft(db, id);
    const roster = row ? await findRosterEmployee(db, row.register) : undefined;
    if (!row || !roster) throw verificationGone();
    return c.json<Draft>(toDraft(row, roster));
  };

  /** A step of a draft still open (a submitted one: 409, without the draft). */
  const openDraftOf = async (c: Context) => {
    const row = await draftOf(c, 'seen');
    if (row.submitted_at) throw refuse(409, errorKeys.alreadyRegistered);
    return row;
  };

  app.get('/mining/programme/', (c) => c.json<Programme>(MINING_PROGRAMME));

  app.post('/mining/start/', jsonBodyLimit, async (c) => {
    const body = await readBody(c, miningStartBodySchema);
    const { register, phone, ticket } = body;
    const language = languageOfRequest(c);
    const sent = await once(
      db,
      c,
      scopeOf(c, 'start'),
      body,
      async () => {
        // Counted before the look-up; a replay of an answered key (above) looks nothing up and is not counted.
        await countLookup(c, register);
        await checkRoster(db, register, phone);
        if (ticket) {
          const continued = await verifications.update(ticket, 'mining', phone, { register });
          if (continued) return continued;
        }
        return verifications.start('mining', phone, { register }, (code) => smsTexts.registrationCode(language, code, ttlSeconds));
      },
      codeSentCodec,
    );
    return c.json<CodeSent>(sent);
  });

  app.post('/mining/start/resend/', jsonBodyLimit, async (c) => {
    const body = await readBody(c, resendBodySchema);
    const language = languageOfRequest(c);
    const sent = await once(
      db,
      c,
      scopeOf(c, 'resend'),
      body,
      () => verifications.resend(body.ticket, 'mining', (code) => smsTexts.registrationCode(language, code, ttlSeconds)),
      codeSentCodec,
    );
    return c.json<CodeSent>(sent);
  });

  app.post('/mining/start/confirm/', jsonBodyLimit, async (c) => {
    const body = await readBody(c, confirmBodySchema);
    const { ticket, code } = body;
    // The draft's id and the token's expiry are recorded, not the token: a replay answers the same token
    // signed afresh (a record of the older form, an id alone, gets a new expiry).
    const granted = await once(
      db,
      c,
      scopeOf(c, 'confirm'),
      body,
      async () => {
        const verification = await verifications.check(ticket, 'mining', code);
        const register = String(verification.payload.register ?? '');
        const opened = await db.transaction(async (tx) => {
          if (!(await verifications.consume(tx, ticket))) throw verificationGone();
          await checkRoster(tx, register, verification.phone);
          return openDraft(tx, randomUUID(), register, verification.phone);
        });
        if (opened.stale) await uploads.deleteOf(draftOwner(opened.stale));
        return { id: opened.id, expires: draftTokenExpiry(tokenTtlSeconds) };
      },
      {
        record: ({ id, expires }: { id: string; expires: number }) => `${id} ${expires}`,
        replay: (stored: string) => {
          const [id = '', expires] = stored.split(' ');
          return { id, expires: expires ? Number(expires) : draftTokenExpiry(tokenTtlSeconds) };
        },
      },
    );
    return c.json<DraftAccess>({ access: draftTokenFor(secret, granted.id, granted.expires) });
  });

  app.get('/mining/draft/', async (c) => answerDraft(c, (await draftOf(c)).id));

  app.put('/mining/draft/insurer/', jsonBodyLimit, async (c) => {
    const row = await openDraftOf(c);
    await saveDraftStep(db, row.id, 'insurer', await readBody(c, insurerStepSchema));
    return answerDraft(c, row.id);
  });

  app.put('/mining/draft/beneficiaries/', jsonBodyLimit, async (c) => {
    const row = await openDraftOf(c);
    await saveDraftStep(db, row.id, 'beneficiaries', await readBody(c, beneficiariesStepSchema));
    return answerDraft(c, row.id);
  });

  app.put('/mining/draft/images/', jsonBodyLimit, async (c) => {
    const row = await openDraftOf(c);
    const body = await readBody(c, imagesStepSchema);
    const owner = draftOwner(row.id);
    // Field errors name the slot (claimUploads keys them by the record's keys).
    const [idFront, idBack, selfie] = await uploads.claim(db, {
      owner,
      ids: { idFront: body.idFront, idBack: body.idBack, selfie: body.selfie },
      kind: 'image',
    });
    if (!idFront || !idBack || !selfie) throw new Error('claim answered fewer uploads than asked');
    const images: DraftImages = { idFront, idBack, selfie };
    await saveDraftStep(db, row.id, 'images', images);
    return answerDraft(c, row.id);
  });

  app.post('/mining/draft/submit/', jsonBodyLimit, async (c) => {
    const key = idempotencyKeyOf(c);
    // A submitted draft is seen here only to answer the same key's reference again (or 409).
    const row = await draftOf(c, 'seen');
    try {
      const registration = await db.transaction(async (tx) => {
        const claim = await claimIdempotencyKey(tx, `mining-submit:${row.id}`, key, requestHash({ draft: row.id }), randomUUID());
        if (claim.replayed) {
          const answered = await readRegistration(tx, claim.id);
          if (answered) return answered;
        }
        const current = await readDraft(tx, row.id);
        if (!current || current.submitted_at) throw refuse(409, errorKeys.alreadyRegistered);
        if (firstIncompleteStep(current) !== 'done') throw refuse(409, errorKeys.registrationIncomplete);
        // The unique register number refuses a second registration, also of two racing submits.
        const created = await insertRegistration(tx, claim.id, current);
        await markDraftSubmitted(tx, current.id);
        // The identity photos belong to the registration now: read-only, and kept when the draft goes.
        await sealUploads(tx, current.images ? [current.images.idFront.id, current.images.idBack.id, current.images.selfie.id] : []);
        if (!created) throw new Error('registration not created');
        return created;
      });
      return c.json<Submitted>({ reference: registration.reference, submitted_at: registration.submitted_at.toISOString() });
    } catch (error) {
      if (isUniqueViolation(error)) throw refuse(409, errorKeys.alreadyRegistered);
      throw error;
    }
  });

  return app;
};
