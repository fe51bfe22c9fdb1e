/**
 * Feedback (issue 14), bearer only, each user sees only their own:
 *   GET  /api/feedback/?before={cursor}   the user's feedback, newest first, FEEDBACK_PAGE_SIZE a page, with the
 *                         insurer's replies (in the request's language)
 *   POST /api/feedback/   sends feedback; `Idempotency-Key` required (a repeat answers the same feedback)
 * The optional policy must be one the user sees in GET /api/contracts/. The reference insurer replies
 * after FEEDBACK_REPLY_DELAY_SECONDS (auto-reply.ts).
 */
import { Hono } from 'hono';
import { FEEDBACK_PAGE_SIZE, feedbackRequestSchema, type FeedbackItem, type FeedbackKind, type FeedbackList } from '../../contract/feedback.schema';
import { messages } from '../../contract/validation';
import { requireUser, type UserRow } from '../auth';
import type { Db, Queryable } from '../db/db';
import { jsonBodyLimit } from '../http/body-limit';
import type { AppEnv } from '../http/env';
import { badRequest, notFound } from '../http/errors';
import { beforeCursor, cursorColumn, cursorOf, pageOf } from '../http/keyset';
import { claimIdempotencyKey, idempotencyKeyOf, requestHash } from '../http/idempotency';
import { languageOf, type Language } from '../http/language';
import { readBody } from '../http/validate';
import { FEEDBACK_REPLY_DELAY_SECONDS } from './auto-reply';

export interface FeedbackOptions {
  /** Seconds until the reference insurer replies (default FEEDBACK_REPLY_DELAY_SECONDS). */
  replyDelaySeconds?: number;
}

interface Row {
  id: number;
  kind: FeedbackKind;
  policy_id: number | null;
  contract_number: string | null;
  text: string;
  created_at: Date;
  reply_text: string | null;
  replied_at: Date | null;
}

const select = (language: Language, cursor = '') => `
  select ${cursor}f.id, f.kind, f.policy_id, p.contract_number, f.text, f.created_at, f.reply_text_${language} as reply_text, f.replied_at
    from feedback f left join policies p on p.id = f.policy_id`;

const toItem = (row: Row): FeedbackItem => ({
  id: row.id,
  kind: row.kind,
  policy_id: row.policy_id,
  contract_number: row.contract_number,
  text: row.text,
  created_at: row.created_at.toISOString(),
  reply: row.reply_text !== null && row.replied_at !== null ? { text: row.reply_text, replied_at: row.replied_at.toISOString() } : null,
});

/** Whether the user sees this policy (the rule of GET /api/contracts/: theirs, or insuring them with their phone). */
const seesPolicy = async (q: Queryable, user: UserRow, policyId: number) =>
  (
    await q.query(
      `select 1 from policies p where p.id = $1
          and (p.user_id = $2 or (p.insured_register is not null and p.insured_register = $3 and p.insured_phone = $4))`,
      [policyId, user.id, user.register ?? null, user.phone ?? null],
    )
  ).rows.length > 0;

/**
 * A page of the list (GET /api/feedback/?before=): $1 the user's id, $2 the rows to read, with `after`
 * $3/$4 the cursor; a keyset page on `feedback_user_created_idx` (migration 024), in its order.
 */
export const feedbackPageSql = (language: Language, after: boolean) =>
  `${select(language, `${cursorColumn('f.created_at', 'f.id')}, `)}
    where f.user_id = $1${after ? ` and ${beforeCursor('f.created_at', 'f.id', 3)}` : ''}
    order by f.created_at desc, f.id desc limit $2`;

export const feedbackRoutes = ({ db, secret, replyDelaySeconds = FEEDBACK_REPLY_DELAY_SECONDS }: { db: Db; secret: string } & FeedbackOptions) => {
  const app = new Hono<AppEnv>();
  const signedIn = requireUser(db, secret);

  app.get('/feedback/', signedIn, async (c) => {
    const language = languageOf(c.req.header('accept-language'));
    const before = cursorOf(c);
    const { rows } = await db.query<Row & { cursor: string }>(feedbackPageSql(language, before !== null), [c.var.user.id, FEEDBACK_PAGE_SIZE + 1, ...(before ?? [])]);
    return c.json<FeedbackList>(pageOf(rows, FEEDBACK_PAGE_SIZE, toItem));
  });

  app.post('/feedback/', jsonBodyLimit, signedIn, async (c) => {
    const user = c.var.user;
    const key = idempotencyKeyOf(c);
    const body = await readBody(c, feedbackRequestSchema);
    const policyId = body.policy_id ?? null;
    if (policyId !== null && !(await seesPolicy(db, user, policyId))) throw badRequest({ policy_id: { key: messages.valueRequired, values: {} } });
    const { id, replayed } = await db.transaction(async (tx) => {
      const { rows } = await tx.query<{ id: number }>(`select nextval(pg_get_serial_sequence('feedback', 'id')) as id`);
      const newId = String(rows[0]?.id);
      const claim = await claimIdempotencyKey(tx, `feedback|user:${user.id}`, key, requestHash({ ...body, policy_id: policyId }), newId);
      if (!claim.replayed) {
        await tx.query(
          `insert into feedback (id, user_id, kind, policy_id, text, reply_due_at) values ($1, $2, $3, $4, $5, now() + $6::int * interval '1 second')`,
          [newId, user.id, body.kind, policyId, body.text, replyDelaySeconds],
        );
      }
      return claim;
    });
    const language = languageOf(c.req.header('accept-language'));
    const { rows } = await db.query<Row>(`${select(language)} where f.id = $1 and f.user_id = $2`, [id, user.id]);
    const row = rows[0];
    if (!row) throw notFound();
    return c.json<FeedbackItem>(toItem(row), replayed ? 200 : 201);
  });

  return app;
};
