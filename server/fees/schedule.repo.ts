/**
 * Each policy's fee schedule in the database (fee_schedule): written where the policy is made (a
 * purchase's settlement in createPolicy, the demo seed) from its start date, end date and frequency
 * (server/insurance/schedule.ts), with the fees its payments so far cover marked paid (and confirmed:
 * they are in the insurer's records). Policies older than this rule got theirs once from migration
 * 020; an import brings its own (README, "Importing policies"). Reads never write.
 */
import { DUE_WINDOW_DAYS, FEE_UPDATE_WORKING_DAYS, type FeeItem, type FeeStatus } from '../../contract/fee.schema';
import type { FeeFrequency } from '../../contract/insurance.schema';
import { todayInMongolia } from '../../contract/insurance.schema';
import type { Queryable } from '../db/db';
import type { Language } from '../http/language';
import { addDays, feeSchedule } from '../insurance/schedule';

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

/** Monday to Friday between the day after `from` and `to` (both 'YYYY-MM-DD'). */
export const workingDaysBetween = (from: string, to: string): number => {
  let count = 0;
  for (let day = addDays(from, 1); day <= to; day = addDays(day, 1)) {
    const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
    if (weekday !== 0 && weekday !== 6) count += 1;
  }
  return count;
};

/**
 * SPEC 9: an online payment reaches the insurer's fee data within FEE_UPDATE_WORKING_DAYS working days.
 * Until the records confirm it (confirmed_at), and at most that long, the fee reads "paid, updating".
 */
export const isPendingUpdate = (paidAt: Date | null, confirmedAt: Date | null, today: string) =>
  paidAt !== null && confirmedAt === null && workingDaysBetween(todayInMongolia(paidAt), today) < FEE_UPDATE_WORKING_DAYS;

export const feeStatusOf = (item: { due_date: string; paid_at: Date | string | null }, today: string = todayInMongolia()): FeeStatus => {
  if (item.paid_at) return 'paid';
  if (item.due_date < today) return 'overdue';
  return item.due_date <= addDays(today, DUE_WINDOW_DAYS) ? 'due' : 'upcoming';
};

export interface FeeRow {
  id: number;
  policy_id: number;
  contract_number: string;
  product_name: string;
  due_date: string;
  amount: number;
  paid_at: Date | null;
  confirmed_at: Date | null;
  policy_status: string;
  user_id: number | null;
}

export const feeColumns = (language: Language) => `
  s.id::int as id, s.policy_id, p.contract_number, pr.name_${language} as product_name, s.due_date, s.amount, s.paid_at,
  s.confirmed_at, p.status as policy_status, p.user_id`;

export const FEE_FROM = `from fee_schedule s join policies p on p.id = s.policy_id join products pr on pr.id = p.product_id`;

export const toFeeItem = (row: FeeRow, today: string = todayInMongolia()): FeeItem => ({
  id: row.id,
  policy_id: row.policy_id,
  contract_number: row.contract_number,
  product_name: row.product_name,
  due_date: row.due_date,
  amount: row.amount,
  status: feeStatusOf(row, today),
  paid_at: row.paid_at ? row.paid_at.toISOString() : null,
  pending_update: isPendingUpdate(row.paid_at, row.confirmed_at, today),
});

/** A policy's whole schedule, in due order. */
export const readSchedule = async (q: Queryable, policyId: number, language: Language): Promise<FeeItem[]> => {
  const { rows } = await q.query<FeeRow>(`select ${feeColumns(language)} ${FEE_FROM} where s.policy_id = $1 order by s.seq`, [policyId]);
  const today = todayInMongolia();
  return rows.map((row) => toFeeItem(row, today));
};

/** Fees that can be paid now: unpaid, due or overdue, of a policy in force. */
export const isPayable = (item: FeeItem, policyStatus: string) => (item.status === 'due' || item.status === 'overdue') && ['active', 'lapsed'].includes(policyStatus);
