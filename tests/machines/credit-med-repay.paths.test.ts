import { describe, expect, it } from 'vitest';
import { connectRepay } from '../../machines/credit-med-repay.connect.ts';
import { creditMedRepayModel, khanInvoice, nothingOwed, owedPreClaim, qpayInvoice, repaidPreClaim } from './credit-med-repay.model.ts';
import { doneEvent, errorEvent, pathFromEvents, replayPath } from './path-kit.ts';
import { describePaths } from './path-suite.ts';

describePaths('credit-med-repay', creditMedRepayModel, {
  invariants: ({ steps }) => {
    // The page shows what is owed as the server says, and the message as it is.
    for (const { snapshot } of steps) {
      const view = connectRepay(snapshot as never);
      expect(view.preClaim).toBe(snapshot.context.preClaim);
      expect(view.owed).toBe(snapshot.context.preClaim?.owed ?? 0);
      expect(view.error).toBe(snapshot.context.error);
      expect(snapshot.matches(view.step) || (view.step === 'loading' && snapshot.matches('deciding'))).toBe(true);
    }
  },
});

describe('credit-med-repay behaviour', () => {
  it('shows what is owed, then the providers; QR leaves for the Credit Med status page of the invoice', async () => {
    const replay = await replayPath(
      creditMedRepayModel,
      pathFromEvents(creditMedRepayModel, [doneEvent('loadPreClaim', owedPreClaim), { type: 'repay.start' }, { type: 'repay.pay', provider: 'qpay' }, doneEvent('createRepayment', qpayInvoice)]),
    );
    expect(connectRepay(replay.steps[1]?.snapshot as never)).toMatchObject({ step: 'owed', owed: 180_000 });
    expect(replay.emitted).toEqual([{ type: 'flow.navigate', to: '/credit-med/buy/status?invoice=inv-qpay' }]);
  });

  it("a bank card goes to the bank's page", async () => {
    const replay = await replayPath(
      creditMedRepayModel,
      pathFromEvents(creditMedRepayModel, [doneEvent('loadPreClaim', owedPreClaim), { type: 'repay.pay', provider: 'khan' }, doneEvent('createRepayment', khanInvoice)], 'opened at …/buy'),
    );
    expect(replay.emitted).toEqual([{ type: 'flow.navigate', to: khanInvoice.redirect_url, external: true }]);
  });

  it('paying twice is impossible: a repaid pre-claim shows its status, and a refusal reloads it', async () => {
    const repaid = await replayPath(creditMedRepayModel, pathFromEvents(creditMedRepayModel, [doneEvent('loadPreClaim', repaidPreClaim)]));
    expect(connectRepay(repaid.steps.at(-1)?.snapshot as never)).toMatchObject({ step: 'settled', owed: 0 });
    const refused = await replayPath(
      creditMedRepayModel,
      pathFromEvents(creditMedRepayModel, [doneEvent('loadPreClaim', owedPreClaim), { type: 'repay.pay', provider: 'qpay' }, errorEvent('createRepayment', nothingOwed), doneEvent('loadPreClaim', repaidPreClaim)], 'opened at …/buy'),
    );
    expect(refused.steps.map((s) => connectRepay(s.snapshot as never).step)).toEqual(['loading', 'choosing', 'paying', 'loading', 'settled']);
  });
});
