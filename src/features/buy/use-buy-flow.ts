/**
 * The buy-insurance machine with its real actors (API calls), run by the wizard runner for the
 * wizard's routes: which stored purchase the URL resumes, the input of a new one, what is persisted.
 */
import { useMemo } from 'react';
import { useSearch } from 'wouter';
import { fromPromise, type ActorRefFrom } from 'xstate';
import { persistedForResume } from '../../../machines/buy-insurance.connect';
import { buyInsuranceMachine, type AccessInput, type BuyContext, type BuyInput, type BuyStep, type Loaded, type LoadInput } from '../../../machines/buy-insurance.machine';
import { routePaths } from '../../../contract/paths';
import { PAYMENT_PROVIDERS, type PaymentProvider } from '../../../contract/payment.schema';
import { todayInMongolia, type Application, type ContractStep, type InsuredStep, type PlanStep, type QuoteRequest } from '../../../contract/insurance.schema';
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
import { GUEST, type StoredSnapshot } from '../../flows/persistence';
import { useWizard } from '../../flows/use-wizard';
import { appProviderPayment } from '../../shared/payment/provider-payment';
import { BUY_WIZARD } from '../../shared/purchase';

export type BuyActorRef = ActorRefFrom<typeof buyInsuranceMachine>;

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
      providerPayment: appProviderPayment,
    },
  });

/** What a wizard URL names: "buy" on a product (`/insurance/buy/new/{productId}/`), a step of a draft, or the payment step. */
type BuyRoute =
  | { kind: 'payment' }
  | { kind: 'new'; productId: number }
  | { kind: 'step'; applicationId: string; productId: number; step: BuyStep }
  | { kind: 'unknown' };

const STEP_ROUTES: ReadonlyArray<[BuyStep, { match: (location: string) => { id: string; productId: string } | null }]> = [
  ['insured', routePaths.buyInsured],
  ['plan', routePaths.buyProduct],
  ['contract', routePaths.buyContract],
];

const productIdOf = (value: string) => (/^\d+$/.test(value) ? Number(value) : null);

export const buyRouteOf = (location: string): BuyRoute => {
  if (routePaths.buyPayment.match(location)) return { kind: 'payment' };
  const started = routePaths.buyNew.match(location);
  const newProduct = started && productIdOf(started.productId);
  if (newProduct) return { kind: 'new', productId: newProduct };
  for (const [step, path] of STEP_ROUTES) {
    const params = path.match(location);
    const productId = params && productIdOf(params.productId);
    if (params && productId) return { kind: 'step', applicationId: params.id, productId, step };
  }
  return { kind: 'unknown' };
};

/** Resume the stored purchase when the URL is about it: the payment step, the same draft, or a reload while "buy" was being made. */
const resumes = (stored: StoredSnapshot, location: string) => {
  const route = buyRouteOf(location);
  const context = stored.context as Partial<BuyContext>;
  return (
    route.kind === 'payment' ||
    (route.kind === 'step' && context.applicationId === route.applicationId) ||
    (route.kind === 'new' && context.productId === route.productId && typeof stored.value === 'object' && stored.value !== null && 'starting' in stored.value)
  );
};

/** A key seed unique to this purchase: its idempotency keys derive from it. */
const newKeySeed = () => globalThis.crypto.randomUUID();

const inputOf = (location: string): BuyInput => {
  const route = buyRouteOf(location);
  const base = { keySeed: newKeySeed(), today: todayInMongolia() };
  if (route.kind === 'step') return { ...base, productId: route.productId, applicationId: route.applicationId, requestedStep: route.step };
  if (route.kind === 'new') return { ...base, productId: route.productId, applicationId: null };
  return { ...base, productId: null, applicationId: null };
};

const providerOf = (search: string): PaymentProvider | null => {
  const provider = new URLSearchParams(search).get('provider');
  return PAYMENT_PROVIDERS.includes(provider as PaymentProvider) ? (provider as PaymentProvider) : null;
};

/**
 * Runs the wizard for `user` (`guest` or `user-<id>`; a signed-in user takes over the purchase they
 * began as a visitor). A resumed purchase is refreshed from the server — another device may have moved
 * it on, and its product is not stored — and "try again" may name the provider to use again.
 */
export function useBuyFlow(user: string, location: string) {
  const search = useSearch();
  const machine = useMemo(() => machineFor(user !== GUEST), [user]);
  const input = useMemo(() => inputOf(location), [user]); // eslint-disable-line react-hooks/exhaustive-deps -- the URL at mount starts it
  return useWizard(machine, {
    ...BUY_WIZARD,
    user,
    takeover: true,
    input,
    resumes,
    select: persistedForResume,
    params: (snapshot) => ({ id: snapshot.context.applicationId, productId: snapshot.context.productId }),
    resumeEvent: { type: 'flow.refresh', provider: providerOf(search) },
    refreshOn: ['language', 'pageshow'],
  }) as BuyActorRef;
}
