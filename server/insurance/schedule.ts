/** Calendar arithmetic on 'YYYY-MM-DD' dates (no time zones) and a policy's fee schedule. */
import type { FeeFrequency } from '../../contract/insurance.schema';
import { PAYMENTS_PER_YEAR } from '../../contract/insurance.schema';

const parse = (date: string) => date.split('-').map(Number) as [number, number, number];
const format = (year: number, month: number, day: number) =>
  `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** `date` plus whole months; the day is clamped to the month's length (31 Jan + 1 month = 28/29 Feb). */
export const addMonths = (date: string, months: number): string => {
  const [year, month, day] = parse(date);
  const index = year * 12 + (month - 1) + months;
  const y = Math.floor(index / 12);
  const m = (index % 12) + 1;
  return format(y, m, Math.min(day, daysIn(y, m)));
};

export const addDays = (date: string, days: number): string => {
  const [year, month, day] = parse(date);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
};

/** The last day of a term of `years` starting on `start`. */
export const termEnd = (start: string, years: number): string => addDays(addMonths(start, years * 12), -1);

/** Whole years between two dates (a term's start and end). */
export const wholeYears = (start: string, end: string): number => {
  const [sy, sm, sd] = parse(start);
  const [ey, em, ed] = parse(addDays(end, 1));
  return ey - sy - (em < sm || (em === sm && ed < sd) ? 1 : 0);
};

export interface ScheduledFee {
  due_date: string;
  amount: number;
}

/** Every fee due from `start` up to `end`: one for `single`, else one per period. */
export const feeSchedule = (start: string, end: string, frequency: FeeFrequency, amount: number): ScheduledFee[] => {
  if (frequency === 'single') return [{ due_date: start, amount }];
  const step = 12 / PAYMENTS_PER_YEAR[frequency];
  const fees: ScheduledFee[] = [];
  for (let k = 0; ; k += 1) {
    const due = addMonths(start, k * step);
    if (due > end) break;
    fees.push({ due_date: due, amount });
  }
  return fees;
};
