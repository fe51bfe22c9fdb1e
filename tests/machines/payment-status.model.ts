/**
 * Path model of machines/payment-status.machine.ts: the server's answers (pending, paid, failed,
 * expired), a missing invoice, failures, the poll and clock timers, and the user's "check" events.
 */
import { paymentStatusMachine, type PaymentStatusInput } from '../../machines/payment-status.machine.ts';
import { ApiError } from '../../contract/api-error.ts';
import { errorKeys } from '../../contract/error.schema.ts';
import type { Invoice } from '../../contract/payment.schema.ts';
import { afterEvent, defineModel, doneEvent, errorEvent, type InputCase } from './path-kit.ts';

const INVOICE_ID = 'invoice-1';
const APPLICATION_ID = 'application-1';
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
    expires_at: '2030-01-01T00:15:00.000Z',
    policy_number: null,
    ...patch,
  }) as Invoice;

export const pendingInvoice = invoice({});
export const paidInvoice = invoice({ status: 'paid', policy_number: 'LI-2030-000001' });
export const failedInvoice = invoice({ status: 'failed', failure_reason: 'declined' });
export const expiredInvoice = invoice({ status: 'expired' });

export const notFound = new ApiError(404, { key: errorKeys.notFound });
export const serverDown = new ApiError(500, { key: errorKeys.generic });
export const networkDown = new ApiError(0, { key: errorKeys.network });

export const inputs: ReadonlyArray<InputCase<PaymentStatusInput>> = [
  { label: 'QR invoice of a visitor', input: { invoiceId: INVOICE_ID, provider: 'qpay', applicationKey: VISITOR_KEY } },
  { label: 'no invoice in the URL', input: { invoiceId: null } },
];

const WAITING = 'paymentStatus.pending.poll.waiting';
const TICKING = 'paymentStatus.pending.clock.ticking';

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
});
