/**
 * One payment step for every payer (issue 22): choose a provider — MostMoney also asks the payer's
 * phone — make the invoice, then tell the parent. Invoked as a child (id `payment`) by the purchase
 * (`buy-insurance`), the fee payment (`fee-payment`), the Credit Med card (`credit-med-card-buy`) and
 * a Credit Med repayment (`credit-med-repay`); the page renders its view (provider-payment.connect.ts)
 * with `src/shared/payment/provider-choice.tsx` and sends the `payment.*` events to it.
 *
 * - What is paid for (`order`) comes from the parent and goes unchanged to `createPayment`, which the
 *   app provides (one API call per kind). The fees' order changes while the step is open
 *   (`payment.order`, the fee list's toggles).
 * - Submitting checks the choice (a provider, MostMoney's phone, an order with something in it) before
 *   the server is asked. Idempotency keys are `<keySeed>.<attempt>`: a retry after a failure resends the
 *   same key (the server answers the same invoice, or refuses again); a change of provider, phone or
 *   order is a new attempt with a new key.
 * - A refusal is shown with the choice kept, unless its key is one the parent handles (`stopOn`: the
 *   application was paid meanwhile, the fees changed, nothing is owed): then the child ends with the
 *   refusal and the choice, and the parent reloads what changed.
 * - Made: with `confirm` (the purchase) the invoice is shown first (`ready`: continue to the provider,
 *   or change the choice); otherwise the child ends at once. Its output is the made payment; the parent
 *   leaves for the bank's card page (`redirect_url`) or its QR / phone page with `flow.navigate`.
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { ApiError, errorFields, errorMessage } from '../contract/api-error';
import { errorKeys } from '../contract/error.schema';
import type { FeePayment } from '../contract/fee.schema';
import type { Invoice, PaymentProvider } from '../contract/payment.schema';
import { messages, phoneSchema, toFieldErrors, type FieldErrors, type Message } from '../contract/validation';

/** What is being paid for: the parent's part of the request. */
export type PaymentOrder =
  | { kind: 'application'; applicationId: string; accessKey: string | null }
  | { kind: 'fees'; items: number[]; accessId: string | null }
  | { kind: 'creditMedCard' }
  | { kind: 'creditMedRepay'; preClaimId: number };

export interface ProviderPaymentInput {
  order: PaymentOrder;
  /** A provider chosen before (a reload, "try again" with the same one); null to let the payer choose. */
  provider: PaymentProvider | null;
  /** MostMoney's phone before the payer types one (the insured's, the account's). */
  phone: string;
  /** The attempt keys' prefix (unique per payment step; at most 120 characters of [A-Za-z0-9_.:-]). */
  keySeed: string;
  /** Show the made invoice before leaving (the purchase) instead of ending at once. */
  confirm: boolean;
  /** Refusals (error keys) that end the step for the parent to handle. */
  stopOn: readonly string[];
  /** A refusal the parent handled before this step began again (shown until the next choice). */
  error?: Message | null;
}

/** What `createPayment` answers: the invoice, and the fee payment it pays when the order is fees. */
export interface PaymentMade {
  invoice: Invoice;
  payment: FeePayment | null;
}

export interface CreatePaymentInput {
  key: string;
  order: PaymentOrder;
  provider: PaymentProvider;
  /** MostMoney only. */
  phone?: string;
}

export type ProviderPaymentOutput =
  | { outcome: 'made'; made: PaymentMade }
  | { outcome: 'refused'; error: Message; provider: PaymentProvider | null; phone: string };

export interface ProviderPaymentContext {
  order: PaymentOrder;
  provider: PaymentProvider | null;
  phone: string;
  keySeed: string;
  attempt: number;
  confirm: boolean;
  stopOn: readonly string[];
  fieldErrors: FieldErrors;
  error: Message | null;
  made: PaymentMade | null;
}

export type ProviderPaymentEvent =
  | { type: 'payment.choose'; provider: PaymentProvider }
  | { type: 'payment.changePhone'; value: string }
  | { type: 'payment.order'; order: PaymentOrder }
  | { type: 'payment.submit' }
  | { type: 'payment.change' }
  | { type: 'payment.continue' };

/** The made payment of the step's output; null when it ended with a refusal. */
export const madeOf = (output: ProviderPaymentOutput): PaymentMade | null => (output.outcome === 'made' ? output.made : null);

/** The idempotency key of the attempt under way. */
export const attemptKey = (context: Pick<ProviderPaymentContext, 'keySeed' | 'attempt'>) => `${context.keySeed}.${context.attempt}`;

