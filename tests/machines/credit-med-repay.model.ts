/**
 * Path model of machines/credit-med-repay.machine.ts: the pre-claim's load (owed, settled, unknown,
 * failing), the two routable steps (what is owed; the payment step, the `provider-payment` child, a
 * stub here: its own model tests it) and what the step's outcome leads to.
 */
import { creditMedRepayMachine, type RepayInput } from '../../machines/credit-med-repay.machine.ts';
import { ApiError } from '../../contract/api-error.ts';
import { errorKeys } from '../../contract/error.schema.ts';
import type { PreClaim } from '../../contract/credit-med-card.schema.ts';
import type { Invoice } from '../../contract/payment.schema.ts';
import { hasStatus, shownMessage } from './oracle-helpers.ts';
import { defineModel, doneEvent, errorEvent, type InputCase } from './path-kit.ts';

const preClaim = (status: PreClaim['status']): PreClaim => ({
  id: 12,
  hospital: { id: 7, name: 'Test Clinic', address: 'Ulaanbaatar' },
  amount: 180_000,
  purpose: 'Dental care',
  status,
  owed: status === 'to_be_paid_by_insured' ? 180_000 : 0,
  rejection_reason: status === 'to_be_paid_by_insured' || status === 'paid' ? 'notCovered' : null,
  created_at: '2030-01-01T00:00:00.000Z',
  updated_at: '2030-01-01T00:00:00.000Z',
});
export const owedPreClaim = preClaim('to_be_paid_by_insured');
export const repaidPreClaim = preClaim('paid');

const invoice = (provider: Invoice['provider']): Invoice =>
  ({
    id: `inv-${provider}`,
    purpose: 'credit_med_repay',
    provider,
    amount: 180_000,
    status: 'pending',
    redirect_url: provider === 'khan' ? '/sandbox/khan/inv-khan/?handoff=t' : null,
  }) as Invoice;
export const qpayInvoice = invoice('qpay');
export const khanInvoice = invoice('khan');

export const notFound = new ApiError(404, { key: errorKeys.notFound });
export const serverDown = new ApiError(500, { key: errorKeys.generic });
export const madeQr = { outcome: 'made', made: { invoice: qpayInvoice, payment: null } } as const;
export const madeCard = { outcome: 'made', made: { invoice: khanInvoice, payment: null } } as const;
/** Repaid meanwhile: the step ends with the refusal and the choice (MostMoney and its phone). */
export const refusedNothingOwed = { outcome: 'refused', error: { key: 'creditMedCard.errors.nothingOwed' }, provider: 'mostmoney', phone: '99112233' } as const;
type Outcome = typeof madeQr | typeof madeCard | typeof refusedNothingOwed;

export const KEY_SEED = 'seed-repay-0123456789';

export const inputs: ReadonlyArray<InputCase<RepayInput>> = [
  { label: 'opened at the pre-claim', input: { preClaimId: 12, atBuy: false, keySeed: KEY_SEED, phone: '' } },
  { label: 'opened at …/buy', input: { preClaimId: 12, atBuy: true, keySeed: KEY_SEED, phone: '88094512' } },
];

const owes = (p: PreClaim | null) => p?.status === 'to_be_paid_by_insured';

