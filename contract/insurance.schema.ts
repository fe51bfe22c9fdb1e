/**
 * Buying insurance online (issue 4): the catalogue, the purchase wizard's steps, the quote, the
 * application (a server-side draft of one purchase) and the policies a user sees. Shared by the client
 * (machines validate each step with these schemas) and the reference API (which validates the same
 * bodies again and stores them). See docs/api.md, section "Buying insurance".
 */
import { z } from 'zod/mini';
import { nextCursorSchema } from './page.schema';
import { messages, phoneSchema, registerSchema } from './validation';

// ---------------------------------------------------------------------------------------------------
// Constants
// ---------------------------------------------------------------------------------------------------

/** The product codes of SPEC section 3; they are also the ids in /insurance/detail/{id}/. */
export const PRODUCT_IDS = [100, 112, 114, 119, 127, 129, 171, 172, 215, 218, 238, 240, 241, 242, 272] as const;
export type ProductId = (typeof PRODUCT_IDS)[number];

export const PRODUCT_CATEGORIES = ['life', 'health', 'savings', 'pension'] as const;
export type ProductCategory = (typeof PRODUCT_CATEGORIES)[number];

/** How often the fee is paid; `single` is one payment for the whole term. */
export const FEE_FREQUENCIES = ['single', 'monthly', 'quarterly', 'semiannual', 'annual'] as const;
export type FeeFrequency = (typeof FEE_FREQUENCIES)[number];
export const PAYMENTS_PER_YEAR: Readonly<Record<FeeFrequency, number>> = {
  single: 0,
  monthly: 12,
  quarterly: 4,
  semiannual: 2,
  annual: 1,
};

/** Beneficiary types of SPEC section 3 (value → name used as an i18n key by the client). */
export const RELATIONSHIPS = {
  1: 'grandfather',
  2: 'grandmother',
  3: 'father',
  4: 'mother',
  5: 'son',
  6: 'daughter',
  7: 'elderBrother',
  8: 'elderSister',
  9: 'youngerBrother',
  10: 'youngerSister',
  11: 'paternalUncle',
  12: 'paternalAunt',
  13: 'maternalUncle',
  14: 'maternalAunt',
  15: 'grandchild',
  16: 'husband',
  17: 'wife',
  18: 'nephewNiece',
  19: 'other',
} as const;
export const RELATIONSHIP_MIN = 1;
export const RELATIONSHIP_MAX = 19;

/** Extra details of the insured person a product may ask for (beyond register, phone and name). */
export const INSURED_FIELDS = ['birth_date', 'gender', 'email', 'address'] as const;
export type InsuredField = (typeof INSURED_FIELDS)[number];
export const GENDERS = ['male', 'female'] as const;
export type Gender = (typeof GENDERS)[number];

/** SPEC section 9: regular savings of 50 000 MNT or more are recommended (below: a warning only). */
export const RECOMMENDED_SAVINGS_FEE = 50_000;
/** Savings fees below this are refused. */
export const MIN_SAVINGS_FEE = 10_000;
export const NAME_MAX = 50;
export const ADDRESS_MIN = 5;
export const ADDRESS_MAX = 200;
export const BENEFICIARIES_MAX = 10;
/** SPEC section 9: the signed contract is sent within 1 working day after payment. */
export const CONTRACT_SENT_WITHIN_WORKING_DAYS = 1;

/** Headers: every POST that creates something carries an idempotency key; visitors prove a draft is theirs. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const APPLICATION_KEY_HEADER = 'X-Application-Key';
/**
 * A visitor's own random key (per browser), sent with creates: idempotency keys are scoped to the
 * caller (the signed-in user, else this key, else the client address), so a replayed key never
 * answers someone else's draft.
 */
export const VISITOR_KEY_HEADER = 'X-Visitor-Key';
/** A client-made random key (a UUID is fine): 16 to 128 of A–Z a–z 0–9 - _ . : */
export const idempotencyKeySchema = z
  .string({ error: messages.idempotencyKey })
  .check(z.regex(/^[A-Za-z0-9_.:-]{16,128}$/, messages.idempotencyKey));

/** The wizard's steps, in order; an application lists the ones already stored in `completed_steps`. */
export const APPLICATION_STEPS = ['insured', 'plan', 'contract'] as const;
export type ApplicationStep = (typeof APPLICATION_STEPS)[number];

