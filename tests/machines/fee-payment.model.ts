/**
 * Path model of machines/fee-payment.machine.ts: fees given or loaded, choosing fees and a provider
 * (and mostmoney's phone), the checks before sending, one key per attempt, and the server's answers
 * (created, a fee no longer payable: the list again, a failure).
 */
import { feePaymentMachine, type FeePaymentInput } from '../../machines/fee-payment.machine.ts';
import { ApiError } from '../../contract/api-error.ts';
import { errorKeys } from '../../contract/error.schema.ts';
import type { FeeItem, FeePayment } from '../../contract/fee.schema.ts';
import type { Invoice } from '../../contract/payment.schema.ts';
import type { FieldErrors } from '../../contract/validation.ts';
import { shownFields, shownMessage, without } from './oracle-helpers.ts';
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

export const feesUnavailable = new ApiError(409, { key: errorKeys.feesUnavailable });
export const networkDown = new ApiError(0, { key: errorKeys.network });

export const inputs: ReadonlyArray<InputCase<FeePaymentInput>> = [
  { label: 'fees of a confirmed /fee access, given', input: { fees: FEES, accessId: 'access-1', phone: '', newKey, leaves: false } },
  { label: 'my fees, loaded', input: { fees: null, accessId: null, phone: '88094512', newKey, leaves: true } },
];

type Choice = { selected: number[]; provider: string | null; phone: string };

/** The checks before sending, written again: a fee, a provider, an 8-digit phone for mostmoney. */
const problems = ({ selected, provider, phone }: Choice): FieldErrors => {
  const errors: FieldErrors = {};
  if (selected.length === 0) errors.items = { key: 'validation.feesRequired' };
  if (provider === null) errors.provider = { key: 'validation.paymentProvider' };
  if (provider === 'mostmoney') {
    if (phone.trim() === '') errors.phone = { key: 'validation.fieldRequired', values: { min: 1 } };
    else if (!/^\d+$/.test(phone.trim())) errors.phone = { key: 'validation.onlyNumbers', values: {} };
    else if (phone.trim().length !== 8) errors.phone = { key: 'validation.phone', values: { min: 8 } };
  }
  return errors;
};
const valid = (choice: Choice) => Object.keys(problems(choice)).length === 0;
const payable = (fees: readonly FeeItem[]) => fees.filter((item) => item.status === 'due' || item.status === 'overdue').map((item) => item.id);

export const feePaymentModel = defineModel({
  machine: feePaymentMachine,
  inputs,
  events: [
    { type: 'fees.toggle', id: OVERDUE.id },
    { type: 'fees.toggle', id: DUE.id },
    { type: 'fees.toggle', id: UPCOMING.id },
    { type: 'payment.choose', provider: 'qpay' },
    { type: 'payment.choose', provider: 'mostmoney' },
    { type: 'payment.changePhone', value: '99' },
    { type: 'payment.changePhone', value: '99112233' },
    { type: 'payment.submit' },
    { type: 'fees.retry' },
    doneEvent('loadFees', FEES),
    doneEvent('loadFees', FEES_AFTER),
    errorEvent('loadFees', networkDown),
    doneEvent('createPayment', created),
    doneEvent('createPayment', cardCreated),
    errorEvent('createPayment', feesUnavailable),
    errorEvent('createPayment', networkDown),
  ],
  // What the guards read: whether the choice passes the checks (a fee, a provider, mostmoney's phone),
  // whether fees are at hand, and whether the attempt has its key.
  flags: ({ context }) => ({
    selected: context.selected.length > 0,
    provider: context.provider,
    phoneValid: /^\d{8}$/.test(context.phone),
    hasKey: context.key !== null,
    fees: context.fees.length > 0,
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
      key: null,
      newKey: input.newKey,
      leaves: input.leaves,
      result: null,
    }),
    initialState: (input) => (input.fees ? 'choosing' : 'loading'),
    effects: {
      // Only a payable fee can be chosen or left out; any change of the choice needs a new key.
      'fees.toggle': (before, event, from) => {
        if (!from.matches('choosing') || !payable(before.fees).includes(event.id)) return {};
        const selected = before.selected.includes(event.id) ? before.selected.filter((id) => id !== event.id) : [...before.selected, event.id];
        return { selected, fieldErrors: without(before.fieldErrors, 'items'), key: null };
      },
      'payment.choose': (before, event, from) =>
        from.matches('choosing') ? { provider: event.provider, fieldErrors: without(before.fieldErrors, 'provider', 'phone'), key: null } : {},
      'payment.changePhone': (before, event, from) =>
        from.matches('choosing') ? { phone: event.value, fieldErrors: without(before.fieldErrors, 'phone'), key: null } : {},
      'payment.submit': (before, _, from) => {
        if (!from.matches('choosing')) return {};
        return { fieldErrors: problems(before), error: null, ...(valid(before) ? { key: before.key ?? KEY } : {}) };
      },
      'xstate.done.actor.loadFees': (_, event) => ({ fees: event.output, selected: payable(event.output), key: null }),
      'xstate.error.actor.loadFees': (_, event, from) => (from.matches('loading') ? { error: shownMessage(event.error), fieldErrors: shownFields(event.error) } : {}),
      'xstate.done.actor.createPayment': (_, event) => ({ result: event.output, error: null }),
      'xstate.error.actor.createPayment': (_, event) => ({ error: shownMessage(event.error), fieldErrors: shownFields(event.error) }),
    },
    targets: {
      'payment.submit': (before, _, from) => (from.matches('choosing') ? (valid(before) ? 'creating' : 'choosing') : from.value),
      'fees.retry': (_, __, from) => (from.matches('loadFailed') ? 'loading' : from.value),
      'xstate.done.actor.loadFees': () => 'choosing',
      'xstate.error.actor.loadFees': (_, __, from) => (from.matches('loading') ? 'loadFailed' : 'choosing'),
      'xstate.done.actor.createPayment': () => 'done',
      'xstate.error.actor.createPayment': (_, event) => (event.error instanceof ApiError && event.error.body.key === errorKeys.feesUnavailable ? 'reloading' : 'choosing'),
    },
    states: {
      creating: (context, state) => state.running.includes('createPayment') && context.key !== null && valid(context),
      done: (context, state) => state.status === 'done' && context.result !== null,
      loading: (_, state) => state.running.includes('loadFees'),
      reloading: (context, state) => state.running.includes('loadFees') && context.error !== null,
    },
    sent: {
      createPayment: (context) => ({
        key: context.key,
        body: {
          items: [...context.selected].sort((a, b) => a - b),
          provider: context.provider,
          ...(context.provider === 'mostmoney' ? { phone: context.phone } : {}),
          ...(context.accessId ? { access_id: context.accessId } : {}),
        },
      }),
      loadFees: (context) => ({ accessId: context.accessId }),
    },
    // On its own the made payment leaves: the bank's page for a card, else the invoice's page of the first fee's policy.
    emitted: (before, event) => {
      if (event.type !== 'xstate.done.actor.createPayment' || !before?.leaves) return [];
      const { payment, invoice } = event.output as typeof created;
      return [
        invoice.provider === 'khan' && invoice.redirect_url
          ? { type: 'flow.navigate', to: invoice.redirect_url, external: true }
          : { type: 'flow.navigate', to: `/user/contract/${payment.items[0]?.policy_id}/payment/${invoice.id}` },
      ];
    },
  },
});
