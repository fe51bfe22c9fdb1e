import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { describe, expect, it } from 'vitest';
import {
  nextPollDelay,
  paymentStatusMachine,
  POLL_DELAYS_MS,
  type CheckInvoiceInput,
} from '../../machines/payment-status.machine.ts';
import { errorKeys } from '../../contract/error.schema.ts';
import type { Invoice } from '../../contract/payment.schema.ts';
import { afterEvent, doneEvent, errorEvent, pathFromEvents, replayPath } from './path-kit.ts';
import { describePaths } from './path-suite.ts';
import {
  expiredInvoice,
  failedInvoice,
  networkDown,
  notFound,
  paidInvoice,
  paymentStatusModel,
  pendingInvoice,
  refundDueInvoice,
  VISITOR_KEY,
  MODEL_NOW,
} from './payment-status.model.ts';

const WAITING = 'paymentStatus.pending.poll.waiting';
const poll = afterEvent('pollDelay', WAITING);

describePaths('payment-status', paymentStatusModel);

/** When the simulated clock starts (its own time starts at 0). */
const START = Date.parse('2030-01-01T00:10:00.000Z');

/** The machine with an answering stub and a simulated clock, to see which waits it really uses. */
const startWithClock = (answers: Array<Invoice | Error>) => {
  const clock = new SimulatedClock();
  const requests: CheckInvoiceInput[] = [];
  const requestTimes: number[] = [];
  const machine = paymentStatusMachine.provide({
    actors: {
      checkInvoice: fromPromise<Invoice, CheckInvoiceInput>(async ({ input }) => {
        requests.push(input);
        requestTimes.push(clock.now());
        const answer = answers.shift() ?? pendingInvoice;
        if (answer instanceof Error) throw answer;
        return answer;
      }),
    },
  });
  const actor = createActor(machine, { input: { invoiceId: pendingInvoice.id, provider: 'khan', returned: 'success', now: () => START + clock.now() }, clock });
  actor.start();
  return { actor, clock, requests, requestTimes };
};

