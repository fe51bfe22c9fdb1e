/**
 * The buy-insurance machine with its real actors (API calls) and hand-off, and the hook that runs it
 * for the wizard's routes: restore or start, persist after every transition, keep the URL in step
 * (src/flows/use-url-sync.ts), and refresh a resumed purchase from the server.
 */
import { useActorRef } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { navigate } from 'wouter/use-browser-location';
import { fromPromise, type SnapshotFrom } from 'xstate';
import {
  buyInsuranceMachine,
  type AccessInput,
  type BuyInput,
  type BuyStep,
  type Loaded,
  type LoadInput,
} from '../../../machines/buy-insurance.machine';
import type { Application, ContractStep, InsuredStep, PlanStep, QuoteRequest } from '../../../contract/insurance.schema';
import {
  createApplication,
  getApplication,
  getProduct,
  getQuote,
  listApplications,
  saveContractStep,
  saveInsuredStep,
  savePlanStep,
} from '../../api/insurance.api';
import { createInvoice } from '../../api/payment.api';
import { PAYMENT_PROVIDERS, type CreateInvoiceBody, type PaymentProvider } from '../../../contract/payment.schema';
import { paths } from '../../app/paths';
import { loadPersisted, savePersisted } from '../../flows/persistence';
import { routePaths } from '../../../contract/paths';
import { useUrlSync } from '../../flows/use-url-sync';
import { rememberPurchaseAccess } from '../payment/purchase-access';
import { buyFlowStorage, clearBuyFlow, GUEST_USER_KEY } from './buy-storage';

export type BuyActorRef = ReturnType<typeof useBuyFlow>;
export type BuySnapshot = SnapshotFrom<typeof buyInsuranceMachine>;

const apiBase = (import.meta.env?.VITE_API_BASE as string | undefined)?.replace(/\/+$/, '') ?? '';

/** The application and its product, in the current language; the application's own product wins. */
const loadApplication = async ({ applicationId, accessKey, productId }: LoadInput, signal: AbortSignal): Promise<Loaded> => {
  const access = { applicationId, accessKey };
  const [application, product] = await Promise.all([
    getApplication(access, signal),
    productId === null ? Promise.resolve(null) : getProduct(productId, signal).catch(() => null),
  ]);
  return { application, product: product?.id === application.product_id ? product : await getProduct(application.product_id, signal) };
};

/** The machine for one user: a visitor has no drafts to offer. */
const machineFor = (signedIn: boolean) =>
  buyInsuranceMachine.provide({
    actors: {
      listDrafts: fromPromise<Application[], void>(async () => (signedIn ? (await listApplications()).applications : [])),
      createApplication: fromPromise<Application, { productId: number; key: string }>(({ input }) => createApplication(input.productId, input.key)),
      loadApplication: fromPromise<Loaded, LoadInput>(({ input, signal }) => loadApplication(input, signal)),
      saveInsured: fromPromise<Application, AccessInput & { body: InsuredStep }>(({ input }) => saveInsuredStep(input, input.body)),
      savePlan: fromPromise<Application, AccessInput & { body: PlanStep }>(({ input }) => savePlanStep(input, input.body)),
      saveContract: fromPromise<Application, AccessInput & { body: ContractStep }>(({ input }) => saveContractStep(input, input.body)),
      getQuote: fromPromise<Awaited<ReturnType<typeof getQuote>>, { productId: number; body: QuoteRequest }>(({ input, signal }) =>
        getQuote(input.productId, input.body, signal),
      ),
      createInvoice: fromPromise<Awaited<ReturnType<typeof createInvoice>>, AccessInput & { key: string; body: CreateInvoiceBody }>(({ input }) =>
        createInvoice(input, input.key, input.body),
      ),
    },
    actions: {
      handOff: (_, { invoice, accessKey }) => {
        // The status pages read the invoice with the draft's key (a visitor's proof).
        rememberPurchaseAccess({ applicationId: invoice.application_id, applicationKey: accessKey });
        if (invoice.provider === 'khan' && invoice.redirect_url) window.location.assign(`${apiBase}${invoice.redirect_url}`);
        else navigate(paths.invoiceStatus(invoice.id, invoice.provider === 'khan' ? undefined : invoice.provider));
      },
    },
  });

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What a wizard URL names. `/insurance/buy/new/{productId}/` is where "buy" starts a purchase. */
type BuyRoute =
  | { kind: 'payment' }
  | { kind: 'new'; productId: number }
  | { kind: 'step'; applicationId: string; productId: number; step: BuyStep }
  | { kind: 'unknown' };

export const NEW_APPLICATION = 'new';

export const buyRouteOf = (location: string): BuyRoute => {
  if (routePaths.buyPayment.match(location)) return { kind: 'payment' };
  const match = /^\/insurance\/buy\/([^/]+)\/(\d+)\/(?:(product|contract)\/?)?$/.exec(location.endsWith('/') ? location : `${location}/`);
  if (!match) return { kind: 'unknown' };
  const [, id = '', product = '', page] = match;
  const productId = Number(product);
  if (id === NEW_APPLICATION) return { kind: 'new', productId };
  if (!UUID_RE.test(id)) return { kind: 'unknown' };
  const step: BuyStep = page === 'product' ? 'plan' : page === 'contract' ? 'contract' : 'insured';
  return { kind: 'step', applicationId: decodeURIComponent(id), productId, step };
};

