/**
 * Path model of machines/fee-payment.machine.ts: fees given or loaded, choosing fees, and the payment
 * step (the `provider-payment` child, a stub here: its own model tests the provider, the phone, the
 * checks and the keys) with what its outcome leads to (made: done; a fee no longer payable: the list
 * again, then the step again with the message and the choice).
 */
import { feePaymentMachine, type FeePaymentInput } from '../../machines/fee-payment.machine.ts';
import { ApiError } from '../../contract/api-error.ts';
import { errorKeys } from '../../contract/error.schema.ts';
import type { FeeItem, FeePayment } from '../../contract/fee.schema.ts';
import type { Invoice } from '../../contract/payment.schema.ts';
import { shownFields, shownMessage } from './oracle-helpers.ts';
import { defineModel, doneEvent, errorEvent, type InputCase } from './path-kit.ts';

const fee = (id: number, status: FeeItem['status'], amount: number): FeeItem => ({
  id,
  policy_id: 7,
  contract_number: 'LI-2023-000184',
  product_name: 'Life insurance',
  due_date: `2026-0${id}-01`,
  amount,
  status,
  paid_at: status === 'paid' ? '2026-01-01T02:00:00.000Z' : null,
  pending_update: false,
});

export const OVERDUE = fee(1, 'overdue', 120_000);
export const DUE = fee(2, 'due', 120_000);
export const UPCOMING = fee(3, 'upcoming', 120_000);
export const PAID = fee(4, 'paid', 120_000);
export const FEES = [OVERDUE, DUE, UPCOMING, PAID];
/** The list read again after a refusal: the overdue fee was paid meanwhile. */
export const FEES_AFTER = [{ ...OVERDUE, status: 'paid', paid_at: '2026-03-01T02:00:00.000Z' } as FeeItem, DUE, UPCOMING, PAID];

export const KEY = 'key-1';
const newKey = () => KEY;

export const created = {
  payment: { id: 'payment-1', amount: 240_000, status: 'open', items: [OVERDUE, DUE], invoice_id: 'invoice-1', access_id: null } satisfies FeePayment,
  invoice: { id: 'invoice-1', provider: 'qpay', status: 'pending' } as Invoice,
};

export const cardCreated = {
  payment: { ...created.payment, id: 'payment-2', invoice_id: 'invoice-2' },
  invoice: { id: 'invoice-2', provider: 'khan', status: 'pending', redirect_url: '/sandbox/khan/invoice-2/?handoff=x' } as Invoice,
};

export const networkDown = new ApiError(0, { key: errorKeys.network });
export const madeQr = { outcome: 'made', made: created } as const;
export const madeCard = { outcome: 'made', made: cardCreated } as const;
/** A chosen fee was paid meanwhile: the step ends with the refusal and the choice. */
export const refusedUnavailable = { outcome: 'refused', error: { key: errorKeys.feesUnavailable }, provider: 'mostmoney', phone: '99112233' } as const;
type Outcome = typeof madeQr | typeof madeCard | typeof refusedUnavailable;

export const inputs: ReadonlyArray<InputCase<FeePaymentInput>> = [
  { label: 'fees of a confirmed /fee access, given', input: { fees: FEES, accessId: 'access-1', phone: '', newKey, leaves: false } },
  { label: 'my fees, loaded', input: { fees: null, accessId: null, phone: '88094512', newKey, leaves: true } },
];

const payable = (fees: readonly FeeItem[]) => fees.filter((item) => item.status === 'due' || item.status === 'overdue').map((item) => item.id);

export const feePaymentModel = defineModel({
  machine: feePaymentMachine,
  inputs,
  events: [
    { type: 'fees.toggle', id: OVERDUE.id },
    { type: 'fees.toggle', id: DUE.id },
    { type: 'fees.toggle', id: UPCOMING.id },
    { type: 'fees.retry' },
    doneEvent('loadFees', FEES),
    doneEvent('loadFees', FEES_AFTER),
    errorEvent('loadFees', networkDown),
    doneEvent('payment', madeQr),
    doneEvent('payment', madeCard),
    doneEvent('payment', refusedUnavailable),
  ],
  // What the guards read: whether fees are at hand and the payment made; what the step begins with.
  flags: ({ context }) => ({
    selected: context.selected.length > 0,
    fees: context.fees.length > 0,
    made: context.result !== null,
    refused: context.error?.key === errorKeys.feesUnavailable,
  }),
  simplePaths: false,
  oracle: {
    initial: (input) => ({
      fees: input.fees ?? [],
      selected: payable(input.fees ?? []),
      provider: null,
      phone: input.phone,
      accessId: input.accessId,
      fieldErrors: {},
      error: null,
      newKey: input.newKey,
      leaves: input.leaves,
      result: null,
    }),
    initialState: (input) => (input.fees ? 'choosing' : 'loading'),
    effects: {
      // Only a payable fee can be chosen or left out (the payment step is told: see the behaviour tests).
      'fees.toggle': (before, event, from) => {
        if (!from.matches('choosing') || !payable(before.fees).includes(event.id)) return {};
        return { selected: before.selected.includes(event.id) ? before.selected.filter((id) => id !== event.id) : [...before.selected, event.id] };
      },
      'xstate.done.actor.loadFees': (_, event) => ({ fees: event.output, selected: payable(event.output) }),
      'xstate.error.actor.loadFees': (_, event, from) => (from.matches('loading') ? { error: shownMessage(event.error), fieldErrors: shownFields(event.error) } : {}),
      'xstate.done.actor.payment': (_, event) => {
        const outcome = event.output as Outcome;
        return outcome.outcome === 'made' ? { result: outcome.made, error: null } : { error: outcome.error, provider: outcome.provider, phone: outcome.phone };
      },
    },
    targets: {
      'fees.retry': (_, __, from) => (from.matches('loadFailed') ? 'loading' : from.value),
      'xstate.done.actor.loadFees': () => 'choosing',
      'xstate.error.actor.loadFees': (_, __, from) => (from.matches('loading') ? 'loadFailed' : 'choosing'),
      'xstate.done.actor.payment': (_, event) => ((event.output as Outcome).outcome === 'made' ? 'done' : 'reloading'),
    },
    states: {
      choosing: (_, state) => state.running.includes('payment'),
      done: (context, state) => state.status === 'done' && context.result !== null,
      loading: (_, state) => state.running.includes('loadFees'),
      reloading: (context, state) => state.running.includes('loadFees') && context.error !== null,
    },
    sent: {
      // The chosen fees in id order, the choice a refusal kept, a fresh key, and the refusal this page handles.
      payment: (context) => ({
        order: { kind: 'fees', items: [...context.selected].sort((a, b) => a - b), accessId: context.accessId },
        provider: context.provider,
        phone: context.phone,
        keySeed: KEY,
        confirm: false,
        stopOn: ['errors.feesUnavailable'],
        error: context.error,
      }),
      loadFees: (context) => ({ accessId: context.accessId }),
    },
    // On its own the made payment leaves: the bank's page for a card, else the invoice's page of the first fee's policy.
    emitted: (before, event) => {
      if (event.type !== 'xstate.done.actor.payment' || !before?.leaves || (event.output as Outcome).outcome !== 'made') return [];
      const { payment, invoice } = (event.output as typeof madeQr).made;
      return [
        invoice.provider === 'khan' && invoice.redirect_url
          ? { type: 'flow.navigate', to: invoice.redirect_url, external: true }
          : { type: 'flow.navigate', to: `/user/contract/${payment.items[0]?.policy_id}/payment/${invoice.id}` },
      ];
    },
  },
});
