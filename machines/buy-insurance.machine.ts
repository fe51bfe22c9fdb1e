/**
 * Buying insurance online (issue 4): the purchase wizard from "buy" on a product page to the hand-off
 * to a payment provider. One routable state per step, each with its URL:
 *
 *   insured   /insurance/buy/{applicationId}/{productId}/           who is insured
 *   plan      /insurance/buy/{applicationId}/{productId}/product/   sum insured or fee, term, frequency (live quote)
 *   contract  /insurance/buy/{applicationId}/{productId}/contract/  beneficiaries, contract text, consent
 *   payment   /insurance/buy/payment/                               provider, invoice, hand-off
 *
 * The server keeps the application (a draft) and is the source of truth for which steps are stored
 * (`completed_steps`); the route guards read it, so a deep link or a back/forward move to a step whose
 * earlier steps are missing lands on the first incomplete one. Every step is validated here with the
 * same zod schema the server uses before it is sent. Creates carry idempotency keys kept in the
 * persisted snapshot: a retry, a double click or a reload never makes a second application or invoice;
 * each payment attempt (entering the payment step, changing the provider or phone) gets a new key.
 *
 * Side effects are provided by the app (`machine.provide`): the API calls as promise actors and the
 * hand-off to the provider (`handOff`: the bank's card page, or the status page of the QR and mobile
 * money providers). The app persists the snapshot after every transition and sends `flow.refresh` after
 * restoring one or switching the language: settled steps then reload the application and the product.
 */
import { routePaths } from '../contract/paths';
import { and, assign, fromPromise, setup } from 'xstate';
import { ApiError, errorFields, errorMessage } from '../contract/api-error';
import { errorKeys } from '../contract/error.schema';
import {
  BENEFICIARIES_MAX,
  contractStepSchema,
  insuredStepSchemaFor,
  planStepSchemaFor,
  quoteRequestSchemaFor,
  todayInMongolia,
  type Application,
  type ApplicationStep,
  type ContractStep,
  type Gender,
  type InsuredStep,
  type PlanStep,
  type ProductDetail,
  type Quote,
  type QuoteRequest,
} from '../contract/insurance.schema';
import { createInvoiceBodySchema, type CreateInvoiceBody, type Invoice, type PaymentProvider } from '../contract/payment.schema';
import { combineRegister, splitRegister, toFieldErrors, type FieldErrors, type Message, type RegisterParts } from '../contract/validation';

// ---------------------------------------------------------------------------------------------------
// Steps and their URLs
// ---------------------------------------------------------------------------------------------------

export type BuyStep = ApplicationStep | 'payment';
export const BUY_STEPS: readonly BuyStep[] = ['insured', 'plan', 'contract', 'payment'];

/** URL patterns of the steps (`:id` is the application id, `:productId` the product code). */
export const BUY_STEP_PATHS: Readonly<Record<BuyStep, string>> = {
  insured: routePaths.buyInsured.pattern,
  plan: routePaths.buyProduct.pattern,
  contract: routePaths.buyContract.pattern,
  payment: routePaths.buyPayment.pattern,
};

/** How long the plan must stay unchanged before it is priced (ms). */
export const QUOTE_DELAY_MS = 400;

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
// Context, input, events
// ---------------------------------------------------------------------------------------------------

export interface BuyContext {
  productId: number | null;
  applicationId: string | null;
  /** A visitor's proof that the draft is theirs (sent as X-Application-Key); null for an owner's draft. */
  accessKey: string | null;
  /** The step a URL or a resume asked for; shown when its earlier steps are stored. */
  requestedStep: BuyStep | null;
  /** Idempotency key of "buy": a retried or reloaded create answers the same draft. */
  applicationKey: string;
  product: ProductDetail | null;
  application: Application | null;
  /** A signed-in user's unpaid drafts of this product, newest first (offered on "buy"). */
  drafts: Application[];
  /** Whether the forms were filled from the application (later loads keep what the user typed). */
  formsReady: boolean;
  insured: InsuredForm;
  plan: PlanForm;
  /** The live price of the plan on screen. */
  quote: Quote | null;
  quoteError: Message | null;
  contract: ContractForm;
  payment: PaymentForm;
  /** Idempotency key of the current payment attempt. */
  invoiceKey: string;
  invoice: Invoice | null;
  fieldErrors: FieldErrors;
  /** The server's refusal or a failure, shown above the step's form. */
  error: Message | null;
}

