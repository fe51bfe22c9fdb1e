/**
 * Which of the mining registration machine's shortest paths the browser replay drives
 * (tests/e2e/mining-registration.model-paths.test.ts, adapter support/pages/mining-registration.replay.ts)
 * and which it cannot, with the reasons. The coverage map (`npm run paths -- mining-registration
 * --coverage`) reads the same plan. No browser here.
 */
import type { AnyEventObject } from 'xstate';
import type { Draft } from '../../../../contract/mining.schema';
import { miningRegistrationModel } from '../../../machines/mining-registration.model';
import { definePlan, routeToShownStep } from '../replay-plan';

const STEPS = ['insurer', 'beneficiaries', 'images'] as const;

/** `loadDraft resolves (stored: insurer+beneficiaries)` and the like, for the test names. */
const label = (event: AnyEventObject): string | undefined => {
  const result = /^xstate\.done\.actor\.(\w+)$/.exec(event.type)?.[1];
  if (result === 'loadDraft' || (result && /^save/.test(result))) {
    const draft = event.output as Draft;
    return `${result} resolves (stored: ${STEPS.filter((step) => draft[step] !== null).join('+') || 'nothing'}${draft.submitted ? ', submitted' : ''})`;
  }
  if (result === 'loadProgramme' || result === 'reloadProgramme') return `${result} resolves`;
  if (result === 'startRegistration') return 'startRegistration resolves (a code sent)';
  if (result === 'codeVerification') return `codeVerification resolves (${(event.output as { outcome: string }).outcome})`;
  if (event.type === 'register.changeRegister') {
    const { first, second, number } = event.value as { first: string; second: string; number: string };
    return `send register.changeRegister ${first}${second}${number}`;
  }
  return undefined;
};

export const miningRegistrationPlan = definePlan({
  model: miningRegistrationModel,
  select: 'state',
  events: {
    'programme.retry': true,
    'welcome.start': true,
    'register.changeRegister': true,
    'register.changePhone': true,
    'register.submit': true,
    'xstate.snapshot.codeVerification': true,
    'flow.resumed': true,
    'draft.retry': true,
    'insurer.change': true,
    'insurer.submit': true,
    'beneficiary.add': true,
    'beneficiary.remove': true,
    'beneficiary.change': true,
    'beneficiary.changeRegister': true,
    'child.add': true,
    'child.remove': true,
    'child.change': true,
    'child.changeRegister': true,
    'beneficiaries.submit': true,
    'image.uploaded': true,
    'image.removed': true,
    'images.submit': true,
    'registration.restart': true,
    'xstate.route': routeToShownStep,
  },
  actors: {
    loadProgramme: true,
    reloadProgramme: true,
    startRegistration: true,
    codeVerification: ({ event }) => {
      if (event.type.startsWith('xstate.error.')) return 'the code step machine failing: no page action or server answer makes the child throw';
      if ((event.output as { outcome: string }).outcome === 'gone') return "'gone' needs the verification replaced behind the code step's back (a second start for the same person through the API); the replay does not make it, and no path it selects (one per state) takes it";
      return undefined;
    },
    loadDraft: ({ event }) =>
      event.type.startsWith('xstate.done.') && (event.output as Draft).submitted
        ? 'a submitted draft loaded: the server ends the draft token at submission, so a load after it is refused (the page then starts again), never answered with the draft'
        : undefined,
    saveInsurer: true,
    saveBeneficiaries: true,
    saveImages: true,
    submitRegistration: true,
  },
  label,
});
