/**
 * What the wizard's views show, read from the machine's snapshot: the phase, the step, whether a
 * request runs, the price and the summary. Views call these through `useSelector`; they hold the few
 * rules about what to show, so the components only render.
 */
import { activeStep, amountFieldOf, BUY_STEPS, canEnterStep, type BuyStep } from '../../../machines/buy-insurance.machine';
import type { FeeFrequency, Quote } from '../../../contract/insurance.schema';
import { paths } from '../../app/paths';
import type { BuySnapshot } from './use-buy-flow';

export type BuyPhase = 'preparing' | 'offeringDraft' | 'createFailed' | 'loadFailed' | 'noPurchase' | 'notFound' | 'paid' | 'step';

export const selectPhase = (snapshot: BuySnapshot): BuyPhase => {
  if (snapshot.matches('noPurchase')) return 'noPurchase';
  if (snapshot.matches('notFound')) return 'notFound';
  if (snapshot.matches('paid')) return 'paid';
  if (snapshot.matches({ starting: 'offeringDraft' })) return 'offeringDraft';
  if (snapshot.matches({ starting: 'failed' })) return 'createFailed';
  if (snapshot.matches('loadFailed')) return 'loadFailed';
  if (activeStep(snapshot) !== null) return 'step';
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

export type PaymentPhase = 'choosing' | 'creating' | 'invoice' | 'handedOff';

export const selectPaymentPhase = (snapshot: BuySnapshot): PaymentPhase => {
  if (snapshot.matches({ payment: 'creatingInvoice' })) return 'creating';
  if (snapshot.matches({ payment: 'invoiceReady' })) return 'invoice';
  if (snapshot.matches({ payment: 'handedOff' })) return 'handedOff';
  return 'choosing';
};

/** The path of a step of this purchase. */
export const stepPath = (step: BuyStep, applicationId: string, productId: number) =>
  step === 'insured'
    ? paths.buy(applicationId, productId)
    : step === 'plan'
      ? paths.buyProduct(applicationId, productId)
      : step === 'contract'
        ? paths.buyContract(applicationId, productId)
        : paths.buyPayment();

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