// ---------------------------------------------------------------------------------------------------
// Dates, register number, age
// ---------------------------------------------------------------------------------------------------

const ISO_DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

const isRealDate = (year: number, month: number, day: number) => {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
};

const pad = (value: number) => String(value).padStart(2, '0');

/** Today's date in Ulaanbaatar (UTC+8) as 'YYYY-MM-DD'. */
export const todayInMongolia = (now: Date = new Date()): string =>
  new Date(now.getTime() + 8 * 60 * 60 * 1000).toISOString().slice(0, 10);

/**
 * The birth date a Mongolian register number encodes: digits 1–6 are YYMMDD, with 20 added to the
 * month for people born in 2000 or later (УБ90061512 → 1990-06-15, УБ05251234 → 2005-05-12).
 * Null when the digits are not a real date.
 */
export const birthDateFromRegister = (register: string): string | null => {
  const digits = register.slice(2);
  if (!/^\d{8}$/.test(digits)) return null;
  const yy = Number(digits.slice(0, 2));
  let month = Number(digits.slice(2, 4));
  const day = Number(digits.slice(4, 6));
  let year = 1900 + yy;
  if (month > 20) {
    month -= 20;
    year = 2000 + yy;
  }
  if (!isRealDate(year, month, day)) return null;
  return `${year}-${pad(month)}-${pad(day)}`;
};

/** The gender a register number encodes: its second-to-last digit is odd for men, even for women. */
export const genderFromRegister = (register: string): Gender | null => {
  const digit = register.charAt(register.length - 2);
  if (!/^\d$/.test(digit)) return null;
  return Number(digit) % 2 === 1 ? 'male' : 'female';
};

/** Full years from `birthDate` to `today` (both 'YYYY-MM-DD'). */
export const ageOn = (birthDate: string, today: string): number => {
  const [by = 0, bm = 0, bd = 0] = birthDate.split('-').map(Number);
  const [ty = 0, tm = 0, td = 0] = today.split('-').map(Number);
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
};

/** A calendar date 'YYYY-MM-DD' that exists. */
export const isoDateSchema = z.string({ error: messages.dateInvalid }).check(
  z.trim(),
  z.refine((value) => {
    const match = ISO_DATE_RE.exec(value);
    return match !== null && isRealDate(Number(match[1]), Number(match[2]), Number(match[3]));
  }, messages.dateInvalid),
);

// ---------------------------------------------------------------------------------------------------
// Catalogue: GET /api/products/ and GET /api/products/{id}/
// ---------------------------------------------------------------------------------------------------

export const productSummarySchema = z.object({
  id: z.int(),
  name: z.string(),
  company_name: z.string(),
  image: z.string(),
  /** One line for the list card. */
  summary: z.string(),
  category: z.enum(PRODUCT_CATEGORIES),
});
export type ProductSummary = z.infer<typeof productSummarySchema>;

/**
 * The lowest premium a product's tariff allows (issue 24): MNT per payment at its `frequency` — the
 * smallest sum insured at the cheapest age, term and frequency for a risk product, the smallest fee
 * for a savings product. The catalogue card shows it as "from …".
 */
export const priceFromSchema = z.object({ amount: z.int(), frequency: z.enum(FEE_FREQUENCIES) });
export type PriceFrom = z.infer<typeof priceFromSchema>;

/** One card of the catalogue: the summary and its price from. */
export const catalogueItemSchema = z.object({ ...productSummarySchema.shape, price_from: priceFromSchema });
export type CatalogueItem = z.infer<typeof catalogueItemSchema>;

/** GET /api/products/: every product on sale, in catalogue order (may be empty). */
export const productListSchema = z.object({ products: z.array(catalogueItemSchema) });
export type ProductList = z.infer<typeof productListSchema>;

const rangeSchema = z.object({ min: z.int(), max: z.int(), step: z.int() });

/** What the plan step may choose; the quote and the plan schema enforce the same bounds. */
export const planBoundsSchema = z.object({
  /** Risk products: the sum insured the user picks (MNT, a multiple of `step`). Null for savings products. */
  sum_insured: z.nullable(rangeSchema),
  /** Savings products: the regular fee the user picks (MNT per payment). Null for risk products. */
  fee: z.nullable(z.object({ min: z.int(), max: z.int(), step: z.int(), recommended: z.int() })),
  /** Allowed contract terms in whole years. */
  terms_years: z.array(z.int()),
  frequencies: z.array(z.enum(FEE_FREQUENCIES)),
});
export type PlanBounds = z.infer<typeof planBoundsSchema>;

