/**
 * Demo data for issue 14: the demo user's earlier feedback (answered) and a few notifications, dated
 * the events they tell (issue 24) and unread when recent, so /user/feedback and /user/notifications and the menu badge mean something at once.
 * Written only when the demo user has no feedback yet (seedDemoData may run again; other seeds, such
 * as the claims', make notifications of their own, so those cannot be the mark).
 */
import { routePaths } from '../../contract/paths';
import type { Queryable } from '../db/db';
import { DEMO_USER } from '../db/seed-data';

/**
 * The demo user's question and the insurer's answer to it (issue 24: a seeded reply answers what was
 * asked; the automatic replies of auto-reply.ts only acknowledge). Paying yearly is cheaper because
 * monthly premiums carry a 5% instalment loading (server/insurance/quote.ts).
 */
export const DEMO_FEEDBACK = {
  question: 'Гэрээний хураамжаа жилээр нэг дор төлж болох уу?',
  reply: {
    mn: 'Тийм, болно. Гэрээний жилийн ойгоор хураамжаа жилээр төлөхөөр өөрчилж болох бөгөөд сар бүр төлөхөөс 5 орчим хувиар хямд тусна. 7000-1234 дугаарт залгах эсвэл салбартаа хүсэлт гаргана уу. Одоо ч хэд хэдэн сарын хураамжаа гэрээнийхээ хуудаснаас нэг дор төлөх боломжтой.',
    en: "Yes, you can. From your contract's anniversary you can switch to paying once a year, which costs about 5% less than paying monthly: call 7000-1234 or ask at a branch. You can already pay several months' premiums at once from your policy's page.",
  },
} as const;

const DAY_MS = 24 * 60 * 60 * 1000;
/** Notifications older than this are seeded read: the demo user has seen them long ago. */
const READ_AFTER_DAYS = 30;

export const seedFeedbackAndNotifications = async (tx: Queryable, now: Date = new Date()) => {
  const { rows: users } = await tx.query<{ id: number }>('select id from users where email = $1', [DEMO_USER.email]);
  const userId = users[0]?.id;
  if (userId === undefined) return;
  const { rows: existing } = await tx.query<{ n: number }>('select count(*)::int as n from feedback where user_id = $1', [userId]);
  if ((existing[0]?.n ?? 0) > 0) return;
  const contractNumber = DEMO_USER.policies[0]?.contractNumber ?? '';
  const { rows: policies } = await tx.query<{ id: number }>('select id from policies where contract_number = $1', [contractNumber]);
  const policyId = policies[0]?.id ?? null;
  const repliedAt = new Date(now.getTime() - 2 * DAY_MS);
  const { rows: feedback } = await tx.query<{ id: number }>(
    `insert into feedback (user_id, kind, policy_id, text, created_at, reply_text_mn, reply_text_en, replied_at, reply_due_at)
     values ($1, 'question', $2, $3, $4, $5, $6, $7, $7)
     returning id`,
    [userId, policyId, DEMO_FEEDBACK.question, new Date(now.getTime() - 3 * DAY_MS).toISOString(), DEMO_FEEDBACK.reply.mn, DEMO_FEEDBACK.reply.en, repliedAt.toISOString()],
  );
  const feedbackId = feedback[0]?.id ?? 0;
  // Each notification carries the date of the event it tells: the policy's start, the reply, the latest payment.
  const { rows: started } = await tx.query<{ start_date: string }>('select start_date::text as start_date from policies where id = $1', [policyId]);
  const { rows: payments } = await tx.query<{ amount: number; paid_at: Date }>(
    'select amount::int as amount, paid_at from policy_payments where policy_id = $1 order by paid_at desc limit 1',
    [policyId],
  );
  const link = policyId ? routePaths.contract.build({ id: policyId }) : null;
  const notifications: [string, Record<string, string | number>, string | null, Date][] = [];
  const startDate = started[0]?.start_date;
  if (startDate) notifications.push(['policy_issued', { contract_number: contractNumber }, link, new Date(`${startDate}T02:00:00Z`)]);
  notifications.push(['feedback_replied', { feedback_id: feedbackId, feedback_kind: 'question' }, `${routePaths.feedback.build()}#feedback-${feedbackId}`, repliedAt]);
  const payment = payments[0];
  if (payment) notifications.push(['invoice_paid', { amount: payment.amount, contract_number: contractNumber }, link, new Date(payment.paid_at)]);
  for (const [kind, params, target, at] of notifications) {
    const read = now.getTime() - at.getTime() > READ_AFTER_DAYS * DAY_MS;
    await tx.query(
      `insert into notifications (user_id, kind, params, link, created_at, read_at) values ($1, $2, $3, $4, $5, $6)`,
      [userId, kind, JSON.stringify(params), target, at.toISOString(), read ? at.toISOString() : null],
    );
  }
};
