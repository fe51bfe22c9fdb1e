/**
 * The premium formula (docs/api.md, "The formula"): pure and deterministic, the same product, plan and
 * age always give the same quote. Bounds are checked before, by the shared plan schema.
 */
import type { FeeFrequency, PlanStep, Quote } from '../../contract/insurance.schema';
import { PAYMENTS_PER_YEAR, RECOMMENDED_SAVINGS_FEE } from '../../contract/insurance.schema';
import type { RiskPricing, SavingsPricing } from './catalogue-data';

/** Per-payment loading for paying in instalments. */
const LOADING: Readonly<Record<FeeFrequency, number>> = {
  single: 1,
  monthly: 1.05,
  quarterly: 1.03,
  semiannual: 1.02,
  annual: 1,
};
/** A single payment for the whole term is discounted. */
const SINGLE_DISCOUNT = 0.92;
const MIN_AGE_FACTOR = 0.6;

const roundUpTo100 = (amount: number) => Math.ceil(Math.round(amount * 100) / 100 / 100) * 100;

export interface QuoteInput {
  productId: number;
  pricing: RiskPricing | SavingsPricing;
  plan: PlanStep;
  age: number;
}

const schedule = (frequency: FeeFrequency, termYears: number) => {
  const perYear = PAYMENTS_PER_YEAR[frequency];
  return { perYear, count: frequency === 'single' ? 1 : perYear * termYears };
};

/** Future value of `fee` paid at the start of each period for the term, at `rate` % a year. */
export const projectSavings = (fee: number, frequency: FeeFrequency, termYears: number, ratePercent: number): number => {
  const r = ratePercent / 100;
  if (frequency === 'single') return Math.floor(fee * (1 + r) ** termYears);
  const { perYear, count } = schedule(frequency, termYears);
  const i = (1 + r) ** (1 / perYear) - 1;
  return Math.floor((fee * ((1 + i) ** count - 1)) / i * (1 + i));
};

export const computeQuote = ({ productId, pricing, plan, age }: QuoteInput): Quote => {
  const { term_years: termYears, frequency } = plan;
  const { perYear, count } = schedule(frequency, termYears);
  if (pricing.kind === 'savings') {
    const fee = plan.fee ?? 0;
    const total = fee * count;
    return {
      product_id: productId,
      age,
      term_years: termYears,
      frequency,
      sum_insured: total,
      fee,
      payments_per_year: perYear,
      payments_count: count,
      annual_fee: frequency === 'single' ? fee : fee * perYear,
      total_fee: total,
      projected_savings: projectSavings(fee, frequency, termYears, pricing.interestRate),
      interest_rate: pricing.interestRate,
      recommended_fee: RECOMMENDED_SAVINGS_FEE,
      below_recommended: fee < RECOMMENDED_SAVINGS_FEE,
    };
  }
  const sumInsured = plan.sum_insured ?? 0;
  const ageFactor = Math.max(MIN_AGE_FACTOR, 1 + pricing.ageSlope * (age - 30));
  const yearly = ((sumInsured * pricing.ratePerMille) / 1000) * ageFactor;
  const fee = roundUpTo100(frequency === 'single' ? yearly * termYears * SINGLE_DISCOUNT : (yearly * LOADING[frequency]) / perYear);
  const total = fee * count;
  return {
    product_id: productId,
    age,
    term_years: termYears,
    frequency,
    sum_insured: sumInsured,
    fee,
    payments_per_year: perYear,
    payments_count: count,
    annual_fee: frequency === 'single' ? fee : fee * perYear,
    total_fee: total,
    projected_savings: pricing.refund ? total : null,
    interest_rate: null,
    recommended_fee: null,
    below_recommended: false,
  };
};
