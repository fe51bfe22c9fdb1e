/**
 * Path model of machines/provider-payment.machine.ts, the payment step every payer invokes: a provider
 * (and MostMoney's phone), the fees' order changing under it, the checks before sending, one key per
 * attempt, the made invoice (shown first for a purchase), a failure kept on the choice, and the
 * refusals the parent handles.
 */
import { providerPaymentMachine, type PaymentOrder, type ProviderPaymentInput } from '../../machines/provider-payment.machine.ts';
import { ApiError } from '../../contract/api-error.ts';
import { errorKeys } from '../../contract/error.schema.ts';
import { creditMedCardErrors } from '../../contract/credit-med-card.schema.ts';
import type { Invoice } from '../../contract/payment.schema.ts';
import type { FieldErrors } from '../../contract/validation.ts';
import { shownFields, shownMessage, without } from './oracle-helpers.ts';
import { defineModel, doneEvent, errorEvent, type InputCase } from './path-kit.ts';

export const qrMade = { invoice: { id: 'invoice-1', provider: 'qpay', status: 'pending', redirect_url: null } as Invoice, payment: null };
export const cardMade = { invoice: { id: 'invoice-2', provider: 'khan', status: 'pending', redirect_url: '/sandbox/khan/invoice-2/?handoff=x' } as Invoice, payment: null };

export const networkDown = new ApiError(0, { key: errorKeys.network });
export const applicationClosed = new ApiError(409, { key: errorKeys.applicationClosed });
export const cardAlreadyPaid = new ApiError(409, { key: creditMedCardErrors.cardAlreadyPaid });
export const badPhone = new ApiError(400, { key: errorKeys.invalidRequest }, { phone: { key: 'validation.phone', values: { min: 8 } } });

export const FEES: PaymentOrder = { kind: 'fees', items: [1, 2], accessId: null };
export const NO_FEES: PaymentOrder = { kind: 'fees', items: [], accessId: null };
export const ONE_FEE: PaymentOrder = { kind: 'fees', items: [2], accessId: null };

export const inputs: ReadonlyArray<InputCase<ProviderPaymentInput>> = [
  {
    label: 'the Credit Med card, paid at once',
    input: { order: { kind: 'creditMedCard' }, provider: null, phone: '88094512', keySeed: 'seed-card-0123456789', confirm: false, stopOn: [creditMedCardErrors.cardAlreadyPaid] },
  },
  {
    label: 'a purchase, its invoice shown first, the provider chosen before',
    input: {
      order: { kind: 'application', applicationId: 'app-1', accessKey: 'visitor-key' },
      provider: 'qpay',
      phone: '',
      keySeed: 'seed-buy-0123456789.2',
      confirm: true,
      stopOn: [errorKeys.applicationClosed],
    },
  },
  { label: 'fees, their choice changing after a refusal', input: { order: FEES, provider: null, phone: '', keySeed: 'seed-fees-0123456789', confirm: false, stopOn: [errorKeys.feesUnavailable], error: { key: errorKeys.feesUnavailable } } },
];

type Choice = { order: PaymentOrder; provider: string | null; phone: string };

/** The checks before sending, written again: something to pay, a provider, an 8-digit phone for MostMoney. */
const problems = ({ order, provider, phone }: Choice): FieldErrors => {
  const errors: FieldErrors = {};
  if (order.kind === 'fees' && order.items.length === 0) errors.items = { key: 'validation.feesRequired' };
  if (provider === null) errors.provider = { key: 'validation.paymentProvider' };
  if (provider === 'mostmoney') {
    if (phone.trim() === '') errors.phone = { key: 'validation.fieldRequired', values: { min: 1 } };
    else if (!/^\d+$/.test(phone.trim())) errors.phone = { key: 'validation.onlyNumbers', values: {} };
    else if (phone.trim().length !== 8) errors.phone = { key: 'validation.phone', values: { min: 8 } };
  }
  return errors;
};
const valid = (choice: Choice) => Object.keys(problems(choice)).length === 0;
const stopsOn = (stopOn: readonly string[], error: unknown) => error instanceof ApiError && stopOn.includes(error.body.key);

