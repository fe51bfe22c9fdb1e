/** What the repayment pages show for a snapshot of `credit-med-repay`. */
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { PreClaim } from '../contract/credit-med-card.schema';
import type { Message } from '../contract/validation';
import type { creditMedRepayMachine } from './credit-med-repay.machine';
import type { providerPaymentMachine } from './provider-payment.machine';

export type RepayStep = 'loading' | 'loadFailed' | 'notFound' | 'settled' | 'owed' | 'choosing' | 'leaving';

export interface RepayView {
  step: RepayStep;
  preClaim: PreClaim | null;
  /** What is owed (MNT), 0 when nothing. */
  owed: number;
  /** The payment step (provider, MostMoney's phone, the invoice), rendered by the shared provider choice. */
  payment: ActorRefFrom<typeof providerPaymentMachine> | null;
  error: Message | null;
}

const STEPS: readonly RepayStep[] = ['loadFailed', 'notFound', 'settled', 'owed', 'choosing', 'leaving'];

export const connectRepay = (snapshot: SnapshotFrom<typeof creditMedRepayMachine>): RepayView => ({
  step: STEPS.find((step) => snapshot.matches(step)) ?? 'loading',
  preClaim: snapshot.context.preClaim,
  owed: snapshot.context.preClaim?.owed ?? 0,
  payment: snapshot.children.payment ?? null,
  error: snapshot.context.error,
});
