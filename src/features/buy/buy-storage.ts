/**
 * Where the purchase wizard keeps its progress: the persisted buy-insurance snapshot, one per user of
 * this browser (`guest` for visitors), versioned (src/flows/persistence.ts). It holds the draft's
 * access key, so a visitor who closes the tab can come back to the purchase. The payment status pages
 * clear a paid purchase with `clearBuyFlow(applicationId)`.
 *
 * Light on purpose (no machine, no React): the status pages and the catalogue import it.
 */
import type { PersistOptions } from '../../flows/persistence';
import { paths } from '../../app/paths';

/** Bump when the buy-insurance machine's states or context change shape: older snapshots are dropped. */
export const BUY_FLOW_VERSION = 1;
/** The machine id stored in the envelope. */
export const BUY_FLOW_MACHINE = 'buyInsurance';
const KEY_PREFIX = 'flow:buy-insurance:';
export const GUEST_USER_KEY = 'guest';

/** The user part of the storage key: the signed-in partner, or `guest`. */
export const buyFlowUserKey = (partnerId: number | null | undefined): string =>
  partnerId === null || partnerId === undefined ? GUEST_USER_KEY : `user-${partnerId}`;

/** Persistence options (key and version) of one user's purchase. */
export const buyFlowStorage = (userKey: string): PersistOptions => ({ key: `${KEY_PREFIX}${userKey}`, version: BUY_FLOW_VERSION });

const storage = () => globalThis.localStorage as Storage | undefined;

interface StoredContext {
  applicationId?: unknown;
  productId?: unknown;
  requestedStep?: unknown;
  product?: { name?: unknown } | null;
}

interface StoredSnapshot {
  status?: unknown;
  value?: unknown;
  context?: StoredContext;
}

const readSnapshot = (key: string): StoredSnapshot | null => {
  try {
    const envelope = JSON.parse(storage()?.getItem(key) ?? 'null') as { v?: unknown; machine?: unknown; snapshot?: StoredSnapshot } | null;
    if (!envelope || envelope.v !== BUY_FLOW_VERSION || envelope.machine !== BUY_FLOW_MACHINE || !envelope.snapshot) return null;
    return envelope.snapshot.status === 'active' ? envelope.snapshot : null;
  } catch {
    return null;
  }
};

const STEPS = ['insured', 'plan', 'contract', 'payment'] as const;
type Step = (typeof STEPS)[number];

const isStep = (value: unknown): value is Step => STEPS.includes(value as Step);

/** A purchase this browser can resume. */
export interface StoredPurchase {
  applicationId: string;
  productId: number;
  /** The product's name when it was stored (in the language of that moment). */
  productName: string | null;
  step: Step;
  /** Where the wizard resumes it. */
  path: string;
}

const pathOf = (step: Step, applicationId: string, productId: number) =>
  step === 'insured'
    ? paths.buy(applicationId, productId)
    : step === 'plan'
      ? paths.buyProduct(applicationId, productId)
      : step === 'contract'
        ? paths.buyContract(applicationId, productId)
        : paths.buyPayment();

/** The purchase under way for this user, if one is stored (a draft that exists on the server). */
export const readStoredPurchase = (userKey: string): StoredPurchase | null => {
  const snapshot = readSnapshot(buyFlowStorage(userKey).key);
  const context = snapshot?.context;
  if (!context || typeof context.applicationId !== 'string' || typeof context.productId !== 'number') return null;
  const value = snapshot.value;
  const current = typeof value === 'object' && value !== null ? Object.keys(value)[0] : value;
  const step = isStep(current) ? current : isStep(context.requestedStep) ? context.requestedStep : 'insured';
  const name = context.product?.name;
  return {
    applicationId: context.applicationId,
    productId: context.productId,
    productName: typeof name === 'string' ? name : null,
    step,
    path: pathOf(step, context.applicationId, context.productId),
  };
};

/**
 * Forgets stored purchases: the one of `applicationId` (whoever's it is), or every one when no id is
 * given. The status pages call it once a purchase is paid, so nothing offers to continue it.
 */
export const clearBuyFlow = (applicationId?: string) => {
  const store = storage();
  if (!store) return;
  const keys: string[] = [];
  for (let index = 0; index < store.length; index += 1) {
    const key = store.key(index);
    if (key?.startsWith(KEY_PREFIX)) keys.push(key);
  }
  for (const key of keys) {
    if (applicationId === undefined) {
      store.removeItem(key);
      continue;
    }
    try {
      const envelope = JSON.parse(store.getItem(key) ?? 'null') as { snapshot?: StoredSnapshot } | null;
      if (envelope?.snapshot?.context?.applicationId === applicationId) store.removeItem(key);
    } catch {
      store.removeItem(key);
    }
  }
};
