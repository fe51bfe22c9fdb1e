/**
 * Path model of machines/payment-status.machine.ts: the server's answers (pending, paid, failed,
 * expired, refund due), a missing invoice, failures, the poll and clock timers, and the user's "check" events.
 */
import { paymentStatusMachine, type PaymentStatusInput } from '../../machines/payment-status.machine.ts';
import { ApiError } from '../../contract/api-error.ts';
import { errorKeys } from '../../contract/error.schema.ts';
import type { Invoice } from '../../contract/payment.schema.ts';
import { hasStatus, shownMessage } from './oracle-helpers.ts';
import { afterEvent, defineModel, doneEvent, errorEvent, type InputCase } from './path-kit.ts';

const INVOICE_ID = 'invoice-1';
const APPLICATION_ID = 'application-1';
/** The model's fixed clock: a quarter of an hour before the sample invoices expire. */
export const MODEL_NOW = Date.parse('2030-01-01T00:00:00.000Z');

export const VISITOR_KEY = 'k7N-visitor-key';

/**
 * The server's answer, cut to what the machine reads (status, expiry, application, policy number)
 * so that `npm run paths` stays readable; the page renders the full `Invoice` it gets.
 */
const invoice = (patch: Partial<Invoice>): Invoice =>
  ({
    id: INVOICE_ID,
    application_id: APPLICATION_ID,
    status: 'pending',
    // Half a second past the quarter hour, so that the countdown's rounding shows (901 s at MODEL_NOW).
    expires_at: '2030-01-01T00:15:00.500Z',
    policy_number: null,
    ...patch,
  }) as Invoice;

export const pendingInvoice = invoice({});
export const paidInvoice = invoice({ status: 'paid', policy_number: 'LI-2030-000001' });
export const failedInvoice = invoice({ status: 'failed', failure_reason: 'declined' });
export const expiredInvoice = invoice({ status: 'expired' });
/** Paid, but what it paid for had been paid another way: the money goes back. */
export const refundDueInvoice = invoice({ status: 'refund_due', refund_due: true });

export const notFound = new ApiError(404, { key: errorKeys.notFound });
export const serverDown = new ApiError(500, { key: errorKeys.generic });
export const networkDown = new ApiError(0, { key: errorKeys.network });

export const inputs: ReadonlyArray<InputCase<PaymentStatusInput>> = [
  { label: 'QR invoice of a visitor', input: { invoiceId: INVOICE_ID, provider: 'qpay', applicationKey: VISITOR_KEY, now: () => MODEL_NOW } },
  { label: 'no invoice in the URL', input: { invoiceId: null, now: () => MODEL_NOW } },
  { label: 'an empty invoice in the URL', input: { invoiceId: '', now: () => MODEL_NOW } },
];

const WAITING = 'paymentStatus.pending.poll.waiting';
const TICKING = 'paymentStatus.pending.clock.ticking';
const POLL = `xstate.after.pollDelay.${WAITING}` as const;
const TICK = `xstate.after.tick.${TICKING}` as const;

/** Polls in a round before the page says "still pending". */
const POLLS = 8;
/** Whole seconds from `now` until the ISO time `at`, rounded up, never negative. */
const secondsTo = (at: string, now: number) => Math.max(0, Math.ceil((Date.parse(at) - now) / 1000));
/** Where a pending answer or a failed poll leads: the next wait, or "still pending" once the round is spent. */
const afterPoll = (attempts: number) => ({ pending: { poll: attempts < POLLS ? 'waiting' : 'stillPending', clock: 'ticking' } });

