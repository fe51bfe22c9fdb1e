/**
 * Feedback (issue 14), bearer only, each user sees only their own:
 *   GET  /api/feedback/?before={cursor}   the user's feedback, newest first, FEEDBACK_PAGE_SIZE a page, with the
 *                         insurer's replies (in the request's language)
 *   POST /api/feedback/   sends feedback; `Idempotency-Key` required (a repeat answers the same feedback)
 * The optional policy must be one the user sees in GET /api/contracts/. The reference insurer replies
 * after FEEDBACK_REPLY_DELAY_SECONDS (auto-reply.ts).
 */
import { Hono } from 'hono';
import { feedbackRequestSchema, type FeedbackItem, type FeedbackList } from '../../contract/feedback.schema';
import { messages } from '../../contract/validation';
import { requireUser } from '../auth';
import type { Db } from '../db/db';
import { jsonBodyLimit } from '../http/body-limit';
import type { AppEnv } from '../http/env';
import { badRequest, notFound } from '../http/errors';
import { cursorOf } from '../http/keyset';
import { claimIdempotencyKey, idempotencyKeyOf, requestHash } from '../http/idempotency';
import { languageOf } from '../http/language';
import { readBody } from '../http/validate';
import { FEEDBACK_REPLY_DELAY_SECONDS } from './auto-reply';
import { insertFeedback, nextFeedbackId, readFeedback, readFeedbackPage, seesPolicy } from './feedback.repo';

export interface FeedbackOptions {
  /** Seconds until the reference insurer replies (default FEEDBACK_REPLY_DELAY_SECONDS). */
  replyDelaySeconds?: number;
}

export const feedbackRoutes = ({ db, secret, replyDelaySeconds = FEEDBACK_REPLY_DELAY_SECONDS }: { db: Db; secret: string } & FeedbackOptions) => {
  const app = new Hono<AppEnv>();
  const signedIn = requireUser(db, secret);

  app.get('/feedback/', signedIn, async (c) => {
    const language = languageOf(c.req.header('accept-language'));
    const before = cursorOf(c);
    return c.json<FeedbackList>(await readFeedbackPage(db, c.var.user.id, language, before));
  });

  app.post('/feedback/', jsonBodyLimit, signedIn, async (c) => {
    const user = c.var.user;
    const key = idempotencyKeyOf(c);
    const body = await readBody(c, feedbackRequestSchema);
    const policyId = body.policy_id ?? null;
    if (policyId !== null && !(await seesPolicy(db, user, policyId))) throw badRequest({ policy_id: { key: messages.valueRequired, values: {} } });
    const { id, replayed } = await db.transaction(async (tx) => {
      const newId = await nextFeedbackId(tx);
      const claim = await claimIdempotencyKey(tx, `feedback|user:${user.id}`, key, requestHash({ ...body, policy_id: policyId }), newId);
      if (!claim.replayed) {
        await insertFeedback(tx, { id: newId, userId: user.id, kind: body.kind, policyId, text: body.text, replyDelaySeconds });
      }
      return claim;
    });
    const language = languageOf(c.req.header('accept-language'));
    const item = await readFeedback(db, user.id, id, language);
    if (!item) throw notFound();
    return c.json<FeedbackItem>(item, replayed ? 200 : 201);
  });

  return app;
};