/** What is wrong with the choice before the server is asked (the messages the server would give). */
export const choiceErrors = (context: Pick<ProviderPaymentContext, 'order' | 'provider' | 'phone'>): FieldErrors => {
  const errors: FieldErrors = {};
  if (context.order.kind === 'fees' && context.order.items.length === 0) errors.items = { key: messages.feesRequired };
  if (context.provider === null) errors.provider = { key: messages.paymentProvider };
  if (context.provider === 'mostmoney') {
    const phone = phoneSchema.safeParse(context.phone);
    if (!phone.success) errors.phone = toFieldErrors(phone.error)._ ?? { key: messages.phone };
  }
  return errors;
};

const sameOrder = (a: PaymentOrder, b: PaymentOrder) => JSON.stringify(a) === JSON.stringify(b);

const without = (errors: FieldErrors, ...fields: string[]) => Object.fromEntries(Object.entries(errors).filter(([field]) => !fields.includes(field)));

const stops = (context: ProviderPaymentContext, error: unknown) => error instanceof ApiError && context.stopOn.includes(error.body.key);

export const providerPaymentMachine = setup({
  types: {
    context: {} as ProviderPaymentContext,
    events: {} as ProviderPaymentEvent,
    input: {} as ProviderPaymentInput,
    output: {} as ProviderPaymentOutput,
  },
  actors: {
    createPayment: fromPromise<PaymentMade, CreatePaymentInput>(async () => {
      throw new Error('createPayment is provided by the app');
    }),
  },
  actions: {
    choose: assign(({ context, event }) => {
      assertEvent(event, 'payment.choose');
      if (event.provider === context.provider) return {};
      return { provider: event.provider, attempt: context.attempt + 1, fieldErrors: without(context.fieldErrors, 'provider', 'phone'), error: null };
    }),
    changePhone: assign(({ context, event }) => {
      assertEvent(event, 'payment.changePhone');
      if (event.value === context.phone) return {};
      return { phone: event.value, attempt: context.attempt + 1, fieldErrors: without(context.fieldErrors, 'phone') };
    }),
    changeOrder: assign(({ context, event }) => {
      assertEvent(event, 'payment.order');
      if (sameOrder(event.order, context.order)) return {};
      return { order: event.order, attempt: context.attempt + 1, fieldErrors: without(context.fieldErrors, 'items') };
    }),
    validate: assign(({ context }) => ({ fieldErrors: choiceErrors(context), error: null })),
    showError: assign((_, { error }: { error: unknown }) => ({ error: errorMessage(error), fieldErrors: errorFields(error) })),
    rememberMade: assign((_, { made }: { made: PaymentMade }) => ({ made, error: null, fieldErrors: {} })),
    /** Another try after seeing the invoice: a new attempt, the invoice forgotten. */
    newAttempt: assign(({ context }) => ({ made: null, attempt: context.attempt + 1 })),
  },
  guards: {
    isChoiceValid: ({ context }) => Object.keys(choiceErrors(context)).length === 0,
    confirms: ({ context }) => context.confirm,
    stops: ({ context }, { error }: { error: unknown }) => stops(context, error),
  },
}).createMachine({
  id: 'providerPayment',
  context: ({ input }) => ({
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
  initial: 'choosing',
  states: {
    choosing: {
      on: {
        'payment.choose': { actions: 'choose' },
        'payment.changePhone': { actions: 'changePhone' },
        'payment.order': { actions: 'changeOrder' },
        'payment.submit': [{ guard: 'isChoiceValid', target: 'creating', actions: 'validate' }, { actions: 'validate' }],
      },
    },
    // The choice is read-only while the invoice is made: a second press does nothing.
    creating: {
      invoke: {
        id: 'createPayment',
        src: 'createPayment',
        input: ({ context }) => ({
          key: attemptKey(context),
          order: context.order,
          provider: context.provider ?? 'khan',
          ...(context.provider === 'mostmoney' ? { phone: context.phone } : {}),
        }),
        onDone: [
          { guard: 'confirms', target: 'ready', actions: { type: 'rememberMade', params: ({ event }) => ({ made: event.output }) } },
          { target: 'made', actions: { type: 'rememberMade', params: ({ event }) => ({ made: event.output }) } },
        ],
        onError: [
          {
            guard: { type: 'stops', params: ({ event }) => ({ error: event.error }) },
            target: 'refused',
            actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) },
          },
          { target: 'choosing', actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    /** The invoice is shown (the purchase): go to the provider, or choose again. */
    ready: {
      on: {
        'payment.continue': { target: 'made' },
        'payment.change': { target: 'choosing', actions: 'newAttempt' },
      },
    },
    /** The invoice is made: the parent leaves for the provider. */
    made: { type: 'final' },
    /** A refusal the parent handles (`stopOn`). */
    refused: { type: 'final' },
  },
  output: ({ context }): ProviderPaymentOutput =>
    context.made
      ? { outcome: 'made', made: context.made }
      : { outcome: 'refused', error: context.error ?? { key: errorKeys.generic }, provider: context.provider, phone: context.phone },
});
