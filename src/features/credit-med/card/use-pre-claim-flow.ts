/** The pre-claim machine with the app's API calls, on the wizard runner (not persisted: it holds the transaction password). */
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import { creditMedPreClaimMachine } from '../../../../machines/credit-med-pre-claim.machine';
import { createPreClaim, getCardSummary, getPreClaim, searchHospitals } from '../../../api/credit-med-card.api';
import { useWizard } from '../../../flows/use-wizard';

const appMachine = creditMedPreClaimMachine.provide({
  actors: {
    loadCard: fromPromise(() => getCardSummary()),
    searchHospitals: fromPromise(({ input }) => searchHospitals(input.query)),
    createPreClaim: fromPromise(({ input }) => createPreClaim(input.key, input.body)),
    loadPreClaim: fromPromise(({ input }) => getPreClaim(input.id)),
  },
});

export type PreClaimActor = ReturnType<typeof usePreClaimFlow>;

export function usePreClaimFlow(preClaimId: number | null, user: string) {
  const input = useMemo(() => ({ keySeed: globalThis.crypto.randomUUID(), preClaimId }), [preClaimId]);
  return useWizard(appMachine, { flow: 'credit-med-pre-claim', version: 1, user, input, persist: false });
}
