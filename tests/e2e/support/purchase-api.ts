/**
 * Purchases arranged through the API, as the wizard would make them, for the status and policy pages:
 * a complete application (as a visitor or a signed-in user), an invoice with a provider, and the
 * sandbox provider's answer through the development endpoint.
 */
import type { Page } from 'playwright-core';
import type { Application } from '../../../contract/insurance.schema';
import { invoiceSchema, type Invoice, type PaymentProvider } from '../../../contract/payment.schema';
import { GUEST, storeOf } from '../../../src/flows/persistence';
import { BUY_WIZARD } from '../../../src/shared/purchase';
import { completeDraft, createInvoice, INSURED, type TestApp } from '../../unit/support/purchase';

/** The API of a running server, in the shape the server tests' purchase helpers use. */
export const apiOf = (baseUrl: string): TestApp => ({ request: (path, init) => fetch(`${baseUrl}${path}`, init) });

export interface Purchase {
  application: Application;
  /** X-Application-Key of a visitor's purchase; null when a signed-in user owns it. */
  accessKey: string | null;
  invoice: Invoice;
}

export interface PurchaseOptions {
  provider?: PaymentProvider;
  /** The insured person (register, phone, names, e-mail); by default the second seeded user's person. */
  insured?: object;
  /** Buy signed in with this access token instead of as a visitor. */
  token?: string;
}

/** The insured person of the server tests: the second seeded user's register number (ЧД88120345). */
export const SECOND_USER_INSURED = INSURED;

/** A product-100 purchase with every step stored and a pending invoice with the provider. */
export async function startPurchase(baseUrl: string, { provider = 'khan', insured = INSURED, token }: PurchaseOptions = {}): Promise<Purchase> {
  const api = apiOf(baseUrl);
  const draft = await completeDraft(api, insured, token);
  // The key came once, with the create; the step answers leave it out.
  const accessKey = token ? null : (draft.owner['X-Application-Key'] ?? null);
  const invoice = await newInvoice(baseUrl, draft.application, accessKey, provider, token);
  return { application: draft.application, accessKey, invoice };
}

/** Another payment attempt for the same purchase (a new idempotency key), as "try again" makes. */
export async function newInvoice(baseUrl: string, application: Application, accessKey: string | null, provider: PaymentProvider, token?: string): Promise<Invoice> {
  const owner: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : { 'X-Application-Key': accessKey ?? '' };
  const { status, invoice } = await createInvoice(apiOf(baseUrl), { application, owner }, { provider });
  if (!invoice) throw new Error(`creating a ${provider} invoice answered ${status}`);
  return invoice;
}

/** Makes the sandbox provider report the payment (POST /api/dev/payments/{id}/complete/). */
export async function settlePayment(baseUrl: string, invoiceId: string, result: 'paid' | 'failed'): Promise<Invoice> {
  const response = await fetch(`${baseUrl}/api/dev/payments/${invoiceId}/complete/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ result }),
  });
  if (!response.ok) throw new Error(`completing invoice ${invoiceId} answered ${response.status} (is the server started with devTools?)`);
  return invoiceSchema.parse(await response.json());
}

/**
 * What the wizard leaves in the browser for the status pages: which purchase this browser follows,
 * with the key a visitor needs to read its invoices (src/shared/purchase.ts, the runner's hand-off store).
 */
export const purchaseStorage = (purchase: Pick<Purchase, 'application' | 'accessKey'>): Record<string, string> => ({
  'handOff:purchase': JSON.stringify({ applicationId: purchase.application.id, applicationKey: purchase.accessKey }),
});

/** Sets the same entries in an open page (e.g. after a new invoice was made). */
export async function rememberPurchaseIn(page: Page, purchase: Pick<Purchase, 'application' | 'accessKey'>) {
  await page.evaluate((entries) => {
    for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
  }, purchaseStorage(purchase));
}

/**
 * An amount in MNT as the pages show it: '₮ 120,000' in Mongolian (CLDR, also where the browser
 * lacks Mongolian data), 'MNT 120,000' in English. `_page` is kept so callers read the same.
 */
export const moneyIn = async (_page: Page, language: 'mn' | 'en', amount: number) =>
  `${language === 'en' ? 'MNT' : '₮'}\u00a0${amount.toLocaleString('en-US', { maximumFractionDigits: 0 })}`;

/** The storage key of a visitor's persisted purchase wizard. */
export const GUEST_WIZARD_KEY = storeOf(BUY_WIZARD, GUEST).key;
