/** What the Credit Med card's buy page shows for a snapshot of `credit-med-card-buy`. */
import type { SnapshotFrom } from 'xstate';
import type { CardSummary } from '../contract/credit-med-card.schema';
import type { PaymentProvider } from '../contract/payment.schema';
import type { Message } from '../contract/validation';
import type { creditMedCardBuyMachine } from './credit-med-card-buy.machine';

export type CardBuyStep = 'loading' | 'loadFailed' | 'notSigned' | 'alreadyPaid' | 'choosing' | 'paying' | 'reloading' | 'leaving';

export interface CardBuyView {
  step: CardBuyStep;
  summary: CardSummary | null;
  /** The card's fee (MNT): the card's own once it exists, else the offer's; null before it is known. */
  fee: number | null;
  /** The provider being paid with (while the invoice is made). */
  provider: PaymentProvider | null;
  error: Message | null;
}

const STEPS: readonly CardBuyStep[] = ['loadFailed', 'notSigned', 'alreadyPaid', 'choosing', 'paying', 'reloading', 'leaving'];

export const connectCardBuy = (snapshot: SnapshotFrom<typeof creditMedCardBuyMachine>): CardBuyView => ({
  step: STEPS.find((step) => snapshot.matches(step)) ?? 'loading',
  summary: snapshot.context.summary,
  fee: snapshot.context.summary?.card?.fee ?? snapshot.context.summary?.fee ?? null,
  provider: snapshot.matches('paying') ? snapshot.context.provider : null,
  error: snapshot.context.error,
});
