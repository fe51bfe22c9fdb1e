/**
 * Claims (docs/api.md "Claims"), all bearer: the policies to claim on, the user's drafts and claims,
 * the wizard's step saves, documents (uploads of kind 'document', owner `user:<id>`), submit
 * (Idempotency-Key) and the scripted reviewer that moves a sent claim to 'review'.
 */
import { Hono, type Context } from 'hono';
import {
  addDocumentBodySchema,
  CLAIM_POLICIES_PAGE_SIZE,
  claimMessages,
  claimPoliciesQuerySchema,
  CLAIMS_PAGE_SIZE,
  eventStepSchemaFor,
  firstIncompleteClaimStep,
  isLate,
  newClaimBodySchema,
  payoutStepSchema,
  typeStepSchema,
  type Claim,
  type ClaimList,
  type ClaimPolicies,
  type ClaimPolicy,
} from '../../contract/claim.schema';
import { todayInMongolia } from '../../contract/insurance.schema';
import { toFieldErrors } from '../../contract/validation';
import { requireUser, type UserRow } from '../auth';
import type { Db, Queryable } from '../db/db';
import { jsonBodyLimit } from '../http/body-limit';
import type { AppEnv } from '../http/env';
import { badRequest, HttpError, notFound } from '../http/errors';
import { cursorOf } from '../http/keyset';
import { claimIdempotencyKey, idempotencyKeyOf, requestHash } from '../http/idempotency';
import { languageOf } from '../http/language';
import { readBody } from '../http/validate';
import { claimUploads, sealUploads } from '../uploads';
import {
  claimablePolicy,
  claimablePolicyPage,
  claimDocumentUploads,
  claimOfDocumentUpload,
  deleteClaimDocument,
  deleteClaim,
  documentUploadIds,
  findClaim,
  forgetUploads,
  insertClaimDocument,
  listClaims,
  markClaimSent,
  notifyStage,
  openDraft,
  saveClaimEvent,
  saveClaimPayout,
  saveClaimType,
  toClaim,
  touchClaim,
  type ClaimRow,
} from './claims.repo';

const conflict = (key: string) => new HttpError(409, { message: { key } });

const idOf = (c: Context): number => {
  const id = c.req.param('id') ?? '';
  if (!/^\d{1,12}$/.test(id)) throw notFound();
  return Number(id);
};

