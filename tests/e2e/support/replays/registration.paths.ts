/**
 * Which of the registration machine's shortest paths the browser replay drives
 * (tests/e2e/registration.model-paths.test.ts) and which it cannot, with the reasons. The coverage
 * map (`npm run paths -- registration --coverage`) reads the same plan. No browser here.
 */
import type { AnyEventObject } from 'xstate';
import type { RegisterParts } from '../../../../contract/validation';
import { formatStateValue } from '../../../machines/path-format';
import { registrationModel } from '../../../machines/registration.model';
import { definePlan, routeToShownStep } from '../replay-plan';

/** Short names for events in the test names. */
const label = (event: AnyEventObject): string | undefined => {
  if (event.type === 'xstate.done.actor.startRegistration') return `startRegistration resolves (a code sent, resend in ${(event.output as { resend_in: number }).resend_in} s)`;
  if (event.type === 'xstate.done.actor.codeVerification') return `codeVerification resolves (${(event.output as { outcome: string }).outcome})`;
  if (event.type === 'xstate.snapshot.codeVerification') {
    const { code, secondsLeft } = (event.snapshot as { context: { code?: string; secondsLeft: number } }).context;
    return `codeVerification snapshot (code ${code || 'empty'}, ${secondsLeft} s left)`;
  }
  if (event.type === 'details.changeRegister') return `send details.changeRegister ${Object.values(event.value as RegisterParts).join('')}`;
  if (event.type === 'details.change') return `send details.change ${String(event.field)}=${String(event.value)}`;
  return undefined;
};

export const registrationPlan = definePlan({
  model: registrationModel,
  // The five field validities make 32 states of one form: grouped, one path per target state with
  // its other flags (ticket, countdown sample, error).
  select: {
    by: (snapshot) => {
      const { email: _e, password: _p, again: _a, register: _r, phone: _n, ...rest } = registrationModel.flags?.(snapshot as never) ?? {};
      return `${formatStateValue(snapshot.value)}${snapshot.status === 'active' ? '' : ` [${snapshot.status}]`} ${JSON.stringify(rest)}`;
    },
    description: 'target state with its flags other than the five field validities',
  },
  topUp: 4,
  events: {
    'details.change': true,
    'details.changeRegister': true,
    'details.submit': true,
    'xstate.snapshot.codeVerification': true,
    'flow.resumed': true,
    'xstate.route': routeToShownStep,
  },
  actors: {
    startRegistration: true,
    codeVerification: ({ event }) =>
      event.type.startsWith('xstate.error.')
        ? 'the code step machine failing: no page action or server answer makes the child throw'
        : undefined,
  },
  label,
});
