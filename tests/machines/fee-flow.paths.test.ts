import { describe, expect, it } from 'vitest';
import { connectFeeFlow } from '../../machines/fee-flow.connect.ts';
import { currentStepPath } from '../../src/flows/route-states.ts';
import { doneEvent, errorEvent, pathFromEvents, replayPath } from './path-kit.ts';
import { describePaths } from './path-suite.ts';
import { cardPayment, confirmedAccess, feeFlowModel, gone, paidInvoice, pendingAccess, policyNoMatch, qrPayment, toAccess, toCheck, toForm, toPayment, VALID_REGISTER } from './fee-flow.model.ts';

type FeeSnapshot = Parameters<typeof currentStepPath>[0] & { context: { accessId: string | null; invoiceId: string | null } };

/** The address the runner writes for a snapshot (its routable state's path and query). */
const urlOf = (snapshot: FeeSnapshot) => currentStepPath(snapshot, { access: snapshot.context.accessId, invoice: snapshot.context.invoiceId })?.path ?? null;

/**
 * What each step's address should be, written out from the routes (not read from the machine's meta):
 * the path, the query a reload needs, and whether the step replaces the entry before it in the
 * browser's history (the steps a customer should not come back to with Back: the access being read,
 * the code) instead of adding one.
 */
const expectedAddress = (snapshot: FeeSnapshot): { path: string; replace: boolean } | null => {
  const access = `?access=${snapshot.context.accessId ?? ''}`;
  const invoice = `?invoice=${snapshot.context.invoiceId ?? ''}`;
  const at = (state: string) => snapshot.matches(state as never);
  if (at('form')) return { path: '/fee', replace: false };
  if (at('loadingAccess') || at('code')) return { path: `/fee${access}`, replace: true };
  if (at('loadFailed')) return { path: `/fee${access}`, replace: false };
  if (at('payment') || at('handedOff')) return { path: `/fee/payment${access}`, replace: false };
  if (at('check')) return { path: `/fee/check${invoice}`, replace: false };
  if (at('status')) return { path: `/fee/status${invoice}`, replace: false };
  return null;
};

// Every step's address carries what a reload needs to continue there.
describePaths('fee-flow', feeFlowModel, {
  invariants: ({ steps }) => {
    for (const { snapshot } of steps) {
      expect(currentStepPath(snapshot, { access: snapshot.context.accessId, invoice: snapshot.context.invoiceId })).toEqual(expectedAddress(snapshot));
      // The page shows the step the machine is at, the context as it is, and each step's child while it runs.
      const view = connectFeeFlow(snapshot as never);
      expect(view.step === 'loading' ? ['starting', 'loadingAccess', 'handedOff'].some((state) => snapshot.matches(state as never)) : snapshot.matches(view.step as never)).toBe(true);
      expect(view.form).toBe(snapshot.context.form);
      expect(view.error).toBe(snapshot.context.error);
      expect(view.invoice).toBe(snapshot.context.invoice);
      expect(view.policy).toBe(snapshot.context.access?.policy ?? null);
      expect(view.sending).toBe(snapshot.matches({ form: 'sending' }));
      expect(view.codeVerification !== null).toBe(snapshot.matches('code'));
      expect(view.feePayment !== null).toBe(snapshot.matches('payment'));
      expect(view.paymentStatus !== null).toBe(snapshot.matches('check'));
      // "Pay again" goes back to the fees of a confirmed access, else to the form.
      const { access, accessId } = snapshot.context;
      expect(view.payAgain).toBe(access?.confirmed && accessId ? `/fee/payment?access=${accessId}` : '/fee');
    }
  },
});

const filled = [
  { type: 'fee.changeRegister', value: VALID_REGISTER },
  { type: 'fee.changePhone', value: '99001101' },
  { type: 'fee.submit' },
] as const;

