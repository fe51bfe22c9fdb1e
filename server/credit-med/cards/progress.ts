/**
 * The reference server's stand-in for the insurer (issue 13): a new pre-claim moves
 * sent → calculating → paid_by_insurer, or, at the hospital whose claims are rejected (the seeded
 * case), sent → calculating → rejected_claim → to_be_paid_by_insured, one step every
 * `PRE_CLAIM_STEP_SECONDS`. The schedule is the row's `next_step_at`, so every replica shares it: a
 * periodic task (server/periodic.ts) moves due rows with `for update skip locked`, so two replicas
 * never move one row twice, and tells the owner (notify) in the same transaction.
 */
import type { PreClaimStatus } from '../../../contract/credit-med-card.schema';
import type { Db, Queryable } from '../../db/db';
import { notify } from '../../notifications';
import { startPeriodic } from '../../periodic';

/** Seconds between two moves of a pre-claim. */
export const PRE_CLAIM_STEP_SECONDS = 4;
/** How often the periodic task looks for due pre-claims (ms). */
export const PRE_CLAIM_TICK_MS = 1_000;

/** Where a moving pre-claim goes next, and whether it moves again after. */
const nextOf = (status: PreClaimStatus, rejects: boolean): { status: PreClaimStatus; moving: boolean; reason?: string } | null => {
  if (status === 'sent') return { status: 'calculating', moving: true };
  if (status === 'calculating') return rejects ? { status: 'rejected_claim', moving: true, reason: 'notCovered' } : { status: 'paid_by_insurer', moving: false };
  if (status === 'rejected_claim') return { status: 'to_be_paid_by_insured', moving: false };
  return null;
};

/** The link a status notification opens. */
export const preClaimLink = (id: number, status: PreClaimStatus) =>
  status === 'to_be_paid_by_insured' ? `/credit-med/pre-claim/repay/${id}` : `/credit-med/pre-claim/payment?pre_claim=${id}`;

/** Tells the owner their pre-claim's new status (in the caller's transaction). */
export const notifyStatus = (tx: Queryable, userId: number, preClaim: { id: number; status: PreClaimStatus; amount: number }) =>
  notify(tx, userId, {
    kind: 'credit_med_status_changed',
    params: { pre_claim_id: preClaim.id, status: preClaim.status, amount: preClaim.amount },
    link: preClaimLink(preClaim.id, preClaim.status),
  });

/** Moves every due pre-claim one step; returns how many moved. */
export const advancePreClaims = async (db: Db, stepSeconds = PRE_CLAIM_STEP_SECONDS): Promise<number> =>
  db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: number; user_id: number; status: PreClaimStatus; amount: number; rejects_claims: boolean }>(
      `select p.id, p.user_id, p.status, p.amount, h.rejects_claims
         from credit_med_pre_claims p join credit_med_hospitals h on h.id = p.hospital_id
        where p.next_step_at is not null and p.next_step_at <= now()
        order by p.next_step_at limit 100
        for update of p skip locked`,
    );
    for (const row of rows) {
      const next = nextOf(row.status, row.rejects_claims);
      if (!next) {
        await tx.query('update credit_med_pre_claims set next_step_at = null where id = $1', [row.id]);
        continue;
      }
      await tx.query(
        `update credit_med_pre_claims
            set status = $2, rejection_reason = coalesce($3, rejection_reason), updated_at = now(),
                next_step_at = case when $4 then now() + make_interval(secs => $5) else null end
          where id = $1`,
        [row.id, next.status, next.reason ?? null, next.moving, stepSeconds],
      );
      await notifyStatus(tx, row.user_id, { id: row.id, status: next.status, amount: row.amount });
    }
    return rows.length;
  });

/** Starts the periodic task; the returned function stops it. */
export const startPreClaimProgress = (db: Db, { tickMs = PRE_CLAIM_TICK_MS, stepSeconds = PRE_CLAIM_STEP_SECONDS } = {}) =>
  startPeriodic('credit-med pre-claims', () => advancePreClaims(db, stepSeconds), tickMs);
