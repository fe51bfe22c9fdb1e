/**
 * The purchase wizard's forms (what the user types, kept as text until a step is validated), their
 * conversions to and from the API's bodies, and the validators the machine runs on them with the same
 * zod schemas the server uses. Pure functions: the machine, the views and the tests import them.
 */
import {
  contractStepSchema,
  insuredStepSchemaFor,
  planStepSchemaFor,
  quoteRequestSchemaFor,
  type Application,
  type Gender,
  type InsuredStep,
  type ProductDetail,
} from '../contract/insurance.schema';
import type { PaymentProvider } from '../contract/payment.schema';
import { combineRegister, splitRegister, toFieldErrors, type FieldErrors, type RegisterParts } from '../contract/validation';

// ---------------------------------------------------------------------------------------------------
// Forms: what the user types, kept as text until a step is validated
// ---------------------------------------------------------------------------------------------------

export interface InsuredForm {
  register: RegisterParts;
  phone: string;
  last_name: string;
  first_name: string;
  /** 'YYYY-MM-DD' or empty. */
  birth_date: string;
  gender: Gender | '';
  email: string;
  address: string;
}
export type InsuredTextField = 'phone' | 'last_name' | 'first_name' | 'birth_date' | 'gender' | 'email' | 'address';

export interface PlanForm {
  /** The sum insured (risk products) or the fee per payment (savings products), digits only. */
  amount: string;
  /** Whole years, as text ('' = not chosen). */
  term_years: string;
  frequency: string;
}
export type PlanField = keyof PlanForm;

export interface BeneficiaryForm {
  last_name: string;
  first_name: string;
  register: RegisterParts;
  /** 1–19 as text ('' = not chosen). */
  relationship: string;
  /** Whole percent, digits only. */
  share: string;
}
export type BeneficiaryTextField = 'last_name' | 'first_name' | 'relationship' | 'share';

export interface ContractForm {
  beneficiaries: BeneficiaryForm[];
  consent: boolean;
}

export interface PaymentForm {
  provider: PaymentProvider | null;
  /** mostmoney: the phone that gets the confirmation request (the insured person's by default). */
  phone: string;
}

const emptyRegister: RegisterParts = { first: '', second: '', number: '' };

export const emptyInsuredForm: InsuredForm = {
  register: emptyRegister,
  phone: '',
  last_name: '',
  first_name: '',
  birth_date: '',
  gender: '',
  email: '',
  address: '',
};

export const emptyBeneficiary = (share = ''): BeneficiaryForm => ({
  last_name: '',
  first_name: '',
  register: emptyRegister,
  relationship: '',
  share,
});

// ---------------------------------------------------------------------------------------------------
// Pure helpers: keys, form ↔ body, validation (exported for the views and the tests)
// ---------------------------------------------------------------------------------------------------

/**
 * The idempotency key number `n` of a purchase. Keys derive from a seed the app gives as input (random
 * there, fixed in tests), so the machine stays deterministic and a restored snapshot keeps its keys.
 */
export const idempotencyKey = (seed: string, n: number): string => `${seed}.${n}`;

/** Schemas are built per product (and day, for ages); guards run on every event, so they are kept. */
const schemaCache = new WeakMap<object, { today: string; insured: ReturnType<typeof insuredStepSchemaFor> }>();
const planSchemaCache = new WeakMap<object, ReturnType<typeof planStepSchemaFor>>();
const quoteSchemaCache = new WeakMap<object, ReturnType<typeof quoteRequestSchemaFor>>();

export const insuredSchemaOf = (product: Pick<ProductDetail, 'insured_fields' | 'age'>, today: string) => {
  const cached = schemaCache.get(product);
  if (cached && cached.today === today) return cached.insured;
  const insured = insuredStepSchemaFor(product, today);
  schemaCache.set(product, { today, insured });
  return insured;
};

export const planSchemaOf = (product: Pick<ProductDetail, 'plan'>) => {
  let schema = planSchemaCache.get(product);
  if (!schema) planSchemaCache.set(product, (schema = planStepSchemaFor(product)));
  return schema;
};

/** The quote request's schema (ages are checked on the day the schema is made; quotes are asked for while typing). */
export const quoteSchemaOf = (product: Pick<ProductDetail, 'plan' | 'age'>) => {
  let schema = quoteSchemaCache.get(product);
  if (!schema) quoteSchemaCache.set(product, (schema = quoteRequestSchemaFor(product)));
  return schema;
};

const digits = (value: string) => (/^\d+$/.test(value.trim()) ? Number(value.trim()) : undefined);
const filled = (value: string) => (value.trim() === '' ? undefined : value);

/** The body of the insured step: the product's extra fields only, empty ones left out (so they read "required"). */
export const insuredBody = (product: Pick<ProductDetail, 'insured_fields'>, form: InsuredForm): Record<string, unknown> => {
  const body: Record<string, unknown> = {
    register: combineRegister(form.register),
    phone: form.phone,
    last_name: form.last_name,
    first_name: form.first_name,
  };
  for (const field of product.insured_fields) {
    const value = filled(form[field]);
    if (value !== undefined) body[field] = value;
  }
  return body;
};

