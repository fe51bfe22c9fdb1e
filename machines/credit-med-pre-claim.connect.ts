/** What the pre-claim pages show for a snapshot of `credit-med-pre-claim`, so the views never read its states. */
import type { SnapshotFrom } from 'xstate';
import type { Hospital, PreClaim, PreClaimStatus } from '../contract/credit-med-card.schema';
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

/** A status on the pre-claim's road: passed, where it is now, still to come, or where it stopped (failed). */
export type TimelineState = 'done' | 'current' | 'upcoming' | 'stopped';

/** The road a pre-claim normally takes; once the claim is rejected, the policyholder repays instead. */
const PAID_ROAD: readonly PreClaimStatus[] = ['sent', 'calculating', 'paid_by_insurer'];
const REPAY_ROAD: readonly PreClaimStatus[] = ['sent', 'calculating', 'rejected_claim', 'to_be_paid_by_insured', 'paid'];
const FAILED_ROAD: readonly PreClaimStatus[] = ['sent', 'failed'];

/** The statuses the tracking page lists for a pre-claim now at `status`: those passed, this one, and those still to come on its road. */
export const preClaimTimeline = (status: PreClaimStatus): { status: PreClaimStatus; state: TimelineState }[] => {
  const road = status === 'failed' ? FAILED_ROAD : REPAY_ROAD.includes(status) && !PAID_ROAD.includes(status) ? REPAY_ROAD : PAID_ROAD;
  const here = road.indexOf(status);
  return road.map((step, index) => ({
    status: step,
    state: index < here ? 'done' : index > here ? 'upcoming' : status === 'failed' ? 'stopped' : 'current',
  }));
};
