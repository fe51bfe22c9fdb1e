/**
 * Filing a claim (/user/claim/create/{insuranceId}…, issue 12): five routable steps on a draft the
 * server keeps from the start.
 *
 * opening (opens the user's draft for the policy — the same one on every tab and device — and goes to
 * the step the stored snapshot was at, when the draft allows it, else to the draft's first incomplete
 * step) → type (claim type, as the policy's covers offer) → event (treatment dates, hospital,
 * diagnosis, amount; a treatment that ended more than 14 days ago is flagged late, not refused) →
 * payout (bank, account number, holder) → documents (what the type needs; the page uploads and
 * attaches each file and reports the draft the server answered with `documents.changed`) → review →
 * submit (idempotent by key) → sent (the machine hands over to the claim's detail page).
 *
 * Every step is saved to the server before the next opens (`saveType`, `saveEvent`, `savePayout`). A
 * step can be entered by URL only when the steps before it are stored (route guards).
 */
import { assertEvent, assign, emit, fromPromise, setup } from 'xstate';
import {
  eventStepSchemaFor,
  isLate,
  missingDocuments,
  payoutStepSchema,
  typeStepSchema,
  claimMessages,
  type Claim,
  type ClaimStep,
  type ClaimType,
} from '../contract/claim.schema';
import { errorFields, errorMessage } from '../contract/api-error';
import { routePaths } from '../contract/paths';
import { toFieldErrors, type FieldErrors, type Message } from '../contract/validation';
import type { FlowNavigate } from './flow';

export interface EventForm {
  treatment_start: string;
  treatment_end: string;
  hospital: string;
  diagnosis: string;
  /** Digits as typed (whole MNT). */
  amount: string;
}
export type EventField = keyof EventForm;

export interface PayoutForm {
  bank: string;
  account_number: string;
  account_holder: string;
}
export type PayoutField = keyof PayoutForm;

export interface ClaimCreationInput {
  policyId: number;
  /** Today in Ulaanbaatar ('YYYY-MM-DD'): the 14-day rule and "not in the future". */
  today: string;
  /** Seeds the submit's idempotency key (random in the app, fixed in tests). */
  keySeed: string;
  /** The step the URL names (a deep link): the draft opens there when its earlier steps are stored. */
  at?: ClaimStep | null;
}

export interface ClaimCreationContext {
  policyId: number;
  today: string;
  keySeed: string;
  /** The draft as the server last answered it. */
  claim: Claim | null;
  /** The step a restored snapshot was at: the reopened draft continues there when it allows. */
  resumeAt: ClaimStep | null;
  claimType: ClaimType | '';
  event: EventForm;
  payout: PayoutForm;
  fieldErrors: FieldErrors;
  error: Message | null;
}

export type ClaimCreationEvent =
  | { type: 'claim.retry' }
  | { type: 'type.choose'; value: ClaimType }
  | { type: 'type.submit' }
  | { type: 'event.change'; field: EventField; value: string }
  | { type: 'event.submit' }
  | { type: 'payout.change'; field: PayoutField; value: string }
  | { type: 'payout.submit' }
  /** The page attached or removed a document: the draft as the server answered. */
  | { type: 'documents.changed'; claim: Claim }
  | { type: 'documents.submit' }
  | { type: 'claim.submit' }
  /** Sent by the runner after restoring a stored snapshot: the draft is read again. */
  | { type: 'flow.resumed' };

export const emptyEvent: EventForm = { treatment_start: '', treatment_end: '', hospital: '', diagnosis: '', amount: '' };
export const emptyPayout: PayoutForm = { bank: '', account_number: '', account_holder: '' };

// ---------------------------------------------------------------------------------------------------
// Pure helpers (exported for the views and the tests)
// ---------------------------------------------------------------------------------------------------

const wholeNumber = (value: string): number | string => (/^\d+$/.test(value.trim()) ? Number(value.trim()) : value.trim() === '' ? '' : Number.NaN);

export const eventBody = (form: EventForm) => ({ ...form, amount: wholeNumber(form.amount) });

const errorsOf = (result: { success: true } | { success: false; error: Parameters<typeof toFieldErrors>[0] }): FieldErrors =>
  result.success ? {} : toFieldErrors(result.error);

