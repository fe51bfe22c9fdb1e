import { describe, expect, it } from 'vitest';
import { doneEvent, errorEvent, pathFromEvents, replayPath } from './path-kit.ts';
import { describePaths } from './path-suite.ts';
import { created, DUE, FEES_AFTER, feePaymentModel, feesUnavailable, KEY, OVERDUE } from './fee-payment.model.ts';

describePaths('fee-payment', feePaymentModel);

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
