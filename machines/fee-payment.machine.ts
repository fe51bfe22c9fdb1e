/**
 * Fee payment (issue 14): choose fees, then one payment of them. Used by /user/contract/{id}/fee (one
 * policy's fees), /user/fee-payment (every due fee of my policies) and the /fee flow's payment step (a
 * confirmed access's fees, given as input).
 *
 * - The fees come from the server (`loadFees`, the page's list) or from the input (`fees`). Every
 *   payable fee (due or overdue) is chosen at first; the user may leave some out.
 * - The provider, MostMoney's phone, the checks before sending and the invoice are the shared payment
 *   step (`provider-payment` child, id `payment`); the chosen fees are its order, sent to it on every
 *   change (`payment.order`). Its keys start with a fresh `newKey()` each time the step begins.
 * - A fee that became unpayable meanwhile (`errors.feesUnavailable`, 409) ends the step: the list is
 *   read again and the step begins again with the message and the same provider and phone.
 * - Made: on its own (the user's fee pages, `leaves`), it leaves for the bank's card page (khan) or the
 *   policy's invoice page (QR, mobile money) with `flow.navigate`, which the wizard runner performs;
 *   invoked by the /fee flow, that flow decides. Output: the created payment and its invoice.
 */
import { assertEvent, assign, emit, fromPromise, sendTo, setup } from 'xstate';
import { errorFields, errorMessage } from '../contract/api-error';
import { errorKeys } from '../contract/error.schema';
import { routePaths } from '../contract/paths';
import type { FeeItem, FeePayment } from '../contract/fee.schema';
import type { Invoice, PaymentProvider } from '../contract/payment.schema';
import type { FieldErrors, Message } from '../contract/validation';
import type { FlowNavigate } from './flow';
import { madeOf, providerPaymentMachine, type PaymentOrder, type ProviderPaymentInput, type ProviderPaymentOutput } from './provider-payment.machine';

export interface FeePaymentInput {
  /** The fees to choose from; null to load them (`loadFees`). */
  fees: FeeItem[] | null;
  /** A confirmed /fee access the fees belong to (null: the user's own policies). */
  accessId: string | null;
  /** mostmoney's phone before the user types one (the account's). */
  phone: string;
  /** A fresh idempotency key (crypto.randomUUID in the app, a counter in tests). */
  newKey: () => string;
  /** Whether the made payment leaves for the provider itself (`flow.navigate`): false when a parent flow decides. */
  leaves: boolean;
}

export interface FeePaymentContext {
  fees: FeeItem[];
  selected: number[];
  /** The provider and phone of a refused attempt, chosen again when the step begins again. */
  provider: PaymentProvider | null;
  phone: string;
  accessId: string | null;
  fieldErrors: FieldErrors;
  /** Why the list could not be read, or why the last payment was refused. */
  error: Message | null;
  newKey: () => string;
  leaves: boolean;
  result: CreatedFeePayment | null;
}

export interface CreatedFeePayment {
  payment: FeePayment;
  invoice: Invoice;
}

export type FeePaymentEvent = { type: 'fees.toggle'; id: number } | { type: 'fees.retry' };

/** Fees that can be chosen: unpaid and due now (or overdue). */
export const isPayable = (fee: FeeItem) => fee.status === 'due' || fee.status === 'overdue';

export const payableIds = (fees: readonly FeeItem[]) => fees.filter(isPayable).map((fee) => fee.id);

/** The sum of the chosen fees. */
export const selectedTotal = (context: Pick<FeePaymentContext, 'fees' | 'selected'>) =>
  context.fees.filter((fee) => context.selected.includes(fee.id)).reduce((sum, fee) => sum + fee.amount, 0);

/** The payment step's order: the chosen fees in id order, and the /fee access they belong to. */
export const orderOf = (context: Pick<FeePaymentContext, 'selected' | 'accessId'>): PaymentOrder => ({
  kind: 'fees',
  items: [...context.selected].sort((a, b) => a - b),
  accessId: context.accessId,
});

/** The payment step's input: the order, the provider and phone (kept after a refusal), fresh keys. */
export const paymentInput = (context: FeePaymentContext): ProviderPaymentInput => ({
  order: orderOf(context),
  provider: context.provider,
  phone: context.phone,
  keySeed: context.newKey(),
  confirm: false,
  stopOn: [errorKeys.feesUnavailable],
  error: context.error,
});

/** Where a made payment sends the browser: the bank's card page, or the invoice's page of the (first) policy paid. */
export const leaveFor = ({ payment, invoice }: CreatedFeePayment): FlowNavigate =>
  invoice.provider === 'khan' && invoice.redirect_url
    ? { type: 'flow.navigate', to: invoice.redirect_url, external: true }
    : { type: 'flow.navigate', to: routePaths.contractInvoice.build({ id: payment.items[0]?.policy_id ?? 0, invoiceId: invoice.id }) };

