/**
 * Reading each policy's fee schedule (fee_schedule), which the insurance area writes where a policy is
 * made (server/insurance/fee-schedule.repo.ts). Reads never write.
 */
import { DUE_WINDOW_DAYS, FEE_UPDATE_WORKING_DAYS, type FeeItem, type FeeStatus } from '../../contract/fee.schema';
import { todayInMongolia } from '../../contract/insurance.schema';
import type { Queryable } from '../db/db';
import type { Language } from '../http/language';
import { addDays } from '../insurance';

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