type Start = { snapshot: ReturnType<typeof loadPersisted>; from: string } | { input: BuyInput };

type StoredContext = { applicationId?: unknown; productId?: unknown };
const contextOf = (snapshot: NonNullable<ReturnType<typeof loadPersisted>>) => (snapshot as unknown as { context: StoredContext }).context;
const valueOf = (snapshot: NonNullable<ReturnType<typeof loadPersisted>>) => (snapshot as unknown as { value: unknown }).value;

/**
 * Resume the stored purchase when the URL is about it (the payment step, the same application, or a
 * reload while "buy" was being made); else start from the URL. A purchase a visitor began is taken
 * over when they sign in (it is found under `guest`).
 */
const startOf = (location: string, userKey: string, machine: ReturnType<typeof machineFor>): Start => {
  const route = buyRouteOf(location);
  const keys = userKey === GUEST_USER_KEY ? [userKey] : [userKey, GUEST_USER_KEY];
  for (const key of keys) {
    const stored = loadPersisted(machine, buyFlowStorage(key));
    if (!stored) continue;
    const context = contextOf(stored);
    const fits =
      route.kind === 'payment' ||
      (route.kind === 'step' && context.applicationId === route.applicationId) ||
      (route.kind === 'new' && context.productId === route.productId && typeof valueOf(stored) === 'object' && 'starting' in (valueOf(stored) as object));
    if (fits) return { snapshot: stored, from: key };
  }
  if (route.kind === 'step') return { input: { productId: route.productId, applicationId: route.applicationId, requestedStep: route.step } };
  if (route.kind === 'new') return { input: { productId: route.productId, applicationId: null } };
  return { input: { productId: null, applicationId: null } };
};

/** Worth keeping: a purchase that exists (or is being made); a failed deep link must not replace one. */
const worthKeeping = (snapshot: BuySnapshot) => snapshot.context.application !== null || snapshot.matches('starting');

const providerOf = (search: string): PaymentProvider | null => {
  const provider = new URLSearchParams(search).get('provider');
  return PAYMENT_PROVIDERS.includes(provider as PaymentProvider) ? (provider as PaymentProvider) : null;
};

/**
 * Runs the wizard for `userKey`: the actor is started from storage or from the URL, persisted after
 * every transition, synced with the URL; a resumed purchase, a language switch and a page restored
 * from the back-forward cache refresh the current step from the server.
 */
export function useBuyFlow(userKey: string, signedIn: boolean) {
  const [location] = useLocation();
  const search = useSearch();
  const { i18n } = useTranslation();
  const machine = useMemo(() => machineFor(signedIn), [signedIn]);
  const start = useMemo(() => startOf(location, userKey, machine), [userKey]); // eslint-disable-line react-hooks/exhaustive-deps
  // A restored actor takes its context from the snapshot; the input only matters for a new one.
  const actor = useActorRef(machine, 'snapshot' in start ? { snapshot: start.snapshot, input: { productId: null, applicationId: null } } : { input: start.input });

  useEffect(() => {
    const options = buyFlowStorage(userKey);
    // A visitor's purchase taken over after signing in now lives under this user.
    if ('from' in start && start.from !== userKey) clearBuyFlow(contextOf(start.snapshot!).applicationId as string);
    const subscription = actor.subscribe((snapshot) => {
      if (snapshot.status === 'active') {
        if (worthKeeping(snapshot)) savePersisted(machine, actor.getPersistedSnapshot(), options);
      } else if (snapshot.context.applicationId) {
        clearBuyFlow(snapshot.context.applicationId);
      }
    });
    return () => subscription.unsubscribe();
  }, [actor]); // eslint-disable-line react-hooks/exhaustive-deps

  useUrlSync(actor, (snapshot) => ({ id: snapshot.context.applicationId ?? undefined, productId: snapshot.context.productId ?? undefined }));

  // After the URL sync: a restored purchase is refreshed from the server (another device may have
  // moved it on, the language may differ); "try again" may name the provider to use again.
  const refreshed = useRef(false);
  useEffect(() => {
    if (!('snapshot' in start) || refreshed.current) return;
    refreshed.current = true;
    actor.send({ type: 'flow.refresh', provider: providerOf(search) });
  }, [actor]); // eslint-disable-line react-hooks/exhaustive-deps

  const language = useRef(i18n.language);
  useEffect(() => {
    if (language.current === i18n.language) return;
    language.current = i18n.language;
    actor.send({ type: 'flow.refresh' });
  }, [actor, i18n.language]);

  useEffect(() => {
    // Back from the bank's page into a page the browser kept: it still says "opening the payment page".
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) actor.send({ type: 'flow.refresh' });
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, [actor]);

  return actor;
}
