/** Path model of machines/credit-med-card-buy.machine.ts: the card's state, the provider, the fee's invoice. */
import { creditMedCardBuyMachine } from '../../machines/credit-med-card-buy.machine.ts';
import { ApiError } from '../../contract/api-error.ts';
import { errorKeys } from '../../contract/error.schema.ts';
import type { CardSummary } from '../../contract/credit-med-card.schema.ts';
import type { Invoice } from '../../contract/payment.schema.ts';
import { shownMessage } from './oracle-helpers.ts';
import { defineModel, doneEvent, errorEvent } from './path-kit.ts';

const summary = (contract_signed: boolean, status: 'unpaid' | 'active' | null): CardSummary => ({
  contract_signed,
  card: status ? { status, balance: 5_000_000, card_limit: 5_000_000, fee: 20_000, card_number_last4: null, activated_at: null } : null,
  fee: 20_000,
  pre_claims: [],
  owed_total: 0,
  rules: { min_amount: 10_000, purpose_max: 200 },
});
export const unpaid = summary(true, 'unpaid');
export const noCardYet = summary(true, null);
export const unsigned = summary(false, null);
export const active = summary(true, 'active');
export const qpayInvoice = { id: 'inv-1', purpose: 'credit_med_card', provider: 'qpay', amount: 20_000, redirect_url: null } as Invoice;
export const khanInvoice = { id: 'inv-2', purpose: 'credit_med_card', provider: 'khan', amount: 20_000, redirect_url: '/sandbox/khan/inv-2/?handoff=t' } as Invoice;
export const alreadyPaidError = new ApiError(409, { key: 'creditMedCard.errors.cardAlreadyPaid' });
export const serverDown = new ApiError(500, { key: errorKeys.generic });

const paid = (s: CardSummary) => s.card !== null && s.card.status !== 'unpaid';

export const creditMedCardBuyModel = defineModel({
  machine: creditMedCardBuyMachine,
  inputs: [{ label: 'a signed-in policyholder', input: { keySeed: 'seed-card-0123456789' } }],
  events: [
    { type: 'buy.pay', provider: 'qpay' },
    { type: 'buy.pay', provider: 'khan' },
    { type: 'buy.retry' },
    doneEvent('loadCard', unpaid),
    doneEvent('loadCard', noCardYet),
    doneEvent('loadCard', unsigned),
    doneEvent('loadCard', active),
    errorEvent('loadCard', serverDown),
    doneEvent('createCardInvoice', qpayInvoice),
    doneEvent('createCardInvoice', khanInvoice),
    errorEvent('createCardInvoice', alreadyPaidError),
    errorEvent('createCardInvoice', serverDown),
  ],
  flags: ({ context }) => ({ error: context.error?.key ?? null, provider: context.provider, attempt: Math.min(context.attempt, 2), paid: context.summary ? paid(context.summary) : null }),
  simplePaths: { flags: ({ context }) => ({ error: context.error !== null }) },
  oracle: {
    initial: (input) => ({ keySeed: input.keySeed, attempt: 0, summary: null, provider: null, error: null }),
    initialState: () => 'loading',
    effects: {
      'xstate.done.actor.loadCard': (_, event, from) => (from.matches('reloading') ? { summary: event.output, ...(paid(event.output) ? { error: null } : {}) } : { summary: event.output, error: null }),
      'xstate.error.actor.loadCard': (_, event, from) => (from.matches('loading') ? { error: shownMessage(event.error) } : {}),
      'buy.retry': (_, __, from) => (from.matches('loadFailed') ? { error: null } : {}),
      'buy.pay': (_, event, from) => (from.matches('choosing') ? { provider: event.provider, error: null } : {}),
      'xstate.error.actor.createCardInvoice': (before, event) => ({ error: shownMessage(event.error), attempt: before.attempt + 1 }),
    },
    targets: {
      'xstate.done.actor.loadCard': (_, event, from) => {
        const s = event.output as CardSummary;
        if (from.matches('loading') && !s.contract_signed) return 'notSigned';
        return paid(s) ? 'alreadyPaid' : 'choosing';
      },
      'xstate.error.actor.loadCard': (_, __, from) => (from.matches('loading') ? 'loadFailed' : 'choosing'),
      'buy.retry': (_, __, from) => (from.matches('loadFailed') ? 'loading' : from.value),
      'buy.pay': (_, __, from) => (from.matches('choosing') ? 'paying' : from.value),
      'xstate.done.actor.createCardInvoice': () => 'leaving',
      'xstate.error.actor.createCardInvoice': () => 'reloading',
    },
    states: {
      loading: (_, state) => state.running.includes('loadCard'),
      reloading: ({ error }, state) => error !== null && state.running.includes('loadCard'),
      loadFailed: ({ error }) => error !== null,
      notSigned: ({ summary }, state) => summary?.contract_signed === false && state.status === 'done',
      alreadyPaid: ({ summary }, state) => summary !== null && paid(summary) && state.status === 'done',
      choosing: ({ summary }) => summary !== null && !paid(summary),
      paying: ({ provider }, state) => provider !== null && state.running.includes('createCardInvoice'),
      leaving: (_, state) => state.status === 'done',
    },
    sent: {
      createCardInvoice: (context) => ({ key: `${context.keySeed}-card-${context.attempt}`, provider: context.provider }),
    },
    emitted: (_, event) => {
      if (event.type !== 'xstate.done.actor.createCardInvoice') return [];
      const made = event.output as Invoice;
      return [made.provider === 'khan' ? { type: 'flow.navigate', to: made.redirect_url, external: true } : { type: 'flow.navigate', to: `/credit-med/buy/status?invoice=${made.id}` }];
    },
  },
});
