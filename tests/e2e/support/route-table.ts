/**
 * Every route of the route table (src/app/routes.ts) as a page to open, for the checks that must hold
 * on every page (axe, layout shift, no sideways scroll): a route added to the table is visited
 * without touching the tests. Parameters get real values (a product, a purchase of the demo user, one
 * of the demo user's policies); routes that need an account are opened signed in as the demo user,
 * the others signed out, except the purchase wizard's steps, which open the demo user's own purchase.
 */
import type { Page, Request } from 'playwright-core';
import { fillPattern } from '../../../contract/paths';
import { notFoundRoutes, routes, type AppRoute } from '../../../src/app/routes';
import { completeDraft } from '../../unit/support/purchase';
import { apiOf, purchaseStorage, startPurchase } from './purchase-api';
import { accessTokenFor, demoUser } from './users';
import { WAIT_MS } from './ui';

export interface RouteVisit {
  route: AppRoute;
  /** The route's pattern filled with real values. */
  path: string;
  /** Whether it opens signed in as the demo user (its access token is then in `localStorage`). */
  signedIn: boolean;
  /** Local-storage entries the visit starts with: the access token, the purchase the payment pages follow. */
  localStorage: Record<string, string>;
}

/** The data the parameters point to, made through the API of a running server. */
export interface RouteData {
  productId: number;
  applicationId: string;
  contractId: number;
  /** One of the demo user's seeded claims (the refused one: every field of the detail page). */
  claimId: number;
  /** The demo user's access token (one login for all visits: logins are throttled). */
  token: string;
  /** What the payment pages read: the purchase this browser follows. */
  purchaseStorage: Record<string, string>;
  /** The demo user's Credit Med contract (seeded signed). */
  creditMedContractId?: number;
  /** Credit Med (issue 13): the demo user's seeded pre-claim 'to be paid by insured'. */
  owedPreClaimId?: number;
  /** Issue 14: an open fee invoice of the demo user (/user/contract/{id}/payment/{invoice_id}). */
  feeInvoiceId?: string;
}

/** Stand-in values, for listing the visits (one test each) before the server is up. */
export const PLACEHOLDER_ROUTE_DATA: RouteData = { productId: 1, applicationId: 'draft', contractId: 1, claimId: 1, token: 'token', purchaseStorage: {} };

export async function arrangeRouteData(baseUrl: string): Promise<RouteData> {
  const token = await accessTokenFor(baseUrl, demoUser);
  const [draft, purchase, contracts, claims] = await Promise.all([
    completeDraft(apiOf(baseUrl), undefined, token),
    startPurchase(baseUrl, { token }),
    fetch(`${baseUrl}/api/contracts/`, { headers: { Authorization: `Bearer ${token}` } }).then((response) => response.json() as Promise<{ contracts: { id: number }[] }>),
    fetch(`${baseUrl}/api/claims/`, { headers: { Authorization: `Bearer ${token}` } }).then((response) => response.json() as Promise<{ claims: { id: number; outcome: string | null }[] }>),
  ]);
  const claimId = claims.claims.find((claim) => claim.outcome === 'refused')?.id;
  if (claimId === undefined) throw new Error('The demo user has no refused claim to open');
  const contractId = contracts.contracts[0]?.id;
  if (contractId === undefined) throw new Error('The demo user has no policy to open');
  const creditMed = (await (await fetch(`${baseUrl}/api/credit-med/`, { headers: { Authorization: `Bearer ${token}` } })).json()) as { contract: { id: number } | null };
  const creditMedContractId = creditMed.contract?.id;
  if (creditMedContractId === undefined) throw new Error('The demo user has no Credit Med contract to open');
  // Credit Med (issue 13): the demo user's pre-claim to repay.
  const card = (await fetch(`${baseUrl}/api/credit-med/card/`, { headers: { Authorization: `Bearer ${token}` } }).then((response) => response.json())) as {
    pre_claims?: { id: number; status: string }[];
  };
  const owedPreClaimId = card.pre_claims?.find((p) => p.status === 'to_be_paid_by_insured')?.id;
  return { productId: draft.application.product_id, applicationId: draft.application.id, contractId, claimId, token, purchaseStorage: purchaseStorage(purchase), creditMedContractId, owedPreClaimId, feeInvoiceId: await feeInvoiceOf(baseUrl, token) };
}

