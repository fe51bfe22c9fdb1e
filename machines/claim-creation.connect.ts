/**
 * The claim wizard's snapshot → what its pages show: which step, its form and errors, whether a
 * request runs, the late warning, the documents still missing. Values are primitives or context
 * objects passed on as they are, so a shallow comparison tells whether anything changed.
 */
import type { SnapshotFrom } from 'xstate';
import { missingDocuments, type Claim, type ClaimPolicy, type ClaimType, type DocumentType } from '../contract/claim.schema';
import type { FieldErrors, Message } from '../contract/validation';
import { isEventLate, type ClaimCreationMachine, type EventForm, type PayoutForm } from './claim-creation.machine';

export const CLAIM_STEPS_SHOWN = ['type', 'event', 'payout', 'documents', 'review'] as const;
export type ClaimStepName = 'opening' | 'sent' | (typeof CLAIM_STEPS_SHOWN)[number];

type Snapshot = SnapshotFrom<ClaimCreationMachine>;

const STEP_STATES: readonly ClaimStepName[] = ['opening', ...CLAIM_STEPS_SHOWN, 'sent'];

export const claimStep = (snapshot: Snapshot): ClaimStepName => STEP_STATES.find((step) => snapshot.matches(step)) ?? 'opening';

export interface ClaimCreationView {
  step: ClaimStepName;
  /** 1-based place among the numbered steps; 0 while opening. */
  stepNumber: number;
  openingFailed: boolean;
  isBusy: boolean;
  claim: Claim | null;
  policy: ClaimPolicy | null;
  claimTypes: readonly ClaimType[];
  claimType: ClaimType | '';
  event: EventForm;
  payout: PayoutForm;
  /** The treatment ended more than 14 days ago: sent all the same, flagged late. */
  late: boolean;
  required: readonly DocumentType[];
  missing: readonly DocumentType[];
  errors: FieldErrors;
  error: Message | null;
  today: string;
}

const NONE: readonly DocumentType[] = [];

export const connectClaimCreation = (snapshot: Snapshot): ClaimCreationView => {
  const { context } = snapshot;
  const step = claimStep(snapshot);
  const claim = context.claim;
  return {
    step,
    stepNumber: (CLAIM_STEPS_SHOWN as readonly string[]).indexOf(step) + 1,
    openingFailed: snapshot.matches({ opening: 'failed' }),
    isBusy:
      snapshot.matches({ opening: 'loading' }) ||
      snapshot.matches({ type: 'saving' }) ||
      snapshot.matches({ event: 'saving' }) ||
      snapshot.matches({ payout: 'saving' }) ||
      snapshot.matches({ review: 'submitting' }),
    claim,
    policy: claim?.policy ?? null,
    claimTypes: claim?.policy.claim_types ?? [],
    claimType: context.claimType,
    event: context.event,
    payout: context.payout,
    late: isEventLate(context.event, context.today),
    required: claim?.required_documents ?? NONE,
    missing: claim ? missingDocuments(claim.claim_type, claim.documents) : NONE,
    errors: context.fieldErrors,
    error: context.error,
    today: context.today,
  };
};
