/**
 * Payment status (/insurance/buy/payment/status/…): what became of one invoice. The server's invoice
 * is the truth; the bank card's return path (khan success or fail) is only a hint, so a "success"
 * return whose invoice is still pending keeps polling.
 *
 * A pending invoice is polled with a backoff (POLL_DELAYS_MS, about two minutes in all); then the page
 * says the payment is still pending and offers "check again", which starts a new round. Nothing is
 * persisted: the invoice id is in the URL, so a reload starts again from the server's state.
 * A paid invoice forgets the finished purchase's wizard snapshot (`forgetPurchase`, provided by the
 * app) and shows the policy number. An invoice whose money came in but could not be applied (status
 * `refund_due`: what it paid for was paid another way) ends in `refundDue`: received, going back.
 */
import { assign, fromPromise, setup } from 'xstate';
import { ApiError, errorMessage } from '../contract/api-error';
import type { Invoice, PaymentProvider } from '../contract/payment.schema';
import type { Message } from '../contract/validation';

/** Waits between polls of a pending invoice: 2 s growing to 30 s, about two minutes in all. */
export const POLL_DELAYS_MS = [2_000, 3_000, 5_000, 8_000, 13_000, 21_000, 30_000, 30_000] as const;
/** The countdown to the invoice's expiry ticks once a second. */
export const TICK_MS = 1_000;
/** A poll due after the invoice expired is made this long after the expiry, so the server has seen it. */
export const EXPIRY_GRACE_MS = 1_000;

/** What the bank card's page said when it sent the browser back (a hint, never the truth). */
export type ReturnHint = 'success' | 'fail';

export interface PaymentStatusInput {
  /** The invoice from `?invoice=`; null when the URL has none. */
  invoiceId: string | null;
  /** The provider the status URL names (none on the generic status page). */
  provider?: PaymentProvider | null;
  returned?: ReturnHint | null;
  /** The application's key (X-Application-Key) when the buyer is a visitor; null for a signed-in owner. */
  applicationKey?: string | null;
  /** The clock (ms since the epoch): `Date.now` in the app, the test's clock in tests. */
  now: () => number;
}

export interface PaymentStatusContext {
  invoiceId: string | null;
  provider: PaymentProvider | null;
  returned: ReturnHint | null;
  applicationKey: string | null;
  /** The newest answer of the server. */
  invoice: Invoice | null;
  /** Scheduled polls made in this round (a "check now" does not count). */
  attempts: number;
  /** The last failed request: shown with a retry, or as a note while polling goes on. */
  error: Message | null;
  /** Whole seconds until the invoice expires (the QR and mobile-money countdown). */
  secondsLeft: number | null;
  /** The clock from the input; nothing of this machine is persisted, so a function may live here. */
  now: () => number;
}

export type PaymentStatusEvent =
  /** Ask the server now: "I have paid" while waiting, "check again" once polling gave up. */
  | { type: 'payment.check' }
  /** The first load failed: try it again. */
  | { type: 'payment.retry' };

/** What a parent invoking the machine gets when it ends: the invoice as last seen (null: none found). */
export interface PaymentStatusOutput {
  invoice: Invoice | null;
}

export interface CheckInvoiceInput {
  invoiceId: string;
  applicationKey: string | null;
}

const errorOf = (event: unknown) => (event as { error?: unknown }).error;

/** Whole seconds from `now` until the ISO time `at`, never negative. */
export const secondsUntil = (at: string, now: number) => Math.max(0, Math.ceil((Date.parse(at) - now) / 1000));

/** The wait before the next poll: the schedule's, shortened to just after the expiry when that comes first. */
export const nextPollDelay = (context: Pick<PaymentStatusContext, 'attempts' | 'invoice'>, now: number) => {
  const scheduled = POLL_DELAYS_MS[Math.min(context.attempts, POLL_DELAYS_MS.length - 1)] ?? TICK_MS;
  const expiresAt = context.invoice ? Date.parse(context.invoice.expires_at) : Number.NaN;
  if (Number.isNaN(expiresAt)) return scheduled;
  return Math.min(scheduled, Math.max(TICK_MS, expiresAt - now + EXPIRY_GRACE_MS));
};

/** The invoice a `checkInvoice` answer carries, as guard and action params. */
const answer = ({ event }: { event: { output: Invoice } }) => ({ invoice: event.output });

