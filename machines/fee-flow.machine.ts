/**
 * The /fee pages (issue 14): pay the fees of a policy found by its insured person's register number
 * and the phone in the contract, confirmed by a code to that phone. One machine owns the flow, on the
 * wizard runner (src/flows/use-wizard.ts), each step a routable state whose address carries what a
 * reload needs (`meta.query`):
 *
 *   /fee                the form (register number + phone)
 *   /fee?access=…       the code (code-verification child), or reading the confirmation again
 *   /fee/payment?access=…  the confirmed policy's due fees and a provider (fee-payment child)
 *   /fee/check?invoice=…   waiting for the provider (payment-status child)
 *   /fee/status?invoice=…  the outcome
 *
 * The page gives the URL's `?access=` and `?invoice=` as input and the machine starts where they lead
 * — an invoice to check, an access to read again (still a code to type, or confirmed: the fees), else
 * the form. A location the machine did not write (a link, back, forward) routes it: /fee starts
 * afresh, /fee?access=… reads that confirmation, /fee/payment?access=… pays again, /fee/check?invoice=…
 * checks that invoice. A card payment leaves for the bank's page (`flow.navigate`, external), which
 * returns to /fee/check?invoice=….
 */
import { assign, emit, fromPromise, setup } from 'xstate';
import { ApiError, errorFields, errorMessage } from '../contract/api-error';
import { routePaths } from '../contract/paths';
import { feeAccessStartSchema, type FeeAccess, type FeeAccessStart } from '../contract/fee.schema';
import type { Invoice } from '../contract/payment.schema';
import { combineRegister, toFieldErrors, type FieldErrors, type Message, type RegisterParts } from '../contract/validation';
import { codeVerificationMachine, type CodeVerificationInput, type CodeVerificationOutput } from './code-verification.machine';
import { feePaymentMachine, type CreatedFeePayment, type FeePaymentInput } from './fee-payment.machine';
import type { FlowNavigate, FlowRoute } from './flow';
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
  | { type: 'fee.restart' }
  /** The browser's location names a step (the runner's URL sync). */
  | FlowRoute;

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

/** A location's parameter, if it has one that is not blank. */
const paramOf = (event: FeeFlowEvent, name: string): string | null => (event.type === 'xstate.route' ? event.params?.[name]?.trim() || null : null);

export const feeFlowMachine = setup({
  types: {
    context: {} as FeeFlowContext,
    events: {} as FeeFlowEvent,
    input: {} as FeeFlowInput,
    children: {} as { codeVerification: 'codeVerification'; feePayment: 'feePayment'; paymentStatus: 'paymentStatus' },
    emitted: {} as FlowNavigate,
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
    /** A location with `?access=`: that confirmation, read again. */
    accessFromRoute: assign(({ event }) => ({ form: EMPTY_FORM, fieldErrors: {}, error: null, access: null, accessId: paramOf(event, 'access'), invoiceId: null, invoice: null })),
    /** A location with `?invoice=`: that invoice, checked. */
    invoiceFromRoute: assign(({ event }) => ({ error: null, invoiceId: paramOf(event, 'invoice'), invoice: null })),
    /** Paying again (back from the check): the previous invoice is no longer followed. */
    forgetInvoice: assign({ error: null, invoiceId: null, invoice: null }),
    /** Sends the browser to the bank's card page, on the API's host; it returns to /fee/check?invoice=…. */
    goToBank: emit((_, { url }: { url: string }): FlowNavigate => ({ type: 'flow.navigate', to: url, external: true })),
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
    /** Back at the fees of the confirmation the flow holds: pay again. */
    isConfirmedAccess: ({ context, event }) => context.access?.confirmed === true && paramOf(event, 'access') === context.accessId,
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
      id: 'feeForm',
      meta: { path: routePaths.fee.pattern },
      route: { actions: 'restart' },
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
      id: 'feeAccess',
      meta: { path: routePaths.fee.pattern, query: ['access'], replace: true },
      route: { actions: 'accessFromRoute' },
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
      meta: { path: routePaths.fee.pattern, query: ['access'] },
      on: { 'fee.retry': { target: 'loadingAccess' } },
    },
    code: {
      // The same page as the form: the code replaces it in the history, as the form's answer.
      meta: { path: routePaths.fee.pattern, query: ['access'], replace: true },
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
      id: 'feePay',
      meta: { path: routePaths.feePayment.pattern, query: ['access'] },
      route: { guard: 'isConfirmedAccess', actions: 'forgetInvoice' },
      invoke: {
        id: 'feePayment',
        src: 'feePayment',
        input: ({ context }): FeePaymentInput => ({ fees: context.access?.fees ?? [], accessId: context.accessId, phone: context.phone, newKey: context.newKey, leaves: false }),
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
    handedOff: {
      meta: { path: routePaths.feePayment.pattern, query: ['access'] },
    },
    check: {
      id: 'feeCheck',
      meta: { path: routePaths.feeCheck.pattern, query: ['invoice'] },
      route: { actions: 'invoiceFromRoute' },
      invoke: {
        id: 'paymentStatus',
        src: 'paymentStatus',
        input: ({ context }): PaymentStatusInput => ({ invoiceId: context.invoiceId, now: context.now }),
        onDone: { target: 'status', actions: { type: 'rememberInvoice', params: ({ event }) => ({ invoice: event.output.invoice }) } },
      },
    },
    status: {
      meta: { path: routePaths.feeStatus.pattern, query: ['invoice'] },
      on: { 'fee.restart': { target: 'form', actions: 'restart' } },
    },
  },
});
