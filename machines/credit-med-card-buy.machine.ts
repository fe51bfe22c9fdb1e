/**
 * Buying the Credit Med card (/credit-med/buy): the card's state is loaded first (no signed contract
 * yet, or a card already paid, stop there), then a payment provider is chosen and the fee's invoice
 * made (purpose credit_med_card); the machine then leaves for the bank's card page (khan) or the
 * Credit Med payment status page (/credit-med/buy/status?invoice=…), where `payment-status` follows it.
 */
import { assign, emit, fromPromise, setup } from 'xstate';
import { errorMessage } from '../contract/api-error';
import type { CardSummary } from '../contract/credit-med-card.schema';
import type { Invoice, PaymentProvider } from '../contract/payment.schema';
import type { Message } from '../contract/validation';
import { leaveFor } from './credit-med-repay.machine';
import type { FlowNavigate } from './flow';

export interface CardBuyInput {
  keySeed: string;
}

export interface CardBuyContext {
  keySeed: string;
  attempt: number;
  summary: CardSummary | null;
  provider: PaymentProvider | null;
  error: Message | null;
}

export type CardBuyEvent = { type: 'buy.pay'; provider: PaymentProvider } | { type: 'buy.retry' };

export interface CreateCardInvoiceInput {
  key: string;
  provider: PaymentProvider;
}

const errorOf = (event: unknown) => (event as { error?: unknown }).error;

export const cardInvoiceKey = (context: Pick<CardBuyContext, 'keySeed' | 'attempt'>) => `${context.keySeed}-card-${context.attempt}`;

export const creditMedCardBuyMachine = setup({
  types: {
    context: {} as CardBuyContext,
    events: {} as CardBuyEvent,
    input: {} as CardBuyInput,
    emitted: {} as FlowNavigate,
  },
  actors: {
    loadCard: fromPromise<CardSummary>(async () => {
      throw new Error('loadCard is provided by the app');
    }),
    createCardInvoice: fromPromise<Invoice, CreateCardInvoiceInput>(async () => {
      throw new Error('createCardInvoice is provided by the app');
    }),
  },
  actions: {
    rememberSummary: assign((_, { summary }: { summary: CardSummary }) => ({ summary, error: null })),
    rememberError: assign(({ event }) => ({ error: errorMessage(errorOf(event)) })),
    rememberRefusal: assign(({ context, event }) => ({ error: errorMessage(errorOf(event)), attempt: context.attempt + 1 })),
    chooseProvider: assign(({ event }) => (event.type === 'buy.pay' ? { provider: event.provider, error: null } : {})),
    clearError: assign({ error: null }),
    leave: emit((_, { invoice }: { invoice: Invoice }) => leaveFor(invoice)),
  },
  guards: {
    notSigned: (_, { summary }: { summary: CardSummary }) => !summary.contract_signed,
    alreadyPaid: (_, { summary }: { summary: CardSummary }) => summary.card !== null && summary.card.status !== 'unpaid',
  },
}).createMachine({
  id: 'creditMedCardBuy',
  context: ({ input }) => ({ keySeed: input.keySeed, attempt: 0, summary: null, provider: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadCard',
        src: 'loadCard',
        onDone: [
          { guard: { type: 'notSigned', params: ({ event }) => ({ summary: event.output }) }, target: 'notSigned', actions: { type: 'rememberSummary', params: ({ event }) => ({ summary: event.output }) } },
          { guard: { type: 'alreadyPaid', params: ({ event }) => ({ summary: event.output }) }, target: 'alreadyPaid', actions: { type: 'rememberSummary', params: ({ event }) => ({ summary: event.output }) } },
          { target: 'choosing', actions: { type: 'rememberSummary', params: ({ event }) => ({ summary: event.output }) } },
        ],
        onError: { target: 'loadFailed', actions: 'rememberError' },
      },
    },
    loadFailed: { on: { 'buy.retry': { target: 'loading', actions: 'clearError' } } },
    /** The contract is not signed yet: the request side comes first. */
    notSigned: { type: 'final' },
    /** The card is paid (active, or stopped by the insurer): nothing to buy. */
    alreadyPaid: { type: 'final' },
    choosing: {
      on: { 'buy.pay': { target: 'paying', actions: 'chooseProvider' } },
    },
    paying: {
      invoke: {
        id: 'createCardInvoice',
        src: 'createCardInvoice',
        input: ({ context }) => ({ key: cardInvoiceKey(context), provider: context.provider ?? 'khan' }),
        onDone: { target: 'leaving', actions: { type: 'leave', params: ({ event }) => ({ invoice: event.output }) } },
        // Refused (already paid meanwhile, no contract) or failed: load the card again and say why.
        onError: { target: 'reloading', actions: 'rememberRefusal' },
      },
    },
    reloading: {
      invoke: {
        id: 'loadCard',
        src: 'loadCard',
        onDone: [
          { guard: { type: 'alreadyPaid', params: ({ event }) => ({ summary: event.output }) }, target: 'alreadyPaid', actions: { type: 'rememberSummary', params: ({ event }) => ({ summary: event.output }) } },
          { target: 'choosing', actions: assign(({ event }) => ({ summary: event.output })) },
        ],
        onError: { target: 'choosing' },
      },
    },
    leaving: { type: 'final' },
  },
});