export const paymentStatusMachine = setup({
  types: {
    context: {} as PaymentStatusContext,
    events: {} as PaymentStatusEvent,
    input: {} as PaymentStatusInput,
    output: {} as PaymentStatusOutput,
  },
  actors: {
    checkInvoice: fromPromise<Invoice, CheckInvoiceInput>(async () => {
      throw new Error('checkInvoice is provided by the app');
    }),
  },
  actions: {
    /** Forgets the finished purchase's persisted wizard snapshot (provided by the app). */
    forgetPurchase: (_, _params: { applicationId: string }) => {},
    rememberInvoice: assign(({ context }, { invoice }: { invoice: Invoice }) => ({
      invoice,
      error: null,
      secondsLeft: secondsUntil(invoice.expires_at, context.now()),
    })),
    rememberError: assign(({ event }) => ({ error: errorMessage(errorOf(event)) })),
    startRound: assign({ attempts: 0 }),
    countPoll: assign(({ context }) => ({ attempts: context.attempts + 1 })),
    countDown: assign(({ context }) => ({
      secondsLeft: context.invoice ? secondsUntil(context.invoice.expires_at, context.now()) : null,
    })),
  },
  guards: {
    hasInvoiceId: ({ context }) => context.invoiceId !== null && context.invoiceId !== '',
    isPaid: (_, { invoice }: { invoice: Invoice }) => invoice.status === 'paid',
    isPending: (_, { invoice }: { invoice: Invoice }) => invoice.status === 'pending',
    isRefundDue: (_, { invoice }: { invoice: Invoice }) => invoice.status === 'refund_due',
    hasPollsLeft: ({ context }) => context.attempts < POLL_DELAYS_MS.length,
    /** Unknown, or not this browser's (a visitor without the application's key): the same 404. */
    isNotFound: ({ event }) => {
      const error = errorOf(event);
      return error instanceof ApiError && error.status === 404;
    },
  },
  delays: {
    pollDelay: ({ context }) => nextPollDelay(context, context.now()),
    tick: TICK_MS,
  },
}).createMachine({
  id: 'paymentStatus',
  context: ({ input }) => ({
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
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'hasInvoiceId', target: 'checking' }, { target: 'missing' }],
    },
    /** The URL names no invoice: nothing to show. */
    missing: { type: 'final' },
    checking: {
      invoke: {
        id: 'checkInvoice',
        src: 'checkInvoice',
        input: ({ context }) => ({ invoiceId: context.invoiceId ?? '', applicationKey: context.applicationKey }),
        onDone: [
          { guard: { type: 'isPaid', params: answer }, target: 'paid', actions: { type: 'rememberInvoice', params: answer } },
          { guard: { type: 'isRefundDue', params: answer }, target: 'refundDue', actions: { type: 'rememberInvoice', params: answer } },
          { guard: { type: 'isPending', params: answer }, target: 'pending', actions: [{ type: 'rememberInvoice', params: answer }, 'startRound'] },
          { target: 'failed', actions: { type: 'rememberInvoice', params: answer } },
        ],
        onError: [
          { guard: 'isNotFound', target: 'notFound', actions: 'rememberError' },
          { target: 'loadFailed', actions: 'rememberError' },
        ],
      },
    },
    loadFailed: {
      on: { 'payment.retry': { target: 'checking' } },
    },
    notFound: { type: 'final' },
    pending: {
      type: 'parallel',
      states: {
        poll: {
          initial: 'waiting',
          states: {
            waiting: {
              after: { pollDelay: { target: 'polling', actions: 'countPoll' } },
              on: { 'payment.check': { target: 'polling' } },
            },
            polling: {
              invoke: {
                id: 'checkInvoice',
                src: 'checkInvoice',
                input: ({ context }) => ({ invoiceId: context.invoiceId ?? '', applicationKey: context.applicationKey }),
                onDone: [
                  { guard: { type: 'isPaid', params: answer }, target: '#paymentStatus.paid', actions: { type: 'rememberInvoice', params: answer } },
                  { guard: { type: 'isRefundDue', params: answer }, target: '#paymentStatus.refundDue', actions: { type: 'rememberInvoice', params: answer } },
                  { guard: { type: 'isPending', params: answer }, target: 'decidingNext', actions: { type: 'rememberInvoice', params: answer } },
                  { target: '#paymentStatus.failed', actions: { type: 'rememberInvoice', params: answer } },
                ],
                // A failed poll is a blip until the round is over: the note shows, polling goes on.
                onError: { target: 'decidingNext', actions: 'rememberError' },
              },
            },
            decidingNext: {
              always: [{ guard: 'hasPollsLeft', target: 'waiting' }, { target: 'stillPending' }],
            },
            /** Polling gave up: "still pending, check again". */
            stillPending: {
              on: { 'payment.check': { target: 'polling', actions: 'startRound' } },
            },
          },
        },
        clock: {
          initial: 'ticking',
          states: {
            ticking: {
              entry: 'countDown',
              after: { tick: { target: 'ticking', reenter: true } },
            },
          },
        },
      },
    },
    paid: {
      type: 'final',
      entry: { type: 'forgetPurchase', params: ({ context }) => ({ applicationId: context.invoice?.application_id ?? '' }) },
    },
    /** Failed or expired: the reason, "try again" and "choose another way to pay". */
    failed: { type: 'final' },
    /** The money came in but could not be applied: it goes back to the payer (REFUND_WORKING_DAYS). */
    refundDue: { type: 'final' },
  },
  output: ({ context }) => ({ invoice: context.invoice }),
});
