/**
 * Fee payment (issue 14): choose fees and a provider, then one payment of them. Used by
 * /user/contract/{id}/fee (one policy's fees), /user/fee-payment (every due fee of my policies) and the
 * /fee flow's payment step (a confirmed access's fees, given as input).
 *
 * - The fees come from the server (`loadFees`, the page's list) or from the input (`fees`). Every
 *   payable fee (due or overdue) is chosen at first; the user may leave some out.
 * - Submitting checks the choice (at least one fee, a provider, mostmoney's phone) before asking the
 *   server. One idempotency key per attempt: a retry after a lost answer resends the same key (the
 *   server answers the same payment); a change of the choice takes a new key.
 * - A fee that became unpayable meanwhile (`errors.feesUnavailable`, 409) reloads the list with the
 *   message; other refusals keep the choice with the message.
 * - Made: on its own (the user's fee pages, `leaves`), it leaves for the bank's card page (khan) or the
 *   policy's invoice page (QR, mobile money) with `flow.navigate`, which the wizard runner performs;
 *   invoked by the /fee flow, that flow decides. Output: the created payment and its invoice.
 */
import { assertEvent, assign, emit, fromPromise, setup } from 'xstate';
import { ApiError, errorFields, errorMessage } from '../contract/api-error';
import { errorKeys } from '../contract/error.schema';
import { routePaths } from '../contract/paths';
import type { CreateFeePaymentBody, FeeItem, FeePayment } from '../contract/fee.schema';
import type { Invoice, PaymentProvider } from '../contract/payment.schema';
import { messages, phoneSchema, toFieldErrors, type FieldErrors, type Message } from '../contract/validation';
import type { FlowNavigate } from './flow';

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
  provider: PaymentProvider | null;
  phone: string;
  accessId: string | null;
  fieldErrors: FieldErrors;
  error: Message | null;
  /** The key of the attempt under way; null until the first submit and after a change of the choice. */
  key: string | null;
  newKey: () => string;
  leaves: boolean;
  result: CreatedFeePayment | null;
}

export interface CreatedFeePayment {
  payment: FeePayment;
  invoice: Invoice;
}

export interface CreateFeePaymentInput {
  key: string;
  body: CreateFeePaymentBody;
}

export type FeePaymentEvent =
  | { type: 'fees.toggle'; id: number }
  | { type: 'payment.choose'; provider: PaymentProvider }
  | { type: 'payment.changePhone'; value: string }
  | { type: 'payment.submit' }
  | { type: 'fees.retry' };

/** Fees that can be chosen: unpaid and due now (or overdue). */
export const isPayable = (fee: FeeItem) => fee.status === 'due' || fee.status === 'overdue';

export const payableIds = (fees: readonly FeeItem[]) => fees.filter(isPayable).map((fee) => fee.id);

/** The sum of the chosen fees. */
export const selectedTotal = (context: Pick<FeePaymentContext, 'fees' | 'selected'>) =>
  context.fees.filter((fee) => context.selected.includes(fee.id)).reduce((sum, fee) => sum + fee.amount, 0);

/** What is wrong with the choice before the server is asked. */
export const choiceErrors = (context: Pick<FeePaymentContext, 'selected' | 'provider' | 'phone'>): FieldErrors => {
  const errors: FieldErrors = {};
  if (context.selected.length === 0) errors.items = { key: messages.feesRequired };
  if (context.provider === null) errors.provider = { key: messages.paymentProvider };
  if (context.provider === 'mostmoney') {
    const phone = phoneSchema.safeParse(context.phone);
    if (!phone.success) errors.phone = toFieldErrors(phone.error)._ ?? { key: messages.phone };
  }
  return errors;
};

export const bodyOf = (context: Pick<FeePaymentContext, 'selected' | 'provider' | 'phone' | 'accessId'>): CreateFeePaymentBody => ({
  items: [...context.selected].sort((a, b) => a - b),
  provider: context.provider ?? 'khan',
  ...(context.provider === 'mostmoney' ? { phone: context.phone } : {}),
  ...(context.accessId ? { access_id: context.accessId } : {}),
});

