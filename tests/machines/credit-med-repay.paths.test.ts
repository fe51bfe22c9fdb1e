import { describe, expect, it } from 'vitest';
import { connectRepay } from '../../machines/credit-med-repay.connect.ts';
import { currentStepPath } from '../../src/flows/route-states.ts';
import { creditMedRepayModel, khanInvoice, madeCard, madeQr, owedPreClaim, refusedNothingOwed, repaidPreClaim } from './credit-med-repay.model.ts';
import { doneEvent, pathFromEvents, replayPath } from './path-kit.ts';
import { describePaths } from './path-suite.ts';

type RepaySnapshot = Parameters<typeof currentStepPath>[0] & { context: { preClaimId: number } };

/**
 * What each step's address should be, written out from the routes (not read from the machine's meta):
 * what is owed at /credit-med/pre-claim/repay/{id}, the provider choice at …/{id}/buy, each adding a
 * history entry; loading, deciding and the ends have none of their own.
 */
const expectedAddress = (snapshot: RepaySnapshot): { path: string; replace: boolean } | null => {
  const base = `/credit-med/pre-claim/repay/${snapshot.context.preClaimId}`;
  if (snapshot.matches('owed' as never)) return { path: base, replace: false };
  if (snapshot.matches('choosing' as never)) return { path: `${base}/buy`, replace: false };
  return null;
};

describePaths('credit-med-repay', creditMedRepayModel, {
  invariants: ({ steps }) => {
    // The page shows what is owed as the server says, and the message as it is.
    for (const { snapshot } of steps) {
      // Every step's address (the page passes the pre-claim's id as :id).
      expect(currentStepPath(snapshot, { id: snapshot.context.preClaimId })).toEqual(expectedAddress(snapshot));
      const view = connectRepay(snapshot as never);
      expect(view.preClaim).toBe(snapshot.context.preClaim);
      expect(view.owed).toBe(snapshot.context.preClaim?.owed ?? 0);
      expect(view.error).toBe(snapshot.context.error);
      // The payment step's choice exactly while it runs.
      expect(view.payment).toBe(snapshot.matches('choosing') ? snapshot.children.payment : null);
      if (snapshot.matches('choosing')) expect(view.payment).not.toBeNull();
      expect(snapshot.matches(view.step) || (view.step === 'loading' && snapshot.matches('deciding'))).toBe(true);
    }
  },
});

describe('credit-med-repay behaviour', () => {
  it('shows what is owed, then the payment step; QR leaves for the Credit Med status page of the invoice', async () => {
    const replay = await replayPath(
      creditMedRepayModel,
      pathFromEvents(creditMedRepayModel, [doneEvent('loadPreClaim', owedPreClaim), { type: 'repay.start' }, doneEvent('payment', madeQr)]),
    );
    expect(connectRepay(replay.steps[1]?.snapshot as never)).toMatchObject({ step: 'owed', owed: 180_000 });
    expect(replay.invocations.find((call) => call.id === 'payment')?.input).toEqual({
      order: { kind: 'creditMedRepay', preClaimId: 12 },
      provider: null,
      phone: '',
      keySeed: 'seed-repay-0123456789-repay-0',
      confirm: false,
      stopOn: ['creditMedCard.errors.nothingOwed'],
      error: null,
    });
    expect(replay.emitted).toEqual([{ type: 'flow.navigate', to: '/credit-med/buy/status?invoice=inv-qpay' }]);
  });

  it("a bank card goes to the bank's page", async () => {
    const replay = await replayPath(
      creditMedRepayModel,
      pathFromEvents(creditMedRepayModel, [doneEvent('loadPreClaim', owedPreClaim), doneEvent('payment', madeCard)], 'opened at …/buy'),
    );
    expect(replay.emitted).toEqual([{ type: 'flow.navigate', to: khanInvoice.redirect_url, external: true }]);
  });

  it('paying twice is impossible: a repaid pre-claim shows its status, and a refusal reloads it', async () => {
    const repaid = await replayPath(creditMedRepayModel, pathFromEvents(creditMedRepayModel, [doneEvent('loadPreClaim', repaidPreClaim)]));
    expect(connectRepay(repaid.steps.at(-1)?.snapshot as never)).toMatchObject({ step: 'settled', owed: 0 });
    const refused = await replayPath(
      creditMedRepayModel,
      pathFromEvents(creditMedRepayModel, [doneEvent('loadPreClaim', owedPreClaim), doneEvent('payment', refusedNothingOwed), doneEvent('loadPreClaim', repaidPreClaim)], 'opened at …/buy'),
    );
    expect(refused.steps.map((s) => connectRepay(s.snapshot as never).step)).toEqual(['loading', 'choosing', 'loading', 'settled']);
  });

  it('owed still after a refusal: the payment step starts again with the choice and new keys', async () => {
    const replay = await replayPath(
      creditMedRepayModel,
      pathFromEvents(creditMedRepayModel, [doneEvent('loadPreClaim', owedPreClaim), doneEvent('payment', refusedNothingOwed), doneEvent('loadPreClaim', owedPreClaim)], 'opened at …/buy'),
    );
    expect(replay.invocations.filter((call) => call.id === 'payment').map((call) => call.input)).toMatchObject([
      { provider: null, phone: '88094512', keySeed: 'seed-repay-0123456789-repay-0', error: null },
      { provider: 'mostmoney', phone: '99112233', keySeed: 'seed-repay-0123456789-repay-1', error: null },
    ]);
  });
});
