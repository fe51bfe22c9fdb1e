/**
 * The machines driven through the real pages by a browser replay (tests/e2e/<machine>.model-paths.test.ts),
 * each with its plan: which of its paths run. The coverage map (tests/machines/coverage-map.ts,
 * `npm run paths -- <machine> --coverage`, the coloured `npm run statecharts`) reads this list; a
 * machine not in it shows "no browser replay".
 *
 * A new replay registers with one line: its machine name and its plan module
 * (`support/replays/<machine>.paths.ts`, exporting the `ReplayPlan` its test file also uses).
 */
import type { MachineName } from '../../../../scripts/machine-catalog.ts';
import type { ReplayPlan } from '../replay-plan.ts';

export const browserReplays: Partial<Record<MachineName, () => Promise<ReplayPlan>>> = {
  'buy-insurance': () => import('./buy-insurance.paths.ts').then((module) => module.buyInsurancePlan),
  registration: () => import('./registration.paths.ts').then((module) => module.registrationPlan),
  'fee-flow': () => import('./fee-flow.paths.ts').then((module) => module.feeFlowPlan),
  'payment-status': () => import('./payment-status.paths.ts').then((module) => module.paymentStatusPlan),
  'credit-med-request': () => import('./credit-med-request.paths.ts').then((module) => module.creditMedRequestPlan),
  'mining-registration': () => import('./mining-registration.paths.ts').then((module) => module.miningRegistrationPlan),
  'credit-med-pre-claim': () => import('./credit-med-pre-claim.paths.ts').then((module) => module.creditMedPreClaimPlan),
  'claim-creation': () => import('./claim-creation.paths.ts').then((module) => module.claimCreationPlan),
};

/** The replay's test file, relative to the repository root. */
export const replayFileOf = (name: string) => `tests/e2e/${name}.model-paths.test.ts`;