describe('fee-flow behaviour', () => {
  it('goes form → code → payment → check → status, with the address of each step', async () => {
    const replay = await replayPath(
      feeFlowModel,
      pathFromEvents(feeFlowModel, [
        ...filled,
        doneEvent('startAccess', pendingAccess),
        doneEvent('codeVerification', { outcome: 'verified', ticket: 'access-1', access: null }),
        doneEvent('loadAccess', confirmedAccess),
        doneEvent('feePayment', qrPayment),
        doneEvent('paymentStatus', { invoice: paidInvoice }),
      ]),
    );
    expect(replay.steps.map(({ snapshot }) => urlOf(snapshot))).toEqual([
      '/fee',
      '/fee',
      '/fee',
      '/fee',
      '/fee?access=access-1',
      '/fee?access=access-1',
      '/fee/payment?access=access-1',
      '/fee/check?invoice=invoice-1',
      '/fee/status?invoice=invoice-1',
    ]);
    expect(replay.steps.at(-1)?.snapshot.context.invoice?.status).toBe('paid');
  });

  it('keeps the form and shows why when no policy matches; a code step that is gone starts over with its message', async () => {
    const refused = await replayPath(feeFlowModel, pathFromEvents(feeFlowModel, [...filled, errorEvent('startAccess', policyNoMatch)]));
    const last = refused.steps.at(-1)?.snapshot;
    expect(last?.context.error).toEqual({ key: 'errors.policyNoMatch' });
    expect(last?.context.form.phone).toBe('99001101');
    const over = await replayPath(feeFlowModel, pathFromEvents(feeFlowModel, [...filled, doneEvent('startAccess', pendingAccess), doneEvent('codeVerification', gone)]));
    expect(over.steps.at(-1)?.snapshot.matches('form')).toBe(true);
    expect(over.steps.at(-1)?.snapshot.context.error).toEqual({ key: 'errors.verificationGone' });
  });

  it('hands a card payment to the bank (the card page returns to /fee/check)', async () => {
    const replay = await replayPath(
      feeFlowModel,
      pathFromEvents(feeFlowModel, [...filled, doneEvent('startAccess', pendingAccess), doneEvent('codeVerification', { outcome: 'verified', ticket: 'access-1', access: null }), doneEvent('loadAccess', confirmedAccess), doneEvent('feePayment', cardPayment)]),
    );
    expect(replay.steps.at(-1)?.snapshot.value).toBe('handedOff');
    expect(replay.emitted).toEqual([{ type: 'flow.navigate', to: cardPayment.invoice.redirect_url, external: true }]);
  });

  it('follows the locations the machine did not write: back to the fees pays again, /fee starts afresh, another address reads its own', async () => {
    const paid = [
      ...filled,
      doneEvent('startAccess', pendingAccess),
      doneEvent('codeVerification', { outcome: 'verified', ticket: 'access-1', access: null }),
      doneEvent('loadAccess', confirmedAccess),
      doneEvent('feePayment', qrPayment),
    ];
    const back = await replayPath(feeFlowModel, pathFromEvents(feeFlowModel, [...paid, toPayment]));
    expect(urlOf(back.steps.at(-1)!.snapshot)).toBe('/fee/payment?access=access-1');
    expect(back.steps.at(-1)?.snapshot.context.invoiceId).toBeNull();
    const afresh = await replayPath(feeFlowModel, pathFromEvents(feeFlowModel, [...paid, toForm]));
    expect(afresh.steps.at(-1)?.snapshot.context).toMatchObject({ accessId: null, invoiceId: null, form: { phone: '' } });
    const other = await replayPath(feeFlowModel, pathFromEvents(feeFlowModel, [...paid, toAccess]));
    expect(urlOf(other.steps.at(-1)!.snapshot)).toBe('/fee?access=access-2');
    const check = await replayPath(feeFlowModel, pathFromEvents(feeFlowModel, [toCheck]));
    expect(urlOf(check.steps.at(-1)!.snapshot)).toBe('/fee/check?invoice=invoice-9');
  });

  it('does not pay again for a confirmation it does not hold', async () => {
    const replay = await replayPath(feeFlowModel, pathFromEvents(feeFlowModel, [...filled, doneEvent('startAccess', pendingAccess), toPayment]));
    expect(replay.steps.at(-1)?.snapshot.value).toBe('code');
  });
});
