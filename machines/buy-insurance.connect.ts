/**
 * The purchase wizard's snapshot → what its views show (zag's `connect()` idea, one selector per
 * piece so `useSelector` re-renders only what changed): the phase, the step, whether a request runs,
 * the price and the summary. The few rules about what to show live here; the components only render,
 * and never read the state structure themselves.
 */
import type { SnapshotFrom } from 'xstate';
import { routePaths } from '../contract/paths';
import type { FeeFrequency, Quote } from '../contract/insurance.schema';
import { amountFieldOf } from './buy-insurance.forms';
import { activeStep, BUY_STEPS, buyInsuranceMachine, canEnterStep, type BuyStep } from './buy-insurance.machine';

export type BuySnapshot = SnapshotFrom<typeof buyInsuranceMachine>;

export type BuyPhase = 'preparing' | 'offeringDraft' | 'createFailed' | 'loadFailed' | 'noPurchase' | 'notFound' | 'paid' | 'step';

export const selectPhase = (snapshot: BuySnapshot): BuyPhase => {
  if (snapshot.matches('noPurchase')) return 'noPurchase';
  if (snapshot.matches('notFound')) return 'notFound';
  if (snapshot.matches('paid')) return 'paid';
  if (snapshot.matches({ starting: 'offeringDraft' })) return 'offeringDraft';
  if (snapshot.matches({ starting: 'failed' })) return 'createFailed';
  if (snapshot.matches('loadFailed')) return 'loadFailed';
  // A restored step without its product and application (not persisted) waits for their reload.
  if (activeStep(snapshot) !== null) return snapshot.context.product && snapshot.context.application ? 'step' : 'preparing';
  // A resumed purchase reloading keeps its page on screen, with the form waiting.
  if (snapshot.matches('loading') && snapshot.context.product && snapshot.context.requestedStep) return 'step';
  return 'preparing';
};

/** The step on screen: the active one, or the one a reload is coming back to. */
export const selectStep = (snapshot: BuySnapshot): BuyStep | null => activeStep(snapshot) ?? (snapshot.matches('loading') ? snapshot.context.requestedStep : null);

export const selectIsRefreshing = (snapshot: BuySnapshot) => snapshot.matches('loading');

export const selectIsSaving = (snapshot: BuySnapshot) =>
  snapshot.matches({ insured: 'saving' }) || snapshot.matches({ plan: { form: 'saving' } }) || snapshot.matches({ contract: 'saving' });

export type QuoteStatus = 'pending' | 'ready' | 'failed' | 'incomplete';

export const selectQuoteStatus = (snapshot: BuySnapshot): QuoteStatus => {
  if (snapshot.matches({ plan: { quote: 'ready' } })) return 'ready';
  if (snapshot.matches({ plan: { quote: 'failed' } })) return 'failed';
  if (snapshot.matches({ plan: { quote: 'incomplete' } })) return 'incomplete';
  return 'pending';
};

/** The payment step: its child at work (the page renders it with the shared provider choice), or handed off to the provider. */
export type PaymentPhase = 'paying' | 'handedOff';

export const selectPaymentPhase = (snapshot: BuySnapshot): PaymentPhase => (snapshot.matches({ payment: 'handedOff' }) ? 'handedOff' : 'paying');

/** The payment child (provider, MostMoney's phone, the invoice) while the payment step runs it. */
export const selectPaymentActor = (snapshot: BuySnapshot) => snapshot.children.payment ?? null;

/** The path of a step of this purchase. */
export const stepPath = (step: BuyStep, id: string, productId: number) =>
  step === 'insured'
    ? routePaths.buyInsured.build({ id, productId })
    : step === 'plan'
      ? routePaths.buyProduct.build({ id, productId })
      : step === 'contract'
        ? routePaths.buyContract.build({ id, productId })
        : routePaths.buyPayment.build();

export interface StepLink {
  step: BuyStep;
  state: 'done' | 'current' | 'todo';
  /** Where a finished step can be opened again (null when it cannot). */
  href: string | null;
}

/** The step indicator: finished steps link back (their guard would let the user in). */
export const selectStepLinks = (snapshot: BuySnapshot): StepLink[] => {
  const current = BUY_STEPS.indexOf(selectStep(snapshot) ?? 'insured');
  const { applicationId, productId } = snapshot.context;
  return BUY_STEPS.map((step, index) => {
    const state = index < current ? 'done' : index === current ? 'current' : 'todo';
    const open = state === 'done' && applicationId !== null && productId !== null && canEnterStep(snapshot.context, step);
    return { step, state, href: open ? stepPath(step, applicationId, productId) : null };
  });
};

export const sameLinks = (a: StepLink[], b: StepLink[]) => a.length === b.length && a.every((link, index) => link.state === b[index]?.state && link.href === b[index]?.href);

/** Savings products: the recommended fee and whether the amount typed is below it (a warning, not a refusal). */
export const selectSavingsAdvice = (snapshot: BuySnapshot): { recommended: number; below: boolean } | null => {
  const fee = snapshot.context.product?.plan.fee;
  if (!fee) return null;
  const amount = snapshot.context.plan.amount;
  return { recommended: fee.recommended, below: /^\d+$/.test(amount) && Number(amount) < fee.recommended };
};

export interface Summary {
  insuredName: string | null;
  /** Risk products: the sum insured; savings products: the fee per payment chosen. */
  amountLabel: 'sumInsured' | 'fee';
  amount: number | null;
  termYears: number | null;
  frequency: FeeFrequency | null;
  /** The price of the plan on screen (the live quote on the plan step, the stored one after it). */
  quote: Quote | null;
  priceUpdating: boolean;
}

const number = (value: string) => (/^\d+$/.test(value) ? Number(value) : null);

export const selectSummary = (snapshot: BuySnapshot): Summary => {
  const { context } = snapshot;
  const onPlan = snapshot.matches('plan');
  const stored = context.application?.plan ?? null;
  const insured = context.application?.insured ?? null;
  const amountLabel = context.product && amountFieldOf(context.product) === 'fee' ? 'fee' : 'sumInsured';
  const frequency = onPlan ? context.plan.frequency : stored?.frequency;
  return {
    insuredName: insured ? `${insured.last_name} ${insured.first_name}` : null,
    amountLabel,
    amount: onPlan ? number(context.plan.amount) : ((amountLabel === 'fee' ? stored?.fee : stored?.sum_insured) ?? null),
    termYears: onPlan ? number(context.plan.term_years) : (stored?.term_years ?? null),
    frequency: frequency ? (frequency as FeeFrequency) : null,
    quote: onPlan ? context.quote : (context.application?.quote ?? null),
    priceUpdating: onPlan && selectQuoteStatus(snapshot) === 'pending',
  };
};

export const sameSummary = (a: Summary, b: Summary) => JSON.stringify(a) === JSON.stringify(b);

/**
 * What resume needs of a persisted purchase. In a state that reloads on `flow.refresh` the product,
 * the application, the drafts and the quote are fetched again, so they are not stored; a request in
 * flight keeps them (its answer is handled with them). `undefined`: nothing worth storing yet (a
 * failed deep link must not replace the purchase under way).
 */
export const persistedForResume = <T extends { context: unknown }>(persisted: T, snapshot: BuySnapshot): T | undefined => {
  if (snapshot.context.application === null && !snapshot.matches('starting')) return undefined;
  if (!snapshot.can({ type: 'flow.refresh' })) return persisted;
  const context = persisted.context as BuySnapshot['context'];
  return { ...persisted, context: { ...context, product: null, application: null, drafts: [], quote: null } };
};
