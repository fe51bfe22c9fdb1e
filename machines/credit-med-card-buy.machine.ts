/**
 * Buying the Credit Med card (/credit-med/buy): the card's state is loaded first (no signed contract
 * yet, or a card already paid, stop there), then the payment step (`provider-payment` child: a
 * provider, MostMoney's phone, the fee's invoice of purpose credit_med_card); the machine then leaves
 * for the bank's card page (khan) or the Credit Med payment status page (/credit-med/buy/status?invoice=…),
 * where `payment-status` follows it. A refusal because the card was paid meanwhile or the contract is
 * not signed loads the card again and says why.
 */
import { assign, emit, fromPromise, setup } from 'xstate';
import { creditMedCardErrors, type CardSummary } from '../contract/credit-med-card.schema';
import type { Invoice, PaymentProvider } from '../contract/payment.schema';
import type { Message } from '../contract/validation';
import { errorMessage } from '../contract/api-error';
import { leaveFor } from './credit-med-repay.machine';
import type { FlowNavigate } from './flow';
import { madeOf, providerPaymentMachine, type ProviderPaymentInput, type ProviderPaymentOutput } from './provider-payment.machine';

export interface CardBuyInput {
  keySeed: string;
  /** MostMoney's phone before the payer types one (the account's). */
  phone: string;
}

export interface CardBuyContext {
  keySeed: string;
  /** Bumped after each refusal the card's reload answers: the next payment step has new keys. */
  attempt: number;
  phone: string;
  summary: CardSummary | null;
  /** The provider of the refused attempt, chosen again in the next one. */
  provider: PaymentProvider | null;
  error: Message | null;
}

export type CardBuyEvent = { type: 'buy.retry' };

/** Refusals that mean the card changed under the payer: it is loaded again. */
export const CARD_REFUSALS = [creditMedCardErrors.cardAlreadyPaid, creditMedCardErrors.contractNotSigned] as const;

/** The payment step's input: the card's fee, keys `<seed>-card-<attempt>.<n>`. */
export const cardPaymentInput = (context: Pick<CardBuyContext, 'keySeed' | 'attempt' | 'phone' | 'provider' | 'error'>): ProviderPaymentInput => ({
  order: { kind: 'creditMedCard' },
  provider: context.provider,
  phone: context.phone,
  keySeed: `${context.keySeed}-card-${context.attempt}`,
  confirm: false,
  stopOn: CARD_REFUSALS,
  error: context.error,
});

export const creditMedCardBuyMachine = setup({
  types: {
    context: {} as CardBuyContext,
    events: {} as CardBuyEvent,
    input: {} as CardBuyInput,
    emitted: {} as FlowNavigate,
    children: {} as { payment: 'providerPayment' },
  },
  actors: {
    loadCard: fromPromise<CardSummary>(async () => {
      throw new Error('loadCard is provided by the app');
    }),
    providerPayment: providerPaymentMachine,
  },
  actions: {
    rememberSummary: assign((_, { summary }: { summary: CardSummary }) => ({ summary, error: null })),
    rememberError: assign((_, { error }: { error: unknown }) => ({ error: errorMessage(error) })),
    rememberRefusal: assign(({ context }, output: ProviderPaymentOutput) =>
      output.outcome === 'refused' ? { error: output.error, provider: output.provider, phone: output.phone, attempt: context.attempt + 1 } : {},
    ),
    clearError: assign({ error: null }),
    leave: emit((_, { invoice }: { invoice: Invoice }) => leaveFor(invoice)),
  },
  guards: {
    notSigned: (_, { summary }: { summary: CardSummary }) => !summary.contract_signed,
    alreadyPaid: (_, { summary }: { summary: CardSummary }) => summary.card !== null && summary.card.status !== 'unpaid',
    made: (_, output: ProviderPaymentOutput) => output.outcome === 'made',
  },
}).createMachine({
  id: 'creditMedCardBuy',
  context: ({ input }) => ({ keySeed: input.keySeed, attempt: 0, phone: input.phone, summary: null, provider: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadCard',
        src: 'loadCard',
        onDone: [
          { guard: { type: 'notSigned', params: ({ event }) => ({ summary: event.output }) }, target: 'notSigned', actions: { type: 'rememberSummary', params: ({ event }) => ({ summary: event.output }) } },
          { guard: { type: 'alreadyPaid', params: ({ event }) => ({ summary: event.output }) }, target: 'alreadyPaid', actions: { type: 'rememberSummary', params: ({ event }) => ({ summary: event.output }) } },
          { target: 'paying', actions: { type: 'rememberSummary', params: ({ event }) => ({ summary: event.output }) } },
        ],
        onError: { target: 'loadFailed', actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loadFailed: { on: { 'buy.retry': { target: 'loading', actions: 'clearError' } } },
    /** The contract is not signed yet: the request side comes first. */
    notSigned: { type: 'final' },
    /** The card is paid (active, or stopped by the insurer): nothing to buy. */
    alreadyPaid: { type: 'final' },
    /** The payment step: the page renders the child's choice. */
    paying: {
      invoke: {
        id: 'payment',
        src: 'providerPayment',
        input: ({ context }) => cardPaymentInput(context),
        onDone: [
          { guard: { type: 'made', params: ({ event }) => event.output }, target: 'leaving', actions: { type: 'leave', params: ({ event }) => ({ invoice: madeOf(event.output)!.invoice }) } },
          // Paid meanwhile, or no contract: load the card again and say why.
          { target: 'reloading', actions: { type: 'rememberRefusal', params: ({ event }) => event.output } },
        ],
      },
    },
    reloading: {
      invoke: {
        id: 'loadCard',
        src: 'loadCard',
        onDone: [
          { guard: { type: 'alreadyPaid', params: ({ event }) => ({ summary: event.output }) }, target: 'alreadyPaid', actions: { type: 'rememberSummary', params: ({ event }) => ({ summary: event.output }) } },
          { target: 'paying', actions: assign(({ event }) => ({ summary: event.output })) },
        ],
        onError: { target: 'paying' },
      },
    },
    leaving: { type: 'final' },
  },
});
