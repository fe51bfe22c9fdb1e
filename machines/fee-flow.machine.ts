/**
 * The /fee pages (issue 14): pay the fees of a policy found by its insured person's register number
 * and the phone in the contract, confirmed by a code to that phone. One machine owns the flow:
 *
 *   /fee          form (register number + phone) → code (code-verification child)
 *   /fee/payment  the confirmed policy's due fees and a provider (fee-payment child)
 *   /fee/check    waiting for the provider (payment-status child)
 *   /fee/status   the outcome
 *
 * What a reload needs is on the server and in the URL (`?access=` the confirmation, `?invoice=` the
 * payment): the page gives them as input and the machine starts where they lead — an invoice to check,
 * an access to read again (still a code to type, or confirmed: the fees), else the form. The page
 * writes `urlOf(snapshot)` back into the address bar after every step.
 */
import { assign, fromPromise, setup } from 'xstate';
import { ApiError, errorFields, errorMessage } from '../contract/api-error';
import { routePaths } from '../contract/paths';
import { feeAccessStartSchema, type FeeAccess, type FeeAccessStart } from '../contract/fee.schema';
import type { Invoice } from '../contract/payment.schema';
import { combineRegister, toFieldErrors, type FieldErrors, type Message, type RegisterParts } from '../contract/validation';
import { codeVerificationMachine, type CodeVerificationInput, type CodeVerificationOutput } from './code-verification.machine';
import { feePaymentMachine, type CreatedFeePayment, type FeePaymentInput } from './fee-payment.machine';
import { paymentStatusMachine, type PaymentStatusInput } from './payment-status.machine';

export interface FeeFlowInput {
  /** `?access=`: a confirmation begun earlier (a reload). */
  accessId: string | null;
  /** `?invoice=`: a payment made earlier (a reload of /fee/check or /fee/status, the card's return). */
  invoiceId: string | null;
  /** The account's phone, mostmoney's default. */
  phone: string;
  newKey: () => string;
  now: () => number;
}

export interface FeeFlowForm {
  register: RegisterParts;
  phone: string;
}

export interface FeeFlowContext {
  form: FeeFlowForm;
  fieldErrors: FieldErrors;
  error: Message | null;
  access: FeeAccess | null;
  accessId: string | null;
  invoiceId: string | null;
  /** The invoice as the payment-status child last saw it (the outcome page shows it). */
  invoice: Invoice | null;
  phone: string;
  newKey: () => string;
  now: () => number;
}

export type FeeFlowEvent =
  | { type: 'fee.changeRegister'; value: RegisterParts }
  | { type: 'fee.changePhone'; value: string }
  | { type: 'fee.submit' }
  | { type: 'fee.retry' }
  /** Start again with another policy (from the outcome, or "change the details" on the code step). */
  | { type: 'fee.restart' };

export const EMPTY_FORM: FeeFlowForm = { register: { first: '', second: '', number: '' }, phone: '' };

export const startBodyOf = (form: FeeFlowForm): FeeAccessStart => ({ register: combineRegister(form.register), phone: form.phone.trim() });

export const formErrorsOf = (form: FeeFlowForm): FieldErrors => {
  const parsed = feeAccessStartSchema.safeParse(startBodyOf(form));
  return parsed.success ? {} : toFieldErrors(parsed.error);
};

const without = (errors: FieldErrors, field: string): FieldErrors => {
  const { [field]: _removed, ...rest } = errors;
  return rest;
};

