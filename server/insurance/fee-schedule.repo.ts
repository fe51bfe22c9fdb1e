/**
 * Each policy's fee schedule in the database (fee_schedule): written where the policy is made (a
 * purchase's settlement in createPolicy, the demo seed) from its start date, end date and frequency
 * (schedule.ts), with the fees its payments so far cover marked paid (and confirmed: they are in the
 * insurer's records). Policies older than this rule got theirs once from migration 020; an import
 * brings its own (README, "Importing policies"). The fees area reads it (server/fees/schedule.repo.ts).
 */
import type { FeeFrequency } from '../../contract/insurance.schema';
import type { Queryable } from '../db/db';
import { feeSchedule } from './schedule';

/**
 * Writes the schedule of a policy just made, after its payments so far; does nothing when it has one
 * (safe to run twice: the unique policy_id, seq). Migration 020 does the same in SQL for older policies.
 */
export const writeSchedule = async (tx: Queryable, policyId: number): Promise<void> => {
  const { rows } = await tx.query<{
    start_date: string;
    end_date: string;
    fee_frequency: FeeFrequency;
    fee_amount: number;
    scheduled: boolean;
    paid_total: number;
    last_paid: Date | null;
  }>(
    `select p.start_date, p.end_date, p.fee_frequency, p.fee_amount,
            exists (select 1 from fee_schedule s where s.policy_id = p.id) as scheduled,
            coalesce((select sum(amount) from policy_payments pp where pp.policy_id = p.id), 0) as paid_total,
            (select max(paid_at) from policy_payments pp where pp.policy_id = p.id) as last_paid
       from policies p where p.id = $1`,
    [policyId],
  );
  const policy = rows[0];
  // A policy without fees (amount 0) has no schedule.
  if (!policy || policy.scheduled || policy.fee_amount <= 0) return;
  const fees = feeSchedule(policy.start_date, policy.end_date, policy.fee_frequency, policy.fee_amount);
  const paidCount = policy.fee_amount > 0 ? Math.floor(policy.paid_total / policy.fee_amount) : 0;
  // Paid fees were paid on their date; one not yet due (a purchase's first fee) when it was paid.
  const lastPaid = policy.last_paid?.toISOString() ?? new Date().toISOString();
  const paidAt = (index: number, due: string) => {
    if (index >= paidCount) return null;
    const onDate = `${due}T02:00:00.000Z`;
    return onDate > lastPaid ? lastPaid : onDate;
  };
  const values: unknown[] = [];
  const tuples = fees.map((fee, index) => {
    const paid = paidAt(index, fee.due_date);
    values.push(policyId, index + 1, fee.due_date, fee.amount, paid, paid);
    const base = index * 6;
    return `($${base + 1}, $${base + 2}, $${base + 3}::date, $${base + 4}, $${base + 5}::timestamptz, $${base + 6}::timestamptz)`;
  });
  if (tuples.length === 0) return;
  await tx.query(
    `insert into fee_schedule (policy_id, seq, due_date, amount, paid_at, confirmed_at) values ${tuples.join(', ')}
     on conflict (policy_id, seq) do nothing`,
    values,
  );
};
