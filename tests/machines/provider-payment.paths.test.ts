import { describe, expect, it } from 'vitest';
import { connectProviderPayment } from '../../machines/provider-payment.connect.ts';
import type { ProviderPaymentContext } from '../../machines/provider-payment.machine.ts';
import { applicationClosed, cardMade, networkDown, NO_FEES, ONE_FEE, providerPaymentModel, qrMade } from './provider-payment.model.ts';
import { doneEvent, errorEvent, pathFromEvents, replayPath } from './path-kit.ts';
import { describePaths } from './path-suite.ts';

describePaths('provider-payment', providerPaymentModel, {
  invariants: ({ steps }) => {
    // The shared choice shows the step, the choice and its errors as the machine holds them, waits
    // while the invoice is made or made, and shows the made invoice.
    for (const { snapshot } of steps) {
      const view = connectProviderPayment(snapshot as never);
      const context = snapshot.context as ProviderPaymentContext;
      expect(snapshot.matches(view.step as never)).toBe(true);
      expect([view.provider, view.phone, view.error]).toEqual([context.provider, context.phone, context.error]);
      expect(view.errors).toEqual({ provider: context.fieldErrors.provider ?? null, phone: context.fieldErrors.phone ?? null, items: context.fieldErrors.items ?? null });
      expect(view.busy).toBe(!snapshot.matches('choosing'));
      expect(view.invoice).toBe(context.made?.invoice ?? null);
    }
  },
});

const CARD = 'the Credit Med card, paid at once';
const PURCHASE = 'a purchase, its invoice shown first, the provider chosen before';
const FEES = 'fees, their choice changing after a refusal';

describe('provider-payment behaviour', () => {
  it('MostMoney asks the phone: a short one is refused before sending, a good one goes with the invoice request', async () => {
    const replay = await replayPath(
      providerPaymentModel,
      pathFromEvents(
        providerPaymentModel,
        [
          { type: 'payment.choose', provider: 'mostmoney' },
          { type: 'payment.changePhone', value: '99' },
          { type: 'payment.submit' },
          { type: 'payment.changePhone', value: '99112233' },
          { type: 'payment.submit' },
          doneEvent('createPayment', qrMade),
        ],
        CARD,
      ),
    );
    expect(replay.steps[3]?.snapshot.context.fieldErrors).toEqual({ phone: { key: 'validation.phone', values: { min: 8 } } });
    expect(replay.invocations).toEqual([
      expect.objectContaining({ id: 'createPayment', input: { key: 'seed-card-0123456789.3', order: { kind: 'creditMedCard' }, provider: 'mostmoney', phone: '99112233' } }),
    ]);
    const last = replay.steps.at(-1)?.snapshot;
    expect(last?.status).toBe('done');
    expect(last?.output).toEqual({ outcome: 'made', made: qrMade });
  });

  it('a failure keeps the choice and its retry resends the same key; a new provider is a new key', async () => {
    const replay = await replayPath(
      providerPaymentModel,
      pathFromEvents(
        providerPaymentModel,
        [
          { type: 'payment.choose', provider: 'qpay' },
          { type: 'payment.submit' },
          errorEvent('createPayment', networkDown),
          { type: 'payment.submit' },
          errorEvent('createPayment', networkDown),
          { type: 'payment.choose', provider: 'mostmoney' },
          { type: 'payment.submit' },
        ],
        CARD,
      ),
    );
    expect(replay.steps[3]?.snapshot.context.error).toEqual({ key: 'errors.network' });
    expect(replay.steps[3]?.snapshot.context.provider).toBe('qpay');
    expect(replay.invocations.map((call) => (call.input as { key: string }).key)).toEqual(['seed-card-0123456789.1', 'seed-card-0123456789.1', 'seed-card-0123456789.2']);
  });

  it('a purchase shows its invoice first: "change" is a new attempt, "continue" ends with the invoice', async () => {
    const replay = await replayPath(
      providerPaymentModel,
      pathFromEvents(
        providerPaymentModel,
        [{ type: 'payment.submit' }, doneEvent('createPayment', qrMade), { type: 'payment.change' }, { type: 'payment.submit' }, doneEvent('createPayment', cardMade), { type: 'payment.continue' }],
        PURCHASE,
      ),
    );
    expect(replay.steps[2]?.snapshot.value).toBe('ready');
    expect(replay.steps[3]?.snapshot.value).toBe('choosing');
    expect(replay.invocations.map((call) => call.input)).toEqual([
      { key: 'seed-buy-0123456789.2.0', order: { kind: 'application', applicationId: 'app-1', accessKey: 'visitor-key' }, provider: 'qpay' },
      { key: 'seed-buy-0123456789.2.1', order: { kind: 'application', applicationId: 'app-1', accessKey: 'visitor-key' }, provider: 'qpay' },
    ]);
    expect(replay.steps.at(-1)?.snapshot.output).toEqual({ outcome: 'made', made: cardMade });
  });

  it('a refusal the parent handles ends the step with the message and the choice', async () => {
    const replay = await replayPath(
      providerPaymentModel,
      pathFromEvents(providerPaymentModel, [{ type: 'payment.submit' }, errorEvent('createPayment', applicationClosed)], PURCHASE),
    );
    expect(replay.steps.at(-1)?.snapshot.output).toEqual({ outcome: 'refused', error: { key: 'errors.applicationClosed' }, provider: 'qpay', phone: '' });
    // The same refusal elsewhere is shown on the choice.
    const card = await replayPath(
      providerPaymentModel,
      pathFromEvents(providerPaymentModel, [{ type: 'payment.choose', provider: 'qpay' }, { type: 'payment.submit' }, errorEvent('createPayment', applicationClosed)], CARD),
    );
    expect(card.steps.at(-1)?.snapshot.value).toBe('choosing');
  });

  it('fees: no fee chosen is refused before sending; the chosen fees go with the request', async () => {
    const replay = await replayPath(
      providerPaymentModel,
      pathFromEvents(
        providerPaymentModel,
        [
          { type: 'payment.order', order: NO_FEES },
          { type: 'payment.choose', provider: 'qpay' },
          { type: 'payment.submit' },
          { type: 'payment.order', order: ONE_FEE },
          { type: 'payment.submit' },
        ],
        FEES,
      ),
    );
    expect(replay.steps[3]?.snapshot.context.fieldErrors).toEqual({ items: { key: 'validation.feesRequired' } });
    expect(replay.steps[4]?.snapshot.context.fieldErrors).toEqual({});
    expect(replay.invocations.map((call) => call.input)).toEqual([{ key: 'seed-fees-0123456789.3', order: ONE_FEE, provider: 'qpay' }]);
  });
});
