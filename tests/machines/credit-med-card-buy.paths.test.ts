import { describe, expect, it } from 'vitest';
import { connectCardBuy } from '../../machines/credit-med-card-buy.connect.ts';
import { creditMedCardBuyModel, qpayInvoice, unpaid } from './credit-med-card-buy.model.ts';
import { doneEvent, pathFromEvents, replayPath } from './path-kit.ts';
import { describePaths } from './path-suite.ts';

describePaths('credit-med-card-buy', creditMedCardBuyModel, {
  invariants: ({ steps }) => {
    // The page shows the step the machine is at, the card's fee as the server says, and the provider only while paying.
    for (const { snapshot } of steps) {
      const view = connectCardBuy(snapshot as never);
      const { summary } = snapshot.context;
      expect(snapshot.matches(view.step as never)).toBe(true);
      expect(view.summary).toBe(summary);
      expect(view.fee).toBe(summary?.card ? summary.card.fee : (summary?.fee ?? null));
      expect(view.provider).toBe(snapshot.matches('paying') ? snapshot.context.provider : null);
      expect(view.error).toBe(snapshot.context.error);
    }
  },
});

describe('credit-med-card-buy behaviour', () => {
  it('an unpaid card: a provider makes the fee invoice and leaves for its status page', async () => {
    const replay = await replayPath(
      creditMedCardBuyModel,
      pathFromEvents(creditMedCardBuyModel, [doneEvent('loadCard', unpaid), { type: 'buy.pay', provider: 'qpay' }, doneEvent('createCardInvoice', qpayInvoice)]),
    );
    expect(replay.emitted).toEqual([{ type: 'flow.navigate', to: '/credit-med/buy/status?invoice=inv-1' }]);
  });
});
