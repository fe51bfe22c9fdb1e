/** What the repayment pages show for a snapshot of `credit-med-repay`. */
import type { SnapshotFrom } from 'xstate';
import type { PreClaim } from '../contract/credit-med-card.schema';
import type { PaymentProvider } from '../contract/payment.schema';
import type { Message } from '../contract/validation';
import type { creditMedRepayMachine } from './credit-med-repay.machine';

export type RepayStep = 'loading' | 'loadFailed' | 'notFound' | 'settled' | 'owed' | 'choosing' | 'paying' | 'leaving';

export interface RepayView {
  step: RepayStep;
  preClaim: PreClaim | null;
  /** What is owed (MNT), 0 when nothing. */
  owed: number;
  /** The provider being paid with (while the invoice is made). */
  provider: PaymentProvider | null;
  error: Message | null;
}

const STEPS: readonly RepayStep[] = ['loadFailed', 'notFound', 'settled', 'owed', 'choosing', 'paying', 'leaving'];

export const connectRepay = (snapshot: SnapshotFrom<typeof creditMedRepayMachine>): RepayView => ({
  step: STEPS.find((step) => snapshot.matches(step)) ?? 'loading',
  preClaim: snapshot.context.preClaim,
  owed: snapshot.context.preClaim?.owed ?? 0,
  provider: snapshot.matches('paying') ? snapshot.context.provider : null,
  error: snapshot.context.error,
});
