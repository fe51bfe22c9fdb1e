/** One function from the machine's snapshot to what the status page shows, so the views stay trivial. */
import type { SnapshotFrom } from 'xstate';
import type { paymentStatusMachine, ReturnHint } from '../../../machines/payment-status.machine';
import type { Invoice, PaymentProvider } from '../../../contract/payment.schema';
import type { Message } from '../../../contract/validation';

export type StatusView =
  | { kind: 'missing' }
  | { kind: 'checking'; provider: PaymentProvider | null; returned: ReturnHint | null; error: Message | null }
  | { kind: 'loadFailed'; error: Message | null }
  | { kind: 'notFound' }
  | {
      kind: 'pending';
      invoice: Invoice;
      /** Polling gave up: "still pending, check again". */
      stillPending: boolean;
      secondsLeft: number | null;
      /** A poll failed (a note while polling goes on; an alert once it gave up). */
      error: Message | null;
    }
  | { kind: 'paid'; invoice: Invoice }
  | { kind: 'failed'; invoice: Invoice }
  /** Paid, but the money could not be applied: it goes back. */
  | { kind: 'refundDue'; invoice: Invoice };

export const statusViewOf = (snapshot: SnapshotFrom<typeof paymentStatusMachine>): StatusView => {
  const { context } = snapshot;
  const { invoice } = context;
  if (snapshot.matches('missing')) return { kind: 'missing' };
  if (snapshot.matches('notFound')) return { kind: 'notFound' };
  if (snapshot.matches('loadFailed')) return { kind: 'loadFailed', error: context.error };
  if (snapshot.matches('paid') && invoice) return { kind: 'paid', invoice };
  if (snapshot.matches('failed') && invoice) return { kind: 'failed', invoice };
  if (snapshot.matches('refundDue') && invoice) return { kind: 'refundDue', invoice };
  if (snapshot.matches('pending') && invoice) {
    return {
      kind: 'pending',
      invoice,
      stillPending: snapshot.matches({ pending: { poll: 'stillPending' } }),
      secondsLeft: context.secondsLeft,
      error: context.error,
    };
  }
  return { kind: 'checking', provider: context.provider, returned: context.returned, error: context.error };
};

/** Views re-render when what they show changes, not on every snapshot. */
export const sameView = (a: StatusView, b: StatusView) => {
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = new Set([...Object.keys(left), ...Object.keys(right)]);
  return [...keys].every((key) => left[key] === right[key]);
};
