/**
 * Path model of machines/fee-flow.machine.ts: the /fee flow from the form (register number + contract
 * phone), the code step (code-verification child, a stub here), the fees and provider (fee-payment
 * child) to the check (payment-status child) and the outcome; and the starts a reload makes from the
 * URL (`?access=`, `?invoice=`) and the routes a location the machine did not write makes (a link,
 * back, forward: /fee afresh, another confirmation, paying again, another invoice).
 */
import { feeFlowMachine, type FeeFlowInput } from '../../machines/fee-flow.machine.ts';
import { ApiError } from '../../contract/api-error.ts';
import { formErrors } from '../../contract/account.schema.ts';
import { errorKeys } from '../../contract/error.schema.ts';
import { feeAccessStartSchema, type FeeAccess, type FeeItem } from '../../contract/fee.schema.ts';
import type { Invoice } from '../../contract/payment.schema.ts';
import type { StateValue } from 'xstate';
import { combineRegister, type RegisterParts } from '../../contract/validation.ts';
import { hasStatus, shownFields, shownMessage, without } from './oracle-helpers.ts';
import { defineModel, doneEvent, errorEvent, type InputCase } from './path-kit.ts';

export const MODEL_NOW = Date.parse('2030-01-01T00:00:00.000Z');
const now = () => MODEL_NOW;
const newKey = () => 'key-1';

const fee: FeeItem = {
  id: 11,
  policy_id: 5,
  contract_number: 'BR-2024-000500',
  product_name: 'Life insurance',
  due_date: '2029-12-24',
  amount: 50_000,
  status: 'due',
  paid_at: null,
  pending_update: false,
};

export const pendingAccess: FeeAccess = { id: 'access-1', ticket: 't-1', phone: '99****01', resend_in: 60, expires_in: 300, confirmed: false, policy: null, fees: [] };
export const confirmedAccess: FeeAccess = {
  ...pendingAccess,
  confirmed: true,
  policy: { contract_number: 'BR-2024-000500', product_name: 'Life insurance', insurer: 'Б*** Э***' },
  fees: [fee],
};

const invoice = (patch: Partial<Invoice>) => ({ id: 'invoice-1', provider: 'qpay', status: 'pending', redirect_url: null, ...patch }) as Invoice;
export const qrPayment = { payment: { id: 'payment-1' }, invoice: invoice({}) };
export const cardPayment = { payment: { id: 'payment-2' }, invoice: invoice({ id: 'invoice-2', provider: 'khan', redirect_url: '/sandbox/khan/invoice-2/?handoff=x' }) };
export const paidInvoice = invoice({ status: 'paid' });

export const policyNoMatch = new ApiError(422, { key: errorKeys.policyNoMatch });
export const notFound = new ApiError(404, { key: errorKeys.notFound });
export const networkDown = new ApiError(0, { key: errorKeys.network });
export const gone = { outcome: 'gone', error: { key: errorKeys.verificationGone } } as const;

export const VALID_REGISTER: RegisterParts = { first: 'У', second: 'Е', number: '95031218' };

export const inputs: ReadonlyArray<InputCase<FeeFlowInput>> = [
  { label: 'a new visit of /fee', input: { accessId: null, invoiceId: null, phone: '', newKey, now } },
  { label: 'a reload with ?access=', input: { accessId: 'access-1', invoiceId: null, phone: '', newKey, now } },
  { label: 'a reload of /fee/check with ?invoice=', input: { accessId: null, invoiceId: 'invoice-1', phone: '', newKey, now } },
];

type Form = { register: RegisterParts; phone: string };
const bodyOf = (form: Form) => ({ register: combineRegister(form.register), phone: form.phone.trim() });
const problems = (form: Form) => formErrors(feeAccessStartSchema, bodyOf(form));
const isValid = (form: Form) => Object.keys(problems(form)).length === 0;
const EMPTY = { register: { first: '', second: '', number: '' }, phone: '' };
const restarted = { form: EMPTY, fieldErrors: {}, error: null, access: null, accessId: null, invoiceId: null, invoice: null };

