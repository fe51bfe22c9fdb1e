/**
 * The reference insurer answers feedback by itself, so "feedback sent and its reply seen" can be shown
 * end to end: a periodic task (server/periodic.ts) replies to every feedback whose `reply_due_at` has
 * passed and notifies its author (`feedback_replied`). The state is the row itself, so any number of
 * replicas may run the task: `for update skip locked` gives each row to one of them, once.
 */
import type { FeedbackKind } from '../../contract/feedback.schema';
import type { Db } from '../db/db';
import { notify } from '../notifications';
import { startPeriodic } from '../periodic';
import { feedbackLink, placeAboveColumn } from './feedback.repo';

/** How long after it is sent the reference insurer replies to feedback. */
export const FEEDBACK_REPLY_DELAY_SECONDS = 15;

/** The insurer's reply per kind of feedback, in both languages. */
export const REPLIES: Readonly<Record<FeedbackKind, { mn: string; en: string }>> = {
  question: {
    mn: 'Асуултад тань баярлалаа. Манай ажилтан хариуг тань бэлтгэж байна; нэмэлт мэдээлэл хэрэгтэй бол бид утсаар холбогдоно.',
    en: 'Thank you for your question. Our staff are preparing your answer; we will call you if we need more details.',
  },
  complaint: {
    mn: 'Гомдлыг тань хүлээн авлаа. Бид 3 ажлын өдрийн дотор шалгаж, хариу мэдэгдэнэ. Уучлаарай.',
    en: 'We have received your complaint. We will look into it and get back to you within 3 working days. We are sorry.',
  },
  suggestion: {
    mn: 'Саналд тань баярлалаа. Бид үйлчилгээгээ сайжруулахад ашиглана.',
    en: 'Thank you for your suggestion. We will use it to improve our service.',
  },
  thanks: {
    mn: 'Таны сэтгэгдэлд баярлалаа! Бидэнд итгэсэнд талархаж байна.',
    en: 'Thank you for your kind words! We are grateful for your trust.',
  },
};

/** Replies to every feedback now due (at most `limit` a run); returns how many. */
export const replyDueFeedback = async (db: Db, limit = 50): Promise<number> =>
  db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: number; user_id: number; kind: FeedbackKind; cursor: string }>(
      `select f.id, f.user_id, f.kind, ${placeAboveColumn} from feedback f
        where f.replied_at is null and f.reply_due_at is not null and f.reply_due_at <= now()
        order by f.id limit $1 for update skip locked`,
      [limit],
    );
    for (const row of rows) {
      const reply = REPLIES[row.kind];
      await tx.query('update feedback set reply_text_mn = $2, reply_text_en = $3, replied_at = now() where id = $1', [row.id, reply.mn, reply.en]);
      // The link opens the page that holds this feedback, though newer feedback pushes it past the first page.
      await notify(tx, row.user_id, { kind: 'feedback_replied', params: { feedback_id: row.id, feedback_kind: row.kind }, link: feedbackLink(row.id, row.cursor) });
    }
    return rows.length;
  });

/** Runs `replyDueFeedback` every `intervalMs` (2 s by default); returns the stop function. */
export const startFeedbackReplier = (db: Db, intervalMs = 2000) => startPeriodic('feedback replies', () => replyDueFeedback(db), intervalMs);