/** Where a made payment sends the browser: the bank's card page, or the invoice's page of the (first) policy paid. */
export const leaveFor = ({ payment, invoice }: CreatedFeePayment): FlowNavigate =>
  invoice.provider === 'khan' && invoice.redirect_url
    ? { type: 'flow.navigate', to: invoice.redirect_url, external: true }
    : { type: 'flow.navigate', to: routePaths.contractInvoice.build({ id: payment.items[0]?.policy_id ?? 0, invoiceId: invoice.id }) };

const isUnavailable = (error: unknown) => error instanceof ApiError && error.body.key === errorKeys.feesUnavailable;

export const feePaymentMachine = setup({
  types: {
    context: {} as FeePaymentContext,
    events: {} as FeePaymentEvent,
    input: {} as FeePaymentInput,
    output: {} as CreatedFeePayment | null,
    emitted: {} as FlowNavigate,
  },
  actors: {
    loadFees: fromPromise<FeeItem[], { accessId: string | null }>(async () => {
      throw new Error('loadFees is provided by the app');
    }),
    createPayment: fromPromise<CreatedFeePayment, CreateFeePaymentInput>(async () => {
      throw new Error('createPayment is provided by the app');
    }),
  },
  actions: {
    rememberFees: assign((_, { fees }: { fees: FeeItem[] }) => ({ fees, selected: payableIds(fees), key: null })),
    toggle: assign(({ context, event }) => {
      assertEvent(event, 'fees.toggle');
      const fee = context.fees.find((item) => item.id === event.id);
      if (!fee || !isPayable(fee)) return {};
      const selected = context.selected.includes(event.id) ? context.selected.filter((id) => id !== event.id) : [...context.selected, event.id];
      const { items: _items, ...fieldErrors } = context.fieldErrors;
      return { selected, fieldErrors, key: null };
    }),
    choose: assign(({ context, event }) => {
      assertEvent(event, 'payment.choose');
      const { provider: _provider, phone: _phone, ...fieldErrors } = context.fieldErrors;
      return { provider: event.provider, fieldErrors, key: null };
    }),
    changePhone: assign(({ context, event }) => {
      assertEvent(event, 'payment.changePhone');
      const { phone: _phone, ...fieldErrors } = context.fieldErrors;
      return { phone: event.value, fieldErrors, key: null };
    }),
    validate: assign(({ context }) => ({ fieldErrors: choiceErrors(context), error: null })),
    takeKey: assign(({ context }) => ({ key: context.key ?? context.newKey() })),
    showError: assign((_, { error }: { error: unknown }) => ({ error: errorMessage(error), fieldErrors: errorFields(error) })),
    rememberResult: assign((_, result: CreatedFeePayment) => ({ result, error: null })),
    leave: emit((_, result: CreatedFeePayment) => leaveFor(result)),
  },
  guards: {
    needsLoading: ({ context }) => context.fees.length === 0 && context.result === null,
    isChoiceValid: ({ context }) => Object.keys(choiceErrors(context)).length === 0,
    isUnavailable: (_, { error }: { error: unknown }) => isUnavailable(error),
    leaves: ({ context }) => context.leaves,
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
    key: null,
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
    choosing: {
      on: {
        'fees.toggle': { actions: 'toggle' },
        'payment.choose': { actions: 'choose' },
        'payment.changePhone': { actions: 'changePhone' },
        'payment.submit': [
          { guard: 'isChoiceValid', target: 'creating', actions: ['validate', 'takeKey'] },
          { actions: 'validate' },
        ],
      },
    },
    creating: {
      invoke: {
        id: 'createPayment',
        src: 'createPayment',
        input: ({ context }) => ({ key: context.key ?? '', body: bodyOf(context) }),
        onDone: [
          {
            guard: 'leaves',
            target: 'done',
            actions: [
              { type: 'rememberResult', params: ({ event }) => event.output },
              { type: 'leave', params: ({ event }) => event.output },
            ],
          },
          { target: 'done', actions: { type: 'rememberResult', params: ({ event }) => event.output } },
        ],
        onError: [
          // Paid meanwhile or no longer due: the list is read again, the message stays.
          {
            guard: { type: 'isUnavailable', params: ({ event }) => ({ error: event.error }) },
            target: 'reloading',
            actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) },
          },
          { target: 'choosing', actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) } },
        ],
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
