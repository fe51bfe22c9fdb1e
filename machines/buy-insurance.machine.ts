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
 * persisted snapshot: a retry, a double click or a reload never makes a second application or invoice.
 *
 * The payment step is the shared `provider-payment` child (id `payment`, issue 22): the provider,
 * MostMoney's phone, the invoice shown before leaving (`confirm`), one key per attempt under a prefix
 * this step takes anew each time it is entered. The child's snapshots are followed here (`payment`,
 * `paymentStep`), so the runner stores its progress with the parent's and a reload comes back to the
 * same choice; a purchase paid meanwhile (`errors.applicationClosed`) ends the wizard as paid.
 *
 * Side effects are provided by the app (`machine.provide`): the API calls as promise actors, the
 * payment child with its `createPayment`, and the hand-off to the provider (`handOff`: the bank's card
 * page, or the status page of the QR and mobile money providers). The app persists the snapshot after
 * every transition and sends `flow.refresh` after restoring one or switching the language: settled
 * steps then reload the application and the product.
 */
import { routePaths } from '../contract/paths';
import { and, assign, emit, fromPromise, setup, stateIn } from 'xstate';
import { PURCHASE_HAND_OFF, type FlowNavigate, type PurchaseHandOff } from './flow';
import { ApiError, errorFields, errorMessage } from '../contract/api-error';
import { errorKeys } from '../contract/error.schema';
import {
  BENEFICIARIES_MAX,
  contractStepSchema,
  type Application,
  type ApplicationStep,
  type ContractStep,
  type InsuredStep,
  type PlanStep,
  type ProductDetail,
  type Quote,
  type QuoteRequest,
} from '../contract/insurance.schema';
import {
  amountFieldOf,
  contractBody,
  contractErrors,
  contractFormOf,
  emptyBeneficiary,
  emptyInsuredForm,
  idempotencyKey,
  insuredBody,
  insuredErrors,
  insuredFormOf,
  insuredSchemaOf,
  planBody,
  planErrors,
  planFormOf,
  planSchemaOf,
  quoteBody,
  quoteSchemaOf,
  sharesTotal,
  type BeneficiaryTextField,
  type ContractForm,
  type InsuredForm,
  type InsuredTextField,
  type PaymentForm,
  type PlanField,
  type PlanForm,
} from './buy-insurance.forms';
import type { Invoice, PaymentProvider } from '../contract/payment.schema';
import { type FieldErrors, type Message, type RegisterParts } from '../contract/validation';
import type { ProviderPaymentStep } from './provider-payment.connect';
import { madeOf, providerPaymentMachine, type ProviderPaymentInput, type ProviderPaymentOutput } from './provider-payment.machine';

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
// Context, input, events
// ---------------------------------------------------------------------------------------------------