export const claimRoutes = ({ db, secret }: { db: Db; secret: string }) => {
  const app = new Hono<AppEnv>();
  const signedIn = requireUser(db, secret);
  const languageOfRequest = (c: Context) => languageOf(c.req.header('accept-language'));
  const userOf = (c: Context<AppEnv>): UserRow => c.var.user;

  const answer = async (c: Context<AppEnv>, q: Queryable, row: ClaimRow) => c.json<Claim>(await toClaim(q, row, languageOfRequest(c)));

  /** The user's claim, or 404 (another user's claim is not found either). */
  const claimOf = async (c: Context<AppEnv>, q: Queryable = db, forUpdate = false) => {
    const row = await findClaim(q, userOf(c).id, idOf(c), forUpdate);
    if (!row) throw notFound();
    return row;
  };

  /** A step save of a draft: locked, checked, written, answered. */
  const saveStep = async (c: Context<AppEnv>, write: (tx: Queryable, row: ClaimRow, policy: ClaimPolicy) => Promise<void>) =>
    db.transaction(async (tx) => {
      const row = await claimOf(c, tx, true);
      if (row.status !== 'draft') throw conflict(claimMessages.alreadySent);
      const policy = await claimablePolicy(tx, userOf(c), row.policy_id, languageOfRequest(c));
      if (!policy) throw conflict(claimMessages.noPolicy);
      await write(tx, row, policy);
      const saved = await findClaim(tx, row.user_id, row.id);
      if (!saved) throw notFound();
      return answer(c, tx, saved);
    });

  app.get('/claims/policies/', signedIn, async (c) => {
    const query = claimPoliciesQuerySchema.safeParse({ contract: c.req.query('contract'), id: c.req.query('id') });
    if (!query.success) throw badRequest(toFieldErrors(query.error));
    const language = languageOfRequest(c);
    if (query.data.id !== undefined) {
      // The wizard's look-up of its one policy (its name in the current language), wherever it is in the list.
      const policy = await claimablePolicy(db, userOf(c), Number(query.data.id), language);
      return c.json<ClaimPolicies>({ policies: policy ? [policy] : [], next: null });
    }
    return c.json<ClaimPolicies>(await claimablePolicyPage(db, userOf(c), language, query.data.contract ?? null, cursorOf(c), CLAIM_POLICIES_PAGE_SIZE));
  });

  app.get('/claims/', signedIn, async (c) => {
    return c.json<ClaimList>(await listClaims(db, userOf(c).id, languageOfRequest(c), cursorOf(c), CLAIMS_PAGE_SIZE));
  });

  /** The user's open draft for a policy, made when there is none: every device continues the same one. */
  app.post('/claims/', signedIn, jsonBodyLimit, async (c) => {
    const body = await readBody(c, newClaimBodySchema);
    return db.transaction(async (tx) => {
      const policy = await claimablePolicy(tx, userOf(c), body.policy_id, languageOfRequest(c));
      if (!policy) throw new HttpError(404, { message: { key: claimMessages.noPolicy } });
      const draft = await openDraft(tx, userOf(c).id, policy);
      const row = await findClaim(tx, userOf(c).id, draft.id);
      if (!row) throw new Error('draft not found');
      return c.json<Claim>(await toClaim(tx, row, languageOfRequest(c)), draft.created ? 201 : 200);
    });
  });

  app.get('/claims/:id/', signedIn, async (c) => answer(c, db, await claimOf(c)));

  app.delete('/claims/:id/', signedIn, async (c) =>
    db.transaction(async (tx) => {
      const row = await claimOf(c, tx, true);
      if (row.status !== 'draft') throw conflict(claimMessages.alreadySent);
      await forgetUploads(tx, `user:${row.user_id}`, await claimDocumentUploads(tx, row.id));
      await deleteClaim(tx, row.id);
      return c.body(null, 204);
    }),
  );

  app.put('/claims/:id/type/', signedIn, jsonBodyLimit, async (c) => {
    const body = await readBody(c, typeStepSchema);
    return saveStep(c, async (tx, row, policy) => {
      if (!policy.claim_types.includes(body.claim_type)) throw badRequest({ claim_type: { key: claimMessages.typeNotCovered } });
      await saveClaimType(tx, row.id, body.claim_type);
    });
  });

  app.put('/claims/:id/event/', signedIn, jsonBodyLimit, async (c) => {
    const body = await readBody(c, eventStepSchemaFor(todayInMongolia()));
    return saveStep(c, async (tx, row) => {
      await saveClaimEvent(tx, row.id, body);
    });
  });

  app.put('/claims/:id/payout/', signedIn, jsonBodyLimit, async (c) => {
    const body = await readBody(c, payoutStepSchema);
    return saveStep(c, async (tx, row) => {
      await saveClaimPayout(tx, row.id, body);
    });
  });

  /** Attaches a finished upload of the user: to a draft, or to a claim under review (the insurer asked for more). */
  app.post('/claims/:id/documents/', signedIn, jsonBodyLimit, async (c) => {
    const body = await readBody(c, addDocumentBodySchema);
    return db.transaction(async (tx) => {
      const row = await claimOf(c, tx, true);
      const afterSending = row.status === 'sent';
      if (afterSending && row.stage !== 'review') throw conflict(claimMessages.notEditable);
      const [upload] = await claimUploads(tx, { owner: `user:${row.user_id}`, ids: { upload_id: body.upload_id }, kind: 'document' });
      if (!upload) throw new Error('claim answered no upload');
      const inserted = await insertClaimDocument(tx, {
        claimId: row.id,
        uploadId: upload.id,
        documentType: body.document_type,
        filename: upload.filename,
        size: upload.size,
        mime: upload.mime,
        afterSending,
      });
      if (!inserted) {
        // Attached already: to this claim it is a repeat; to another one it cannot be used here.
        if (Number(await claimOfDocumentUpload(tx, upload.id)) !== Number(row.id)) throw badRequest({ upload_id: { key: 'upload.notUploaded' } });
      }
      // Sent already: the document is part of what the insurer reviews, read-only from now on.
      if (afterSending) await sealUploads(tx, [upload.id]);
      await touchClaim(tx, row.id);
      return answer(c, tx, row);
    });
  });

  app.delete('/claims/:id/documents/:documentId/', signedIn, async (c) => {
    const documentId = c.req.param('documentId');
    if (!/^\d{1,12}$/.test(documentId)) throw notFound();
    return db.transaction(async (tx) => {
      const row = await claimOf(c, tx, true);
      if (row.status !== 'draft') throw conflict(claimMessages.alreadySent);
      const deleted = await deleteClaimDocument(tx, row.id, Number(documentId));
      if (!deleted) throw notFound();
      await forgetUploads(tx, `user:${row.user_id}`, deleted.upload_id ? [deleted.upload_id] : []);
      return answer(c, tx, row);
    });
  });

  /** Sends the draft (Idempotency-Key): a claim number, stage 'received', the late flag; notified. */
  app.post('/claims/:id/submit/', signedIn, jsonBodyLimit, async (c) => {
    const key = idempotencyKeyOf(c);
    return db.transaction(async (tx) => {
      const row = await claimOf(c, tx, true);
      const claimed = await claimIdempotencyKey(tx, `claim-submit:user:${row.user_id}`, key, requestHash({ claim: Number(row.id) }), String(row.id));
      if (claimed.replayed) return answer(c, tx, row);
      if (row.status !== 'draft') throw conflict(claimMessages.alreadySent);
      const claim = await toClaim(tx, row, languageOfRequest(c));
      if (firstIncompleteClaimStep(claim) !== 'review' || !row.event) throw conflict(claimMessages.incomplete);
      const sent = await markClaimSent(tx, row.id, isLate(row.event.treatment_end, todayInMongolia()));
      if (!sent) throw new Error('claim not sent');
      // What was sent stays as sent: its files can be read, no longer continued or deleted.
      await sealUploads(tx, await documentUploadIds(tx, Number(sent.id)));
      await notifyStage(tx, sent, 'received');
      return answer(c, tx, sent);
    });
  });

  return app;
};
