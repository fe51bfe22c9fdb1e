/** What the Credit Med card's buy page shows for a snapshot of `credit-med-card-buy`. */
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { CardSummary } from '../contract/credit-med-card.schema';
import type { Message } from '../contract/validation';
import type { creditMedCardBuyMachine } from './credit-med-card-buy.machine';
import type { providerPaymentMachine } from './provider-payment.machine';

export type CardBuyStep = 'loading' | 'loadFailed' | 'notSigned' | 'alreadyPaid' | 'paying' | 'reloading' | 'leaving';

export interface CardBuyView {
  step: CardBuyStep;
  summary: CardSummary | null;
  /** The card's fee (MNT): the card's own once it exists, else the offer's; null before it is known. */
  fee: number | null;
  /** The payment step (provider, MostMoney's phone, the invoice), rendered by the shared provider choice. */
  payment: ActorRefFrom<typeof providerPaymentMachine> | null;
  /** Why the card could not be loaded, or why the last payment was refused (until the payment step has its own). */
  error: Message | null;
}

const STEPS: readonly CardBuyStep[] = ['loadFailed', 'notSigned', 'alreadyPaid', 'paying', 'reloading', 'leaving'];

export const connectCardBuy = (snapshot: SnapshotFrom<typeof creditMedCardBuyMachine>): CardBuyView => ({
  step: STEPS.find((step) => snapshot.matches(step)) ?? 'loading',
  summary: snapshot.context.summary,
  fee: snapshot.context.summary?.card?.fee ?? snapshot.context.summary?.fee ?? null,
  payment: snapshot.children.payment ?? null,
  error: snapshot.context.error,
});
