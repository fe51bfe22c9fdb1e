/**
 * What the status pages need from the purchase they follow: the application's key, which a visitor
 * must send to read its invoices (docs/api.md, "Ownership"). The bank's page sends the browser back
 * with only `?invoice=`, and a status page must survive a reload, so the key is kept in local
 * storage (never in the URL, where it would reach history, logs and Referer headers).
 *
 * The wizard calls `rememberPurchaseAccess` when it hands off to the provider. The entry outlives the
 * payment on purpose: a reload of the "paid" page still shows the policy number.
 */
import { clearBuyFlow } from '../buy/buy-storage';

const STORAGE_KEY = 'purchaseAccess';

export interface PurchaseAccess {
  applicationId: string;
  /** The `access_key` of POST /api/applications/ (null when the buyer is signed in and owns it). */
  applicationKey: string | null;
}

const storage = () => globalThis.localStorage as Storage | undefined;

/** Remembers which purchase the next status page follows (called by the wizard before paying). */
export const rememberPurchaseAccess = (access: PurchaseAccess) => {
  try {
    storage()?.setItem(STORAGE_KEY, JSON.stringify(access));
  } catch {
    // Storage full or disabled: a signed-in owner still sees the status; a visitor is told to sign in.
  }
};

/** The purchase a status page follows, if this browser started one. */
export const readPurchaseAccess = (): PurchaseAccess | null => {
  try {
    const parsed = JSON.parse(storage()?.getItem(STORAGE_KEY) ?? 'null') as Partial<PurchaseAccess> | null;
    if (!parsed || typeof parsed.applicationId !== 'string') return null;
    return { applicationId: parsed.applicationId, applicationKey: typeof parsed.applicationKey === 'string' ? parsed.applicationKey : null };
  } catch {
    return null;
  }
};

/**
 * The key to send when asking for an invoice. A visitor has one purchase under way at a time, so it
 * is the current purchase's key; when the invoice is another application's, the server answers 404
 * and the page says it cannot show that payment here.
 */
export const applicationKeyForInvoice = (): string | null => readPurchaseAccess()?.applicationKey ?? null;

/** The purchase is paid: its wizard has nothing left to resume, so nothing offers to continue it. */
export const forgetFinishedPurchase = (applicationId: string) => clearBuyFlow(applicationId);
