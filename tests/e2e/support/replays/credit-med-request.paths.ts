/**
 * Which of the Credit Med request machine's shortest paths the browser replay drives
 * (tests/e2e/credit-med-request.model-paths.test.ts, adapter support/pages/credit-med-request.replay.ts)
 * and which it cannot, with the reasons. The coverage map (`npm run paths -- credit-med-request
 * --coverage`) reads the same plan. No browser here.
 */
import type { AnyEventObject } from 'xstate';
import type { CmContract, CmRequest } from '../../../../contract/credit-med-request.schema';
import { creditMedRequestModel } from '../../../machines/credit-med-request.model';
import { definePlan, routeToShownStep } from '../replay-plan';

const STEPS = ['personal', 'family', 'images', 'declarations'] as const;

/** `loadRequest resolves (stored: personal+family)` and the like, for the test names. */
const label = (event: AnyEventObject): string | undefined => {
  const result = /^xstate\.done\.actor\.(\w+)$/.exec(event.type)?.[1];
  if (result === 'loadRequest' || (result && /^save/.test(result))) {
    const request = event.output as CmRequest;
    const stored = STEPS.filter((step) => request[step] !== null);
    return `${result} resolves (stored: ${stored.join('+') || 'nothing'}${request.contract ? ', submitted' : ''})`;
  }
  if (result === 'loadContract') return `loadContract resolves (${(event.output as CmContract).status})`;
  return undefined;
};

export const creditMedRequestPlan = definePlan({
  model: creditMedRequestModel,
  select: 'state',
  events: {
    'request.retry': true,
    'personal.change': true,
    'personal.changeRegister': true,
    'personal.submit': true,
    'child.add': true,
    'child.remove': true,
    'child.change': true,
    'child.changeRegister': true,
    'emergency.change': true,
    'family.submit': true,
    'image.uploaded': true,
    'image.removed': true,
    'images.submit': true,
    'declarations.change': true,
    'declarations.submit': true,
    'step.back': true,
    'contract.retry': true,
    'request.open': true,
    'flow.refresh': true,
    'flow.resumed': true,
    'sign.accept': true,
    'sign.change': true,
    'sign.submit': true,
    'xstate.snapshot.codeVerification': true,
    'xstate.route': routeToShownStep,
  },
  actors: {
    loadRequest: true,
    savePersonal: true,
    saveFamily: true,
    saveImages: true,
    saveDeclarations: true,
    submitRequest: true,
    loadContract: true,
    startSigning: true,
    codeVerification: ({ event }) => {
      if (event.type.startsWith('xstate.error.')) return 'the code step machine failing: no page action or server answer makes the child throw';
      if ((event.output as { outcome: string }).outcome === 'gone') return "'gone' needs the verification replaced behind the code step's back (a second start for the same person through the API); the replay does not make it, and no path it selects (one per state) takes it";
      return undefined;
    },
  },
  label,
});