export interface BuyInput {
  /** The product code of the URL; null on the payment step without a purchase. */
  productId: number | null;
  /** The application of the URL; null to start a new purchase of `productId`. */
  applicationId: string | null;
  /** The step the URL names (a deep link or a reload). */
  requestedStep?: BuyStep | null;
}

export type BuyEvent =
  | { type: 'draft.continue' }
  | { type: 'draft.startNew' }
  | { type: 'flow.retry' }
  /**
   * After restoring a snapshot or a language switch: a settled step reloads the application and the
   * product, then shows the same step (or the first incomplete one). `provider` preselects a payment
   * provider ("try again" with the same one).
   */
  | { type: 'flow.refresh'; provider?: PaymentProvider | null }
  | { type: 'step.next' }
  | { type: 'step.back' }
  | { type: 'insured.change'; field: InsuredTextField; value: string }
  | { type: 'insured.changeRegister'; value: RegisterParts }
  | { type: 'plan.change'; field: PlanField; value: string }
  | { type: 'beneficiary.add' }
  | { type: 'beneficiary.remove'; index: number }
  | { type: 'beneficiary.change'; index: number; field: BeneficiaryTextField; value: string }
  | { type: 'beneficiary.changeRegister'; index: number; value: RegisterParts }
  | { type: 'contract.consent'; value: boolean }
  | { type: 'payment.choose'; provider: PaymentProvider }
  | { type: 'payment.changePhone'; value: string }
  | { type: 'payment.submit' }
  | { type: 'payment.change' }
  | { type: 'payment.continue' };

/** What the promise actors receive. */
export interface AccessInput {
  applicationId: string;
  accessKey: string | null;
}
export interface LoadInput extends AccessInput {
  /** The product the URL names; the application's own product wins when they differ. */
  productId: number | null;
}
export interface Loaded {
  product: ProductDetail;
  application: Application;
}

// ---------------------------------------------------------------------------------------------------
// Pure helpers: keys, form ↔ body, validation (exported for the views and the tests)
// ---------------------------------------------------------------------------------------------------

/** A fresh idempotency key: 32 random hex digits. */
export const newIdempotencyKey = (): string => {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
};

/** Schemas are built per product (and day, for ages); guards run on every event, so they are kept. */
const schemaCache = new WeakMap<object, { today: string; insured: ReturnType<typeof insuredStepSchemaFor> }>();
const planSchemaCache = new WeakMap<object, ReturnType<typeof planStepSchemaFor>>();
const quoteSchemaCache = new WeakMap<object, ReturnType<typeof quoteRequestSchemaFor>>();

