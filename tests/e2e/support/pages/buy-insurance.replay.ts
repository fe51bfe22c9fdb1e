/**
 * The buy-insurance machine's replay in Chromium (tests/e2e/buy-insurance.model-paths.test.ts): its
 * plan's events, actors and states mapped to the wizard's page object (`BuyWizard`, one method per
 * event) and the payment status page.
 *
 * The model's world is the demo user's: its "buy" answers a draft pre-filled with the demo user's
 * details (insuredPerson), so every purchase here is the demo user's, signed in. What the model's
 * actor results need from the server is arranged through the API (a draft with its steps stored, a
 * paid application) or, for the drafts offered, in the database; its errors are answered by
 * intercepting the request.
 */
import { expect } from 'vitest';
import type { Application, ApplicationStep } from '../../../../contract/insurance.schema';
import type { Invoice, PaymentProvider } from '../../../../contract/payment.schema';
import type { Message, RegisterParts } from '../../../../contract/validation';
import type { BrowserTests } from '../harness';
import { moveInHistoryTo, routeTarget, type MachineReplay, type ReplayContext } from '../path-replay';
import { buyInsurancePlan, STEPS } from '../replays/buy-insurance.paths';
import { BuyWizard, type WizardStep } from './buy.page';
import { PaymentStatusPage, statusPathOf } from './payment-status.page';
import type { UiLanguage } from './ui-language';
import { exactly } from '../texts';
import { expectHidden, expectVisible, WAIT_MS } from '../ui';
import { apiAs, sharedAccessToken, demoUser } from '../users';

interface BuyWorld {
  /** The application the wizard works on: created by the app (its answer), continued or arranged. */
  applicationId: string | null;
  /** The demo user's draft arranged for a drafts answer, offered on "buy". */
  draftId: string | null;
}

type Context = ReplayContext<BuyWorld>;

const PRODUCT_ID = 100;

// ── the demo user's applications, through the API ──────────────────────────────────────────────

const demoToken = (e2e: BrowserTests) => sharedAccessToken(e2e, demoUser);


const newDraft = (e2e: BrowserTests) =>
  apiAs<Application>(e2e, demoUser, 'POST', '/api/applications/', { product_id: PRODUCT_ID });

const stepBody = (application: Application, step: ApplicationStep): unknown =>
  step === 'insured' ? application.insured : step === 'plan' ? application.plan : application.contract;