const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/** The address of where the flow stands: its step's path with what a reload needs. */
export const urlOf = (state: { value: unknown; context: Pick<FeeFlowContext, 'accessId' | 'invoiceId'> }): string => {
  const { accessId, invoiceId } = state.context;
  const step = typeof state.value === 'string' ? state.value : Object.keys(state.value as object)[0];
  switch (step) {
    case 'status':
      return `${routePaths.feeStatus.pattern}?invoice=${invoiceId ?? ''}`;
    case 'check':
      return `${routePaths.feeCheck.pattern}?invoice=${invoiceId ?? ''}`;
    case 'payment':
    case 'handedOff':
      return `${routePaths.feePayment.pattern}?access=${accessId ?? ''}`;
    case 'code':
    case 'loadingAccess':
    case 'loadFailed':
      return `${routePaths.fee.pattern}?access=${accessId ?? ''}`;
    case 'starting':
      return invoiceId ? `${routePaths.feeCheck.pattern}?invoice=${invoiceId}` : accessId ? `${routePaths.fee.pattern}?access=${accessId}` : routePaths.fee.pattern;
    default:
      return routePaths.fee.pattern;
  }
};

export const feeFlowMachine = setup({
  types: {
    context: {} as FeeFlowContext,
    events: {} as FeeFlowEvent,
    input: {} as FeeFlowInput,
    children: {} as { codeVerification: 'codeVerification'; feePayment: 'feePayment'; paymentStatus: 'paymentStatus' },
  },
  actors: {
    startAccess: fromPromise<FeeAccess, FeeAccessStart>(async () => {
      throw new Error('startAccess is provided by the app');
    }),
    loadAccess: fromPromise<FeeAccess, { accessId: string }>(async () => {
      throw new Error('loadAccess is provided by the app');
    }),
    codeVerification: codeVerificationMachine,
    feePayment: feePaymentMachine,
    paymentStatus: paymentStatusMachine,
  },
  actions: {
    changeRegister: assign(({ context, event }) =>
      event.type === 'fee.changeRegister' ? { form: { ...context.form, register: event.value }, fieldErrors: without(context.fieldErrors, 'register') } : {},
    ),
    changePhone: assign(({ context, event }) =>
      event.type === 'fee.changePhone' ? { form: { ...context.form, phone: event.value }, fieldErrors: without(context.fieldErrors, 'phone') } : {},
    ),
    validate: assign(({ context }) => ({ fieldErrors: formErrorsOf(context.form), error: null })),
    showError: assign((_, { error }: { error: unknown }) => ({ error: errorMessage(error), fieldErrors: errorFields(error) })),
    rememberAccess: assign((_, access: FeeAccess) => ({ access, accessId: access.id, error: null })),
    /** The code step ended without a confirmation (gone, or refused): start over with its message. */
    startOver: assign((_, { error }: { error: Message | null }) => ({ access: null, accessId: null, error })),
    rememberPayment: assign((_, created: CreatedFeePayment | null) =>
      created ? { invoiceId: created.invoice.id, invoice: created.invoice, error: null } : {},
    ),
    rememberInvoice: assign((_, { invoice }: { invoice: Invoice | null }) => (invoice ? { invoice } : {})),
    restart: assign({ form: EMPTY_FORM, fieldErrors: {}, error: null, access: null, accessId: null, invoiceId: null, invoice: null }),
    /** Sends the browser to the bank's card page (provided by the app). */
    goToBank: (_, _params: { url: string }) => {},
  },
  guards: {
    hasInvoice: ({ context }) => context.invoiceId !== null && context.invoiceId !== '',
    hasAccess: ({ context }) => context.accessId !== null && context.accessId !== '',
    isFormValid: ({ context }) => Object.keys(formErrorsOf(context.form)).length === 0,
    isConfirmed: (_, access: FeeAccess) => access.confirmed,
    isVerified: (_, output: CodeVerificationOutput) => output.outcome === 'verified',
    isNotFound: (_, { error }: { error: unknown }) => isNotFound(error),
    isCardPayment: (_, created: CreatedFeePayment | null) => created?.invoice.provider === 'khan' && created.invoice.redirect_url !== null,
    hasPayment: (_, created: CreatedFeePayment | null) => created !== null,
  },
}).createMachine({
  id: 'feeFlow',
  context: ({ input }) => ({
    form: EMPTY_FORM,
    fieldErrors: {},
    error: null,
    access: null,
    accessId: input.accessId,
    invoiceId: input.invoiceId,
    invoice: null,
    phone: input.phone,
    newKey: input.newKey,
    now: input.now,
  }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'hasInvoice', target: 'check' }, { guard: 'hasAccess', target: 'loadingAccess' }, { target: 'form' }],
    },
    form: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'fee.changeRegister': { actions: 'changeRegister' },
            'fee.changePhone': { actions: 'changePhone' },
            'fee.submit': [{ guard: 'isFormValid', target: 'sending', actions: 'validate' }, { actions: 'validate' }],
          },
        },
        sending: {
          invoke: {
            id: 'startAccess',
            src: 'startAccess',
            input: ({ context }) => startBodyOf(context.form),
            onDone: { target: '#feeFlow.code', actions: { type: 'rememberAccess', params: ({ event }) => event.output } },
            onError: { target: 'editing', actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
    /** A reload: where the confirmation stands on the server. */
    loadingAccess: {
      invoke: {
        id: 'loadAccess',
        src: 'loadAccess',
        input: ({ context }) => ({ accessId: context.accessId ?? '' }),
        onDone: [
          {
            guard: { type: 'isConfirmed', params: ({ event }) => event.output },
            target: 'payment',
            actions: { type: 'rememberAccess', params: ({ event }) => event.output },
          },
          { target: 'code', actions: { type: 'rememberAccess', params: ({ event }) => event.output } },
        ],
        onError: [
          // Unknown or another user's: start over.
          {
            guard: { type: 'isNotFound', params: ({ event }) => ({ error: event.error }) },
            target: 'form',
            actions: { type: 'startOver', params: () => ({ error: null }) },
          },
          { target: 'loadFailed', actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    loadFailed: {
      on: { 'fee.retry': { target: 'loadingAccess' } },
    },
    code: {
      invoke: {
        id: 'codeVerification',
        src: 'codeVerification',
        // The access id is the code step's ticket: the app's calls post to /api/fee-access/{id}/….
        input: ({ context }): CodeVerificationInput => ({
          ticket: context.access?.id ?? context.accessId ?? '',
          phone: context.access?.phone ?? '',
          secondsLeft: context.access?.resend_in ?? 0,
        }),
        onDone: [
          { guard: { type: 'isVerified', params: ({ event }) => event.output }, target: 'loadingAccess' },
          {
            target: 'form',
            actions: { type: 'startOver', params: ({ event }) => ({ error: event.output.outcome === 'gone' ? event.output.error : null }) },
          },
        ],
      },
      on: {
        'fee.restart': { target: 'form', actions: 'restart' },
      },
    },
    payment: {
      invoke: {
        id: 'feePayment',
        src: 'feePayment',
        input: ({ context }): FeePaymentInput => ({ fees: context.access?.fees ?? [], accessId: context.accessId, phone: context.phone, newKey: context.newKey }),
        onDone: [
          {
            guard: { type: 'isCardPayment', params: ({ event }) => event.output },
            target: 'handedOff',
            actions: [
              { type: 'rememberPayment', params: ({ event }) => event.output },
              { type: 'goToBank', params: ({ event }) => ({ url: event.output?.invoice.redirect_url ?? '' }) },
            ],
          },
          { guard: { type: 'hasPayment', params: ({ event }) => event.output }, target: 'check', actions: { type: 'rememberPayment', params: ({ event }) => event.output } },
          { target: 'form', actions: 'restart' },
        ],
      },
      on: { 'fee.restart': { target: 'form', actions: 'restart' } },
    },
    /** On the way to the bank's card page; it sends the browser back to /fee/check?invoice=…. */
    handedOff: {},
    check: {
      invoke: {
        id: 'paymentStatus',
        src: 'paymentStatus',
        input: ({ context }): PaymentStatusInput => ({ invoiceId: context.invoiceId, now: context.now }),
        onDone: { target: 'status', actions: { type: 'rememberInvoice', params: ({ event }) => ({ invoice: event.output.invoice }) } },
      },
    },
    status: {
      on: { 'fee.restart': { target: 'form', actions: 'restart' } },
    },
  },
});
