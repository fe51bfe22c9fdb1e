/**
 * A savings policy's growth (issue 24 item 14): for each policy year, what was paid in by then and what
 * the savings are worth, with the interest credited yearly at the product's rate — the same rule as the
 * policy's "savings so far" (each payment compounds from the day it was made). Years after today are a
 * projection: the fees still to come counted as paid on their due dates (an overdue one as paid today).
 * The last point is the end date: the projected value at maturity. A point at an anniversary counts
 * what came before it (the premium due that day starts the next year).
 */
import type { SavingsPoint } from '../../contract/insurance.schema';

const YEAR_MS = 365.25 * 24 * 3600 * 1000;

export interface SavingsGrowthInput {
  start_date: string;
  end_date: string;
  /** Percent per year. */
  interest_rate: number;
  /** Payments received: day (YYYY-MM-DD…) and amount. */
  payments: readonly { paid_at: string; amount: number }[];
  /** Scheduled fees not paid yet. */
  unpaid: readonly { due_date: string; amount: number }[];
  /** YYYY-MM-DD in Ulaanbaatar. */
  today: string;
}

const day = (value: string) => Date.parse(value.slice(0, 10));

/** `date` plus whole years, as YYYY-MM-DD (29 February becomes 1 March in other years). */
const plusYears = (date: string, years: number) => {
  const at = new Date(day(date));
  at.setUTCFullYear(at.getUTCFullYear() + years);
  return at.toISOString().slice(0, 10);
};

export function savingsGrowth({ start_date, end_date, interest_rate, payments, unpaid, today }: SavingsGrowthInput): SavingsPoint[] {
  const rate = interest_rate / 100;
  const flows = [
    ...payments.map((payment) => ({ at: day(payment.paid_at), amount: payment.amount })),
    ...unpaid.map((fee) => ({ at: Math.max(day(fee.due_date), day(today)), amount: fee.amount })),
  ];
  /** At an anniversary, what came before it (that day's premium starts the next year); at the end date, everything. */
  const pointAt = (date: string, inclusive: boolean): SavingsPoint => {
    const at = day(date);
    const counted = flows.filter((flow) => flow.at < at || (inclusive && flow.at === at));
    return {
      date,
      paid_in: counted.reduce((sum, flow) => sum + flow.amount, 0),
      value: Math.floor(counted.reduce((sum, flow) => sum + flow.amount * (1 + rate) ** ((at - flow.at) / YEAR_MS), 0)),
      projected: at > day(today),
    };
  };
  const points: SavingsPoint[] = [];
  for (let year = 1; day(plusYears(start_date, year)) < day(end_date); year += 1) points.push(pointAt(plusYears(start_date, year), false));
  points.push(pointAt(end_date.slice(0, 10), true));
  return points;
}
