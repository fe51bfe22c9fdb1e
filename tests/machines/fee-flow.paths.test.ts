import { describe, expect, it } from 'vitest';
import { urlOf } from '../../machines/fee-flow.machine.ts';
import { doneEvent, errorEvent, pathFromEvents, replayPath } from './path-kit.ts';
import { describePaths } from './path-suite.ts';
import { cardPayment, confirmedAccess, feeFlowModel, gone, paidInvoice, policyNoMatch, pendingAccess, qrPayment, VALID_REGISTER } from './fee-flow.model.ts';

// Every step's address carries what a reload needs to continue there.
describePaths('fee-flow', feeFlowModel, {
  invariants: ({ steps }) => {
    for (const { snapshot } of steps) {
      const url = urlOf(snapshot);
      const { accessId, invoiceId } = snapshot.context;
      if (snapshot.matches('check') || snapshot.matches('status')) expect(url).toContain(`invoice=${invoiceId}`);
      else if (snapshot.matches('payment') || snapshot.matches('code')) expect(url).toContain(`access=${accessId}`);
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
  });
});
