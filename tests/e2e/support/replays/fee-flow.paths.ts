/**
 * Which of the fee-flow machine's shortest paths the browser replay drives
 * (tests/e2e/fee-flow.model-paths.test.ts, adapter in support/pages/fee-flow.replay.ts) and which it
 * cannot, with the reasons. The coverage map (`npm run paths -- fee-flow --coverage`) reads the same
 * plan. No browser here.
 */
import type { AnyEventObject } from 'xstate';
import { feeFlowModel } from '../../../machines/fee-flow.model';
import { definePlan, routeTarget, routeToShownStep } from '../replay-plan';

const label = (event: AnyEventObject): string | undefined => {
  if (event.type === 'xstate.done.actor.feePayment') {
    const output = event.output as { invoice: { provider: string } } | null;
    return `feePayment resolves (${output ? output.invoice.provider : 'nothing paid'})`;
  }
  if (event.type === 'xstate.done.actor.loadAccess') return `loadAccess resolves (${(event.output as { confirmed: boolean }).confirmed ? 'confirmed' : 'pending'})`;
  if (event.type === 'xstate.done.actor.startAccess') return 'startAccess resolves (a code sent)';
  if (event.type === 'xstate.done.actor.codeVerification') return `codeVerification resolves (${(event.output as { outcome: string }).outcome})`;
  if (event.type === 'xstate.done.actor.paymentStatus') return `paymentStatus resolves (${(event.output as { invoice: { status: string } | null }).invoice?.status ?? 'no invoice'})`;
  return undefined;
};

export const feeFlowPlan = definePlan({
  model: feeFlowModel,
  // 93 shortest paths: one per target state, then those adding the most transitions.
  select: 'state',
  topUp: 4,
  events: {
    'fee.changeRegister': true,
    'fee.changePhone': true,
    'fee.submit': true,
    'fee.retry': true,
    'fee.restart': ({ before }) =>
      before.matches('code') ? "the code step has no 'pay another policy' button: its 'change the details' link is a route to the form" : undefined,
    'xstate.route': (step) =>
      routeToShownStep(step) ??
      (routeTarget(step.before, step.event).id === 'feeAccess' && step.before.matches('form')
        ? "/fee?access= while the form is shown: the runner routes the location to the form itself (both have the path /fee), so only a reload starts from ?access="
        : undefined),
  },
  actors: {
    startAccess: true,
    loadAccess: true,
    codeVerification: ({ event }) =>
      (event.output as { outcome?: string } | undefined)?.outcome === 'verified' ? undefined : 'a verification gone: the replay has no way yet to replace a fee access under way',
    feePayment: ({ event }) => (event.output ? undefined : 'the fee chooser ending with nothing paid: no page action of the chooser gives that output'),
    paymentStatus: ({ event }) =>
      (event.output as { invoice: unknown }).invoice ? undefined : 'an invoice status ending without an invoice: the replay arranges only invoices that exist',
  },
  label,
});
