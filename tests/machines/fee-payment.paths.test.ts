import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { doneEvent, pathFromEvents, replayPath } from './path-kit.ts';
import { describePaths } from './path-suite.ts';
import { connectFeePayment } from '../../machines/fee-payment.connect.ts';
import { feePaymentMachine, type FeePaymentContext } from '../../machines/fee-payment.machine.ts';
import { providerPaymentMachine, type CreatePaymentInput, type PaymentMade } from '../../machines/provider-payment.machine.ts';
import { cardCreated, created, DUE, FEES, FEES_AFTER, feePaymentModel, KEY, madeCard, madeQr, OVERDUE, refusedUnavailable } from './fee-payment.model.ts';

describePaths('fee-payment', feePaymentModel, {
  invariants: ({ steps }) => {
    // The chooser shows the payable fees, the chosen ones' sum and the payment step as the machine holds them.
    for (const { snapshot } of steps) {
      const view = connectFeePayment(snapshot as never);
      const context = snapshot.context as FeePaymentContext;
      const payable = context.fees.filter((fee) => fee.status === 'due' || fee.status === 'overdue');
      expect(view.payable).toEqual(payable);
      expect(view.total).toBe(payable.filter((fee) => context.selected.includes(fee.id)).reduce((sum, fee) => sum + fee.amount, 0));
      expect([view.selected, view.error]).toEqual([context.selected, context.error]);
      // The payment step's choice exactly while it runs.
      expect(view.payment).toBe(snapshot.matches('choosing') ? snapshot.children.payment : null);
      if (snapshot.matches('choosing')) expect(view.payment).not.toBeNull();
      const step = snapshot.matches('loading') ? 'loading' : snapshot.matches('loadFailed') ? 'loadFailed' : payable.length ? 'choosing' : 'empty';
      expect(view.step).toBe(step);
    }
  },
});

describe('fee-payment behaviour', () => {
  it('chooses every payable fee at first; the payment step pays the chosen ones, told of every change', async () => {
    // The real payment step, its API call captured: the fees it pays are the ones chosen when paying.
    const calls: CreatePaymentInput[] = [];
    const machine = feePaymentMachine.provide({
      actors: {
        providerPayment: providerPaymentMachine.provide({
          actors: { createPayment: fromPromise<PaymentMade, CreatePaymentInput>(async ({ input }) => (calls.push(input), created)) },
        }),
      },
    });
    const actor = createActor(machine, { input: { fees: FEES, accessId: 'access-1', phone: '', newKey: () => KEY, leaves: false } }).start();
    expect(actor.getSnapshot().context.selected).toEqual([OVERDUE.id, DUE.id]);
    actor.send({ type: 'fees.toggle', id: DUE.id });
    actor.send({ type: 'fees.toggle', id: OVERDUE.id });
    const payment = actor.getSnapshot().children.payment;
    payment?.send({ type: 'payment.choose', provider: 'qpay' });
    payment?.send({ type: 'payment.submit' });
    // Nothing chosen: the step refuses before asking the server.
    expect(payment?.getSnapshot().context.fieldErrors).toEqual({ items: { key: 'validation.feesRequired' } });
    actor.send({ type: 'fees.toggle', id: OVERDUE.id });
    payment?.send({ type: 'payment.submit' });
    const done = await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(calls).toEqual([{ key: `${KEY}.4`, order: { kind: 'fees', items: [OVERDUE.id], accessId: 'access-1' }, provider: 'qpay' }]);
    expect(done.output).toEqual(created);
  });

  it('inside the /fee flow the flow decides where to go: nothing leaves from here', async () => {
    const replay = await replayPath(feePaymentModel, pathFromEvents(feePaymentModel, [doneEvent('payment', madeQr)]));
    expect(replay.steps.at(-1)?.snapshot.output).toEqual(created);
    expect(replay.emitted).toEqual([]);
  });

  it("on the user's own pages a made payment leaves: QR for the policy's invoice page, a card for the bank", async () => {
    const qr = await replayPath(feePaymentModel, pathFromEvents(feePaymentModel, [doneEvent('loadFees', [OVERDUE, DUE]), doneEvent('payment', madeQr)], 'my fees, loaded'));
    expect(qr.emitted).toEqual([{ type: 'flow.navigate', to: '/user/contract/7/payment/invoice-1' }]);
    const card = await replayPath(feePaymentModel, pathFromEvents(feePaymentModel, [doneEvent('loadFees', [OVERDUE, DUE]), doneEvent('payment', madeCard)], 'my fees, loaded'));
    expect(card.emitted).toEqual([{ type: 'flow.navigate', to: cardCreated.invoice.redirect_url, external: true }]);
  });

  it('reads the list again when a chosen fee was paid meanwhile; the step begins again with the message and the choice', async () => {
    const replay = await replayPath(feePaymentModel, pathFromEvents(feePaymentModel, [doneEvent('payment', refusedUnavailable), doneEvent('loadFees', FEES_AFTER)]));
    const last = replay.steps.at(-1)?.snapshot;
    expect(last?.value).toBe('choosing');
    expect(last?.context.error).toEqual({ key: 'errors.feesUnavailable' });
    expect(last?.context.selected).toEqual([DUE.id]);
    expect(replay.invocations.filter((call) => call.id === 'payment').at(-1)?.input).toEqual({
      order: { kind: 'fees', items: [DUE.id], accessId: 'access-1' },
      provider: 'mostmoney',
      phone: '99112233',
      keySeed: KEY,
      confirm: false,
      stopOn: ['errors.feesUnavailable'],
      error: { key: 'errors.feesUnavailable' },
    });
  });
});