/** Stores the steps `target` has and the server's application lacks (as another device would), and pays when `target` is paid. */
async function bringTo(e2e: BrowserTests, id: string, target: Application) {
  const current = await apiAs<Application>(e2e, demoUser, 'GET', `/api/applications/${id}/`);
  for (const step of STEPS) {
    if (target.completed_steps.includes(step) && !current.completed_steps.includes(step)) {
      await apiAs(e2e, demoUser, 'PUT', `/api/applications/${id}/${step}/`, stepBody(target, step));
    }
  }
  if (target.status === 'paid' && current.status !== 'paid') {
    const invoice = await apiAs<Invoice>(e2e, demoUser, 'POST', `/api/applications/${id}/invoice/`, { provider: 'qpay' });
    const paid = await fetch(`${e2e.baseUrl}/api/dev/payments/${invoice.id}/complete/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ result: 'paid' }),
    });
    if (!paid.ok) throw new Error(`paying invoice ${invoice.id} answered ${paid.status}`);
  }
}

/** The demo user has no unpaid draft of the product any more (earlier paths made some): they become visitors' drafts. */
const forgetDemoDrafts = (e2e: BrowserTests) =>
  e2e.db.query(
    `update applications set user_id = null
      where product_id = $1 and status = 'draft' and user_id = (select id from users where email = $2)`,
    [PRODUCT_ID, demoUser.email],
  );

// ── what the pages show ────────────────────────────────────────────────────────────────────────

const wizardOf = (context: Context) => new BuyWizard(context.ui);

/** A machine message (`errors.generic`, `validation.phone` with values) as the page shows it. */
const messageText = (ui: UiLanguage, message: Message) => ui.t(message.key.replace('.', ':'), message.values as Record<string, string | number>);

/** The form's notice and its field errors, exactly as the model's context has them (none: no notice). */
async function seeNotice(context: Context) {
  const wizard = wizardOf(context);
  const { error, fieldErrors } = context.after.context as { error: Message | null; fieldErrors: Record<string, Message> };
  const problems = Object.values(fieldErrors);
  if (!error && problems.length === 0) {
    await expectHidden(wizard.alert);
    return;
  }
  await expectVisible(wizard.alert.filter({ hasText: error ? messageText(context.ui, error) : context.ui.t('buy:formError') }));
  for (const message of problems) await expectVisible(wizard.main.getByText(exactly(messageText(context.ui, message))).first());
}

/** Presses pay with `provider` (chosen first when it is not). */
async function pressPay(wizard: BuyWizard, provider: PaymentProvider) {
  if (!(await wizard.provider(provider).isChecked())) await wizard.choosePaymentMethod(provider);
  await wizard.pay();
}

/** Pays with `provider` and waits for the invoice the payment child shows. */
async function payWith(wizard: BuyWizard, provider: PaymentProvider) {
  await pressPay(wizard, provider);
  await wizard.seeInvoice();
}

/** The provider the buyer was handed to: the made invoice's (a path may make it without a snapshot of the choice first). */
const handedOffTo = (context: Context) =>
  ((context.event as { output?: { made?: { invoice: Invoice } } }).output?.made?.invoice.provider ??
    (context.after.context as { payment: { provider: PaymentProvider } }).payment.provider) as 'qpay' | 'mostmoney';

const seeStep = (step: WizardStep) => async (context: Context) => expectVisible(wizardOf(context).heading(step));
const seeEditing = async (context: Context) => {
  await expectVisible(wizardOf(context).continueButton);
  await seeNotice(context);
};
const seeSaving = async (context: Context) => expectVisible(wizardOf(context).savingButton);
const seePhase = (key: Parameters<BuyWizard['phaseHeading']>[0]) => async (context: Context) => expectVisible(wizardOf(context).phaseHeading(key));
const seeFailure = (key: 'failed.create' | 'failed.load') => async (context: Context) => {
  await seePhase(key)(context);
  await seeNotice(context);
};
const seePreparing = async (context: Context) => expectVisible(wizardOf(context).preparing);
const quoteBusy = (context: Context) => wizardOf(context).quote.getAttribute('aria-busy');

export const buyInsuranceReplay: MachineReplay<BuyWorld, typeof buyInsurancePlan> = {
  plan: buyInsurancePlan,
  world: () => ({ applicationId: null, draftId: null }),
  page: async (e2e, path) => ((path.input as { productId: number | null }).productId === null ? {} : { localStorage: { access: await demoToken(e2e) } }),

  async start(context) {
    const { productId, applicationId, requestedStep } = context.path.input as { productId: number | null; applicationId: string | null; requestedStep?: string };
    if (productId === null) {
      await context.page.goto('/insurance/buy/payment/');
    } else if (applicationId === null) {
      await context.page.goto(`/insurance/buy/new/${productId}/`);
    } else {
      // A link to a step of an application of the demo user's; its stored steps are arranged when the model's load answers.
      const created = await newDraft(context.e2e);
      context.world.applicationId = created.id;
      const page = requestedStep === 'plan' ? 'product/' : requestedStep === 'contract' ? 'contract/' : '';
      await context.page.goto(`/insurance/buy/${created.id}/${productId}/${page}`);
    }
  },

  params: ({ world, after }) => ({ id: world.applicationId, productId: (after.context as { productId: number | null }).productId }),

  actors: {
    listDrafts: {
      requests: (request) => request.method() === 'GET' && new URL(request.url()).pathname === '/api/applications/',
      async arrange(context, output) {
        await forgetDemoDrafts(context.e2e);
        const [offered, ...more] = output as Application[];
        if (more.length > 0) throw new Error('the replay arranges one offered draft');
        if (offered) {
          const draft = await newDraft(context.e2e);
          await bringTo(context.e2e, draft.id, offered);
          context.world.draftId = draft.id;
        }
      },
    },
    createApplication: {
      requests: (request) => request.method() === 'POST' && new URL(request.url()).pathname === '/api/applications/',
      answered(context, answers) {
        context.world.applicationId = (answers[0]?.body as Application | undefined)?.id ?? null;
      },
    },
    loadApplication: {
      // The application and its product, asked for together.
      requests: (request) => request.method() === 'GET' && /^\/api\/(applications\/[0-9a-f-]{36}|products\/\d+)\/$/.test(new URL(request.url()).pathname),
      failing: (request) => /^\/api\/applications\//.test(new URL(request.url()).pathname),
      async arrange(context, output) {
        if (!context.world.applicationId) throw new Error('no application to load');
        await bringTo(context.e2e, context.world.applicationId, (output as { application: Application }).application);
      },
    },
    saveInsured: { requests: (request) => request.method() === 'PUT' && /\/insured\/$/.test(request.url()) },
    savePlan: { requests: (request) => request.method() === 'PUT' && /\/plan\/$/.test(request.url()) },
    saveContract: { requests: (request) => request.method() === 'PUT' && /\/contract\/$/.test(request.url()) },
    getQuote: { requests: (request) => request.method() === 'POST' && /^\/api\/products\/\d+\/quote\/$/.test(new URL(request.url()).pathname) },
    // The payment child makes the invoice itself (its request is not held): made, the buyer goes on
    // from the invoice shown; refused, the purchase was paid meanwhile (through the API) and paying is refused.
    payment: {
      async settle(context, event) {
        const wizard = wizardOf(context);
        const output = event.output as { outcome: string; made?: { invoice: Invoice } };
        const shown = (context.before.context as { paymentStep: string }).paymentStep === 'ready';
        if (output.made) {
          const { provider } = output.made.invoice;
          if (!shown) await payWith(wizard, provider);
          await wizard.continueToProvider(provider);
          return;
        }
        if (!context.world.applicationId) throw new Error('no application to pay meanwhile');
        await bringTo(context.e2e, context.world.applicationId, { ...(await apiAs<Application>(context.e2e, demoUser, 'GET', `/api/applications/${context.world.applicationId}/`)), status: 'paid' });
        if (shown) await wizard.chooseAnotherMethod();
        await pressPay(wizard, (context.before.context as { payment: { provider: PaymentProvider | null } }).payment.provider ?? 'qpay');
      },
    },
  },

  events: {
    'draft.continue': async (context) => {
      await wizardOf(context).draftContinue();
      context.world.applicationId = context.world.draftId;
    },
    'draft.startNew': (context) => wizardOf(context).draftStartNew(),
    'flow.retry': (context) => wizardOf(context).flowRetry(),
    // The app refreshes a restored purchase: a reload on a step, coming back from the provider's page.
    'flow.refresh': async (context) => {
      if (context.before.matches({ payment: 'handedOff' })) await context.page.goBack();
      else await context.page.reload();
    },
    // A finished step's link in the step indicator; a later step through the history (forward).
    'xstate.route': async (context, event) => {
      const link = wizardOf(context).stepLink(routeTarget(context.before, event).id as WizardStep);
      if ((await link.count()) > 0) await link.click();
      else await moveInHistoryTo(context, buyInsuranceReplay.params(context));
    },
    'step.next': (context) => wizardOf(context).stepNext(),
    'step.back': (context) => wizardOf(context).stepBack(),
    'insured.change': (context, event) => wizardOf(context).insuredChange(String(event.field), String(event.value)),
    'insured.changeRegister': (context, event) => wizardOf(context).insuredChangeRegister(event.value as RegisterParts),
    'plan.change': (context, event) => {
      const savings = Boolean((context.before.context as { product: { plan: { fee: unknown } } | null }).product?.plan.fee);
      return wizardOf(context).planChange(String(event.field), String(event.value), { savings });
    },
    'contract.consent': (context, event) => wizardOf(context).contractConsent(Boolean(event.value)),
    'beneficiary.change': (context, event) => wizardOf(context).beneficiaryChange(Number(event.index), String(event.field), String(event.value)),
    'beneficiary.changeRegister': (context, event) => wizardOf(context).beneficiaryChangeRegister(Number(event.index), event.value as RegisterParts),
    'beneficiary.add': (context) => wizardOf(context).beneficiaryAdd(),
    'beneficiary.remove': (context, event) => wizardOf(context).beneficiaryRemove(Number(event.index)),
    // The payment child's progress reaches the wizard as its snapshots: the choice on the page; an
    // invoice shown, by paying with that choice.
    'xstate.snapshot.payment': async (context, event) => {
      const wizard = wizardOf(context);
      const { value, context: choice } = event.snapshot as { value: string; context: { provider: PaymentProvider | null; phone: string } };
      if (value === 'ready') {
        await payWith(wizard, choice.provider ?? 'qpay');
        return;
      }
      if (choice.provider) await wizard.choosePaymentMethod(choice.provider);
      if (choice.provider === 'mostmoney') await wizard.mostMoneyPhone.fill(choice.phone);
    },
    // The quote's debounce is the page's own 400 ms timer: nothing to do but let it fire.
    'xstate.after.quoteDelay': async () => {},
  },

  states: {
    'starting.listingDrafts': seePreparing,
    'starting.creating': seePreparing,
    'starting.offeringDraft': seePhase('draft.title'),
    'starting.failed': seeFailure('failed.create'),
    // The wait (a refresh in place keeps the step's page around it; a reload has not the product yet).
    loading: seePreparing,
    loadFailed: seeFailure('failed.load'),
    notFound: seePhase('notFound.title'),
    paid: seePhase('paid.title'),
    noPurchase: seePhase('noPurchase.title'),

    insured: seeStep('insured'),
    'insured.editing': seeEditing,
    'insured.saving': seeSaving,

    plan: seeStep('plan'),
    'plan.form.editing': seeEditing,
    'plan.form.saving': seeSaving,
    // Lasts the 400 ms debounce in the page, which may be over by now: only the price panel is checked.
    'plan.quote.debouncing': async (context) => expectVisible(wizardOf(context).quote),
    'plan.quote.fetching': async (context) => expect.poll(() => quoteBusy(context), { timeout: WAIT_MS }).toBe('true'),
    'plan.quote.ready': async (context) => {
      await wizardOf(context).livePrice();
    },
    'plan.quote.failed': async (context) => {
      const { quoteError } = context.after.context as { quoteError: Message | null };
      await expect.poll(() => quoteBusy(context), { timeout: WAIT_MS }).toBe('false');
      await expectVisible(wizardOf(context).quote.getByText(quoteError ? messageText(context.ui, quoteError) : context.ui.t('buy:quote.failed')));
    },
    'plan.quote.incomplete': async (context) => expectVisible(wizardOf(context).quote.getByText(context.ui.t('buy:quote.incomplete'))),

    contract: async (context) => {
      const wizard = wizardOf(context);
      const { contract } = context.after.context as { contract: { beneficiaries: unknown[]; consent: boolean } };
      await expectVisible(wizard.heading('contract'));
      await expect.poll(() => wizard.beneficiaries.count(), { timeout: WAIT_MS, message: 'beneficiaries shown' }).toBe(contract.beneficiaries.length);
      await expect.poll(() => wizard.consent.isChecked(), { timeout: WAIT_MS, message: 'consent' }).toBe(contract.consent);
    },
    'contract.editing': seeEditing,
    'contract.saving': seeSaving,

    // The payment child on the page: its choice, or the invoice it made.
    'payment.paying': async (context) => {
      const wizard = wizardOf(context);
      const { payment, paymentStep } = context.after.context as { payment: { provider: PaymentProvider | null }; paymentStep: string };
      await expectVisible(wizard.heading('payment'));
      if (paymentStep === 'ready') {
        await wizard.seeInvoice();
        return;
      }
      const { provider } = payment;
      await expectVisible(wizard.payButton);
      if (provider) await expect.poll(() => wizard.provider(provider).isChecked(), { timeout: WAIT_MS, message: `${provider} chosen` }).toBe(true);
      if (provider === 'mostmoney') await expectVisible(wizard.mostMoneyPhone);
      else await expectHidden(wizard.mostMoneyPhone);
      await seeNotice(context);
    },
    // The app has handed the buyer over: the provider's status page (QR code, mobile-money push).
    'payment.handedOff': async (context) => new PaymentStatusPage(context.ui).seePendingPageOf(handedOffTo(context)),
  },

  urls: {
    'payment.handedOff': (context) => statusPathOf(handedOffTo(context)),
  },
};