type Created = { invoice: Invoice } | null;
const isCard = (created: Created) => created?.invoice.provider === 'khan' && created.invoice.redirect_url !== null;

/** The routes the runner sends for locations: /fee, /fee?access=, /fee/payment?access=, /fee/check?invoice=. */
export const toForm = { type: 'xstate.route', to: '#feeForm', params: {} } as const;
export const toAccess = { type: 'xstate.route', to: '#feeAccess', params: { access: 'access-2' } } as const;
export const toPayment = { type: 'xstate.route', to: '#feePay', params: { access: 'access-1' } } as const;
export const toCheck = { type: 'xstate.route', to: '#feeCheck', params: { invoice: 'invoice-9' } } as const;
type Route = { to: string; params?: Record<string, string> };
/** Paying again is for the confirmed access the flow holds, named by the location. */
const paysAgain = (before: { access: FeeAccess | null; accessId: string | null }, event: Route) => before.access?.confirmed === true && event.params?.access === before.accessId;
const routeEffect = (before: { access: FeeAccess | null; accessId: string | null }, event: Route) => {
  switch (event.to) {
    case '#feeForm':
      return restarted;
    case '#feeAccess':
      return { ...restarted, accessId: event.params?.access ?? null };
    case '#feePay':
      return paysAgain(before, event) ? { error: null, invoiceId: null, invoice: null } : {};
    default:
      return { error: null, invoiceId: event.params?.invoice ?? null, invoice: null };
  }
};
const routeTarget = (before: { access: FeeAccess | null; accessId: string | null }, event: Route, from: { value: StateValue }): StateValue => {
  switch (event.to) {
    case '#feeForm':
      return { form: 'editing' };
    case '#feeAccess':
      return 'loadingAccess';
    case '#feePay':
      return paysAgain(before, event) ? 'payment' : from.value;
    default:
      return 'check';
  }
};

