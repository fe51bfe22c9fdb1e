/**
 * Path model of machines/credit-med-card-buy.machine.ts: the card's state, the payment step (the
 * `provider-payment` child, a stub here: its own model tests it) and what its outcome leads to.
 */
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
export const madeQr = { outcome: 'made', made: { invoice: qpayInvoice, payment: null } } as const;
export const madeCard = { outcome: 'made', made: { invoice: khanInvoice, payment: null } } as const;
export const refusedPaid = { outcome: 'refused', error: { key: 'creditMedCard.errors.cardAlreadyPaid' }, provider: 'mostmoney', phone: '99112233' } as const;
type Outcome = typeof madeQr | typeof madeCard | typeof refusedPaid;

const paid = (s: CardSummary) => s.card !== null && s.card.status !== 'unpaid';

export const creditMedCardBuyModel = defineModel({
  machine: creditMedCardBuyMachine,
  inputs: [{ label: 'a signed-in policyholder', input: { keySeed: 'seed-card-0123456789', phone: '' } }],
  events: [
    { type: 'buy.retry' },
    doneEvent('loadCard', unpaid),
    doneEvent('loadCard', noCardYet),
    doneEvent('loadCard', unsigned),
    doneEvent('loadCard', active),
    errorEvent('loadCard', serverDown),
    doneEvent('payment', madeQr),
    doneEvent('payment', madeCard),
    doneEvent('payment', refusedPaid),
  ],
  flags: ({ context }) => ({ error: context.error?.key ?? null, provider: context.provider, attempt: Math.min(context.attempt, 2), paid: context.summary ? paid(context.summary) : null }),
  simplePaths: { flags: ({ context }) => ({ error: context.error !== null }) },
  oracle: {
    initial: (input) => ({ keySeed: input.keySeed, attempt: 0, phone: input.phone, summary: null, provider: null, error: null }),
    initialState: () => 'loading',
    effects: {
      'xstate.done.actor.loadCard': (_, event, from) => (from.matches('reloading') ? { summary: event.output, ...(paid(event.output) ? { error: null } : {}) } : { summary: event.output, error: null }),
      'xstate.error.actor.loadCard': (_, event, from) => (from.matches('loading') ? { error: shownMessage(event.error) } : {}),
      'buy.retry': (_, __, from) => (from.matches('loadFailed') ? { error: null } : {}),
      // A refusal is kept with its choice for the next payment step, which gets new keys.
      'xstate.done.actor.payment': (before, event) => {
        const outcome = event.output as Outcome;
        return outcome.outcome === 'refused' ? { error: outcome.error, provider: outcome.provider, phone: outcome.phone, attempt: before.attempt + 1 } : {};
      },
    },
    targets: {
      'xstate.done.actor.loadCard': (_, event, from) => {
        const s = event.output as CardSummary;
        if (from.matches('loading') && !s.contract_signed) return 'notSigned';
        return paid(s) ? 'alreadyPaid' : 'paying';
      },
      'xstate.error.actor.loadCard': (_, __, from) => (from.matches('loading') ? 'loadFailed' : 'paying'),
      'buy.retry': (_, __, from) => (from.matches('loadFailed') ? 'loading' : from.value),
      'xstate.done.actor.payment': (_, event) => ((event.output as Outcome).outcome === 'made' ? 'leaving' : 'reloading'),
    },
    states: {
      loading: (_, state) => state.running.includes('loadCard'),
      reloading: ({ error }, state) => error !== null && state.running.includes('loadCard'),
      loadFailed: ({ error }) => error !== null,
      notSigned: ({ summary }, state) => summary?.contract_signed === false && state.status === 'done',
      alreadyPaid: ({ summary }, state) => summary !== null && paid(summary) && state.status === 'done',
      paying: ({ summary }, state) => summary !== null && !paid(summary) && state.running.includes('payment'),
      leaving: (_, state) => state.status === 'done',
    },
    sent: {
      // The card's fee, MostMoney's phone asked like every payer's, a new key prefix per attempt; a
      // refusal because the card changed ends the step here.
      payment: (context) => ({
        order: { kind: 'creditMedCard' },
        provider: context.provider,
        phone: context.phone,
        keySeed: `${context.keySeed}-card-${context.attempt}`,
        confirm: false,
        stopOn: ['creditMedCard.errors.cardAlreadyPaid', 'creditMedCard.errors.contractNotSigned'],
        error: context.error,
      }),
    },
    emitted: (_, event) => {
      if (event.type !== 'xstate.done.actor.payment' || (event.output as Outcome).outcome !== 'made') return [];
      const made = (event.output as typeof madeQr).made.invoice;
      return [made.provider === 'khan' ? { type: 'flow.navigate', to: made.redirect_url, external: true } : { type: 'flow.navigate', to: `/credit-med/buy/status?invoice=${made.id}` }];
    },
  },
});
