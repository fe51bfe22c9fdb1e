import { describe, expect, it } from 'vitest';
import { doneEvent, errorEvent, pathFromEvents, replayPath } from './path-kit.ts';
import { describePaths } from './path-suite.ts';
import { connectFeePayment } from '../../machines/fee-payment.connect.ts';
import type { FeePaymentContext } from '../../machines/fee-payment.machine.ts';
import { cardCreated, created, DUE, FEES_AFTER, feePaymentModel, feesUnavailable, KEY, OVERDUE } from './fee-payment.model.ts';

describePaths('fee-payment', feePaymentModel, {
  invariants: ({ steps }) => {
    // The chooser shows the payable fees, the chosen ones' sum and the choice as the machine holds them.
    for (const { snapshot } of steps) {
      const view = connectFeePayment(snapshot as never);
      const context = snapshot.context as FeePaymentContext;
      const payable = context.fees.filter((fee) => fee.status === 'due' || fee.status === 'overdue');
      expect(view.payable).toEqual(payable);
      expect(view.total).toBe(payable.filter((fee) => context.selected.includes(fee.id)).reduce((sum, fee) => sum + fee.amount, 0));
      expect([view.selected, view.provider, view.phone, view.fieldErrors, view.error]).toEqual([context.selected, context.provider, context.phone, context.fieldErrors, context.error]);
      expect(view.busy).toBe(snapshot.matches('creating') || snapshot.matches('done'));
      const step = snapshot.matches('loading') ? 'loading' : snapshot.matches('loadFailed') ? 'loadFailed' : payable.length ? 'choosing' : 'empty';
      expect(view.step).toBe(step);
    }
  },
});

describe('fee-payment behaviour', () => {
  it('chooses every payable fee at first and pays the chosen ones with one key per attempt', async () => {
    const replay = await replayPath(
      feePaymentModel,
      pathFromEvents(feePaymentModel, [
        { type: 'fees.toggle', id: DUE.id },
        { type: 'payment.choose', provider: 'qpay' },
        { type: 'payment.submit' },
        doneEvent('createPayment', created),
      ]),
    );
    expect(replay.steps[0]?.snapshot.context.selected).toEqual([OVERDUE.id, DUE.id]);
    expect(replay.invocations).toMatchObject([
      { id: 'createPayment', input: { key: KEY, body: { items: [OVERDUE.id], provider: 'qpay', access_id: 'access-1' } } },
    ]);
    expect(replay.steps.at(-1)?.snapshot.status).toBe('done');
    // Inside the /fee flow the flow decides where to go: nothing leaves from here.
    expect(replay.emitted).toEqual([]);
  });

  it("on the user's own pages a made payment leaves: QR for the policy's invoice page, a card for the bank", async () => {
    const pay = [{ type: 'payment.choose', provider: 'qpay' }, { type: 'payment.submit' }] as const;
    const qr = await replayPath(feePaymentModel, pathFromEvents(feePaymentModel, [doneEvent('loadFees', [OVERDUE, DUE]), ...pay, doneEvent('createPayment', created)], 'my fees, loaded'));
    expect(qr.emitted).toEqual([{ type: 'flow.navigate', to: '/user/contract/7/payment/invoice-1' }]);
    const card = await replayPath(feePaymentModel, pathFromEvents(feePaymentModel, [doneEvent('loadFees', [OVERDUE, DUE]), ...pay, doneEvent('createPayment', cardCreated)], 'my fees, loaded'));
    expect(card.emitted).toEqual([{ type: 'flow.navigate', to: cardCreated.invoice.redirect_url, external: true }]);
  });

  it('asks for a fee, a provider and a mobile-money phone before sending', async () => {
    const replay = await replayPath(
      feePaymentModel,
      pathFromEvents(feePaymentModel, [
        { type: 'fees.toggle', id: OVERDUE.id },
        { type: 'fees.toggle', id: DUE.id },
        { type: 'payment.choose', provider: 'mostmoney' },
        { type: 'payment.changePhone', value: '99' },
        { type: 'payment.submit' },
      ]),
    );
    expect(Object.keys(replay.steps.at(-1)?.snapshot.context.fieldErrors ?? {}).sort()).toEqual(['items', 'phone']);
    expect(replay.invocations).toEqual([]);
  });

  it('reads the list again when a chosen fee was paid meanwhile, keeping the message', async () => {
    const replay = await replayPath(
      feePaymentModel,
      pathFromEvents(feePaymentModel, [
        { type: 'payment.choose', provider: 'qpay' },
        { type: 'payment.submit' },
        errorEvent('createPayment', feesUnavailable),
        doneEvent('loadFees', FEES_AFTER),
      ]),
    );
    const last = replay.steps.at(-1)?.snapshot;
    expect(last?.value).toBe('choosing');
    expect(last?.context.error).toEqual({ key: 'errors.feesUnavailable' });
    expect(last?.context.selected).toEqual([DUE.id]);
    expect(last?.context.key).toBeNull();
  });
});