export const creditMedRepayModel = defineModel({
  machine: creditMedRepayMachine,
  inputs,
  events: [
    { type: 'repay.start' },
    { type: 'repay.retry' },
    { type: 'step.back' },
    { type: 'xstate.route', to: '#repayOwed' },
    { type: 'xstate.route', to: '#repayChoosing' },
    doneEvent('loadPreClaim', owedPreClaim),
    doneEvent('loadPreClaim', repaidPreClaim),
    errorEvent('loadPreClaim', notFound),
    errorEvent('loadPreClaim', serverDown),
    doneEvent('payment', madeQr),
    doneEvent('payment', madeCard),
    doneEvent('payment', refusedNothingOwed),
  ],
  flags: ({ context }) => ({ owes: owes(context.preClaim), error: context.error?.key ?? null, provider: context.provider, attempt: Math.min(context.attempt, 2) }),
  // Simple paths on a coarser graph: whether something is owed and where it stands.
  simplePaths: { flags: ({ context }) => ({ owes: owes(context.preClaim), error: context.error !== null }) },
  oracle: {
    initial: (input) => ({ preClaimId: input.preClaimId, atBuy: input.atBuy, keySeed: input.keySeed, attempt: 0, phone: input.phone, preClaim: null, provider: null, error: null }),
    initialState: () => 'loading',
    effects: {
      'xstate.done.actor.loadPreClaim': (_, event) => ({ preClaim: event.output, error: null }),
      'xstate.error.actor.loadPreClaim': (_, event) => ({ error: shownMessage(event.error) }),
      'repay.retry': (_, __, from) => (from.matches('loadFailed') ? { error: null } : {}),
      'step.back': (_, __, from) => (from.matches('choosing') ? { error: null } : {}),
      // A refusal is kept with its choice for the next payment step, which gets new keys.
      'xstate.done.actor.payment': (before, event) => {
        const outcome = event.output as Outcome;
        return outcome.outcome === 'refused' ? { error: outcome.error, provider: outcome.provider, phone: outcome.phone, attempt: before.attempt + 1 } : {};
      },
    },
    targets: {
      'xstate.done.actor.loadPreClaim': (before, event) => (owes(event.output) ? (before.atBuy ? 'choosing' : 'owed') : 'settled'),
      'xstate.error.actor.loadPreClaim': (_, event) => (hasStatus(event.error, 404) ? 'notFound' : 'loadFailed'),
      'repay.retry': (_, __, from) => (from.matches('loadFailed') ? 'loading' : from.value),
      'repay.start': (_, __, from) => (from.matches('owed') ? 'choosing' : from.value),
      'step.back': (_, __, from) => (from.matches('choosing') ? 'owed' : from.value),
      // The URL moves between the two steps only while something is owed.
      'xstate.route': (before, event, from) => {
        // From the payment step too, even while its invoice is made: going back drops it (an open invoice is replaced by the next).
        if (!owes(before.preClaim) || from.status === 'done') return from.value;
        return (event as { to: string }).to === '#repayOwed' ? 'owed' : 'choosing';
      },
      'xstate.done.actor.payment': (_, event) => ((event.output as Outcome).outcome === 'made' ? 'leaving' : 'loading'),
    },
    states: {
      loading: (_, state) => state.running.includes('loadPreClaim'),
      loadFailed: ({ error }) => error !== null,
      notFound: ({ error }, state) => error?.key === errorKeys.notFound && state.status === 'done',
      settled: ({ preClaim }, state) => preClaim !== null && !owes(preClaim) && state.status === 'done',
      owed: ({ preClaim }) => owes(preClaim),
      choosing: ({ preClaim }, state) => owes(preClaim) && state.running.includes('payment'),
      leaving: (_, state) => state.status === 'done',
    },
    sent: {
      loadPreClaim: ({ preClaimId }) => ({ id: preClaimId }),
      // What the pre-claim owes, MostMoney's phone asked like every payer's, a new key prefix per attempt;
      // repaid meanwhile ends the step here.
      payment: (context) => ({
        order: { kind: 'creditMedRepay', preClaimId: context.preClaimId },
        provider: context.provider,
        phone: context.phone,
        keySeed: `${context.keySeed}-repay-${context.attempt}`,
        confirm: false,
        stopOn: ['creditMedCard.errors.nothingOwed'],
        error: context.error,
      }),
    },
    // A made invoice leaves: the bank's page (outside the app) for a card, else the invoice's status page.
    emitted: (_, event) => {
      if (event.type !== 'xstate.done.actor.payment' || (event.output as Outcome).outcome !== 'made') return [];
      const made = (event.output as typeof madeQr).made.invoice;
      return [
        made.provider === 'khan'
          ? { type: 'flow.navigate', to: made.redirect_url, external: true }
          : { type: 'flow.navigate', to: `/credit-med/buy/status?invoice=${made.id}` },
      ];
    },
  },
});
