import { describe, expect, it } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { connectClaimCreation } from '../../machines/claim-creation.connect.ts';
import { isEventLate } from '../../machines/claim-creation.machine.ts';
import { currentStepPath } from '../../src/flows/route-states.ts';
import { doneEvent, pathFromEvents, replayPath } from './path-kit.ts';
import { statePath } from './oracle-helpers.ts';
import { describePaths } from './path-suite.ts';
import {
  claimCreationModel,
  completeClaim,
  emptyClaim,
  eventClaim,
  partialClaim,
  payoutClaim,
  sentClaim,
  typedClaim,
} from './claim-creation.model.ts';

const replay = async (events: readonly AnyEventObject[]) => replayPath(claimCreationModel, pathFromEvents(claimCreationModel, events));
const lastOf = async (events: readonly AnyEventObject[]) => {
  const steps = (await replay(events)).steps;
  const snapshot = steps.at(-1)?.snapshot;
  if (!snapshot) throw new Error('no step');
  return snapshot;
};

const eventFields: AnyEventObject[] = [
  { type: 'event.change', field: 'treatment_start', value: '2026-11-01' },
  { type: 'event.change', field: 'treatment_end', value: '2026-11-20' },
  { type: 'event.change', field: 'hospital', value: 'Интермед' },
  { type: 'event.change', field: 'diagnosis', value: 'Нурууны гэмтэл' },
  { type: 'event.change', field: 'amount', value: '1500000' },
];
const toEvent = [doneEvent('openClaim', emptyClaim), { type: 'type.choose', value: 'death' }, { type: 'type.submit' }, doneEvent('saveType', typedClaim)];
const toPayout = [...toEvent, ...eventFields, { type: 'event.submit' }, doneEvent('saveEvent', eventClaim)];
const toDocuments = [
  ...toPayout,
  { type: 'payout.change', field: 'bank', value: 'khan' },
  { type: 'payout.change', field: 'account_number', value: '5012345678' },
  { type: 'payout.change', field: 'account_holder', value: 'Дорж Бат-Эрдэнэ' },
  { type: 'payout.submit' },
  doneEvent('savePayout', payoutClaim),
];

type ClaimSnapshot = Parameters<typeof currentStepPath>[0] & { context: { policyId: number } };

/**
 * What each step's address should be, written out from the routes (not read from the machine's meta):
 * the wizard's five steps under /user/claim/create/{insuranceId}, each adding a history entry; opening
 * the draft and the sent claim have none of their own (the page and the claim's detail write theirs).
 */
const expectedAddress = (snapshot: ClaimSnapshot): { path: string; replace: boolean } | null => {
  const base = `/user/claim/create/${snapshot.context.policyId}`;
  const at = (state: string) => snapshot.matches(state as never);
  if (at('type')) return { path: base, replace: false };
  if (at('event')) return { path: `${base}/event`, replace: false };
  if (at('payout')) return { path: `${base}/payout`, replace: false };
  if (at('documents')) return { path: `${base}/documents`, replace: false };
  if (at('review')) return { path: `${base}/review`, replace: false };
  return null;
};

/** The wizard's numbered steps as the page numbers them ("step 2 of 5"); opening and sent have none. */
const STEP_NUMBERS: Record<string, number> = { type: 1, event: 2, payout: 3, documents: 4, review: 5 };
/** The states in which a request runs and the page shows it busy. */
const BUSY_STATES = ['opening.loading', 'type.saving', 'event.saving', 'payout.saving', 'review.submitting'];

describePaths('claim-creation', claimCreationModel, {
  invariants: ({ steps }) => {
    for (const { snapshot } of steps) {
      // Every step's address is the policy's wizard step the machine is at (the page passes the policy as insuranceId).
      expect(currentStepPath(snapshot, { insuranceId: snapshot.context.policyId })).toEqual(expectedAddress(snapshot));
      // The page shows the step the machine is in, its form, the draft and its documents still
      // missing, and whether a request runs: the whole view, written from the state.
      const { context, value } = snapshot;
      const at = statePath(value);
      const top = at.split('.')[0] ?? '';
      const claim = context.claim as typeof completeClaim | null;
      expect(connectClaimCreation(snapshot as never)).toEqual({
        step: top,
        stepNumber: STEP_NUMBERS[top] ?? 0,
        openingFailed: at === 'opening.failed',
        isBusy: BUSY_STATES.includes(at),
        claim,
        policy: claim?.policy ?? null,
        claimTypes: claim?.policy.claim_types ?? [],
        claimType: context.claimType,
        event: context.event,
        payout: context.payout,
        late: isEventLate(context.event, context.today),
        required: claim?.required_documents ?? [],
        missing: claim?.claim_type ? claim.required_documents.filter((type) => !claim.documents.some((d) => d.document_type === type)) : [],
        errors: context.fieldErrors,
        error: context.error,
        today: context.today,
      });
    }
  },
});

describe('claim creation behaviour', () => {
  it('walks a claim from the type to sent, with the steps numbered 1 to 5', async () => {
    const numbers: number[] = [];
    const { steps } = await replay([
      ...toDocuments,
      { type: 'documents.changed', claim: partialClaim },
      { type: 'documents.submit' },
      { type: 'documents.changed', claim: completeClaim },
      { type: 'documents.submit' },
      { type: 'claim.submit' },
      doneEvent('submitClaim', sentClaim),
    ]);
    for (const { snapshot } of steps) numbers.push(connectClaimCreation(snapshot as never).stepNumber);
    expect([...new Set(numbers)]).toEqual([0, 1, 2, 3, 4, 5]);
    expect(steps.at(-1)?.snapshot.status).toBe('done');
  });

  it('refuses to leave the documents step while one is missing, naming it', async () => {
    const snapshot = await lastOf([...toDocuments, { type: 'documents.changed', claim: partialClaim }, { type: 'documents.submit' }]);
    const view = connectClaimCreation(snapshot as never);
    expect(view.step).toBe('documents');
    expect(view.missing).toEqual(['relationship_proof']);
    expect(view.errors.documents?.key).toBe('claims.errors.documentsMissing');
  });

  it('flags a treatment that ended more than 14 days ago as late, and sends it all the same', async () => {
    const late = await lastOf([...toEvent, ...eventFields, { type: 'event.change', field: 'treatment_end', value: '2026-11-08' }]);
    expect(connectClaimCreation(late as never).late).toBe(true);
    const onTime = await lastOf([...toEvent, ...eventFields, { type: 'event.change', field: 'treatment_end', value: '2026-11-09' }]);
    expect(connectClaimCreation(onTime as never).late).toBe(false);
    const saved = await lastOf([...toEvent, ...eventFields, { type: 'event.change', field: 'treatment_end', value: '2026-11-08' }, { type: 'event.submit' }]);
    expect(saved.matches({ event: 'saving' })).toBe(true);
  });

  it('keeps what was typed when a restored wizard reopens the draft, and returns to its step', async () => {
    const snapshot = await lastOf([...toPayout, { type: 'payout.change', field: 'account_number', value: '123' }, { type: 'flow.resumed' }, doneEvent('openClaim', eventClaim)]);
    expect(snapshot.matches({ payout: 'editing' })).toBe(true);
    expect(snapshot.context.payout.account_number).toBe('123');
  });

  it('opens another device at the draft\'s first incomplete step, and a deep link to a later step stays there', async () => {
    const snapshot = await lastOf([doneEvent('openClaim', payoutClaim), { type: 'xstate.route', to: '#review' }]);
    expect(snapshot.matches('documents')).toBe(true);
    expect(snapshot.context.event.hospital).toBe('Интермед');
  });
});