export const feeFlowModel = defineModel({
  machine: feeFlowMachine,
  inputs,
  events: [
    { type: 'fee.changeRegister', value: VALID_REGISTER },
    { type: 'fee.changeRegister', value: { first: 'У', second: '', number: '95031218' } },
    { type: 'fee.changePhone', value: '99001101' },
    { type: 'fee.changePhone', value: '99' },
    { type: 'fee.submit' },
    { type: 'fee.retry' },
    { type: 'fee.restart' },
    toForm,
    toAccess,
    toPayment,
    toCheck,
    doneEvent('startAccess', pendingAccess),
    errorEvent('startAccess', policyNoMatch),
    doneEvent('loadAccess', pendingAccess),
    doneEvent('loadAccess', confirmedAccess),
    errorEvent('loadAccess', notFound),
    errorEvent('loadAccess', networkDown),
    doneEvent('codeVerification', { outcome: 'verified', ticket: 'access-1', access: null }),
    doneEvent('codeVerification', gone),
    doneEvent('feePayment', qrPayment),
    doneEvent('feePayment', cardPayment),
    doneEvent('feePayment', null),
    doneEvent('paymentStatus', { invoice: paidInvoice }),
    doneEvent('paymentStatus', { invoice: null }),
  ],
  // What the guards read: the form's validity, and whether the URL's access and invoice are known.
  flags: ({ context }) => ({
    register: combineRegister(context.form.register) !== '',
    phone: /^\d{8}$/.test(context.form.phone.trim()),
    access: context.accessId !== null,
    confirmed: context.access?.confirmed === true,
    invoice: context.invoiceId !== null,
  }),
  simplePaths: false,
  oracle: {
    initial: (input) => ({
      form: EMPTY,
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
    initialState: (input) => (input.invoiceId ? 'check' : input.accessId ? 'loadingAccess' : { form: 'editing' }),
    effects: {
      'fee.changeRegister': (before, event, from) =>
        from.matches({ form: 'editing' }) ? { form: { ...before.form, register: event.value }, fieldErrors: without(before.fieldErrors, 'register') } : {},
      'fee.changePhone': (before, event, from) =>
        from.matches({ form: 'editing' }) ? { form: { ...before.form, phone: event.value }, fieldErrors: without(before.fieldErrors, 'phone') } : {},
      'fee.submit': (before, _, from) => (from.matches({ form: 'editing' }) ? { fieldErrors: problems(before.form), error: null } : {}),
      'fee.restart': (_, __, from) => (from.matches('code') || from.matches('payment') || from.matches('status') ? restarted : {}),
      'xstate.done.actor.startAccess': (_, event) => ({ access: event.output, accessId: event.output.id, error: null }),
      'xstate.error.actor.startAccess': (_, event) => ({ error: shownMessage(event.error), fieldErrors: shownFields(event.error) }),
      'xstate.done.actor.loadAccess': (_, event) => ({ access: event.output, accessId: event.output.id, error: null }),
      // Unknown or not this user's: the form again, from nothing.
      'xstate.error.actor.loadAccess': (_, event) =>
        hasStatus(event.error, 404) ? { access: null, accessId: null, error: null } : { error: shownMessage(event.error), fieldErrors: shownFields(event.error) },
      'xstate.done.actor.codeVerification': (_, event) => (event.output.outcome === 'verified' ? {} : { access: null, accessId: null, error: event.output.error }),
      'xstate.done.actor.feePayment': (_, event) => (event.output ? { invoiceId: event.output.invoice.id, invoice: event.output.invoice, error: null } : restarted),
      'xstate.done.actor.paymentStatus': (_, event) => (event.output.invoice ? { invoice: event.output.invoice } : {}),
      'xstate.route': (before, event) => routeEffect(before, event as Route),
    },
    targets: {
      'fee.submit': (before, _, from) => (from.matches({ form: 'editing' }) ? (isValid(before.form) ? { form: 'sending' } : { form: 'editing' }) : from.value),
      'fee.retry': (_, __, from) => (from.matches('loadFailed') ? 'loadingAccess' : from.value),
      'fee.restart': (_, __, from) => (from.matches('code') || from.matches('payment') || from.matches('status') ? { form: 'editing' } : from.value),
      'xstate.done.actor.startAccess': () => 'code',
      'xstate.error.actor.startAccess': () => ({ form: 'editing' }),
      'xstate.done.actor.loadAccess': (_, event) => (event.output.confirmed ? 'payment' : 'code'),
      'xstate.error.actor.loadAccess': (_, event) => (hasStatus(event.error, 404) ? { form: 'editing' } : 'loadFailed'),
      'xstate.done.actor.codeVerification': (_, event) => (event.output.outcome === 'verified' ? 'loadingAccess' : { form: 'editing' }),
      'xstate.done.actor.feePayment': (_, event) => (isCard(event.output) ? 'handedOff' : event.output ? 'check' : { form: 'editing' }),
      'xstate.done.actor.paymentStatus': () => 'status',
      'xstate.route': (before, event, from) => routeTarget(before, event as Route, from),
    },
    states: {
      check: (context, state) => context.invoiceId !== null && state.running.includes('paymentStatus'),
      payment: (context, state) => context.access?.confirmed === true && state.running.includes('feePayment'),
      code: (context, state) => context.accessId !== null && state.running.includes('codeVerification'),
    },
    sent: {
      startAccess: (context) => bodyOf(context.form),
      loadAccess: (context) => ({ accessId: context.accessId }),
      codeVerification: (context) => ({ ticket: context.access?.id ?? context.accessId, phone: context.access?.phone ?? '', secondsLeft: context.access?.resend_in ?? 0 }),
      feePayment: (context) => ({ fees: context.access?.fees ?? [], accessId: context.accessId, phone: context.phone, newKey: context.newKey, leaves: false }),
      paymentStatus: (context) => ({ invoiceId: context.invoiceId, now: context.now }),
    },
    // A card payment leaves for the bank's page (outside the app), which returns to /fee/check; nothing else leaves.
    emitted: (_, event) =>
      event.type === 'xstate.done.actor.feePayment' && isCard(event.output as Created)
        ? [{ type: 'flow.navigate', to: (event.output as { invoice: Invoice }).invoice.redirect_url, external: true }]
        : [],
  },
});