export const productDetailSchema = z.object({
  ...productSummarySchema.shape,
  /** A paragraph or two of plain text. */
  description: z.string(),
  /** What the product pays for, one item each. */
  covers: z.array(z.string()),
  /** Who it is for, plain text. */
  audience: z.string(),
  /** Terms and conditions in short items (waiting periods, exclusions, how to claim…). */
  terms: z.array(z.string()),
  /** Example fees for the detail page, e.g. "30-year-old, 20 000 000 MNT cover, monthly". */
  example_fees: z.array(z.object({ label: z.string(), amount: z.int() })),
  is_savings: z.boolean(),
  /** Savings products: RECOMMENDED_SAVINGS_FEE; null for risk products. */
  recommended_fee: z.nullable(z.int()),
  /** Yearly interest rate credited to savings (percent, e.g. 6.5); null for risk products. */
  interest_rate: z.nullable(z.number()),
  /** Age of the insured person at the start of the contract, in whole years. */
  age: z.object({ min: z.int(), max: z.int() }),
  plan: planBoundsSchema,
  /** Extra details of the insured person this product needs (see `insuredStepSchemaFor`). */
  insured_fields: z.array(z.enum(INSURED_FIELDS)),
  /** The contract's text shown on the contract step (plain text, paragraphs split by blank lines). */
  contract_text: z.string(),
});
export type ProductDetail = z.infer<typeof productDetailSchema>;

// ---------------------------------------------------------------------------------------------------
// Step 1: who is insured — PUT /api/applications/{id}/insured/
// ---------------------------------------------------------------------------------------------------

