/** A user's feedback in the database: the list's pages, one item, sending (the reference insurer's replies: auto-reply.ts). */
import { routePaths } from '../../contract/paths';
import { FEEDBACK_PAGE_SIZE, type FeedbackItem, type FeedbackKind, type FeedbackList } from '../../contract/feedback.schema';
import type { UserRow } from '../auth';
import type { Queryable } from '../db/db';
import { beforeCursor, cursorColumn, pageOf } from '../http/keyset';
import type { Language } from '../http/language';

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
export const seesPolicy = async (q: Queryable, user: UserRow, policyId: number) =>
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

/**
 * A select column `cursor` of feedback `f`: the place just above it in the list's order (its time, its
 * id + 1), the `?before=` of the page that starts with it. A page from there holds the feedback however
 * much newer feedback is sent later (a cursor is a place, not a count), so a link can name it for good.
 */
export const placeAboveColumn = cursorColumn('f.created_at', '(f.id + 1)');

/** The link to one feedback: the list's page that starts with it (`placeAboveColumn`), and its entry (`#feedback-<id>`). */
export const feedbackLink = (id: number, placeAbove: string) => `${routePaths.feedback.build({}, { before: placeAbove })}#feedback-${id}`;

/** A page of the user's feedback, newest first, before the cursor `before` when given. */
export const readFeedbackPage = async (q: Queryable, userId: number, language: Language, before: [string, string] | null): Promise<FeedbackList> => {
  const { rows } = await q.query<Row & { cursor: string }>(feedbackPageSql(language, before !== null), [userId, FEEDBACK_PAGE_SIZE + 1, ...(before ?? [])]);
  return pageOf(rows, FEEDBACK_PAGE_SIZE, toItem);
};

/** One of the user's feedback items (undefined when not theirs or unknown). */
export const readFeedback = async (q: Queryable, userId: number, id: string, language: Language): Promise<FeedbackItem | undefined> => {
  const { rows } = await q.query<Row>(`${select(language)} where f.id = $1 and f.user_id = $2`, [id, userId]);
  const row = rows[0];
  return row ? toItem(row) : undefined;
};

/** Takes the id a new feedback item will have (so the idempotency key can name it before it is written). */
export const nextFeedbackId = async (tx: Queryable): Promise<string> => {
  const { rows } = await tx.query<{ id: number }>(`select nextval(pg_get_serial_sequence('feedback', 'id')) as id`);
  return String(rows[0]?.id);
};

/** Writes a new feedback item, which the reference insurer replies to `replyDelaySeconds` from now. */
export const insertFeedback = async (
  tx: Queryable,
  feedback: { id: string; userId: number; kind: FeedbackKind; policyId: number | null; text: string; replyDelaySeconds: number },
) => {
  await tx.query(
    `insert into feedback (id, user_id, kind, policy_id, text, reply_due_at) values ($1, $2, $3, $4, $5, now() + $6::int * interval '1 second')`,
    [feedback.id, feedback.userId, feedback.kind, feedback.policyId, feedback.text, feedback.replyDelaySeconds],
  );
};