/** Issue 14: a QR invoice for the demo user's first due fee, so the fee invoice page has one to show. */
async function feeInvoiceOf(baseUrl: string, token: string): Promise<string> {
  const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
  const due = (await (await fetch(`${baseUrl}/api/fees/due/`, { headers })).json()) as { fees: { id: number }[] };
  const response = await fetch(`${baseUrl}/api/fee-payments/`, {
    method: 'POST',
    headers: { ...headers, 'Idempotency-Key': `route-table-${Date.now()}` },
    body: JSON.stringify({ items: due.fees.slice(0, 1).map((fee) => fee.id), provider: 'qpay' }),
  });
  const payment = (await response.json()) as { invoice_id?: string };
  if (!payment.invoice_id) throw new Error(`No fee invoice for the route table (${response.status})`);
  return payment.invoice_id;
}

const isWizardStep = (pattern: string) => /^\/insurance\/buy\/:id\//.test(pattern);
const isPaymentPage = (pattern: string) => pattern.startsWith('/insurance/buy/payment/');

/** A value for each `:name` of a pattern: `:id` is the purchase in the wizard, the product on its page, else a policy. */
function paramsOf(pattern: string, data: RouteData): Record<string, string | number> {
  const id = isWizardStep(pattern)
    ? data.applicationId
    : pattern.startsWith('/insurance/detail/')
      ? data.productId
      : pattern.startsWith('/credit-med/request/contract/')
        ? (data.creditMedContractId ?? 1)
        : pattern.startsWith('/credit-med/pre-claim/repay/')
          ? (data.owedPreClaimId ?? 1)
        : data.contractId;
  // /verify/:code: a code no document has (the page's 'not genuine' answer; the genuine one is in documents.test.ts).
  return { id, productId: data.productId, insuranceId: data.contractId, invoiceId: data.feeInvoiceId ?? 1, claimId: data.claimId, code: 'AAAA-BBBB-CCCC' };
}

/** The 404 page (issue 24), in each of its layouts: an unknown public address, and one under /user signed in. */
const notFoundVisits = (data: RouteData): RouteVisit[] => [
  { route: notFoundRoutes.public, path: '/no-such-page', signedIn: false, localStorage: {} },
  { route: notFoundRoutes.user, path: '/user/no-such-page', signedIn: true, localStorage: { access: data.token } },
];

/** The pages to open: every route of the table once, with the account and storage it needs, then the 404 page. */
export function routeVisits(data: RouteData): RouteVisit[] {
  return [...tableVisits(data), ...notFoundVisits(data)];
}

function tableVisits(data: RouteData): RouteVisit[] {
  return routes.map((route) => {
    const path = fillPattern(route.path, paramsOf(route.path, data));
    if (path === null) throw new Error(`No value for a parameter of ${route.path}: add one to paramsOf`);
    const signedIn = route.access === 'user' || route.access === 'member' || isWizardStep(route.path) || isPaymentPage(route.path);
    return {
      route,
      path,
      signedIn,
      localStorage: { ...(signedIn ? { access: data.token } : {}), ...(isPaymentPage(route.path) ? data.purchaseStorage : {}) },
    };
  });
}

/** The live notification stream of signed-in pages stays open for good: it never counts as traffic. */
const isLongLived = (request: Request) => request.url().includes('/api/notifications/stream/');

/**
 * Playwright's `networkidle` without the long-lived event stream: `settled()` resolves once no other
 * request has been in flight for 500 ms (and stops tracking).
 */
export function trackRequests(page: Page) {
  const inflight = new Set<Request>();
  const started = (request: Request) => {
    if (!isLongLived(request)) inflight.add(request);
  };
  const ended = (request: Request) => inflight.delete(request);
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  return {
    settled: async () => {
      const deadline = Date.now() + WAIT_MS;
      let quietSince = Date.now();
      try {
        for (;;) {
          if (inflight.size > 0) quietSince = Date.now();
          else if (Date.now() - quietSince >= 500) return;
          if (Date.now() > deadline) throw new Error(`requests still in flight: ${[...inflight].map((request) => request.url()).join(', ')}`);
          await page.waitForTimeout(100);
        }
      } finally {
        page.off('request', started);
        page.off('requestfinished', ended);
        page.off('requestfailed', ended);
      }
    },
  };
}

/**
 * Opens a visit's path and waits until the page is complete: its main heading shown, no loading
 * indicator left in the main area, and the network quiet.
 */
export async function openVisit(page: Page, visit: RouteVisit) {
  const quiet = trackRequests(page);
  await page.goto(visit.path);
  await page.locator('main h1, main [role="heading"][aria-level="1"]').first().waitFor({ state: 'visible', timeout: WAIT_MS });
  await quiet.settled();
  await page.locator('main .spinner').first().waitFor({ state: 'hidden', timeout: WAIT_MS });
  // Fonts and images settled: nothing moves after this on its own.
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}
