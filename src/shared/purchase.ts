/**
 * The purchase wizard as other areas see it: the catalogue offers to continue a stored purchase, the
 * payment status pages read the purchase's hand-off and forget a paid purchase. Through the runner's
 * store only (src/flows), so no area reaches into another's files.
 */
import { useMemo, useSyncExternalStore } from 'react';
import { PURCHASE_HAND_OFF, type PurchaseHandOff } from '../../machines/flow';
import { activeStep, buyInsuranceMachine, type BuyContext, type BuyStep } from '../../machines/buy-insurance.machine';
import { stepPath } from '../../machines/buy-insurance.connect';
import { readHandOff } from '../flows/hand-off';
import { clearWizards, GUEST, peekWizard, wizardKey, type WizardStore } from '../flows/persistence';

/**
 * The buy-insurance wizard's store. Bump `version` when the machine's states or context change shape
 * so that an older snapshot cannot resume. Still 2 after the payment step moved onto its child (issue
 * 22): an older purchase at the first three steps or handed off to the provider resumes (the step's
 * `paymentStep` is set on entering it), one in a payment state that is gone fails the resolve check
 * and is dropped (docs/decisions.md).
 */
export const BUY_WIZARD: WizardStore = { flow: 'buy-insurance', version: 2 };

/** A purchase this browser can resume. */
export interface StoredPurchase {
  applicationId: string;
  productId: number;
  step: BuyStep;
  /** Where the wizard resumes it. */
  path: string;
}

const purchaseOf = (user: string): StoredPurchase | null => {
  const stored = peekWizard<BuyContext>(buyInsuranceMachine, BUY_WIZARD, user);
  const context = stored?.context;
  if (!stored || !context || context.applicationId === null || context.productId === null) return null;
  const snapshot = buyInsuranceMachine.resolveState({ value: stored.value as never, context });
  const step = activeStep(snapshot) ?? context.requestedStep ?? 'insured';
  return { applicationId: context.applicationId, productId: context.productId, step, path: stepPath(step, context.applicationId, context.productId) };
};

const subscribe = (onChange: () => void) => {
  window.addEventListener('storage', onChange);
  return () => window.removeEventListener('storage', onChange);
};

const rawOf = (user: string) => {
  try {
    return globalThis.localStorage?.getItem(wizardKey(BUY_WIZARD.flow, user)) ?? null;
  } catch {
    return null;
  }
};

/**
 * The purchase under way for `user` in this browser (a visitor's is still theirs after signing in),
 * read as an external store: it follows other tabs, and re-parses only when the stored text changes.
 */
export function useStoredPurchase(user: string | null): StoredPurchase | null {
  const own = useSyncExternalStore(subscribe, () => (user === null ? null : rawOf(user)), () => null);
  const guest = useSyncExternalStore(subscribe, () => (user === null || user === GUEST ? null : rawOf(GUEST)), () => null);
  return useMemo(() => {
    if (user === null) return null;
    return (own ? purchaseOf(user) : null) ?? (guest ? purchaseOf(GUEST) : null);
  }, [user, own, guest]);
}

/** The purchase is paid: its wizard has nothing left to resume, so nothing offers to continue it. */
export const forgetPurchase = (applicationId: string) => clearWizards(BUY_WIZARD, (context) => context.applicationId === applicationId);

const parseHandOff = (value: unknown): PurchaseHandOff | null => {
  const data = value as Partial<PurchaseHandOff> | null;
  if (!data || typeof data.applicationId !== 'string') return null;
  return { applicationId: data.applicationId, applicationKey: typeof data.applicationKey === 'string' ? data.applicationKey : null };
};

/**
 * The key to send when asking for an invoice: the one the wizard left at its hand-off. A visitor has
 * one purchase under way at a time; for another application's invoice the server answers 404 and the
 * page says it cannot show that payment here.
 */
export const applicationKeyForInvoice = (): string | null => readHandOff(PURCHASE_HAND_OFF, parseHandOff)?.applicationKey ?? null;
