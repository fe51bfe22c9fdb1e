/**
 * Which of the payment-status machine's shortest paths the browser replay drives
 * (tests/e2e/payment-status.model-paths.test.ts, adapter in support/pages/payment-status.replay.ts)
 * and which it cannot, with the reasons. The coverage map (`npm run paths -- payment-status --coverage`)
 * reads the same plan. No browser here.
 */
import type { AnyEventObject } from 'xstate';
import type { Invoice } from '../../../../contract/payment.schema';
import { paymentStatusModel } from '../../../machines/payment-status.model';
import { definePlan } from '../replay-plan';

/** Short names for events in the test names. */
const label = (event: AnyEventObject): string | undefined =>
  event.type === 'xstate.done.actor.checkInvoice' ? `checkInvoice resolves (${(event.output as Invoice).status})` : undefined;

export const paymentStatusPlan = definePlan({
  model: paymentStatusModel,
  // 69 shortest paths, most of them one round of polls at each count of attempts: one per target state.
  select: 'state',
  // Then the paths that add a retry, a failed poll and a tick of the countdown.
  topUp: 4,
  events: {
    'payment.check': true,
    'payment.retry': true,
    // The page's own timers, run on its installed clock.
    'xstate.after.pollDelay': true,
    'xstate.after.tick': true,
  },
  actors: { checkInvoice: true },
  label,
});
