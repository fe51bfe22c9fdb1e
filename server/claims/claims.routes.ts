/**
 * Claims (docs/api.md "Claims"), all bearer: the policies to claim on, the user's drafts and claims,
 * the wizard's step saves, documents (uploads of kind 'document', owner `user:<id>`), submit
 * (Idempotency-Key) and the scripted reviewer that moves a sent claim to 'review'.
 */
import { Hono, type Context } from 'hono';
import {
  addDocumentBodySchema,
  claimMessages,
  CLAIMS_PAGE_SIZE,
  eventStepSchemaFor,
  firstIncompleteClaimStep,
  isLate,
  newClaimBodySchema,
  payoutStepSchema,
  typeStepSchema,
  type Claim,
  type ClaimList,
  type ClaimPolicy,
} from '../../contract/claim.schema';
import { todayInMongolia } from '../../contract/insurance.schema';
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
  claimablePolicies,
  claimablePolicy,
  documentUploadIds,
  findClaim,
  listClaims,
  notifyStage,
  openDraft,
  toClaim,
  type ClaimRow,
} from './claims.repo';

const conflict = (key: string) => new HttpError(409, { message: { key } });

const idOf = (c: Context): number => {
  const id = c.req.param('id') ?? '';
  if (!/^\d{1,12}$/.test(id)) throw notFound();
  return Number(id);
};

/** Marks uploads deleted (the upload sweeper removes the files). */
const forgetUploads = async (tx: Queryable, owner: string, ids: readonly string[]) => {
  if (ids.length === 0) return;
  await tx.query('update uploads set deleted_at = now() where id = any($1::text[]) and owner = $2 and deleted_at is null', [ids, owner]);
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

  app.get('/claims/policies/', signedIn, async (c) => c.json({ policies: await claimablePolicies(db, userOf(c), languageOfRequest(c)) }));

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
      const { rows } = await tx.query<{ upload_id: string | null }>('select upload_id from claim_documents where claim_id = $1', [row.id]);
      await forgetUploads(tx, `user:${row.user_id}`, rows.flatMap((document) => (document.upload_id ? [document.upload_id] : [])));
      await tx.query('delete from claims where id = $1', [row.id]);
      return c.body(null, 204);
    }),
  );

  app.put('/claims/:id/type/', signedIn, jsonBodyLimit, async (c) => {
    const body = await readBody(c, typeStepSchema);
    return saveStep(c, async (tx, row, policy) => {
      if (!policy.claim_types.includes(body.claim_type)) throw badRequest({ claim_type: { key: claimMessages.typeNotCovered } });
      await tx.query('update claims set claim_type = $2, updated_at = now() where id = $1', [row.id, body.claim_type]);
    });
  });

  app.put('/claims/:id/event/', signedIn, jsonBodyLimit, async (c) => {
    const body = await readBody(c, eventStepSchemaFor(todayInMongolia()));
    return saveStep(c, async (tx, row) => {
      await tx.query('update claims set event = $2, updated_at = now() where id = $1', [row.id, JSON.stringify(body)]);
    });
  });

  app.put('/claims/:id/payout/', signedIn, jsonBodyLimit, async (c) => {
    const body = await readBody(c, payoutStepSchema);
    return saveStep(c, async (tx, row) => {
      await tx.query('update claims set payout = $2, updated_at = now() where id = $1', [row.id, JSON.stringify(body)]);
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
      const inserted = await tx.query(
        `insert into claim_documents (claim_id, upload_id, document_type, filename, size, mime, after_sending)
         values ($1, $2, $3, $4, $5, $6, $7) on conflict (upload_id) do nothing returning id`,
        [row.id, upload.id, body.document_type, upload.filename, upload.size, upload.mime, afterSending],
      );
      if (inserted.rows.length === 0) {
        // Attached already: to this claim it is a repeat; to another one it cannot be used here.
        const { rows } = await tx.query<{ claim_id: number }>('select claim_id from claim_documents where upload_id = $1', [upload.id]);
        if (Number(rows[0]?.claim_id) !== Number(row.id)) throw badRequest({ upload_id: { key: 'upload.notUploaded' } });
      }
      // Sent already: the document is part of what the insurer reviews, read-only from now on.
      if (afterSending) await sealUploads(tx, [upload.id]);
      await tx.query('update claims set updated_at = now() where id = $1', [row.id]);
      return answer(c, tx, row);
    });
  });

  app.delete('/claims/:id/documents/:documentId/', signedIn, async (c) => {
    const documentId = c.req.param('documentId');
    if (!/^\d{1,12}$/.test(documentId)) throw notFound();
    return db.transaction(async (tx) => {
      const row = await claimOf(c, tx, true);
      if (row.status !== 'draft') throw conflict(claimMessages.alreadySent);
      const { rows } = await tx.query<{ upload_id: string | null }>('delete from claim_documents where id = $1 and claim_id = $2 returning upload_id', [
        Number(documentId),
        row.id,
      ]);
      if (!rows[0]) throw notFound();
      await forgetUploads(tx, `user:${row.user_id}`, rows[0].upload_id ? [rows[0].upload_id] : []);
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
      const { rows } = await tx.query<ClaimRow>(
        `update claims set status = 'sent', stage = 'received', auto_review = true, late = $2, sent_at = now(), received_at = now(), updated_at = now(),
                claim_number = 'CL-' || to_char(now(), 'YYYY') || '-' || lpad(nextval('claim_number_seq')::text, 6, '0')
          where id = $1 returning *`,
        [row.id, isLate(row.event.treatment_end, todayInMongolia())],
      );
      const sent = rows[0];
      if (!sent) throw new Error('claim not sent');
      // What was sent stays as sent: its files can be read, no longer continued or deleted.
      await sealUploads(tx, await documentUploadIds(tx, Number(sent.id)));
      await notifyStage(tx, sent, 'received');
      return answer(c, tx, sent);
    });
  });

  return app;
};