export const typeErrors = (claimType: string): FieldErrors => errorsOf(typeStepSchema.safeParse({ claim_type: claimType }));
export const eventErrors = (form: EventForm, today: string): FieldErrors => errorsOf(eventStepSchemaFor(today).safeParse(eventBody(form)));
export const payoutErrors = (form: PayoutForm): FieldErrors => errorsOf(payoutStepSchema.safeParse(form));
export const documentsErrors = (claim: Claim | null): FieldErrors =>
  claim && missingDocuments(claim.claim_type, claim.documents).length === 0 ? {} : { documents: { key: claimMessages.documentsMissing } };

/** The treatment ended more than 14 days before today (SPEC 9): the claim is still sent, flagged late. */
export const isEventLate = (form: EventForm, today: string) => /^\d{4}-\d{2}-\d{2}$/.test(form.treatment_end) && isLate(form.treatment_end, today);

export const submitKey = (context: Pick<ClaimCreationContext, 'keySeed' | 'claim'>) => `${context.keySeed}.claim.${context.claim?.id ?? 0}`;

export const eventFormOf = (claim: Claim): EventForm =>
  claim.event ? { ...claim.event, amount: String(claim.event.amount) } : emptyEvent;
export const payoutFormOf = (claim: Claim): PayoutForm => claim.payout ?? emptyPayout;

const isBlank = (form: object) => Object.values(form).every((value) => value === '');

const withoutField = (errors: FieldErrors, field: string) => {
  const { [field]: _fixed, ...rest } = errors;
  return rest;
};

/** Whether a step may open on this draft (the steps before it are stored). */
export const stepAllowed = (claim: Claim | null, step: ClaimStep): boolean => {
  if (!claim || claim.status !== 'draft') return false;
  switch (step) {
    case 'type':
      return true;
    case 'event':
      return claim.claim_type !== null;
    case 'payout':
      return claim.claim_type !== null && claim.event !== null;
    case 'documents':
      return claim.claim_type !== null && claim.event !== null && claim.payout !== null;
    case 'review':
      return stepAllowed(claim, 'documents') && missingDocuments(claim.claim_type, claim.documents).length === 0;
  }
};

/** Where an opened draft continues: the stored step when allowed, else the draft's first incomplete step. */
export const openingStep = (claim: Claim, resumeAt: ClaimStep | null): ClaimStep => {
  if (resumeAt && stepAllowed(claim, resumeAt)) return resumeAt;
  const order: ClaimStep[] = ['review', 'documents', 'payout', 'event', 'type'];
  // The furthest step allowed is the first incomplete one (review when everything is stored).
  return order.find((step) => stepAllowed(claim, step) && (step === 'review' || !stepAllowed(claim, nextOf(step)))) ?? 'type';
};
const nextOf = (step: ClaimStep): ClaimStep => (({ type: 'event', event: 'payout', payout: 'documents', documents: 'review', review: 'review' }) as const)[step];

const STEPS: readonly ClaimStep[] = ['type', 'event', 'payout', 'documents', 'review'];

const saveFailed = { target: 'editing', actions: { type: 'showError' as const, params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) } };

