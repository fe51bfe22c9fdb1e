/**
 * Which of the Credit Med pre-claim machine's shortest paths the browser replay drives
 * (tests/e2e/credit-med-pre-claim.model-paths.test.ts, adapter support/pages/credit-med-pre-claim.replay.ts)
 * and which it cannot, with the reasons. The coverage map (`npm run paths -- credit-med-pre-claim
 * --coverage`) reads the same plan. No browser here.
 */
import type { AnyEventObject } from 'xstate';
import type { CardSummary, Hospital, PreClaim } from '../../../../contract/credit-med-card.schema';
import { creditMedPreClaimModel } from '../../../machines/credit-med-pre-claim.model';
import { definePlan } from '../replay-plan';

/** More rounds of the status page's back-off than this wait for real (2 s, 3 s, 5 s, …, 112 s for all eight). */
const ROUNDS_WAITED = 2;

const label = (event: AnyEventObject): string | undefined => {
  const result = /^xstate\.done\.actor\.(\w+)$/.exec(event.type)?.[1];
  if (result === 'loadCard') return `loadCard resolves (a card ${(event.output as CardSummary).card?.status ?? 'missing'})`;
  if (result === 'searchHospitals') return `searchHospitals resolves [${(event.output as Hospital[]).map((hospital) => hospital.name).join(', ')}]`;
  if (result === 'createPreClaim' || result === 'loadPreClaim') return `${result} resolves (${(event.output as PreClaim).status})`;
  return undefined;
};

export const creditMedPreClaimPlan = definePlan({
  model: creditMedPreClaimModel,
  select: 'state',
  events: {
    'hospital.query': true,
    'hospital.search': true,
    'hospital.select': true,
    'amount.change': true,
    'purpose.change': true,
    'password.change': true,
    'step.next': true,
    'step.back': true,
    'card.retry': true,
    'track.check': true,
    // The page's own back-off timer: waited for.
    'xstate.after.trackDelay': true,
  },
  actors: {
    loadCard: true,
    searchHospitals: ({ event }) =>
      event.type.startsWith('xstate.done.') && (event.output as Hospital[]).length === 0
        ? "'no hospital found' for the model's query: the server finds Intermed for 'интермед' (the seeded hospitals), so an empty answer needs another query"
        : undefined,
    createPreClaim: true,
    loadPreClaim: true,
  },
  label,
  cannot: (path) =>
    path.steps.filter((step) => step.event.type.startsWith('xstate.after.trackDelay')).length > ROUNDS_WAITED
      ? `more than ${ROUNDS_WAITED} rounds of the status page's back-off (2 s, 3 s, 5 s, 8 s, …: 112 s of real time for the eight before it gives up); the browser's clock is not moved`
      : undefined,
});
