/**
 * Demo data for issue 14: the demo user's earlier feedback (answered) and a few notifications, two of
 * them unread, so /user/feedback and /user/notifications and the menu badge mean something at once.
 * Written only when the demo user has no feedback yet (seedDemoData may run again; other seeds, such
 * as the claims', make notifications of their own, so those cannot be the mark).
 */
import { routePaths } from '../../contract/paths';
import type { Queryable } from '../db/db';
import { DEMO_USER } from '../db/seed-data';
import { REPLIES } from './auto-reply';

export const seedFeedbackAndNotifications = async (tx: Queryable) => {
  const { rows: users } = await tx.query<{ id: number }>('select id from users where email = $1', [DEMO_USER.email]);
  const userId = users[0]?.id;
  if (userId === undefined) return;
  const { rows: existing } = await tx.query<{ n: number }>('select count(*)::int as n from feedback where user_id = $1', [userId]);
  if ((existing[0]?.n ?? 0) > 0) return;
  const contractNumber = DEMO_USER.policies[0]?.contractNumber ?? '';
  const { rows: policies } = await tx.query<{ id: number }>('select id from policies where contract_number = $1', [contractNumber]);
  const policyId = policies[0]?.id ?? null;
  const { rows: feedback } = await tx.query<{ id: number }>(
    `insert into feedback (user_id, kind, policy_id, text, created_at, reply_text_mn, reply_text_en, replied_at, reply_due_at)
     values ($1, 'question', $2, $3, now() - interval '3 days', $4, $5, now() - interval '2 days', now() - interval '2 days')
     returning id`,
    [userId, policyId, 'Гэрээний хураамжаа жилээр нэг дор төлж болох уу?', REPLIES.question.mn, REPLIES.question.en],
  );
  const feedbackId = feedback[0]?.id ?? 0;
  const notifications: [string, Record<string, string | number>, string | null, string, boolean][] = [
    ['policy_issued', { contract_number: contractNumber }, policyId ? routePaths.contract.build({ id: policyId }) : null, '10 days', true],
    ['feedback_replied', { feedback_id: feedbackId, feedback_kind: 'question' }, `${routePaths.feedback.build()}#feedback-${feedbackId}`, '2 days', false],
    ['invoice_paid', { amount: DEMO_USER.policies[0]?.feeAmount ?? 0, contract_number: contractNumber }, policyId ? routePaths.contract.build({ id: policyId }) : null, '1 day', false],
  ];
  for (const [kind, params, link, age, read] of notifications) {
    await tx.query(
      `insert into notifications (user_id, kind, params, link, created_at, read_at)
       values ($1, $2, $3, $4, now() - $5::interval, case when $6 then now() - $5::interval else null end)`,
      [userId, kind, JSON.stringify(params), link, age, read],
    );
  }
};