export const feePaymentMachine = setup({
  types: {
    context: {} as FeePaymentContext,
    events: {} as FeePaymentEvent,
    input: {} as FeePaymentInput,
    output: {} as CreatedFeePayment | null,
    emitted: {} as FlowNavigate,
    children: {} as { payment: 'providerPayment' },
  },
  actors: {
    loadFees: fromPromise<FeeItem[], { accessId: string | null }>(async () => {
      throw new Error('loadFees is provided by the app');
    }),
    providerPayment: providerPaymentMachine,
  },
  actions: {
    rememberFees: assign((_, { fees }: { fees: FeeItem[] }) => ({ fees, selected: payableIds(fees) })),
    toggle: assign(({ context, event }) => {
      assertEvent(event, 'fees.toggle');
      const fee = context.fees.find((item) => item.id === event.id);
      if (!fee || !isPayable(fee)) return {};
      const selected = context.selected.includes(event.id) ? context.selected.filter((id) => id !== event.id) : [...context.selected, event.id];
      return { selected };
    }),
    /** The payment step pays what is chosen now. */
    sendOrder: sendTo('payment', ({ context }) => ({ type: 'payment.order' as const, order: orderOf(context) })),
    showError: assign((_, { error }: { error: unknown }) => ({ error: errorMessage(error), fieldErrors: errorFields(error) })),
    rememberRefusal: assign((_, output: ProviderPaymentOutput) =>
      output.outcome === 'refused' ? { error: output.error, provider: output.provider, phone: output.phone } : {},
    ),
    rememberResult: assign((_, result: CreatedFeePayment) => ({ result, error: null })),
    leave: emit((_, result: CreatedFeePayment) => leaveFor(result)),
  },
  guards: {
    needsLoading: ({ context }) => context.fees.length === 0 && context.result === null,
    made: (_, output: ProviderPaymentOutput) => output.outcome === 'made',
    /** On its own (the user's fee pages) a made payment leaves; the /fee flow decides for itself. */
    madeAndLeaves: ({ context }, output: ProviderPaymentOutput) => context.leaves && output.outcome === 'made',
  },
}).createMachine({
  id: 'feePayment',
  context: ({ input }) => ({
    fees: input.fees ?? [],
    selected: payableIds(input.fees ?? []),
    provider: null,
    phone: input.phone,
    accessId: input.accessId,
    fieldErrors: {},
    error: null,
    newKey: input.newKey,
    leaves: input.leaves,
    result: null,
  }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'needsLoading', target: 'loading' }, { target: 'choosing' }],
    },
    loading: {
      invoke: {
        id: 'loadFees',
        src: 'loadFees',
        input: ({ context }) => ({ accessId: context.accessId }),
        onDone: { target: 'choosing', actions: { type: 'rememberFees', params: ({ event }) => ({ fees: event.output }) } },
        onError: { target: 'loadFailed', actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loadFailed: {
      on: { 'fees.retry': { target: 'loading' } },
    },
    /** The fees to pay, and the payment step (provider, phone, invoice) for them. */
    choosing: {
      invoke: {
        id: 'payment',
        src: 'providerPayment',
        input: ({ context }) => paymentInput(context),
        onDone: [
          {
            guard: { type: 'madeAndLeaves', params: ({ event }) => event.output },
            target: 'done',
            actions: [
              { type: 'rememberResult', params: ({ event }) => madeOf(event.output) as CreatedFeePayment },
              { type: 'leave', params: ({ event }) => madeOf(event.output) as CreatedFeePayment },
            ],
          },
          {
            guard: { type: 'made', params: ({ event }) => event.output },
            target: 'done',
            actions: { type: 'rememberResult', params: ({ event }) => madeOf(event.output) as CreatedFeePayment },
          },
          // Paid meanwhile or no longer due: the list is read again, the message stays.
          { target: 'reloading', actions: { type: 'rememberRefusal', params: ({ event }) => event.output } },
        ],
      },
      on: {
        'fees.toggle': { actions: ['toggle', 'sendOrder'] },
      },
    },
    /** After a refusal: the same list read again, keeping the message. */
    reloading: {
      invoke: {
        id: 'loadFees',
        src: 'loadFees',
        input: ({ context }) => ({ accessId: context.accessId }),
        onDone: { target: 'choosing', actions: { type: 'rememberFees', params: ({ event }) => ({ fees: event.output }) } },
        onError: { target: 'choosing' },
      },
    },
    done: { type: 'final' },
  },
  output: ({ context }) => context.result,
});