export const insuredSchemaOf = (product: Pick<ProductDetail, 'insured_fields' | 'age'>, today = todayInMongolia()) => {
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

export const insuredErrors = (product: Pick<ProductDetail, 'insured_fields' | 'age'>, form: InsuredForm, today = todayInMongolia()): FieldErrors => {
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

export const invoiceBody = (form: PaymentForm): Record<string, unknown> => ({
  provider: form.provider ?? undefined,
  ...(form.provider === 'mostmoney' ? { phone: form.phone } : {}),
});

export const paymentErrors = (form: PaymentForm): FieldErrors => {
  const result = createInvoiceBodySchema.safeParse(invoiceBody(form));
  return result.success ? {} : toFieldErrors(result.error);
};

const insuredFormOf = (application: Application): InsuredForm => {
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

const planFormOf = (product: ProductDetail, application: Application): PlanForm => {
  const stored = application.plan;
  if (!stored) return defaultPlanForm(product);
  const amount = stored.fee ?? stored.sum_insured;
  return { amount: amount === undefined ? '' : String(amount), term_years: String(stored.term_years), frequency: stored.frequency };
};

const contractFormOf = (application: Application): ContractForm => {
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

const completed = (context: Pick<BuyContext, 'application'>, step: ApplicationStep) =>
  context.application?.completed_steps.includes(step) ?? false;

const isOpen = (context: Pick<BuyContext, 'application' | 'product'>) =>
  context.product !== null && context.application !== null && context.application.status === 'draft';

/** Whether a step may be shown: the application is loaded, not paid, and every earlier step is stored. */
export const canEnterStep = (context: Pick<BuyContext, 'application' | 'product'>, step: BuyStep): boolean => {
  if (!isOpen(context)) return false;
  const before = BUY_STEPS.slice(0, BUY_STEPS.indexOf(step)) as ApplicationStep[];
  return before.every((earlier) => completed(context, earlier));
};

const errorOf = (event: unknown) => (event as { error?: unknown }).error;
const hasKey = (error: unknown, key: string) => error instanceof ApiError && error.body.key === key;

// ---------------------------------------------------------------------------------------------------
// The machine
// ---------------------------------------------------------------------------------------------------

export const buyInsuranceMachine = setup({
  types: {
    context: {} as BuyContext,
    events: {} as BuyEvent,
    input: {} as BuyInput,
  },
  actors: {
    /** The signed-in user's unpaid drafts (a visitor has none: the app answers an empty list). */
    listDrafts: fromPromise<Application[], void>(async () => {
      throw new Error('listDrafts is provided by the app');
    }),
    createApplication: fromPromise<Application, { productId: number; key: string }>(async () => {
      throw new Error('createApplication is provided by the app');
    }),
    loadApplication: fromPromise<Loaded, LoadInput>(async () => {
      throw new Error('loadApplication is provided by the app');
    }),
    saveInsured: fromPromise<Application, AccessInput & { body: InsuredStep }>(async () => {
      throw new Error('saveInsured is provided by the app');
    }),
    getQuote: fromPromise<Quote, { productId: number; body: QuoteRequest }>(async () => {
      throw new Error('getQuote is provided by the app');
    }),
    savePlan: fromPromise<Application, AccessInput & { body: PlanStep }>(async () => {
      throw new Error('savePlan is provided by the app');
    }),
    saveContract: fromPromise<Application, AccessInput & { body: ContractStep }>(async () => {
      throw new Error('saveContract is provided by the app');
    }),
    createInvoice: fromPromise<Invoice, AccessInput & { key: string; body: CreateInvoiceBody }>(async () => {
      throw new Error('createInvoice is provided by the app');
    }),
  },
  actions: {
    /** Sends the browser to the provider: the bank's card page (khan) or the status page (qpay, mostmoney). Provided by the app. */
    handOff: (_, _params: { invoice: Invoice; accessKey: string | null }) => {},
    clearMessages: assign({ error: null, fieldErrors: {} }),
    showError: assign(({ event }) => ({ error: errorMessage(errorOf(event)), fieldErrors: errorFields(errorOf(event)) })),
    /** Leaves a settled step to reload: the same step is asked for again. */
    requestStep: assign(({ context, event }, params: { step: BuyStep }) => ({
      requestedStep: params.step,
      payment: event.type === 'flow.refresh' && event.provider ? { ...context.payment, provider: event.provider } : context.payment,
    })),
    /** A step is shown: the request that led here is answered (a later reload asks again). */
    forgetRequestedStep: assign({ requestedStep: null }),
    storeDrafts: assign(({ context, event }) => ({
      drafts: (event as unknown as { output: Application[] }).output.filter((draft) => draft.product_id === context.productId),
    })),
    continueDraft: assign(({ context }) => ({
      applicationId: context.drafts[0]?.id ?? null,
      accessKey: null,
      requestedStep: null,
    })),
    storeCreated: assign(({ event }) => {
      const application = (event as unknown as { output: Application }).output;
      return { application, applicationId: application.id, accessKey: application.access_key ?? null, requestedStep: null, error: null };
    }),
    storeLoaded: assign(({ context, event }) => {
      const { product, application } = (event as unknown as { output: Loaded }).output;
      const forms = context.formsReady
        ? {}
        : {
            insured: insuredFormOf(application),
            plan: planFormOf(product, application),
            contract: contractFormOf(application),
            payment: { provider: null, phone: application.insured?.phone ?? '' },
            formsReady: true,
          };
      return { product, application, productId: application.product_id, applicationId: application.id, error: null, fieldErrors: {}, ...forms };
    }),
    /** A stored step: the server's application (its `completed_steps` and price) replaces ours. */
    storeApplication: assign(({ event }) => ({
      application: (event as unknown as { output: Application }).output,
      error: null,
      fieldErrors: {},
    })),
    changeInsured: assign(({ context, event }) => {
      if (event.type !== 'insured.change') return {};
      const { [event.field]: _fixed, ...fieldErrors } = context.fieldErrors;
      return { insured: { ...context.insured, [event.field]: event.value }, fieldErrors };
    }),
    changeInsuredRegister: assign(({ context, event }) => {
      if (event.type !== 'insured.changeRegister') return {};
      const { register: _fixed, ...fieldErrors } = context.fieldErrors;
      return { insured: { ...context.insured, register: event.value }, fieldErrors };
    }),
    validateInsured: assign(({ context }) => ({
      fieldErrors: context.product ? insuredErrors(context.product, context.insured) : {},
      error: null,
    })),
    changePlan: assign(({ context, event }) => {
      if (event.type !== 'plan.change' || !context.product) return {};
      const amountField = amountFieldOf(context.product);
      const errorField = event.field === 'amount' ? amountField : event.field;
      const { [errorField]: _fixed, ...fieldErrors } = context.fieldErrors;
      return { plan: { ...context.plan, [event.field]: event.value }, fieldErrors };
    }),
    validatePlan: assign(({ context }) => ({
      fieldErrors: context.product ? planErrors(context.product, context.plan) : {},
      error: null,
    })),
    storeQuote: assign(({ event }) => ({ quote: (event as unknown as { output: Quote }).output, quoteError: null })),
    /** The first field problem the server found with the plan, else its message. */
    showQuoteError: assign(({ event }) => {
      const error = errorOf(event);
      return { quote: null, quoteError: Object.values(errorFields(error))[0] ?? errorMessage(error) };
    }),
    forgetQuote: assign({ quote: null, quoteError: null }),
    addBeneficiary: assign(({ context }) => ({
      contract: {
        ...context.contract,
        beneficiaries: [...context.contract.beneficiaries, emptyBeneficiary(String(Math.max(0, 100 - sharesTotal(context.contract))))],
      },
    })),
    removeBeneficiary: assign(({ context, event }) => {
      if (event.type !== 'beneficiary.remove') return {};
      // Errors of the list shift with it: clear them rather than show them on the wrong person.
      const fieldErrors = Object.fromEntries(Object.entries(context.fieldErrors).filter(([key]) => !key.startsWith('beneficiaries')));
      return {
        contract: { ...context.contract, beneficiaries: context.contract.beneficiaries.filter((_, index) => index !== event.index) },
        fieldErrors,
      };
    }),
    changeBeneficiary: assign(({ context, event }) => {
      if (event.type !== 'beneficiary.change' && event.type !== 'beneficiary.changeRegister') return {};
      const field = event.type === 'beneficiary.change' ? event.field : 'register';
      const beneficiaries = context.contract.beneficiaries.map((beneficiary, index) =>
        index === event.index ? { ...beneficiary, [field]: event.value } : beneficiary,
      );
      // A share change may fix the total, which is reported on the list itself.
      const fixed = new Set([`beneficiaries.${event.index}.${field}`, ...(field === 'share' ? ['beneficiaries'] : [])]);
      const fieldErrors = Object.fromEntries(Object.entries(context.fieldErrors).filter(([key]) => !fixed.has(key)));
      return { contract: { ...context.contract, beneficiaries }, fieldErrors };
    }),
    changeConsent: assign(({ context, event }) => {
      if (event.type !== 'contract.consent') return {};
      const { consent: _fixed, ...fieldErrors } = context.fieldErrors;
      return { contract: { ...context.contract, consent: event.value }, fieldErrors };
    }),
    validateContract: assign(({ context }) => ({ fieldErrors: contractErrors(context.contract), error: null })),
    /** A new payment attempt: a new key, no invoice yet; the mobile-money phone defaults to the insured person's. */
    startAttempt: assign(({ context }) => ({
      invoiceKey: newIdempotencyKey(),
      invoice: null,
      payment: { ...context.payment, phone: context.payment.phone || (context.application?.insured?.phone ?? '') },
    })),
    /** Another provider or phone is another request: it needs its own key. */
    chooseProvider: assign(({ context, event }) => {
      if (event.type !== 'payment.choose' || event.provider === context.payment.provider) return {};
      const { provider: _fixed, ...fieldErrors } = context.fieldErrors;
      return { payment: { ...context.payment, provider: event.provider }, invoiceKey: newIdempotencyKey(), fieldErrors, error: null };
    }),
    changePaymentPhone: assign(({ context, event }) => {
      if (event.type !== 'payment.changePhone' || event.value === context.payment.phone) return {};
      const { phone: _fixed, ...fieldErrors } = context.fieldErrors;
      return { payment: { ...context.payment, phone: event.value }, invoiceKey: newIdempotencyKey(), fieldErrors };
    }),
    validatePayment: assign(({ context }) => ({ fieldErrors: paymentErrors(context.payment), error: null })),
    storeInvoice: assign(({ event }) => ({ invoice: (event as unknown as { output: Invoice }).output, error: null, fieldErrors: {} })),
  },
  guards: {
    hasApplicationId: ({ context }) => context.applicationId !== null,
    hasProductId: ({ context }) => context.productId !== null,
    hasDraftOfProduct: ({ context, event }) =>
      (event as unknown as { output: Application[] }).output.some((draft) => draft.product_id === context.productId),
    isNotFound: ({ event }) => hasKey(errorOf(event), errorKeys.notFound),
    isApplicationClosed: ({ event }) => hasKey(errorOf(event), errorKeys.applicationClosed),
    isPaid: ({ context }) => context.application?.status === 'paid',
    wantsInsured: ({ context }) => context.requestedStep === 'insured',
    wantsPlan: ({ context }) => context.requestedStep === 'plan',
    wantsContract: ({ context }) => context.requestedStep === 'contract',
    wantsPayment: ({ context }) => context.requestedStep === 'payment',
    canEnterInsured: ({ context }) => canEnterStep(context, 'insured'),
    canEnterPlan: ({ context }) => canEnterStep(context, 'plan'),
    canEnterContract: ({ context }) => canEnterStep(context, 'contract'),
    canEnterPayment: ({ context }) => canEnterStep(context, 'payment'),
    isInsuredValid: ({ context }) => context.product !== null && Object.keys(insuredErrors(context.product, context.insured)).length === 0,
    isPlanValid: ({ context }) => context.product !== null && Object.keys(planErrors(context.product, context.plan)).length === 0,
    isContractValid: ({ context }) => Object.keys(contractErrors(context.contract)).length === 0,
    canAddBeneficiary: ({ context }) => context.contract.beneficiaries.length < BENEFICIARIES_MAX,
    canRemoveBeneficiary: ({ context }) => context.contract.beneficiaries.length > 1,
    isPaymentValid: ({ context }) => Object.keys(paymentErrors(context.payment)).length === 0,
  },
  delays: {
    quoteDelay: QUOTE_DELAY_MS,
  },
}).createMachine({
  id: 'buyInsurance',
  context: ({ input }) => ({
    productId: input.productId,
    applicationId: input.applicationId,
    accessKey: null,
    requestedStep: input.requestedStep ?? null,
    applicationKey: newIdempotencyKey(),
    product: null,
    application: null,
    drafts: [],
    formsReady: false,
    insured: emptyInsuredForm,
    plan: { amount: '', term_years: '', frequency: '' },
    quote: null,
    quoteError: null,
    contract: { beneficiaries: [emptyBeneficiary('100')], consent: false },
    payment: { provider: null, phone: '' },
    invoiceKey: newIdempotencyKey(),
    invoice: null,
    fieldErrors: {},
    error: null,
  }),
  initial: 'entering',
  states: {
    entering: {
      always: [
        { guard: 'hasApplicationId', target: 'loading' },
        { guard: 'hasProductId', target: 'starting' },
        { target: 'noPurchase' },
      ],
    },
    /** "Buy" was pressed: offer a signed-in user's earlier draft of the product, else make a new one. */
    starting: {
      initial: 'listingDrafts',
      states: {
        listingDrafts: {
          invoke: {
            id: 'listDrafts',
            src: 'listDrafts',
            onDone: [
              { guard: 'hasDraftOfProduct', target: 'offeringDraft', actions: 'storeDrafts' },
              { target: 'creating' },
            ],
            // Not knowing the drafts only means a new one is made.
            onError: { target: 'creating' },
          },
        },
        offeringDraft: {
          on: {
            'draft.continue': { target: '#loading', actions: 'continueDraft' },
            'draft.startNew': { target: 'creating' },
          },
        },
        creating: {
          invoke: {
            id: 'createApplication',
            src: 'createApplication',
            input: ({ context }) => ({ productId: context.productId ?? 0, key: context.applicationKey }),
            onDone: { target: '#loading', actions: 'storeCreated' },
            onError: { target: 'failed', actions: 'showError' },
          },
        },
        failed: {
          on: { 'flow.retry': { target: 'creating', actions: 'clearMessages' } },
        },
      },
    },
    /** The application and its product from the server; then the requested or first incomplete step. */
    loading: {
      id: 'loading',
      invoke: {
        id: 'loadApplication',
        src: 'loadApplication',
        input: ({ context }) => ({ applicationId: context.applicationId ?? '', accessKey: context.accessKey, productId: context.productId }),
        onDone: { target: 'resolving', actions: 'storeLoaded' },
        onError: [{ guard: 'isNotFound', target: 'notFound' }, { target: 'loadFailed', actions: 'showError' }],
      },
    },
    loadFailed: {
      on: { 'flow.retry': { target: 'loading', actions: 'clearMessages' } },
    },
    resolving: {
      always: [
        { guard: 'isPaid', target: 'paid' },
        { guard: and(['wantsPayment', 'canEnterPayment']), target: 'payment' },
        { guard: and(['wantsContract', 'canEnterContract']), target: 'contract' },
        { guard: and(['wantsPlan', 'canEnterPlan']), target: 'plan' },
        { guard: 'wantsInsured', target: 'insured' },
        { guard: 'canEnterPayment', target: 'payment' },
        { guard: 'canEnterContract', target: 'contract' },
        { guard: 'canEnterPlan', target: 'plan' },
        { target: 'insured' },
      ],
    },
    insured: {
      id: 'insured',
      meta: { path: BUY_STEP_PATHS.insured },
      route: { guard: 'canEnterInsured' },
      entry: 'forgetRequestedStep',
      initial: 'editing',
      states: {
        editing: {
          on: {
            'flow.refresh': { target: '#loading', actions: { type: 'requestStep', params: { step: 'insured' } } },
            'insured.change': { actions: 'changeInsured' },
            'insured.changeRegister': { actions: 'changeInsuredRegister' },
            'step.next': [{ guard: 'isInsuredValid', target: 'saving', actions: 'clearMessages' }, { actions: 'validateInsured' }],
          },
        },
        // The form is read-only while the step is stored, so the answer matches what was sent.
        saving: {
          invoke: {
            id: 'saveInsured',
            src: 'saveInsured',
            input: ({ context }) => ({
              applicationId: context.applicationId ?? '',
              accessKey: context.accessKey,
              body: insuredSchemaOf(context.product!).parse(insuredBody(context.product!, context.insured)),
            }),
            onDone: { target: '#plan', actions: 'storeApplication' },
            onError: [{ guard: 'isApplicationClosed', target: '#buyInsurance.paid' }, { target: 'editing', actions: 'showError' }],
          },
        },
      },
    },
    plan: {
      id: 'plan',
      meta: { path: BUY_STEP_PATHS.plan },
      route: { guard: 'canEnterPlan' },
      entry: 'forgetRequestedStep',
      type: 'parallel',
      states: {
        form: {
          initial: 'editing',
          states: {
            editing: {
              on: {
                'flow.refresh': { target: '#loading', actions: { type: 'requestStep', params: { step: 'plan' } } },
                'plan.change': { actions: 'changePlan' },
                'step.next': [{ guard: 'isPlanValid', target: 'saving', actions: 'clearMessages' }, { actions: 'validatePlan' }],
                'step.back': { target: '#insured' },
              },
            },
            saving: {
              invoke: {
                id: 'savePlan',
                src: 'savePlan',
                input: ({ context }) => ({
                  applicationId: context.applicationId ?? '',
                  accessKey: context.accessKey,
                  body: planSchemaOf(context.product!).parse(planBody(context.product!, context.plan)),
                }),
                onDone: { target: '#contract', actions: 'storeApplication' },
                onError: [{ guard: 'isApplicationClosed', target: '#buyInsurance.paid' }, { target: 'editing', actions: 'showError' }],
              },
            },
          },
        },
        /** The live price: asked for once the plan has stayed unchanged for a moment; a change cancels a request under way. */
        quote: {
          initial: 'checking',
          on: {
            'plan.change': { target: '.debouncing', reenter: true },
          },
          states: {
            debouncing: {
              after: { quoteDelay: { target: 'checking' } },
            },
            checking: {
              always: [{ guard: 'isPlanValid', target: 'fetching' }, { target: 'incomplete' }],
            },
            fetching: {
              invoke: {
                id: 'getQuote',
                src: 'getQuote',
                input: ({ context }) => ({
                  productId: context.productId ?? 0,
                  body: quoteSchemaOf(context.product!).parse(
                    quoteBody(context.product!, context.plan, context.application?.insured ?? null),
                  ),
                }),
                onDone: { target: 'ready', actions: 'storeQuote' },
                onError: { target: 'failed', actions: 'showQuoteError' },
              },
            },
            incomplete: { entry: 'forgetQuote' },
            ready: {},
            failed: {},
          },
        },
      },
    },
    contract: {
      id: 'contract',
      meta: { path: BUY_STEP_PATHS.contract },
      route: { guard: 'canEnterContract' },
      entry: 'forgetRequestedStep',
      initial: 'editing',
      states: {
        editing: {
          on: {
            'flow.refresh': { target: '#loading', actions: { type: 'requestStep', params: { step: 'contract' } } },
            'beneficiary.add': { guard: 'canAddBeneficiary', actions: 'addBeneficiary' },
            'beneficiary.remove': { guard: 'canRemoveBeneficiary', actions: 'removeBeneficiary' },
            'beneficiary.change': { actions: 'changeBeneficiary' },
            'beneficiary.changeRegister': { actions: 'changeBeneficiary' },
            'contract.consent': { actions: 'changeConsent' },
            'step.next': [{ guard: 'isContractValid', target: 'saving', actions: 'clearMessages' }, { actions: 'validateContract' }],
            'step.back': { target: '#plan' },
          },
        },
        saving: {
          invoke: {
            id: 'saveContract',
            src: 'saveContract',
            input: ({ context }) => ({
              applicationId: context.applicationId ?? '',
              accessKey: context.accessKey,
              body: contractStepSchema.parse(contractBody(context.contract)),
            }),
            onDone: { target: '#payment', actions: 'storeApplication' },
            onError: [{ guard: 'isApplicationClosed', target: '#buyInsurance.paid' }, { target: 'editing', actions: 'showError' }],
          },
        },
      },
    },
    payment: {
      id: 'payment',
      meta: { path: BUY_STEP_PATHS.payment },
      route: { guard: 'canEnterPayment' },
      entry: ['forgetRequestedStep', 'startAttempt'],
      initial: 'choosing',
      states: {
        choosing: {
          on: {
            'flow.refresh': { target: '#loading', actions: { type: 'requestStep', params: { step: 'payment' } } },
            'payment.choose': { actions: 'chooseProvider' },
            'payment.changePhone': { actions: 'changePaymentPhone' },
            'payment.submit': [{ guard: 'isPaymentValid', target: 'creatingInvoice', actions: 'clearMessages' }, { actions: 'validatePayment' }],
            'step.back': { target: '#contract' },
          },
        },
        // A second press while this runs does nothing; a reload re-sends the same key.
        creatingInvoice: {
          invoke: {
            id: 'createInvoice',
            src: 'createInvoice',
            input: ({ context }) => ({
              applicationId: context.applicationId ?? '',
              accessKey: context.accessKey,
              key: context.invoiceKey,
              body: createInvoiceBodySchema.parse(invoiceBody(context.payment)),
            }),
            onDone: { target: 'invoiceReady', actions: 'storeInvoice' },
            onError: [{ guard: 'isApplicationClosed', target: '#buyInsurance.paid' }, { target: 'choosing', actions: 'showError' }],
          },
        },
        invoiceReady: {
          on: {
            'flow.refresh': { target: '#loading', actions: { type: 'requestStep', params: { step: 'payment' } } },
            'payment.continue': {
              target: 'handedOff',
              actions: { type: 'handOff', params: ({ context }) => ({ invoice: context.invoice!, accessKey: context.accessKey }) },
            },
            'payment.change': { target: 'choosing', actions: 'startAttempt' },
            'step.back': { target: '#contract' },
          },
        },
        /** The provider has the user now. Coming back (e.g. "try again" after a failure) refreshes into a new attempt. */
        handedOff: {
          on: {
            'flow.refresh': { target: '#loading', actions: { type: 'requestStep', params: { step: 'payment' } } },
          },
        },
      },
    },
    /** A deep link to the payment step with no purchase under way. */
    noPurchase: { type: 'final' },
    /** The application does not exist or is not this user's (or the visitor lost its key). */
    notFound: { type: 'final' },
    /** The application is already paid: nothing more to do here. */
    paid: { type: 'final' },
  },
});

/** The wizard step the snapshot is at, if any. */
export const activeStep = (snapshot: { matches: (value: never) => boolean }): BuyStep | null =>
  BUY_STEPS.find((step) => snapshot.matches(step as never)) ?? null;