export interface BuyContext {
  productId: number | null;
  applicationId: string | null;
  /** A visitor's proof that the draft is theirs (sent as X-Application-Key); null for an owner's draft. */
  accessKey: string | null;
  /** The step a URL or a resume asked for; shown when its earlier steps are stored. */
  requestedStep: BuyStep | null;
  /** Where this purchase's idempotency keys come from (input), and how many were handed out. */
  keySeed: string;
  keyCount: number;
  /** Today in Mongolia (YYYY-MM-DD, input): the insured's age is checked against it. */
  today: string;
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
  /** The payment step's provider and MostMoney phone, as its child has them (kept for a reload and "try again"). */
  payment: PaymentForm;
  /** Where the payment child stands (`creating`: the invoice is being made, the step cannot be left or reloaded meanwhile). */
  paymentStep: ProviderPaymentStep;
  /** The prefix of the payment step's idempotency keys (the child's attempts add `.n`); new each time the step is entered. */
  invoiceKey: string;
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
  /** At least 14 characters from [A-Za-z0-9_.:-], unique per purchase: idempotency keys derive from it. */
  keySeed: string;
  /** Today in Mongolia (YYYY-MM-DD). */
  today: string;
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
  | { type: 'contract.consent'; value: boolean };

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
// Guards on the stored application
// ---------------------------------------------------------------------------------------------------

/** The payment step's input: the application, the provider and phone kept, the step's key prefix; the invoice is shown before leaving. */
export const paymentInput = (context: Pick<BuyContext, 'applicationId' | 'accessKey' | 'payment' | 'invoiceKey'>): ProviderPaymentInput => ({
  order: { kind: 'application', applicationId: context.applicationId ?? '', accessKey: context.accessKey },
  provider: context.payment.provider,
  phone: context.payment.phone,
  keySeed: context.invoiceKey,
  confirm: true,
  stopOn: [errorKeys.applicationClosed],
});

/** What the parent keeps of the payment child's snapshot: the choice, and where the step stands (nothing of a snapshot without a context). */
export const paymentProgress = (snapshot: { value?: unknown; context?: { provider: PaymentProvider | null; phone: string } }): Partial<BuyContext> => {
  const { context } = snapshot;
  return context ? { payment: { provider: context.provider, phone: context.phone }, paymentStep: snapshot.value as ProviderPaymentStep } : {};
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
    emitted: {} as FlowNavigate,
    children: {} as { payment: 'providerPayment' },
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
    /** The payment step; the app provides it with its `createPayment` (src/shared/payment/provider-payment.ts). */
    providerPayment: providerPaymentMachine,
  },
  actions: {
    /**
     * Sends the browser to the provider — the bank's card page (khan), or the status page (qpay,
     * mostmoney) — leaving the draft's key for the status pages, which a visitor needs to read the invoice.
     */
    handOff: emit(({ context }, { invoice }: { invoice: Invoice }): FlowNavigate => {
      const handOff = { name: PURCHASE_HAND_OFF, data: { applicationId: invoice.application_id ?? context.applicationId ?? '', applicationKey: context.accessKey } satisfies PurchaseHandOff };
      if (invoice.provider === 'khan' && invoice.redirect_url) return { type: 'flow.navigate', to: invoice.redirect_url, external: true, handOff };
      const status = invoice.provider === 'qpay' ? routePaths.paymentQpay : invoice.provider === 'mostmoney' ? routePaths.paymentMostmoney : routePaths.paymentStatus;
      return { type: 'flow.navigate', to: status.build({}, { invoice: invoice.id }), handOff };
    }),
    clearMessages: assign({ error: null, fieldErrors: {} }),
    showError: assign(({ event }) => ({ error: errorMessage(errorOf(event)), fieldErrors: errorFields(errorOf(event)) })),
    /** Leaves a settled step to reload: the same step is asked for again. */
    requestStep: assign(({ context, event }, params: { step: BuyStep }) => ({
      requestedStep: params.step,
      payment: event.type === 'flow.refresh' && event.provider ? { ...context.payment, provider: event.provider } : context.payment,
    })),
    /** A step is shown: the request that led here is answered (a later reload asks again). */
    forgetRequestedStep: assign({ requestedStep: null }),
    storeDrafts: assign(({ context }, { drafts }: { drafts: Application[] }) => ({
      drafts: drafts.filter((draft) => draft.product_id === context.productId),
    })),
    continueDraft: assign(({ context }) => ({
      applicationId: context.drafts[0]?.id ?? null,
      accessKey: null,
      requestedStep: null,
    })),
    storeCreated: assign((_, { application }: { application: Application }) => {
      return { application, applicationId: application.id, accessKey: application.access_key ?? null, requestedStep: null, error: null };
    }),
    storeLoaded: assign(({ context }, { product, application }: Loaded) => {
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
    storeApplication: assign((_, { application }: { application: Application }) => ({
      application,
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
      fieldErrors: context.product ? insuredErrors(context.product, context.insured, context.today) : {},
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
    storeQuote: assign((_, { quote }: { quote: Quote }) => ({ quote, quoteError: null })),
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
    /** The payment step begins: a new key prefix; the mobile-money phone defaults to the insured person's. */
    startAttempt: assign(({ context }) => ({
      invoiceKey: idempotencyKey(context.keySeed, context.keyCount),
      keyCount: context.keyCount + 1,
      paymentStep: 'choosing' as const,
      payment: { ...context.payment, phone: context.payment.phone || (context.application?.insured?.phone ?? '') },
    })),
    followPayment: assign((_, progress: Partial<BuyContext>) => progress),
  },
  guards: {
    hasApplicationId: ({ context }) => context.applicationId !== null,
    hasProductId: ({ context }) => context.productId !== null,
    hasDraftOfProduct: ({ context }, { drafts }: { drafts: Application[] }) => drafts.some((draft) => draft.product_id === context.productId),
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
    isInsuredValid: ({ context }) => context.product !== null && Object.keys(insuredErrors(context.product, context.insured, context.today)).length === 0,
    isPlanValid: ({ context }) => context.product !== null && Object.keys(planErrors(context.product, context.plan)).length === 0,
    isContractValid: ({ context }) => Object.keys(contractErrors(context.contract)).length === 0,
    canAddBeneficiary: ({ context }) => context.contract.beneficiaries.length < BENEFICIARIES_MAX,
    canRemoveBeneficiary: ({ context }) => context.contract.beneficiaries.length > 1,
    /** The invoice is not being made (the step may be left or reloaded). */
    isPaymentIdle: ({ context }) => context.paymentStep !== 'creating',
    made: (_, output: ProviderPaymentOutput) => output.outcome === 'made',
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
    keySeed: input.keySeed,
    keyCount: 2,
    today: input.today,
    applicationKey: idempotencyKey(input.keySeed, 0),
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
    paymentStep: 'choosing',
    invoiceKey: idempotencyKey(input.keySeed, 1),
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
              {
                guard: { type: 'hasDraftOfProduct', params: ({ event }) => ({ drafts: event.output }) },
                target: 'offeringDraft',
                actions: { type: 'storeDrafts', params: ({ event }) => ({ drafts: event.output }) },
              },
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
            onDone: { target: '#loading', actions: { type: 'storeCreated', params: ({ event }) => ({ application: event.output }) } },
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
        onDone: { target: 'resolving', actions: { type: 'storeLoaded', params: ({ event }) => event.output } },
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
              body: insuredSchemaOf(context.product!, context.today).parse(insuredBody(context.product!, context.insured)),
            }),
            onDone: { target: '#plan', actions: { type: 'storeApplication', params: ({ event }) => ({ application: event.output }) } },
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
                onDone: { target: '#contract', actions: { type: 'storeApplication', params: ({ event }) => ({ application: event.output }) } },
                onError: [{ guard: 'isApplicationClosed', target: '#buyInsurance.paid' }, { target: 'editing', actions: 'showError' }],
              },
            },
          },
        },
        /** The live price: asked for once the plan has stayed unchanged for a moment; a change cancels a request under way. */
        quote: {
          initial: 'checking',
          on: {
            // Restarts the pause (debouncing is left and entered again). Not `reenter: true`: that
            // re-enters the whole parallel step, so the form region too, cancelling a save under way.
            // While the plan is being saved the form is read-only: a change then changes nothing to price.
            'plan.change': { guard: stateIn('#plan.form.editing'), target: '.debouncing' },
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
                onDone: { target: 'ready', actions: { type: 'storeQuote', params: ({ event }) => ({ quote: event.output }) } },
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
            onDone: { target: '#payment', actions: { type: 'storeApplication', params: ({ event }) => ({ application: event.output }) } },
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
      initial: 'paying',
      states: {
        /** The payment child: the page renders its choice and sends it the `payment.*` events. */
        paying: {
          invoke: {
            id: 'payment',
            src: 'providerPayment',
            input: ({ context }) => paymentInput(context),
            onSnapshot: { actions: { type: 'followPayment', params: ({ event }) => paymentProgress(event.snapshot) } },
            onDone: [
              {
                guard: { type: 'made', params: ({ event }) => event.output },
                target: 'handedOff',
                actions: { type: 'handOff', params: ({ event }) => ({ invoice: madeOf(event.output)!.invoice }) },
              },
              // The only refusal the child ends on: the application was paid meanwhile.
              { target: '#buyInsurance.paid' },
            ],
          },
          on: {
            // Not while the invoice is made: a reload then sends the same key again.
            'flow.refresh': { guard: 'isPaymentIdle', target: '#loading', actions: { type: 'requestStep', params: { step: 'payment' } } },
            'step.back': { guard: 'isPaymentIdle', target: '#contract' },
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
