/**
 * The claim-creation machine with its real actors (the claim calls) on the wizard runner. One stored
 * snapshot per user (what was typed, the step); the draft itself is on the server, so a reload reopens
 * it and continues at the stored step, and another device opens the same draft at its first
 * incomplete step.
 */
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import { claimCreationMachine } from '../../../machines/claim-creation.machine';
import { todayInMongolia } from '../../../contract/insurance.schema';
import type { ClaimStep } from '../../../contract/claim.schema';
import { openClaimDraft, saveClaimEvent, saveClaimPayout, saveClaimType, submitClaim } from '../../api/claims.api';
import { useWizard } from '../../flows/use-wizard';

/** Bump when the machine's states or context change shape: an older stored snapshot is then dropped. */
const FLOW_VERSION = 1;

export const claimMachineWithApi = claimCreationMachine.provide({
  actors: {
    openClaim: fromPromise(({ input }) => openClaimDraft(input.policyId)),
    saveType: fromPromise(({ input }) => saveClaimType(input.id, input.body)),
    saveEvent: fromPromise(({ input }) => saveClaimEvent(input.id, input.body)),
    savePayout: fromPromise(({ input }) => saveClaimPayout(input.id, input.body)),
    submitClaim: fromPromise(({ input }) => submitClaim(input.id, input.key)),
  },
});

export function useClaimFlow(userKey: string, policyId: number, at: ClaimStep | null) {
  // The URL's step at mount: a deep link opens there when the draft allows it.
  const input = useMemo(() => ({ policyId, today: todayInMongolia(), keySeed: globalThis.crypto.randomUUID(), at }), [policyId]); // eslint-disable-line react-hooks/exhaustive-deps -- the URL at mount decides
  return useWizard(claimMachineWithApi, {
    flow: 'claim-creation',
    version: FLOW_VERSION,
    user: userKey,
    input,
    // The stored wizard is this policy's: another policy's claim starts afresh (its draft is on the server).
    resumes: (stored) => (stored.context as { policyId?: number }).policyId === policyId,
    params: () => ({ insuranceId: policyId }),
  });
}

export type ClaimActor = ReturnType<typeof useClaimFlow>;