export const insuredErrors = (product: Pick<ProductDetail, 'insured_fields' | 'age'>, form: InsuredForm, today: string): FieldErrors => {
  const result = insuredSchemaOf(product, today).safeParse(insuredBody(product, form));
  return result.success ? {} : toFieldErrors(result.error);
};

/** The field of the plan's amount: `fee` for savings products, `sum_insured` for risk products. */
export const amountFieldOf = (product: Pick<ProductDetail, 'plan'>): 'fee' | 'sum_insured' => (product.plan.fee ? 'fee' : 'sum_insured');

export const planBody = (product: Pick<ProductDetail, 'plan'>, form: PlanForm): Record<string, unknown> => ({
  [amountFieldOf(product)]: digits(form.amount),
  term_years: digits(form.term_years),
  frequency: filled(form.frequency),
});

export const planErrors = (product: Pick<ProductDetail, 'plan'>, form: PlanForm): FieldErrors => {
  const result = planSchemaOf(product).safeParse(planBody(product, form));
  return result.success ? {} : toFieldErrors(result.error);
};

/** The quote request of the plan on screen, priced on the stored insured person's birth date. */
export const quoteBody = (product: Pick<ProductDetail, 'plan'>, form: PlanForm, insured: InsuredStep | null): Record<string, unknown> => ({
  ...planBody(product, form),
  ...(insured?.birth_date ? { birth_date: insured.birth_date } : {}),
  ...(insured ? { register: insured.register } : {}),
});

export const contractBody = (form: ContractForm): Record<string, unknown> => ({
  beneficiaries: form.beneficiaries.map((beneficiary) => ({
    last_name: beneficiary.last_name,
    first_name: beneficiary.first_name,
    register: combineRegister(beneficiary.register),
    relationship: digits(beneficiary.relationship),
    share: digits(beneficiary.share),
  })),
  consent: form.consent,
});

export const contractErrors = (form: ContractForm): FieldErrors => {
  const result = contractStepSchema.safeParse(contractBody(form));
  return result.success ? {} : toFieldErrors(result.error);
};

/** The sum of the shares typed so far (empty or non-numeric shares count as 0). */
export const sharesTotal = (form: ContractForm) => form.beneficiaries.reduce((sum, beneficiary) => sum + (digits(beneficiary.share) ?? 0), 0);

export const insuredFormOf = (application: Application): InsuredForm => {
  const stored = application.insured;
  if (stored) {
    return {
      register: splitRegister(stored.register),
      phone: stored.phone,
      last_name: stored.last_name,
      first_name: stored.first_name,
      birth_date: stored.birth_date ?? '',
      gender: stored.gender ?? '',
      email: stored.email ?? '',
      address: stored.address ?? '',
    };
  }
  const prefill = application.prefill;
  if (!prefill) return emptyInsuredForm;
  return {
    ...emptyInsuredForm,
    register: prefill.register ? splitRegister(prefill.register) : emptyRegister,
    phone: prefill.phone ?? '',
    last_name: prefill.last_name,
    first_name: prefill.first_name,
    email: prefill.email ?? '',
  };
};

/** A sensible first plan: the recommended fee, or four times the smallest sum; the middle term; monthly. */
export const defaultPlanForm = (product: Pick<ProductDetail, 'plan'>): PlanForm => {
  const { plan } = product;
  let amount = '';
  if (plan.fee) amount = String(plan.fee.recommended);
  else if (plan.sum_insured) {
    const { min, max, step } = plan.sum_insured;
    const wanted = Math.round((min * 4) / step) * step;
    amount = String(Math.min(max, Math.max(min, wanted)));
  }
  const term = plan.terms_years[Math.floor((plan.terms_years.length - 1) / 2)];
  const frequency = plan.frequencies.includes('monthly') ? 'monthly' : (plan.frequencies[0] ?? '');
  return { amount, term_years: term === undefined ? '' : String(term), frequency };
};

export const planFormOf = (product: ProductDetail, application: Application): PlanForm => {
  const stored = application.plan;
  if (!stored) return defaultPlanForm(product);
  const amount = stored.fee ?? stored.sum_insured;
  return { amount: amount === undefined ? '' : String(amount), term_years: String(stored.term_years), frequency: stored.frequency };
};

export const contractFormOf = (application: Application): ContractForm => {
  const stored = application.contract;
  if (!stored || stored.beneficiaries.length === 0) return { beneficiaries: [emptyBeneficiary('100')], consent: false };
  return {
    beneficiaries: stored.beneficiaries.map((beneficiary) => ({
      last_name: beneficiary.last_name,
      first_name: beneficiary.first_name,
      register: splitRegister(beneficiary.register),
      relationship: String(beneficiary.relationship),
      share: String(beneficiary.share),
    })),
    consent: stored.consent,
  };
};