export const providerPaymentModel = defineModel({
  machine: providerPaymentMachine,
  inputs,
  events: [
    { type: 'payment.choose', provider: 'qpay' },
    { type: 'payment.choose', provider: 'mostmoney' },
    { type: 'payment.changePhone', value: '99' },
    { type: 'payment.changePhone', value: '99112233' },
    { type: 'payment.order', order: NO_FEES },
    { type: 'payment.order', order: ONE_FEE },
    { type: 'payment.submit' },
    { type: 'payment.change' },
    { type: 'payment.continue' },
    doneEvent('createPayment', qrMade),
    doneEvent('createPayment', cardMade),
    errorEvent('createPayment', networkDown),
    errorEvent('createPayment', badPhone),
    errorEvent('createPayment', applicationClosed),
    errorEvent('createPayment', cardAlreadyPaid),
  ],
  // What the guards read: whether the choice passes the checks, and whether an invoice is made.
  flags: ({ context }) => ({
    provider: context.provider,
    phoneValid: /^\d{8}$/.test(context.phone),
    ordered: context.order.kind !== 'fees' || context.order.items.length > 0,
    made: context.made !== null,
  }),
  simplePaths: false,
  oracle: {
    initial: (input) => ({
      order: input.order,
      provider: input.provider,
      phone: input.phone,
      keySeed: input.keySeed,
      attempt: 0,
      confirm: input.confirm,
      stopOn: input.stopOn,
      fieldErrors: {},
      error: input.error ?? null,
      made: null,
    }),
    initialState: () => 'choosing',
    effects: {
      // Any real change of the choice is a new attempt (a new key); the fixed field's error goes.
      'payment.choose': (before, event, from) =>
        from.matches('choosing') && event.provider !== before.provider
          ? { provider: event.provider, attempt: before.attempt + 1, fieldErrors: without(before.fieldErrors, 'provider', 'phone'), error: null }
          : {},
      'payment.changePhone': (before, event, from) =>
        from.matches('choosing') && event.value !== before.phone ? { phone: event.value, attempt: before.attempt + 1, fieldErrors: without(before.fieldErrors, 'phone') } : {},
      'payment.order': (before, event, from) =>
        from.matches('choosing') && JSON.stringify(event.order) !== JSON.stringify(before.order)
          ? { order: event.order, attempt: before.attempt + 1, fieldErrors: without(before.fieldErrors, 'items') }
          : {},
      'payment.submit': (before, _, from) => (from.matches('choosing') ? { fieldErrors: problems(before), error: null } : {}),
      'payment.change': (before, _, from) => (from.matches('ready') ? { made: null, attempt: before.attempt + 1 } : {}),
      'xstate.done.actor.createPayment': (_, event) => ({ made: event.output, error: null, fieldErrors: {} }),
      'xstate.error.actor.createPayment': (_, event) => ({ error: shownMessage(event.error), fieldErrors: shownFields(event.error) }),
    },
    targets: {
      'payment.submit': (before, _, from) => (from.matches('choosing') ? (valid(before) ? 'creating' : 'choosing') : from.value),
      'payment.continue': (_, __, from) => (from.matches('ready') ? 'made' : from.value),
      'payment.change': (_, __, from) => (from.matches('ready') ? 'choosing' : from.value),
      'xstate.done.actor.createPayment': (before) => (before.confirm ? 'ready' : 'made'),
      'xstate.error.actor.createPayment': (before, event) => (stopsOn(before.stopOn, event.error) ? 'refused' : 'choosing'),
    },
    states: {
      creating: (context, state) => state.running.includes('createPayment') && valid(context) && context.made === null,
      ready: (context, state) => context.confirm && context.made !== null && state.status === 'active',
      made: (context, state) => state.status === 'done' && context.made !== null,
      refused: (context, state) => state.status === 'done' && context.made === null && context.error !== null,
    },
    sent: {
      createPayment: (context) => ({
        key: `${context.keySeed}.${context.attempt}`,
        order: context.order,
        provider: context.provider,
        ...(context.provider === 'mostmoney' ? { phone: context.phone } : {}),
      }),
    },
  },
});