export const claimCreationMachine = setup({
  types: {
    context: {} as ClaimCreationContext,
    events: {} as ClaimCreationEvent,
    input: {} as ClaimCreationInput,
    emitted: {} as FlowNavigate,
  },
  actors: {
    openClaim: fromPromise<Claim, { policyId: number }>(async () => {
      throw new Error('openClaim is provided by the app');
    }),
    saveType: fromPromise<Claim, { id: number; body: { claim_type: string } }>(async () => {
      throw new Error('saveType is provided by the app');
    }),
    saveEvent: fromPromise<Claim, { id: number; body: ReturnType<typeof eventBody> }>(async () => {
      throw new Error('saveEvent is provided by the app');
    }),
    savePayout: fromPromise<Claim, { id: number; body: PayoutForm }>(async () => {
      throw new Error('savePayout is provided by the app');
    }),
    submitClaim: fromPromise<Claim, { id: number; key: string }>(async () => {
      throw new Error('submitClaim is provided by the app');
    }),
  },
  actions: {
    showError: assign((_, { error }: { error: unknown }) => ({ error: errorMessage(error), fieldErrors: errorFields(error) })),
    /** The reopened draft: forms the user has not typed into start from what is stored. */
    openClaim: assign(({ context }, claim: Claim) => ({
      claim,
      claimType: context.claimType || (claim.claim_type ?? ''),
      event: isBlank(context.event) ? eventFormOf(claim) : context.event,
      payout: isBlank(context.payout) ? payoutFormOf(claim) : context.payout,
      error: null,
      fieldErrors: {},
    })),
    rememberClaim: assign((_, claim: Claim) => ({ claim, error: null, fieldErrors: {} })),
    /** A step entered afresh (its link, the history) shows no message left from another step or visit. */
    clearMessages: assign({ error: null, fieldErrors: {} }),
    markResume: assign((_, step: ClaimStep) => ({ resumeAt: step })),
    clearResume: assign({ resumeAt: null }),
    chooseType: assign(({ context, event }) => {
      assertEvent(event, 'type.choose');
      return { claimType: event.value, fieldErrors: withoutField(context.fieldErrors, 'claim_type') };
    }),
    validateType: assign(({ context }) => ({ fieldErrors: typeErrors(context.claimType), error: null })),
    changeEvent: assign(({ context, event }) => {
      assertEvent(event, 'event.change');
      return { event: { ...context.event, [event.field]: event.value }, fieldErrors: withoutField(context.fieldErrors, event.field) };
    }),
    validateEvent: assign(({ context }) => ({ fieldErrors: eventErrors(context.event, context.today), error: null })),
    changePayout: assign(({ context, event }) => {
      assertEvent(event, 'payout.change');
      return { payout: { ...context.payout, [event.field]: event.value }, fieldErrors: withoutField(context.fieldErrors, event.field) };
    }),
    validatePayout: assign(({ context }) => ({ fieldErrors: payoutErrors(context.payout), error: null })),
    changeDocuments: assign(({ event }) => {
      assertEvent(event, 'documents.changed');
      return { claim: event.claim, fieldErrors: {}, error: null };
    }),
    validateDocuments: assign(({ context }) => ({ fieldErrors: documentsErrors(context.claim), error: null })),
    showDetail: emit(({ context }): FlowNavigate => ({ type: 'flow.navigate', to: routePaths.claimDetail.build({ claimId: context.claim?.id ?? 0 }), replace: true })),
  },
  guards: {
    goesTo: ({ context }, { step }: { step: ClaimStep }) => context.claim !== null && openingStep(context.claim, context.resumeAt) === step,
    isSent: ({ context }) => context.claim?.status === 'sent',
    allows: ({ context }, { step }: { step: ClaimStep }) => stepAllowed(context.claim, step),
    isTypeValid: ({ context }) => Object.keys(typeErrors(context.claimType)).length === 0,
    isEventValid: ({ context }) => Object.keys(eventErrors(context.event, context.today)).length === 0,
    isPayoutValid: ({ context }) => Object.keys(payoutErrors(context.payout)).length === 0,
    areDocumentsComplete: ({ context }) => Object.keys(documentsErrors(context.claim)).length === 0,
  },
}).createMachine({
  id: 'claim-creation',
  context: ({ input }) => ({
    policyId: input.policyId,
    today: input.today,
    keySeed: input.keySeed,
    claim: null,
    resumeAt: input.at ?? null,
    claimType: '',
    event: emptyEvent,
    payout: emptyPayout,
    fieldErrors: {},
    error: null,
  }),
  initial: 'opening',
  states: {
    opening: {
      id: 'opening',
      meta: { replace: true },
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'openClaim',
            src: 'openClaim',
            input: ({ context }) => ({ policyId: context.policyId }),
            onDone: { target: 'routing', actions: { type: 'openClaim', params: ({ event }) => event.output } },
            onError: { target: 'failed', actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        // A claim sent meanwhile (another tab) opens its detail page.
        routing: {
          always: [
            { guard: 'isSent', target: '#sent' },
            ...STEPS.map((step) => ({ guard: { type: 'goesTo' as const, params: { step } }, target: `#${step}`, actions: 'clearResume' as const })),
          ],
        },
        failed: { on: { 'claim.retry': { target: 'loading' } } },
      },
    },
    type: {
      id: 'type',
      meta: { path: routePaths.claimCreateFor.pattern },
      route: { guard: { type: 'allows', params: { step: 'type' } } },
      entry: 'clearMessages',
      on: { 'flow.resumed': { target: '#opening', actions: { type: 'markResume', params: 'type' } } },
      initial: 'editing',
      states: {
        editing: {
          on: {
            'type.choose': { actions: 'chooseType' },
            'type.submit': [{ guard: 'isTypeValid', target: 'saving', actions: 'validateType' }, { actions: 'validateType' }],
          },
        },
        saving: {
          invoke: {
            id: 'saveType',
            src: 'saveType',
            input: ({ context }) => ({ id: context.claim?.id ?? 0, body: { claim_type: context.claimType } }),
            onDone: { target: '#event', actions: { type: 'rememberClaim', params: ({ event }) => event.output } },
            onError: saveFailed,
          },
        },
      },
    },
    event: {
      id: 'event',
      meta: { path: routePaths.claimCreateEvent.pattern },
      route: { guard: { type: 'allows', params: { step: 'event' } } },
      entry: 'clearMessages',
      on: { 'flow.resumed': { target: '#opening', actions: { type: 'markResume', params: 'event' } } },
      initial: 'editing',
      states: {
        editing: {
          on: {
            'event.change': { actions: 'changeEvent' },
            'event.submit': [{ guard: 'isEventValid', target: 'saving', actions: 'validateEvent' }, { actions: 'validateEvent' }],
          },
        },
        saving: {
          invoke: {
            id: 'saveEvent',
            src: 'saveEvent',
            input: ({ context }) => ({ id: context.claim?.id ?? 0, body: eventBody(context.event) }),
            onDone: { target: '#payout', actions: { type: 'rememberClaim', params: ({ event }) => event.output } },
            onError: saveFailed,
          },
        },
      },
    },
    payout: {
      id: 'payout',
      meta: { path: routePaths.claimCreatePayout.pattern },
      route: { guard: { type: 'allows', params: { step: 'payout' } } },
      entry: 'clearMessages',
      on: { 'flow.resumed': { target: '#opening', actions: { type: 'markResume', params: 'payout' } } },
      initial: 'editing',
      states: {
        editing: {
          on: {
            'payout.change': { actions: 'changePayout' },
            'payout.submit': [{ guard: 'isPayoutValid', target: 'saving', actions: 'validatePayout' }, { actions: 'validatePayout' }],
          },
        },
        saving: {
          invoke: {
            id: 'savePayout',
            src: 'savePayout',
            input: ({ context }) => ({ id: context.claim?.id ?? 0, body: context.payout }),
            onDone: { target: '#documents', actions: { type: 'rememberClaim', params: ({ event }) => event.output } },
            onError: saveFailed,
          },
        },
      },
    },
    documents: {
      id: 'documents',
      meta: { path: routePaths.claimCreateDocuments.pattern },
      route: { guard: { type: 'allows', params: { step: 'documents' } } },
      entry: 'clearMessages',
      on: {
        'flow.resumed': { target: '#opening', actions: { type: 'markResume', params: 'documents' } },
        'documents.changed': { actions: 'changeDocuments' },
        'documents.submit': [{ guard: 'areDocumentsComplete', target: '#review', actions: 'validateDocuments' }, { actions: 'validateDocuments' }],
      },
    },
    review: {
      id: 'review',
      meta: { path: routePaths.claimCreateReview.pattern },
      route: { guard: { type: 'allows', params: { step: 'review' } } },
      entry: 'clearMessages',
      on: { 'flow.resumed': { target: '#opening', actions: { type: 'markResume', params: 'review' } } },
      initial: 'editing',
      states: {
        editing: { on: { 'claim.submit': { target: 'submitting' } } },
        submitting: {
          invoke: {
            id: 'submitClaim',
            src: 'submitClaim',
            input: ({ context }) => ({ id: context.claim?.id ?? 0, key: submitKey(context) }),
            onDone: { target: '#sent', actions: { type: 'rememberClaim', params: ({ event }) => event.output } },
            onError: saveFailed,
          },
        },
      },
    },
    sent: {
      id: 'sent',
      type: 'final',
      entry: 'showDetail',
    },
  },
});

export type ClaimCreationMachine = typeof claimCreationMachine;
