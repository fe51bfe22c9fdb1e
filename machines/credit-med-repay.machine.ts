/**
 * Credit Med repayment (/credit-med/pre-claim/repay/{id} and …/buy): a pre-claim 'to be paid by
 * insured' shows what is owed and why; "repay" opens the payment step (`provider-payment` child: a
 * provider, MostMoney's phone, the invoice of purpose credit_med_repay), then leaves for the bank's
 * card page (khan) or the Credit Med payment status page (QR, mobile money), where the
 * `payment-status` machine follows the invoice.
 *
 * The pre-claim is loaded first; one that owes nothing (already repaid, or never rejected) shows its
 * status, and the server refuses a second repayment (`nothingOwed`: the machine loads it again). Both
 * steps are routable (`meta.path`): a deep link to …/buy opens the provider choice once the pre-claim
 * is known to owe. Nothing is persisted: the pre-claim id is in the URL.
 */
import { assign, emit, fromPromise, setup } from 'xstate';
import { ApiError, errorMessage } from '../contract/api-error';
import { creditMedCardErrors, type PreClaim } from '../contract/credit-med-card.schema';
import { routePaths } from '../contract/paths';
import type { Invoice, PaymentProvider } from '../contract/payment.schema';
import type { Message } from '../contract/validation';
import type { FlowNavigate } from './flow';
import { madeOf, providerPaymentMachine, type ProviderPaymentInput, type ProviderPaymentOutput } from './provider-payment.machine';

export interface RepayInput {
  preClaimId: number;
  /** Opened at …/buy: go straight to the provider choice once the pre-claim owes. */
  atBuy: boolean;
  /** Seeds the idempotency keys (a random id in the app, fixed in tests). */
  keySeed: string;
  /** MostMoney's phone before the payer types one (the account's). */
  phone: string;
}

export interface RepayContext {
  preClaimId: number;
  atBuy: boolean;
  keySeed: string;
  /** Bumped after each refusal that reloads the pre-claim: the next payment step has new keys. */
  attempt: number;
  phone: string;
  preClaim: PreClaim | null;
  /** The provider of the refused attempt, chosen again in the next one. */
  provider: PaymentProvider | null;
  error: Message | null;
}

export type RepayEvent =
  | { type: 'repay.start' }
  | { type: 'repay.retry' }
  | { type: 'step.back' };

const errorOf = (event: unknown) => (event as { error?: unknown }).error;

/** The payment step's input: what the pre-claim owes, keys `<seed>-repay-<attempt>.<n>`; repaid meanwhile ends it. */
export const repayPaymentInput = (context: Pick<RepayContext, 'preClaimId' | 'keySeed' | 'attempt' | 'phone' | 'provider' | 'error'>): ProviderPaymentInput => ({
  order: { kind: 'creditMedRepay', preClaimId: context.preClaimId },
  provider: context.provider,
  phone: context.phone,
  keySeed: `${context.keySeed}-repay-${context.attempt}`,
  confirm: false,
  stopOn: [creditMedCardErrors.nothingOwed],
  error: context.error,
});

/** Where a new invoice sends the browser: the bank's card page, or the status page of the invoice. */
export const leaveFor = (invoice: Invoice): FlowNavigate =>
  invoice.provider === 'khan' && invoice.redirect_url
    ? { type: 'flow.navigate', to: invoice.redirect_url, external: true }
    : { type: 'flow.navigate', to: routePaths.creditMedBuyStatus.build({}, { invoice: invoice.id }) };

export const creditMedRepayMachine = setup({
  types: {
    context: {} as RepayContext,
    events: {} as RepayEvent,
    input: {} as RepayInput,
    emitted: {} as FlowNavigate,
    children: {} as { payment: 'providerPayment' },
  },
  actors: {
    loadPreClaim: fromPromise<PreClaim, { id: number }>(async () => {
      throw new Error('loadPreClaim is provided by the app');
    }),
    providerPayment: providerPaymentMachine,
  },
  actions: {
    rememberPreClaim: assign((_, { preClaim }: { preClaim: PreClaim }) => ({ preClaim, error: null })),
    rememberError: assign(({ event }) => ({ error: errorMessage(errorOf(event)) })),
    rememberRefusal: assign(({ context }, output: ProviderPaymentOutput) =>
      output.outcome === 'refused' ? { error: output.error, provider: output.provider, phone: output.phone, attempt: context.attempt + 1 } : {},
    ),
    clearError: assign({ error: null }),
    leave: emit((_, { invoice }: { invoice: Invoice }) => leaveFor(invoice)),
  },
  guards: {
    owes: (_, { preClaim }: { preClaim: PreClaim }) => preClaim.status === 'to_be_paid_by_insured',
    atBuy: ({ context }) => context.atBuy,
    isOwed: ({ context }) => context.preClaim?.status === 'to_be_paid_by_insured',
    isNotFound: ({ event }) => errorOf(event) instanceof ApiError && (errorOf(event) as ApiError).status === 404,
    made: (_, output: ProviderPaymentOutput) => output.outcome === 'made',
  },
}).createMachine({
  id: 'creditMedRepay',
  context: ({ input }) => ({
    preClaimId: input.preClaimId,
    atBuy: input.atBuy,
    keySeed: input.keySeed,
    attempt: 0,
    phone: input.phone,
    preClaim: null,
    provider: null,
    error: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadPreClaim',
        src: 'loadPreClaim',
        input: ({ context }) => ({ id: context.preClaimId }),
        onDone: [
          {
            guard: { type: 'owes', params: ({ event }) => ({ preClaim: event.output }) },
            target: 'deciding',
            actions: { type: 'rememberPreClaim', params: ({ event }) => ({ preClaim: event.output }) },
          },
          { target: 'settled', actions: { type: 'rememberPreClaim', params: ({ event }) => ({ preClaim: event.output }) } },
        ],
        onError: [
          { guard: 'isNotFound', target: 'notFound', actions: 'rememberError' },
          { target: 'loadFailed', actions: 'rememberError' },
        ],
      },
    },
    deciding: {
      always: [{ guard: 'atBuy', target: 'choosing' }, { target: 'owed' }],
    },
    loadFailed: {
      on: { 'repay.retry': { target: 'loading', actions: 'clearError' } },
    },
    notFound: { type: 'final' },
    /** Nothing is owed (repaid, or not a rejected claim): its status is shown. */
    settled: { type: 'final' },
    /** What is owed and why. */
    owed: {
      id: 'repayOwed',
      meta: { path: routePaths.creditMedRepay.pattern },
      route: { guard: 'isOwed' },
      on: { 'repay.start': { target: 'choosing' } },
    },
    /** The payment step: the page renders the child's choice. */
    choosing: {
      id: 'repayChoosing',
      meta: { path: routePaths.creditMedRepayBuy.pattern },
      route: { guard: 'isOwed' },
      invoke: {
        id: 'payment',
        src: 'providerPayment',
        input: ({ context }) => repayPaymentInput(context),
        onDone: [
          { guard: { type: 'made', params: ({ event }) => event.output }, target: 'leaving', actions: { type: 'leave', params: ({ event }) => ({ invoice: madeOf(event.output)!.invoice }) } },
          // Repaid meanwhile (another tab, another device): show where it stands now.
          { target: 'loading', actions: { type: 'rememberRefusal', params: ({ event }) => event.output } },
        ],
      },
      on: {
        'step.back': { target: 'owed', actions: 'clearError' },
      },
    },
    /** The invoice is made: the runner follows `flow.navigate`. */
    leaving: { type: 'final' },
  },
});
