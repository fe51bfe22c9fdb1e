import { describe, expect, it } from 'vitest';
import { connectCardBuy } from '../../machines/credit-med-card-buy.connect.ts';
import { active, creditMedCardBuyModel, madeQr, refusedPaid, unpaid } from './credit-med-card-buy.model.ts';
import { doneEvent, pathFromEvents, replayPath } from './path-kit.ts';
import { describePaths } from './path-suite.ts';

describePaths('credit-med-card-buy', creditMedCardBuyModel, {
  invariants: ({ steps }) => {
    // The page shows the step the machine is at, the card's fee as the server says, and the payment step's choice only while it runs.
    for (const { snapshot } of steps) {
      const view = connectCardBuy(snapshot as never);
      const { summary } = snapshot.context;
      expect(snapshot.matches(view.step as never)).toBe(true);
      expect(view.summary).toBe(summary);
      expect(view.fee).toBe(summary?.card ? summary.card.fee : (summary?.fee ?? null));
      expect(view.payment).toBe(snapshot.matches('paying') ? snapshot.children.payment : null);
      if (snapshot.matches('paying')) expect(view.payment).not.toBeNull();
      expect(view.error).toBe(snapshot.context.error);
    }
  },
});

describe('credit-med-card-buy behaviour', () => {
  it('an unpaid card: the payment step makes the fee invoice and the page leaves for its status page', async () => {
    const replay = await replayPath(creditMedCardBuyModel, pathFromEvents(creditMedCardBuyModel, [doneEvent('loadCard', unpaid), doneEvent('payment', madeQr)]));
    expect(replay.invocations.find((call) => call.id === 'payment')?.input).toEqual({
      order: { kind: 'creditMedCard' },
      provider: null,
      phone: '',
      keySeed: 'seed-card-0123456789-card-0',
      confirm: false,
      stopOn: ['creditMedCard.errors.cardAlreadyPaid', 'creditMedCard.errors.contractNotSigned'],
      error: null,
    });
    expect(replay.emitted).toEqual([{ type: 'flow.navigate', to: '/credit-med/buy/status?invoice=inv-1' }]);
  });

  it('a card paid meanwhile: the refusal reloads the card, which says so; otherwise the step starts again with the choice and the message', async () => {
    const paid = await replayPath(creditMedCardBuyModel, pathFromEvents(creditMedCardBuyModel, [doneEvent('loadCard', unpaid), doneEvent('payment', refusedPaid), doneEvent('loadCard', active)]));
    expect(paid.steps.at(-1)?.snapshot.value).toBe('alreadyPaid');
    const again = await replayPath(creditMedCardBuyModel, pathFromEvents(creditMedCardBuyModel, [doneEvent('loadCard', unpaid), doneEvent('payment', refusedPaid), doneEvent('loadCard', unpaid)]));
    expect(again.invocations.filter((call) => call.id === 'payment').at(-1)?.input).toMatchObject({
      provider: 'mostmoney',
      phone: '99112233',
      keySeed: 'seed-card-0123456789-card-1',
      error: { key: 'creditMedCard.errors.cardAlreadyPaid' },
    });
  });
});
