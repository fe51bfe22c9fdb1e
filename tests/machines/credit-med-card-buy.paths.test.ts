import { describe, expect, it } from 'vitest';
import { creditMedCardBuyModel, qpayInvoice, unpaid } from './credit-med-card-buy.model.ts';
import { doneEvent, pathFromEvents, replayPath } from './path-kit.ts';
import { describePaths } from './path-suite.ts';

describePaths('credit-med-card-buy', creditMedCardBuyModel);

describe('credit-med-card-buy behaviour', () => {
  it('an unpaid card: a provider makes the fee invoice and leaves for its status page', async () => {
    const replay = await replayPath(
      creditMedCardBuyModel,
      pathFromEvents(creditMedCardBuyModel, [doneEvent('loadCard', unpaid), { type: 'buy.pay', provider: 'qpay' }, doneEvent('createCardInvoice', qpayInvoice)]),
    );
    expect(replay.emitted).toEqual([{ type: 'flow.navigate', to: '/credit-med/buy/status?invoice=inv-1' }]);
  });
});