export const paymentStatusModel = defineModel({
  machine: paymentStatusMachine,
  inputs,
  events: [
    { type: 'payment.check' },
    { type: 'payment.retry' },
    doneEvent('checkInvoice', pendingInvoice),
    doneEvent('checkInvoice', paidInvoice),
    doneEvent('checkInvoice', failedInvoice),
    doneEvent('checkInvoice', expiredInvoice),
    doneEvent('checkInvoice', refundDueInvoice),
    errorEvent('checkInvoice', notFound),
    errorEvent('checkInvoice', networkDown),
    afterEvent('pollDelay', WAITING),
    afterEvent('tick', TICKING),
  ],
  // hasPollsLeft reads the attempts of the round; the note of a failed poll is on screen or not.
  flags: ({ context }) => ({ attempts: context.attempts, hasError: context.error !== null }),
  // Every mix of failed and answered polls along a round is a simple path of its own: on simple
  // paths a round is "started", "under way" or "spent".
  simplePaths: {
    flags: ({ context }) => ({
      round: context.attempts === 0 ? 'started' : context.attempts < 8 ? 'under way' : 'spent',
      hasError: context.error !== null,
    }),
  },
  // The server's invoice is the truth: paid ends in "paid" (the wizard forgotten once), failed or
  // expired in "failed", refund due in "refundDue" (the wizard kept), pending polls in rounds of eight; a request names the URL's invoice and key.
  oracle: {
    initial: (input) => ({
      invoiceId: input.invoiceId,
      provider: input.provider ?? null,
      returned: input.returned ?? null,
      applicationKey: input.applicationKey ?? null,
      invoice: null,
      attempts: 0,
      error: null,
      secondsLeft: null,
      now: input.now,
    }),
    initialState: (input) => (input.invoiceId ? 'checking' : 'missing'),
    effects: {
      'xstate.done.actor.checkInvoice': (before, event, from) => ({
        invoice: event.output,
        error: null,
        secondsLeft: secondsTo(event.output.expires_at, before.now()),
        // A first answer that is pending starts a round of polls.
        ...(from.matches('checking') && event.output.status === 'pending' ? { attempts: 0 } : {}),
      }),
      'xstate.error.actor.checkInvoice': (_, event) => ({ error: shownMessage(event.error) }),
      'payment.check': (_, __, from) => (from.matches('pending.poll.stillPending') ? { attempts: 0 } : {}),
      // Timers only fire in their state: a scheduled poll counts, a tick recounts the seconds.
      [POLL]: (before, _, from) => (from.matches('pending.poll.waiting') ? { attempts: before.attempts + 1 } : {}),
      [TICK]: (before, _, from) =>
        from.matches('pending.clock.ticking') ? { secondsLeft: before.invoice ? secondsTo(before.invoice.expires_at, before.now()) : null } : {},
    },
    targets: {
      'xstate.done.actor.checkInvoice': (before, event, from) => {
        const { status } = event.output as Invoice;
        if (status === 'paid') return 'paid';
        if (status === 'refund_due') return 'refundDue';
        if (status !== 'pending') return 'failed';
        return from.matches('checking') ? { pending: { poll: 'waiting', clock: 'ticking' } } : afterPoll(before.attempts);
      },
      'xstate.error.actor.checkInvoice': (before, event, from) =>
        from.matches('checking') ? (hasStatus(event.error, 404) ? 'notFound' : 'loadFailed') : afterPoll(before.attempts),
      'payment.check': (_, __, from) =>
        from.matches('pending.poll.waiting') || from.matches('pending.poll.stillPending') ? 'pending.poll.polling' : from.value,
      'payment.retry': (_, __, from) => (from.matches('loadFailed') ? 'checking' : from.value),
      [POLL]: (_, __, from) => (from.matches('pending.poll.waiting') ? 'pending.poll.polling' : from.value),
      [TICK]: (_, __, from) => from.value,
    },
    states: {
      missing: ({ invoiceId }, state) => !invoiceId && state.status === 'done',
      checking: (_, state) => state.running.includes('checkInvoice'),
      loadFailed: ({ error }) => error !== null,
      notFound: ({ error }, state) => error !== null && state.status === 'done',
      pending: ({ invoice, secondsLeft }) => invoice?.status === 'pending' && secondsLeft !== null,
      'pending.poll.polling': (_, state) => state.running.includes('checkInvoice'),
      'pending.poll.waiting': ({ attempts }) => attempts < POLLS,
      'pending.poll.stillPending': ({ attempts }) => attempts === POLLS,
      paid: ({ invoice }, state) => invoice?.status === 'paid' && state.status === 'done',
      failed: ({ invoice }, state) => (invoice?.status === 'failed' || invoice?.status === 'expired') && state.status === 'done',
      refundDue: ({ invoice }, state) => invoice?.status === 'refund_due' && invoice.refund_due === true && state.status === 'done',
    },
    sent: {
      checkInvoice: (_, state) => {
        const input = state.input as PaymentStatusInput;
        return { invoiceId: input.invoiceId, applicationKey: input.applicationKey ?? null };
      },
    },
    // The finished purchase's wizard is forgotten exactly when, and once, the invoice is paid.
    calls: (_, event) =>
      event.type === 'xstate.done.actor.checkInvoice' && (event.output as Invoice).status === 'paid'
        ? [{ action: 'forgetPurchase', params: { applicationId: (event.output as Invoice).application_id } }]
        : [],
  },
});