const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Moves the simulated clock in one-second ticks (the countdown's), letting answers arrive in between. */
const advance = async (clock: SimulatedClock, ms: number) => {
  for (let passed = 0; passed < ms; passed += 1_000) {
    clock.increment(1_000);
    await settle();
  }
};

describe('payment-status behaviour', () => {
  it('polls a pending invoice after 2, 3, 5, 8, 13, 21, 30 and 30 s, then says it is still pending', async () => {
    const { actor, clock, requestTimes } = startWithClock([]);
    await settle();
    expect(actor.getSnapshot().matches({ pending: { poll: 'waiting' } })).toBe(true);
    await advance(clock, 112_000);
    const gaps = requestTimes.slice(1).map((time, index) => time - (requestTimes[index] ?? 0));
    expect(gaps).toEqual([...POLL_DELAYS_MS]);
    expect(actor.getSnapshot().matches({ pending: { poll: 'stillPending' } })).toBe(true);
    // Given up means given up: no more requests however long the page stays open.
    await advance(clock, 60_000);
    expect(requestTimes).toHaveLength(POLL_DELAYS_MS.length + 1);
    actor.stop();
  });

  it('keeps polling after a card "success" return while the bank has not confirmed, and shows the payment once it has', async () => {
    const { actor, clock, requests } = startWithClock([pendingInvoice, pendingInvoice, paidInvoice]);
    await settle();
    expect(actor.getSnapshot().context.returned).toBe('success');
    expect(actor.getSnapshot().matches('pending')).toBe(true);
    await advance(clock, 5_000);
    expect(requests).toHaveLength(3);
    expect(actor.getSnapshot().matches('paid')).toBe(true);
    expect(actor.getSnapshot().context.invoice?.policy_number).toBe('LI-2030-000001');
    actor.stop();
  });

  it('"check again" after giving up starts a new round of polls', async () => {
    const { actor, clock, requestTimes } = startWithClock([]);
    await settle();
    await advance(clock, 112_000);
    expect(actor.getSnapshot().matches({ pending: { poll: 'stillPending' } })).toBe(true);
    const before = requestTimes.length;
    actor.send({ type: 'payment.check' });
    await settle();
    expect(requestTimes).toHaveLength(before + 1);
    expect(actor.getSnapshot().matches({ pending: { poll: 'waiting' } })).toBe(true);
    expect(actor.getSnapshot().context.attempts).toBe(0);
    await advance(clock, 2_000);
    expect(requestTimes).toHaveLength(before + 2);
    actor.stop();
  });

  it('goes on polling through a failed poll and shows a note until an answer arrives', async () => {
    const { actor, clock } = startWithClock([pendingInvoice, networkDown, pendingInvoice]);
    await settle();
    await advance(clock, 2_000);
    expect(actor.getSnapshot().matches({ pending: { poll: 'waiting' } })).toBe(true);
    expect(actor.getSnapshot().context.error).toEqual({ key: errorKeys.network });
    await advance(clock, 3_000);
    expect(actor.getSnapshot().context.error).toBeNull();
    actor.stop();
  });

  it('waits only until just after the expiry when that comes before the next scheduled poll', () => {
    const now = Date.parse('2030-01-01T00:14:58.000Z');
    const expiresSoon = { ...pendingInvoice, expires_at: '2030-01-01T00:15:00.000Z' };
    expect(nextPollDelay({ attempts: 6, invoice: expiresSoon }, now)).toBe(3_000);
    expect(nextPollDelay({ attempts: 0, invoice: expiresSoon }, now)).toBe(2_000);
    // Past the expiry by the client's clock while the server still says pending: never a busy loop.
    expect(nextPollDelay({ attempts: 3, invoice: expiresSoon }, now + 60_000)).toBe(1_000);
    // Without an expiry to go by, the schedule's own wait.
    expect(nextPollDelay({ attempts: 1, invoice: null }, now)).toBe(3_000);
  });

  it('counts down once a second while the invoice is pending', async () => {
    const { actor, clock } = startWithClock([pendingInvoice]);
    await settle();
    const start = actor.getSnapshot().context.secondsLeft ?? 0;
    // The simulated clock starts at 00:10:00, five minutes (and half a second) before the expiry.
    expect(start).toBe(301);
    await advance(clock, 1_000);
    expect(actor.getSnapshot().context.secondsLeft).toBe(300);
    await advance(clock, 4_000);
    expect(actor.getSnapshot().context.secondsLeft).toBe(296);
    actor.stop();
  });

  it('counts the seconds until the invoice expires', async () => {
    const inTwoMinutes = { ...pendingInvoice, expires_at: new Date(MODEL_NOW + 120_000).toISOString() };
    const replay = await replayPath(paymentStatusModel, pathFromEvents(paymentStatusModel, [doneEvent('checkInvoice', inTwoMinutes)]));
    expect(replay.steps.at(-1)?.snapshot.context.secondsLeft).toBe(120);
  });

  it('says there is nothing to show without asking the server when the URL names no invoice', async () => {
    const replay = await replayPath(paymentStatusModel, pathFromEvents(paymentStatusModel, [], 'no invoice in the URL'));
    expect(replay.steps.at(-1)?.snapshot.value).toBe('missing');
    expect(replay.invocations).toEqual([]);
  });

  it('tells an invoice that is not this browser\'s from a failure that a retry can fix', async () => {
    const missing = await replayPath(paymentStatusModel, pathFromEvents(paymentStatusModel, [errorEvent('checkInvoice', notFound)]));
    expect(missing.steps.at(-1)?.snapshot.value).toBe('notFound');
    const failed = await replayPath(
      paymentStatusModel,
      pathFromEvents(paymentStatusModel, [errorEvent('checkInvoice', networkDown), { type: 'payment.retry' }, doneEvent('checkInvoice', paidInvoice)]),
    );
    expect(failed.steps[1]?.snapshot.value).toBe('loadFailed');
    expect(failed.steps[1]?.snapshot.context.error).toEqual({ key: errorKeys.network });
    expect(failed.steps.at(-1)?.snapshot.value).toBe('paid');
    expect(failed.invocations.map((call) => call.input)).toEqual([
      { invoiceId: pendingInvoice.id, applicationKey: VISITOR_KEY },
      { invoiceId: pendingInvoice.id, applicationKey: VISITOR_KEY },
    ]);
  });

  it('ends a failed or expired payment with the server\'s answer, whatever was pending before', async () => {
    for (const answer of [failedInvoice, expiredInvoice]) {
      const replay = await replayPath(
        paymentStatusModel,
        pathFromEvents(paymentStatusModel, [doneEvent('checkInvoice', pendingInvoice), poll, doneEvent('checkInvoice', answer)]),
      );
      expect(replay.steps.at(-1)?.snapshot.value).toBe('failed');
      expect(replay.steps.at(-1)?.snapshot.context.invoice).toEqual(answer);
      expect(replay.calls.filter((call) => call.action === 'forgetPurchase')).toEqual([]);
    }
  });

  it('ends a payment received but not applied in "refund due", polling stopped and the purchase kept, first answer or later', async () => {
    for (const events of [[doneEvent('checkInvoice', refundDueInvoice)], [doneEvent('checkInvoice', pendingInvoice), poll, doneEvent('checkInvoice', refundDueInvoice)]]) {
      const replay = await replayPath(paymentStatusModel, pathFromEvents(paymentStatusModel, events));
      const last = replay.steps.at(-1)?.snapshot;
      expect(last?.value).toBe('refundDue');
      expect(last?.status).toBe('done');
      expect(last?.context.invoice).toEqual(refundDueInvoice);
      expect(replay.calls.filter((call) => call.action === 'forgetPurchase')).toEqual([]);
    }
  });
});
