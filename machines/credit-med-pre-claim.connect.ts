/** What the pre-claim pages show for a snapshot of `credit-med-pre-claim`, so the views never read its states. */
import type { SnapshotFrom } from 'xstate';
import type { Hospital, PreClaim } from '../contract/credit-med-card.schema';
import type { FieldErrors, Message } from '../contract/validation';
import type { creditMedPreClaimMachine } from './credit-med-pre-claim.machine';

export type PreClaimStep = 'loading' | 'loadFailed' | 'blocked' | 'hospital' | 'amount' | 'purpose' | 'password' | 'submitting' | 'locked' | 'done' | 'tracking';
export type TrackingPhase = 'checking' | 'failed' | 'notFound' | 'moving' | 'stillMoving' | 'settled';

export interface PreClaimView {
  step: PreClaimStep;
  /** Within `tracking`. */
  tracking: TrackingPhase | null;
  balance: number | null;
  minAmount: number | null;
  purposeMax: number | null;
  query: string;
  isSearching: boolean;
  hospitals: readonly Hospital[] | null;
  hospital: Hospital | null;
  amountText: string;
  purpose: string;
  password: string;
  fieldErrors: FieldErrors;
  error: Message | null;
  preClaim: PreClaim | null;
}

const stepOf = (snapshot: SnapshotFrom<typeof creditMedPreClaimMachine>): PreClaimStep => {
  for (const step of ['loadFailed', 'blocked', 'hospital', 'amount', 'purpose', 'password', 'submitting', 'locked', 'done', 'tracking'] as const) {
    if (snapshot.matches(step)) return step;
  }
  return 'loading';
};

const trackingOf = (snapshot: SnapshotFrom<typeof creditMedPreClaimMachine>): TrackingPhase | null => {
  if (!snapshot.matches('tracking')) return null;
  if (snapshot.matches({ tracking: 'failed' })) return 'failed';
  if (snapshot.matches({ tracking: 'notFound' })) return 'notFound';
  if (snapshot.matches({ tracking: 'settled' })) return 'settled';
  if (snapshot.matches({ tracking: 'stillMoving' })) return 'stillMoving';
  if (snapshot.matches({ tracking: 'checking' })) return 'checking';
  return 'moving';
};

export const connectPreClaim = (snapshot: SnapshotFrom<typeof creditMedPreClaimMachine>): PreClaimView => {
  const { context } = snapshot;
  return {
    step: stepOf(snapshot),
    tracking: trackingOf(snapshot),
    balance: context.summary?.card?.balance ?? null,
    minAmount: context.summary?.rules.min_amount ?? null,
    purposeMax: context.summary?.rules.purpose_max ?? null,
    query: context.query,
    isSearching: snapshot.matches({ hospital: 'searching' }),
    hospitals: context.hospitals,
    hospital: context.hospital,
    amountText: context.amountText,
    purpose: context.purpose,
    password: context.password,
    fieldErrors: context.fieldErrors,
    error: context.error,
    preClaim: context.preClaim,
  };
};