const NAME_RE = /^\p{L}[\p{L}\p{M}\s'.-]*$/u;

export const personNameSchema = z.string({ error: messages.fieldRequired }).check(
  z.trim(),
  z.minLength(1, messages.fieldRequired),
  z.maxLength(NAME_MAX, messages.maxLength),
  z.regex(NAME_RE, messages.personName),
);

/** The insured person with every optional detail; `insuredStepSchemaFor` makes a product's extras required. */
export const insuredStepBaseSchema = z.object({
  register: registerSchema,
  phone: phoneSchema,
  last_name: personNameSchema,
  first_name: personNameSchema,
  birth_date: z.optional(isoDateSchema),
  gender: z.optional(z.enum(GENDERS, messages.gender)),
  email: z.optional(
    z.pipe(
      z.string({ error: messages.fieldRequired }).check(z.trim(), z.minLength(1, messages.fieldRequired)),
      z.email(messages.emailInvalid).check(z.toLowerCase()),
    ),
  ),
  address: z.optional(
    z.string({ error: messages.fieldRequired }).check(
      z.trim(),
      z.minLength(1, messages.fieldRequired),
      z.minLength(ADDRESS_MIN, messages.minLength),
      z.maxLength(ADDRESS_MAX, messages.maxLength),
    ),
  ),
});
export type InsuredStep = z.infer<typeof insuredStepBaseSchema>;
export type InsuredStepInput = z.input<typeof insuredStepBaseSchema>;

/**
 * The insured person's birth date: the one the register number encodes. A `birth_date` field, when a
 * product asks for it, must agree with it (`validation.birthDateMismatch`); it never overrides it, so the
 * client cannot choose the age a price or an age limit is computed on.
 */
export const birthDateOf = (insured: Pick<InsuredStep, 'register' | 'birth_date'>): string | null => birthDateFromRegister(insured.register);

/**
 * The birth-date checks shared by the insured step and the quote: the register number must encode a
 * real date, a `birth_date` sent must be that date, and the age on `today` must be within the product's
 * bounds (`validation.ageRange` on `agePath`).
 */
const checkBirthDate = <T extends { register?: string | undefined; birth_date?: string | undefined }>(
  ctx: z.core.$RefinementCtx<T>,
  value: T,
  product: Pick<ProductDetail, 'age'>,
  today: string,
  agePath: string,
) => {
  const fromRegister = value.register ? birthDateFromRegister(value.register) : null;
  if (value.register && fromRegister === null) {
    ctx.issues.push({ code: 'custom', message: messages.registerBirthDate, input: value, path: ['register'] });
    return;
  }
  if (fromRegister !== null && value.birth_date !== undefined && value.birth_date !== fromRegister) {
    ctx.issues.push({ code: 'custom', message: messages.birthDateMismatch, input: value, path: ['birth_date'] });
    return;
  }
  const birthDate = fromRegister ?? value.birth_date ?? null;
  if (birthDate === null) {
    ctx.issues.push({ code: 'custom', message: messages.registerBirthDate, input: value, path: [agePath] });
    return;
  }
  const age = ageOn(birthDate, today);
  if (age < product.age.min || age > product.age.max) {
    ctx.issues.push({ code: 'custom', message: messages.ageRange, input: value, path: [agePath], params: { min: product.age.min, max: product.age.max } });
  }
};

/**
 * The insured step of one product: its `insured_fields` are required, the register number must encode
 * a real date (`validation.registerBirthDate`), a `birth_date` must be that date
 * (`validation.birthDateMismatch`), and the insured person's age on `today` must be within the
 * product's `age` bounds (`validation.ageRange` with min and max, on `birth_date` when the product asks
 * for it, else on `register`).
 */
export const insuredStepSchemaFor = (
  product: Pick<ProductDetail, 'insured_fields' | 'age'>,
  today: string = todayInMongolia(),
) =>
  insuredStepBaseSchema.check(
    z.superRefine((value, ctx) => {
      for (const field of product.insured_fields) {
        if (value[field] === undefined) ctx.issues.push({ code: 'custom', message: messages.fieldRequired, input: value, path: [field] });
      }
      const asksBirthDate = product.insured_fields.includes('birth_date');
      if (asksBirthDate && value.birth_date === undefined) return;
      checkBirthDate(ctx, value, product, today, asksBirthDate ? 'birth_date' : 'register');
    }),
  );

// ---------------------------------------------------------------------------------------------------
// Step 2: the plan — PUT /api/applications/{id}/plan/ and the quote
// ---------------------------------------------------------------------------------------------------

export const planStepBaseSchema = z.object({
  /** Risk products only. */
  sum_insured: z.optional(z.int({ error: messages.integer })),
  /** Savings products only: the fee per payment the user chooses. */
  fee: z.optional(z.int({ error: messages.integer })),
  term_years: z.int({ error: messages.fieldRequired }),
  frequency: z.enum(FEE_FREQUENCIES, messages.fieldRequired),
});
export type PlanStep = z.infer<typeof planStepBaseSchema>;

const checkRange = <T extends PlanStep>(
  ctx: z.core.$RefinementCtx<T>,
  value: T,
  field: 'sum_insured' | 'fee',
  range: { min: number; max: number; step: number },
) => {
  const amount = value[field];
  if (amount === undefined) {
    ctx.issues.push({ code: 'custom', message: messages.fieldRequired, input: value, path: [field] });
  } else if (amount < range.min) {
    ctx.issues.push({ code: 'custom', message: messages.minValue, input: value, path: [field], params: { min: range.min } });
  } else if (amount > range.max) {
    ctx.issues.push({ code: 'custom', message: messages.maxValue, input: value, path: [field], params: { max: range.max } });
  } else if (range.step > 1 && amount % range.step !== 0) {
    ctx.issues.push({ code: 'custom', message: messages.multipleOf, input: value, path: [field], params: { step: range.step } });
  }
};

const refinePlan =
  (plan: PlanBounds) =>
  <T extends PlanStep>(value: T, ctx: z.core.$RefinementCtx<T>) => {
    if (plan.sum_insured) checkRange(ctx, value, 'sum_insured', plan.sum_insured);
    if (plan.fee) checkRange(ctx, value, 'fee', plan.fee);
    if (!plan.terms_years.includes(value.term_years)) {
      ctx.issues.push({ code: 'custom', message: messages.termUnavailable, input: value, path: ['term_years'] });
    }
    if (!plan.frequencies.includes(value.frequency)) {
      ctx.issues.push({ code: 'custom', message: messages.frequencyUnavailable, input: value, path: ['frequency'] });
    }
  };

/**
 * The plan step of one product: a sum insured (risk products) or a fee (savings products) within the
 * bounds, a term and a frequency the product offers. A savings fee below `recommended` is accepted:
 * the quote's `below_recommended` tells the client to show a warning.
 */
export const planStepSchemaFor = (product: Pick<ProductDetail, 'plan'>) =>
  planStepBaseSchema.check(z.superRefine(refinePlan(product.plan)));

/**
 * POST /api/products/{id}/quote/: the plan plus whose age prices it: the birth date encoded in
 * `register`, else `birth_date` (a calculator without a person). With both, `birth_date` must be the
 * register's date (`validation.birthDateMismatch`).
 */
export const quoteRequestBaseSchema = z.object({
  ...planStepBaseSchema.shape,
  birth_date: z.optional(isoDateSchema),
  register: z.optional(registerSchema),
});
export type QuoteRequest = z.infer<typeof quoteRequestBaseSchema>;

export const quoteRequestSchemaFor = (product: Pick<ProductDetail, 'plan' | 'age'>, today: string = todayInMongolia()) =>
  quoteRequestBaseSchema.check(
    z.superRefine((value, ctx) => {
      refinePlan(product.plan)(value, ctx);
      checkBirthDate(ctx, value, product, today, value.register === undefined && value.birth_date !== undefined ? 'birth_date' : 'register');
    }),
  );

/** A price: deterministic for the same product, plan and age (formula in docs/api.md). */
export const quoteSchema = z.object({
  product_id: z.int(),
  /** Age of the insured person at the start, in whole years. */
  age: z.int(),
  term_years: z.int(),
  frequency: z.enum(FEE_FREQUENCIES),
  /** Risk products: the chosen sum; savings products: the guaranteed death benefit (all planned fees). */
  sum_insured: z.int(),
  /** MNT per payment (the whole amount for `single`); the first invoice is for this amount. */
  fee: z.int(),
  /** 0 for `single`. */
  payments_per_year: z.int(),
  /** Number of payments over the term (1 for `single`). */
  payments_count: z.int(),
  /** Fees paid in one year (the whole fee for `single`). */
  annual_fee: z.int(),
  /** All fees over the term. */
  total_fee: z.int(),
  /** Savings products and premium refund: projected amount at the end of the term; null otherwise. */
  projected_savings: z.nullable(z.int()),
  /** Percent per year used for `projected_savings`; null for risk products. */
  interest_rate: z.nullable(z.number()),
  /** Savings products: RECOMMENDED_SAVINGS_FEE; null otherwise. */
  recommended_fee: z.nullable(z.int()),
  /** Savings products: the chosen fee is below the recommended one (show a warning, do not refuse). */
  below_recommended: z.boolean(),
});
export type Quote = z.infer<typeof quoteSchema>;

// ---------------------------------------------------------------------------------------------------
// Step 3: the contract — PUT /api/applications/{id}/contract/
// ---------------------------------------------------------------------------------------------------

export const beneficiarySchema = z.object({
  last_name: personNameSchema,
  first_name: personNameSchema,
  register: registerSchema,
  relationship: z.int({ error: messages.relationship }).check(
    z.minimum(RELATIONSHIP_MIN, messages.relationship),
    z.maximum(RELATIONSHIP_MAX, messages.relationship),
  ),
  /** Whole percent. */
  share: z.int({ error: messages.integer }).check(z.minimum(1, messages.minValue), z.maximum(100, messages.maxValue)),
});
export type Beneficiary = z.infer<typeof beneficiarySchema>;

/**
 * Beneficiaries (1 to 10, distinct register numbers, shares in whole percent totalling exactly 100:
 * `validation.sharesTotal` with `{ total }` on `beneficiaries`) and the consent to the contract text
 * (`validation.consentRequired` on `consent` unless it is `true`).
 */
const hasBeneficiaryList = (value: unknown): boolean =>
  typeof value === 'object' && value !== null && Array.isArray((value as { beneficiaries?: unknown }).beneficiaries);

export const contractStepSchema = z
  .object({
    beneficiaries: z.array(beneficiarySchema, messages.beneficiariesRequired).check(
      z.minLength(1, messages.beneficiariesRequired),
      z.maxLength(BENEFICIARIES_MAX, messages.maxLength),
    ),
    consent: z.literal(true, messages.consentRequired),
  })
  .check(
    z.superRefine(
      (value, ctx) => {
        // Runs even when other fields failed (`when` below), so every problem shows at once: the
        // values may be partly invalid here, and a share that is not a whole number counts as 0.
        const total = value.beneficiaries.reduce((sum, beneficiary) => sum + (Number.isInteger(beneficiary?.share) ? beneficiary.share : 0), 0);
        if (total !== 100) {
          ctx.issues.push({ code: 'custom', message: messages.sharesTotal, input: value, path: ['beneficiaries'], params: { total } });
        }
        const seen = new Set<string>();
        value.beneficiaries.forEach((beneficiary, index) => {
          const register = beneficiary?.register;
          if (typeof register !== 'string' || register === '') return;
          if (seen.has(register)) {
            ctx.issues.push({ code: 'custom', message: messages.beneficiaryDuplicate, input: value, path: ['beneficiaries', index, 'register'] });
          }
          seen.add(register);
        });
      },
      { when: (payload) => hasBeneficiaryList(payload.value) },
    ),
  );
export type ContractStep = z.infer<typeof contractStepSchema>;
export type ContractStepInput = z.input<typeof contractStepSchema>;

// ---------------------------------------------------------------------------------------------------
// Applications: POST /api/applications/, GET/PUT /api/applications/{id}/…
// ---------------------------------------------------------------------------------------------------

/** POST /api/applications/ (header Idempotency-Key): start buying one product. */
export const createApplicationBodySchema = z.object({
  product_id: z.int({ error: messages.productUnknown }).check(
    z.refine((id) => (PRODUCT_IDS as readonly number[]).includes(id), messages.productUnknown),
  ),
});
export type CreateApplicationBody = z.infer<typeof createApplicationBodySchema>;

export const APPLICATION_STATUSES = ['draft', 'paid'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

export const applicationSchema = z.object({
  /** Opaque (a UUID); the `{id}` of /insurance/buy/{id}/{product_id}/. */
  id: z.string(),
  product_id: z.int(),
  status: z.enum(APPLICATION_STATUSES),
  /** The steps stored so far, in wizard order; the first missing one is where the wizard resumes. */
  completed_steps: z.array(z.enum(APPLICATION_STEPS)),
  insured: z.nullable(insuredStepBaseSchema),
  plan: z.nullable(planStepBaseSchema),
  /** The price of the stored plan (recomputed when the insured person's age changes). */
  quote: z.nullable(quoteSchema),
  contract: z.nullable(
    z.object({ beneficiaries: z.array(beneficiarySchema), consent: z.boolean() }),
  ),
  /** Signed-in buyers: their account's details, to pre-fill the insured step while `insured` is null. */
  prefill: z.nullable(
    z.object({
      register: z.nullable(z.string()),
      phone: z.nullable(z.string()),
      last_name: z.string(),
      first_name: z.string(),
      email: z.nullable(z.string()),
    }),
  ),
  /** The newest invoice, to resume the payment page. */
  latest_invoice_id: z.nullable(z.string()),
  /** Set once paid. */
  policy_number: z.nullable(z.string()),
  /** Only in the answer of POST /api/applications/: send it back as X-Application-Key on every call. */
  access_key: z.optional(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Application = z.infer<typeof applicationSchema>;

/** GET /api/applications/ (bearer): the signed-in user's unpaid drafts, newest first. */
export const applicationListSchema = z.object({ applications: z.array(applicationSchema) });

/** The first step the wizard should show for an application (null when all are stored). */
export const firstIncompleteStep = (application: Pick<Application, 'completed_steps'>): ApplicationStep | null =>
  APPLICATION_STEPS.find((step) => !application.completed_steps.includes(step)) ?? null;

// ---------------------------------------------------------------------------------------------------
// Policies: GET /api/contracts/ and GET /api/contracts/{id}/ (bearer)
// ---------------------------------------------------------------------------------------------------

export const POLICY_STATUSES = ['pending', 'active', 'lapsed', 'expired', 'cancelled'] as const;

export const contractSummarySchema = z.object({
  id: z.int(),
  contract_number: z.string(),
  product_id: z.int(),
  product_name: z.string(),
  image: z.string(),
  status: z.enum(POLICY_STATUSES),
  start_date: z.string(),
  end_date: z.string(),
  fee_amount: z.int(),
  fee_frequency: z.enum(FEE_FREQUENCIES),
  /** The insured person ("insurer" in SPEC section 3). */
  insurer: z.string(),
});
export type ContractSummary = z.infer<typeof contractSummarySchema>;

/** The policies a page of GET /api/contracts/ shows. */
export const CONTRACTS_PAGE_SIZE = 20;
export const CONTRACT_SEARCH_MAX = 32;

/**
 * A policy choice's search (GET /api/contracts/ and GET /api/claims/policies/ `?contract=`): the
 * contract number or its beginning ("LI-2023", "li-2023-000184"), trimmed and compared without case;
 * letters, digits, '-' and '/' only (`validation.contractSearch`).
 */
export const contractSearchSchema = z.string({ error: messages.contractSearch }).check(
  z.trim(),
  z.minLength(1, messages.contractSearch),
  z.maxLength(CONTRACT_SEARCH_MAX, messages.contractSearch),
  z.regex(/^[\p{L}\p{N}/-]+$/u, messages.contractSearch),
);

/** GET /api/contracts/'s query besides `?before=`: `contract`, the policies whose number begins with it (contractSearchSchema). */
export const contractListQuerySchema = z.object({ contract: z.optional(contractSearchSchema) });

/** A policy in the list, with what it owes now. */
export const contractListItemSchema = z.extend(contractSummarySchema, {
  /** The sum of its due and overdue fees (whole MNT) and whether any is overdue; null when it owes nothing now or is not in force. */
  owed: z.nullable(z.object({ amount: z.int(), overdue: z.boolean() })),
});
export type ContractListItem = z.infer<typeof contractListItemSchema>;

/**
 * GET /api/contracts/?before={cursor}&contract={search}: newest first (start date, then id), CONTRACTS_PAGE_SIZE a page;
 * `next` is the `before` of the next (older) page, null at the end (contract/page.schema.ts).
 */
export const contractListSchema = z.object({ contracts: z.array(contractListItemSchema), next: nextCursorSchema });
export type ContractList = z.infer<typeof contractListSchema>;

/** One point of a savings policy's growth: at the end of a policy year (the last one: the end date). */
export const savingsPointSchema = z.object({
  date: z.string(),
  /** Fees paid in by then (whole MNT). */
  paid_in: z.int(),
  /** What the savings are worth then: paid in plus interest (whole MNT). */
  value: z.int(),
  /** After today: a projection with the fees still to come paid on time. */
  projected: z.boolean(),
});
export type SavingsPoint = z.infer<typeof savingsPointSchema>;

export const contractDetailSchema = z.object({
  ...contractSummarySchema.shape,
  /** Who holds the contract (the buyer). */
  owner: z.string(),
  /** The insured person's register number, masked except the letters and last two digits. */
  insurer_register: z.string(),
  company_name: z.string(),
  /** Whole years between start and end. */
  duration_years: z.int(),
  sum_insured: z.nullable(z.int()),
  /** All fees over the term. */
  total_fee: z.int(),
  /** Fees paid so far. */
  paid_total: z.int(),
  /** Savings accumulated so far (paid fees plus credited interest); null for risk products. */
  savings: z.nullable(z.int()),
  interest_rate: z.nullable(z.number()),
  /**
   * Savings products: paid in and value at the end of each policy year and at the end date (the last
   * point: the projected value at maturity); null for risk products. Optional for older answers.
   */
  savings_growth: z.optional(z.nullable(z.array(savingsPointSchema))),
  fee_schedule: z.array(
    z.object({
      /** The schedule item (what a fee payment names); optional for older answers. */
      id: z.optional(z.int()),
      due_date: z.string(),
      amount: z.int(),
      status: z.enum(['paid', 'due', 'overdue', 'upcoming']),
      paid_at: z.optional(z.nullable(z.string())),
      /** Paid online, not yet in the insurer's fee data (SPEC 9: within 3 working days). */
      pending_update: z.optional(z.boolean()),
    }),
  ),
  payments: z.array(
    z.object({
      paid_at: z.string(),
      amount: z.int(),
      method: z.string(),
      reference: z.string(),
      /** An online fee payment the schedule has not caught up with yet (SPEC 9). */
      pending_update: z.optional(z.boolean()),
      /** The invoice of a payment made online (its receipt: GET /api/invoices/{id}/receipt/); null for others. */
      invoice_id: z.optional(z.nullable(z.string())),
    }),
  ),
  beneficiaries: z.array(
    z.object({ name: z.string(), relationship: z.int(), share: z.int() }),
  ),
});
export type ContractDetail = z.infer<typeof contractDetailSchema>;
