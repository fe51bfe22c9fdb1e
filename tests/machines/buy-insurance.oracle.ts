/**
 * The oracle of the purchase wizard's path tests (path-kit.ts, `Oracle`): what every step must do to
 * the context, where it must lead, what each request must carry and what the hand-off emits, restated
 * here from the SPEC with the contract's schemas. Nothing comes from machines/ (neither the machine
 * nor buy-insurance.forms.ts): the conversions of the forms are written again, small, so that a
 * mistake in the machine's own cannot agree with itself. The view functions of
 * buy-insurance.connect.ts are imported only to be compared with `expectedView` in every state.
 */
import type { AnyMachineSnapshot, StateValue } from 'xstate';
import type { buyInsuranceMachine } from '../../machines/buy-insurance.machine.ts';
import {
  selectIsRefreshing,
  selectIsSaving,
  selectPaymentActor,
  selectPaymentPhase,
  selectPhase,
  selectQuoteStatus,
  selectSavingsAdvice,
  selectStep,
  selectStepLinks,
  selectSummary,
  type BuySnapshot,
} from '../../machines/buy-insurance.connect.ts';
import { errorKeys } from '../../contract/error.schema.ts';
import {
  BENEFICIARIES_MAX,
  contractStepSchema,
  insuredStepSchemaFor,
  planStepSchemaFor,
  type Application,
  type ProductDetail,
} from '../../contract/insurance.schema.ts';
import type { Invoice } from '../../contract/payment.schema.ts';
import { ApiError } from '../../contract/api-error.ts';
// The register number's parts as the server wants them (an unparsable one is sent empty): the contract's.
import { combineRegister, splitRegister, toFieldErrors, type FieldErrors, type RegisterParts } from '../../contract/validation.ts';
import { shownFields, shownMessage, without } from './oracle-helpers.ts';
import { sameValue, showValue, toStateValue, type Oracle, type OracleState } from './path-kit.ts';

type Context = ReturnType<typeof buyInsuranceMachine.getInitialSnapshot>['context'];
type Step = 'insured' | 'plan' | 'contract' | 'payment';
const STEPS: readonly Step[] = ['insured', 'plan', 'contract', 'payment'];

// ---------------------------------------------------------------------------------------------------
// The forms, again: empty ones, the ones a loaded application fills in, their bodies and their problems
// ---------------------------------------------------------------------------------------------------

const noRegister: RegisterParts = { first: '', second: '', number: '' };
const emptyInsured: Context['insured'] = { register: noRegister, phone: '', last_name: '', first_name: '', birth_date: '', gender: '', email: '', address: '' };
const beneficiary = (share: string) => ({ last_name: '', first_name: '', register: noRegister, relationship: '', share });

/** The idempotency key number `n` of the purchase whose seed is `seed`. */
export const keyOf = (seed: string, n: number) => `${seed}.${n}`;

const whole = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : undefined);
const problemsOf = (result: { success: boolean; error?: unknown }): FieldErrors =>
  result.success ? {} : toFieldErrors(result.error as Parameters<typeof toFieldErrors>[0]);
const isEmpty = (errors: FieldErrors) => Object.keys(errors).length === 0;

const insuredBody = (product: ProductDetail, form: Context['insured']) => ({
  register: combineRegister(form.register),
  phone: form.phone,
  last_name: form.last_name,
  first_name: form.first_name,
  ...Object.fromEntries(product.insured_fields.filter((field) => form[field].trim() !== '').map((field) => [field, form[field]])),
});
const insuredProblems = (context: Context) =>
  context.product ? problemsOf(insuredStepSchemaFor(context.product, context.today).safeParse(insuredBody(context.product, context.insured))) : {};

const amountField = (product: ProductDetail) => (product.plan.fee ? 'fee' : 'sum_insured');
const planBody = (product: ProductDetail, form: Context['plan']) => ({
  [amountField(product)]: whole(form.amount),
  term_years: whole(form.term_years),
  frequency: form.frequency.trim() === '' ? undefined : form.frequency,
});
const planProblems = (context: Context) => (context.product ? problemsOf(planStepSchemaFor(context.product).safeParse(planBody(context.product, context.plan))) : {});
const isPlanValid = (context: Context) => context.product !== null && isEmpty(planProblems(context));

const contractBody = (form: Context['contract']) => ({
  beneficiaries: form.beneficiaries.map((person) => ({
    last_name: person.last_name,
    first_name: person.first_name,
    register: combineRegister(person.register),
    relationship: whole(person.relationship),
    share: whole(person.share),
  })),
  consent: form.consent,
});
const contractProblems = (context: Context) => problemsOf(contractStepSchema.safeParse(contractBody(context.contract)));


/** The forms a first load fills in: the stored steps, else the prefill, a first plan and one beneficiary with everything. */
const formsOf = (product: ProductDetail, application: Application) => {
  const stored = application.insured;
  const prefill = application.prefill;
  const insured: Context['insured'] = stored
    ? {
        register: splitRegister(stored.register),
        phone: stored.phone,
        last_name: stored.last_name,
        first_name: stored.first_name,
        birth_date: stored.birth_date ?? '',
        gender: stored.gender ?? '',
        email: stored.email ?? '',
        address: stored.address ?? '',
      }
    : prefill
      ? {
          ...emptyInsured,
          register: prefill.register ? splitRegister(prefill.register) : noRegister,
          phone: prefill.phone ?? '',
          last_name: prefill.last_name,
          first_name: prefill.first_name,
          email: prefill.email ?? '',
        }
      : emptyInsured;
  const plan = application.plan
    ? { amount: String(application.plan.fee ?? application.plan.sum_insured ?? ''), term_years: String(application.plan.term_years), frequency: application.plan.frequency }
    : firstPlan(product);
  const contract =
    application.contract && application.contract.beneficiaries.length > 0
      ? {
          beneficiaries: application.contract.beneficiaries.map((person) => ({
            last_name: person.last_name,
            first_name: person.first_name,
            register: splitRegister(person.register),
            relationship: String(person.relationship),
            share: String(person.share),
          })),
          consent: application.contract.consent,
        }
      : { beneficiaries: [beneficiary('100')], consent: false };
  return { insured, plan, contract, payment: { provider: null, phone: stored?.phone ?? '' }, formsReady: true };
};

/** A first plan: the recommended fee, or four times the smallest sum (on the step, within the range); the middle term; monthly. */
const firstPlan = (product: ProductDetail) => {
  const { fee, sum_insured: sum, terms_years: terms, frequencies } = product.plan;
  const amount = fee ? fee.recommended : sum ? Math.min(sum.max, Math.max(sum.min, Math.round((sum.min * 4) / sum.step) * sum.step)) : '';
  const term = terms[Math.floor((terms.length - 1) / 2)];
  return {
    amount: String(amount),
    term_years: term === undefined ? '' : String(term),
    frequency: frequencies.includes('monthly') ? 'monthly' : (frequencies[0] ?? ''),
  };
};

// ---------------------------------------------------------------------------------------------------
// Steps: which may be shown, where a load resumes, what entering one does
// ---------------------------------------------------------------------------------------------------

/** A step may be shown when the application is loaded and still a draft, and every earlier step is stored. */
export const mayEnter = (context: Pick<Context, 'product' | 'application'>, step: Step): boolean =>
  context.product !== null &&
  context.application !== null &&
  context.application.status === 'draft' &&
  STEPS.slice(0, STEPS.indexOf(step)).every((earlier) => context.application?.completed_steps.includes(earlier as never));

/** Where a load leads: "paid", the requested step when its earlier steps are stored, else the furthest one that may be shown. */
const resumeAt = (context: Context): Step | 'paid' => {
  if (context.application?.status === 'paid') return 'paid';
  const requested = context.requestedStep;
  if (requested === 'insured' || (requested && mayEnter(context, requested))) return requested;
  return [...STEPS].reverse().find((step) => mayEnter(context, step)) ?? 'insured';
};

/** The state value right after entering `step`. */
const stateOf = (step: Step | 'paid', context: Context): StateValue =>
  step === 'plan'
    ? { plan: { form: 'editing', quote: isPlanValid(context) ? 'fetching' : 'incomplete' } }
    : step === 'paid'
      ? 'paid'
      : { [step]: step === 'payment' ? 'paying' : 'editing' };

/** The payment step begins: the next key of the seed is its keys' prefix; the mobile-money phone defaults to the insured person's. */
const newAttempt = (context: Context) => ({
  invoiceKey: keyOf(context.keySeed, context.keyCount),
  keyCount: context.keyCount + 1,
  paymentStep: 'choosing' as const,
  payment: { ...context.payment, phone: context.payment.phone || (context.application?.insured?.phone ?? '') },
});

/** What entering a step does to the context (the request that led there is answered). */
const entering = (step: Step | 'paid', context: Context): Partial<Context> => {
  if (step === 'paid') return {};
  const answered = { requestedStep: null };
  if (step === 'payment') return { ...answered, ...newAttempt(context) };
  if (step === 'plan' && !isPlanValid(context)) return { ...answered, quote: null, quoteError: null };
  return answered;
};

/** The context after `patch`, then entering `step`; and the state it shows. */
const enter = (before: Context, patch: Partial<Context>, step: Step | 'paid') => {
  const changed = { ...before, ...patch };
  return { context: { ...patch, ...entering(step, changed) }, state: stateOf(step, changed) };
};

const hasKey = (error: unknown, key: string) => error instanceof ApiError && error.body.key === key;
const isClosed = (error: unknown) => hasKey(error, errorKeys.applicationClosed);
const refusal = (error: unknown) => ({ error: shownMessage(error), fieldErrors: shownFields(error) });
const cleared = { error: null, fieldErrors: {} };

/** Where each step's "edit" state is, for the events that only act there. */
const EDITING = { insured: 'insured.editing', plan: 'plan.form.editing', contract: 'contract.editing' } as const;
/** The payment step may be left or reloaded, except while its child makes the invoice (a reload sends the same key again). */
const paymentIdle = (from: OracleState) => from.matches('payment.paying') && (from.snapshot.context as Context).paymentStep !== 'creating';
/** The states "flow.refresh" reloads from, and the step it asks for again. */
const refreshable = (from: OracleState): Step | undefined =>
  from.matches('insured.editing')
    ? 'insured'
    : from.matches('plan.form.editing')
      ? 'plan'
      : from.matches('contract.editing')
        ? 'contract'
        : paymentIdle(from) || from.matches('payment.handedOff')
          ? 'payment'
          : undefined;

/** Where "step.back" leads from each step's edit state (the payment's invoice on screen included). */
const backFrom = (from: OracleState): Step | undefined =>
  from.matches('plan.form.editing')
    ? 'insured'
    : from.matches('contract.editing')
      ? 'plan'
      : paymentIdle(from)
        ? 'contract'
        : undefined;

/** The saves of the steps, and the step each leads to. */
const SAVES = { saveInsured: ['insured', 'plan'], savePlan: ['plan', 'contract'], saveContract: ['contract', 'payment'] } as const;

const routeTarget = (to: unknown): Step | undefined => STEPS.find((step) => to === `#${step}`);

/** The page the hand-off sends the buyer to: the bank's card page for khan, else the provider's status page. */
const handOffOf = (invoice: Invoice, accessKey: string | null) => {
  const handOff = { name: 'purchase', data: { applicationId: invoice.application_id, applicationKey: accessKey } };
  if (invoice.provider === 'khan' && invoice.redirect_url) return { type: 'flow.navigate', to: invoice.redirect_url, external: true, handOff };
  const page = invoice.provider === 'khan' ? '' : `${invoice.provider}/`;
  return { type: 'flow.navigate', to: `/insurance/buy/payment/status/${page}?invoice=${invoice.id}`, handOff };
};

// ---------------------------------------------------------------------------------------------------
// What the pages show of a snapshot (machines/buy-insurance.connect.ts), and the step's URL pattern
// ---------------------------------------------------------------------------------------------------

const PATTERNS: Record<Step, string> = {
  insured: '/insurance/buy/:id/:productId/',
  plan: '/insurance/buy/:id/:productId/product/',
  contract: '/insurance/buy/:id/:productId/contract/',
  payment: '/insurance/buy/payment/',
};
const pathOf = (step: Step, id: string, productId: number) => PATTERNS[step].replace(':id', id).replace(':productId', String(productId));
const digitsOnly = (text: string) => (/^\d+$/.test(text) ? Number(text) : null);

/** What buy-insurance.connect.ts shows of a snapshot (the code under test, next to `expectedView`). */
const actualView = (snapshot: AnyMachineSnapshot) => {
  const buy = snapshot as BuySnapshot;
  return {
    phase: selectPhase(buy),
    step: selectStep(buy),
    isRefreshing: selectIsRefreshing(buy),
    isSaving: selectIsSaving(buy),
    quoteStatus: selectQuoteStatus(buy),
    paymentPhase: selectPaymentPhase(buy),
    paymentChild: selectPaymentActor(buy) !== null && selectPaymentActor(buy) === buy.children.payment,
    links: selectStepLinks(buy),
    summary: selectSummary(buy),
    savingsAdvice: selectSavingsAdvice(buy),
    meta: buy.getMeta(),
  };
};

/** The parts of the view that differ from the expected one. */
export const viewProblems = (snapshot: AnyMachineSnapshot): string[] => {
  const expected: Record<string, unknown> = expectedView(snapshot);
  const actual: Record<string, unknown> = actualView(snapshot);
  return Object.keys(expected)
    .filter((key) => !sameValue(expected[key], actual[key]))
    .map((key) => `${key}: expected ${showValue(expected[key])}, shown ${showValue(actual[key])}`);
};

/** The view of a snapshot, restated: phase, step, the busy flags, the step links, the summary, the savings advice. */
export const expectedView = (snapshot: AnyMachineSnapshot) => {
  const context = snapshot.context as Context;
  const at = (state: string) => snapshot.matches(toStateValue(state));
  const active = STEPS.find((step) => at(step)) ?? null;
  const loaded = context.product !== null && context.application !== null;
  const phase = at('noPurchase')
    ? 'noPurchase'
    : at('notFound')
      ? 'notFound'
      : at('paid')
        ? 'paid'
        : at('starting.offeringDraft')
          ? 'offeringDraft'
          : at('starting.failed')
            ? 'createFailed'
            : at('loadFailed')
              ? 'loadFailed'
              : active
                ? loaded ? 'step' : 'preparing'
                : at('loading') && context.product && context.requestedStep ? 'step' : 'preparing';
  const step = active ?? (at('loading') ? context.requestedStep : null);
  const quoteStatus = at('plan.quote.ready') ? 'ready' : at('plan.quote.failed') ? 'failed' : at('plan.quote.incomplete') ? 'incomplete' : 'pending';
  const current = STEPS.indexOf(step ?? 'insured');
  const stored = context.application?.plan ?? null;
  const insured = context.application?.insured ?? null;
  const fee = context.product?.plan.fee ?? null;
  const onPlan = at('plan');
  return {
    phase,
    step,
    isRefreshing: at('loading'),
    isSaving: at('insured.saving') || at('plan.form.saving') || at('contract.saving'),
    quoteStatus,
    paymentPhase: at('payment.handedOff') ? 'handedOff' : 'paying',
    // The page renders the payment child exactly while the step runs it.
    paymentChild: at('payment.paying'),
    links: STEPS.map((link, index) => {
      const state = index < current ? 'done' : index === current ? 'current' : 'todo';
      const open = state === 'done' && context.applicationId !== null && context.productId !== null && mayEnter(context, link);
      return { step: link, state, href: open ? pathOf(link, context.applicationId as string, context.productId as number) : null };
    }),
    summary: {
      insuredName: insured ? `${insured.last_name} ${insured.first_name}` : null,
      amountLabel: fee ? 'fee' : 'sumInsured',
      amount: onPlan ? digitsOnly(context.plan.amount) : ((fee ? stored?.fee : stored?.sum_insured) ?? null),
      termYears: onPlan ? digitsOnly(context.plan.term_years) : (stored?.term_years ?? null),
      frequency: (onPlan ? context.plan.frequency : stored?.frequency) || null,
      quote: onPlan ? context.quote : (context.application?.quote ?? null),
      priceUpdating: onPlan && quoteStatus === 'pending',
    },
    savingsAdvice: fee ? { recommended: fee.recommended, below: /^\d+$/.test(context.plan.amount) && Number(context.plan.amount) < fee.recommended } : null,
    // The URL sync reads the step's pattern from its state's meta.
    meta: active ? { [active]: { path: PATTERNS[active] } } : {},
  };
};


// ---------------------------------------------------------------------------------------------------
// Per event: the context it changes and the state it leads to
// ---------------------------------------------------------------------------------------------------

type Outcome = { context?: Partial<Context>; state?: StateValue };
type Reference = (before: Context, event: Record<string, unknown> & { type: string }, from: OracleState) => Outcome;

const stay = (from: OracleState): Outcome => ({ state: from.value });
const inRegion = (from: OracleState, quote: string): StateValue => ({ plan: { form: (from.value as { plan: { form: string } }).plan.form, quote } });

const saveOutcomes = Object.fromEntries(
  Object.entries(SAVES).flatMap(([id, [, next]]): Array<[string, Reference]> => [
    [`xstate.done.actor.${id}`, (before, event) => enter(before, { application: event.output as Application, ...cleared }, next)],
    [`xstate.error.actor.${id}`, (_, event, from) => (isClosed(event.error) ? { state: 'paid' } : { context: refusal(event.error), state: sameStepEditing(from) })],
  ]),
);
const sameStepEditing = (from: OracleState): StateValue =>
  from.matches('plan') ? { plan: { form: 'editing', quote: (from.value as { plan: { quote: string } }).plan.quote } } : (from.matches('insured') ? 'insured.editing' : 'contract.editing');

const references: Record<string, Reference> = {
  'xstate.done.actor.listDrafts': (before, event) => {
    const drafts = (event.output as Application[]).filter((draft) => draft.product_id === before.productId);
    return drafts.length > 0 ? { context: { drafts }, state: 'starting.offeringDraft' } : { state: 'starting.creating' };
  },
  // Not knowing the drafts only means a new one is made.
  'xstate.error.actor.listDrafts': () => ({ state: 'starting.creating' }),
  'draft.continue': (before, _, from) =>
    from.matches('starting.offeringDraft')
      ? { context: { applicationId: before.drafts[0]?.id ?? null, accessKey: null, requestedStep: null }, state: 'loading' }
      : stay(from),
  'draft.startNew': (_, __, from) => (from.matches('starting.offeringDraft') ? { state: 'starting.creating' } : stay(from)),
  'xstate.done.actor.createApplication': (_, event) => {
    const application = event.output as Application;
    return { context: { application, applicationId: application.id, accessKey: application.access_key ?? null, requestedStep: null, error: null }, state: 'loading' };
  },
  'xstate.error.actor.createApplication': (_, event) => ({ context: refusal(event.error), state: 'starting.failed' }),
  'flow.retry': (_, __, from) =>
    from.matches('starting.failed')
      ? { context: cleared, state: 'starting.creating' }
      : from.matches('loadFailed')
        ? { context: cleared, state: 'loading' }
        : stay(from),
  // The first load fills the forms; a later one (a refresh) keeps what the user typed.
  'xstate.done.actor.loadApplication': (before, event) => {
    const { product, application } = event.output as { product: ProductDetail; application: Application };
    const patch = {
      product,
      application,
      productId: application.product_id,
      applicationId: application.id,
      ...cleared,
      ...(before.formsReady ? {} : formsOf(product, application)),
    };
    return enter(before, patch, resumeAt({ ...before, ...patch }));
  },
  'xstate.error.actor.loadApplication': (_, event) =>
    hasKey(event.error, errorKeys.notFound) ? { state: 'notFound' } : { context: refusal(event.error), state: 'loadFailed' },
  // A settled step reloads the application and the product, asking for the same step again.
  'flow.refresh': (before, event, from) => {
    const step = refreshable(from);
    if (!step) return stay(from);
    const provider = event.provider as Context['payment']['provider'] | undefined;
    return { context: { requestedStep: step, ...(provider ? { payment: { ...before.payment, provider } } : {}) }, state: 'loading' };
  },
  'step.next': (before, _, from) => {
    const checks = { insured: insuredProblems, plan: planProblems, contract: contractProblems } as const;
    const step = (['insured', 'plan', 'contract'] as const).find((candidate) => from.matches(EDITING[candidate]));
    if (!step) return stay(from);
    const problems = checks[step](before);
    if (!isEmpty(problems)) return { context: { fieldErrors: problems, error: null }, state: from.value };
    return { context: cleared, state: step === 'plan' ? inRegionForm(from, 'saving') : `${step}.saving` };
  },
  'step.back': (before, _, from) => {
    const step = backFrom(from);
    return step ? enter(before, {}, step) : stay(from);
  },
  // A route to a step whose earlier steps are stored (re)enters it from anywhere.
  'xstate.route': (before, event, from) => {
    const step = routeTarget(event.to);
    return step && mayEnter(before, step) ? enter(before, {}, step) : stay(from);
  },

  'insured.change': (before, event, from) =>
    from.matches(EDITING.insured)
      ? { context: { insured: { ...before.insured, [event.field as string]: event.value }, fieldErrors: without(before.fieldErrors, event.field as string) }, state: from.value }
      : stay(from),
  'insured.changeRegister': (before, event, from) =>
    from.matches(EDITING.insured)
      ? { context: { insured: { ...before.insured, register: event.value as RegisterParts }, fieldErrors: without(before.fieldErrors, 'register') }, state: from.value }
      : stay(from),
  ...saveOutcomes,

  // A change of the plan edits the form and restarts the pause before pricing; while the plan is
  // being saved the form is read-only, and a change changes nothing.
  'plan.change': (before, event, from) => {
    if (!from.matches(EDITING.plan)) return stay(from);
    const field = event.field === 'amount' && before.product ? amountField(before.product) : (event.field as string);
    const edits = from.matches(EDITING.plan)
      ? { plan: { ...before.plan, [event.field as string]: event.value as string }, fieldErrors: without(before.fieldErrors, field) }
      : {};
    return { context: edits, state: inRegion(from, 'debouncing') };
  },
  [`xstate.after.quoteDelay.buyInsurance.plan.quote.debouncing`]: (before, _, from) => {
    if (!from.matches('plan.quote.debouncing')) return stay(from);
    return isPlanValid(before) ? { state: inRegion(from, 'fetching') } : { context: { quote: null, quoteError: null }, state: inRegion(from, 'incomplete') };
  },
  'xstate.done.actor.getQuote': (_, event, from) => ({ context: { quote: event.output as Context['quote'], quoteError: null }, state: inRegion(from, 'ready') }),
  // The first field problem the server found with the plan, else its message.
  'xstate.error.actor.getQuote': (_, event, from) => ({
    context: { quote: null, quoteError: Object.values(shownFields(event.error))[0] ?? shownMessage(event.error) },
    state: inRegion(from, 'failed'),
  }),

  'beneficiary.add': (before, _, from) => {
    if (!from.matches(EDITING.contract) || before.contract.beneficiaries.length >= BENEFICIARIES_MAX) return stay(from);
    const total = before.contract.beneficiaries.reduce((sum, person) => sum + (whole(person.share) ?? 0), 0);
    return { context: { contract: { ...before.contract, beneficiaries: [...before.contract.beneficiaries, beneficiary(String(Math.max(0, 100 - total)))] } }, state: from.value };
  },
  // The others stay, in order; the list's errors go (they would point at the wrong person).
  'beneficiary.remove': (before, event, from) => {
    if (!from.matches(EDITING.contract) || before.contract.beneficiaries.length <= 1) return stay(from);
    return {
      context: {
        contract: { ...before.contract, beneficiaries: before.contract.beneficiaries.filter((_, index) => index !== event.index) },
        fieldErrors: Object.fromEntries(Object.entries(before.fieldErrors).filter(([key]) => !key.startsWith('beneficiaries'))),
      },
      state: from.value,
    };
  },
  'beneficiary.change': (before, event, from) => changeBeneficiary(before, event.index as number, event.field as string, event.value, from),
  'beneficiary.changeRegister': (before, event, from) => changeBeneficiary(before, event.index as number, 'register', event.value, from),
  'contract.consent': (before, event, from) =>
    from.matches(EDITING.contract)
      ? { context: { contract: { ...before.contract, consent: event.value as boolean }, fieldErrors: without(before.fieldErrors, 'consent') }, state: from.value }
      : stay(from),

  // The payment child's progress is kept: its choice (for a reload and "try again") and where it stands.
  'xstate.snapshot.payment': (_, event, from) => {
    if (!from.matches('payment.paying')) return stay(from);
    const { value, context } = event.snapshot as { value: Context['paymentStep']; context: Context['payment'] };
    return { context: { payment: { provider: context.provider, phone: context.phone }, paymentStep: value }, state: from.value };
  },
  // Made: the provider gets the buyer; refused (the only refusal it ends on): paid meanwhile.
  'xstate.done.actor.payment': (_, event) => ({ state: (event.output as { outcome: string }).outcome === 'made' ? 'payment.handedOff' : 'paid' }),
};

const inRegionForm = (from: OracleState, form: string): StateValue => ({ plan: { form, quote: (from.value as { plan: { quote: string } }).plan.quote } });

/** A change of one beneficiary's field: that field's error goes, and the list's total when a share changed. */
const changeBeneficiary = (before: Context, index: number, field: string, value: unknown, from: OracleState): Outcome => {
  if (!from.matches(EDITING.contract)) return stay(from);
  const fixed = [`beneficiaries.${index}.${field}`, ...(field === 'share' ? ['beneficiaries'] : [])];
  return {
    context: {
      contract: { ...before.contract, beneficiaries: before.contract.beneficiaries.map((person, at) => (at === index ? { ...person, [field]: value } : person)) },
      fieldErrors: without(before.fieldErrors, ...fixed),
    },
    state: from.value,
  };
};

const outcome = (before: Context, event: { type: string }, from: OracleState) => references[event.type]?.(before, event as never, from);

/** Each request names the application (and proves a visitor's draft with its key). */
const access = (context: Context) => ({ applicationId: context.applicationId, accessKey: context.accessKey });

export const buyInsuranceOracle: Oracle<typeof buyInsuranceMachine> = {
  initial: (input) => ({
    productId: input.productId,
    applicationId: input.applicationId,
    accessKey: null,
    requestedStep: input.requestedStep ?? null,
    keySeed: input.keySeed,
    keyCount: 2,
    today: input.today,
    applicationKey: keyOf(input.keySeed, 0),
    product: null,
    application: null,
    drafts: [],
    formsReady: false,
    insured: emptyInsured,
    plan: { amount: '', term_years: '', frequency: '' },
    quote: null,
    quoteError: null,
    contract: { beneficiaries: [beneficiary('100')], consent: false },
    payment: { provider: null, phone: '' },
    paymentStep: 'choosing',
    invoiceKey: keyOf(input.keySeed, 1),
    fieldErrors: {},
    error: null,
  }),
  initialState: (input) => (input.applicationId !== null ? 'loading' : input.productId !== null ? 'starting.listingDrafts' : 'noPurchase'),
  effects: Object.fromEntries(Object.keys(references).map((type) => [type, (before: Context, event: { type: string }, from: OracleState) => outcome(before, event, from)?.context])),
  targets: Object.fromEntries(Object.keys(references).map((type) => [type, (before: Context, event: { type: string }, from: OracleState) => outcome(before, event, from)?.state])),
  states: {
    // The pages read the snapshot through buy-insurance.connect.ts only: it must show what the state says.
    '*': (_, state) => {
      const wrong = viewProblems(state.snapshot);
      if (wrong.length > 0) throw new Error(`the view disagrees: ${wrong.join('; ')}`);
    },
    // A step is only ever shown when the server has every earlier step.
    ...Object.fromEntries(STEPS.map((step) => [step, (context: Context) => mayEnter(context, step)])),
    'starting.listingDrafts': (_, state) => state.running.includes('listDrafts'),
    'starting.offeringDraft': ({ drafts }) => drafts.length > 0,
    'starting.creating': (_, state) => state.running.includes('createApplication'),
    'starting.failed': ({ error }) => error !== null,
    loading: ({ applicationId }, state) => applicationId !== null && state.running.includes('loadApplication'),
    loadFailed: ({ error }) => error !== null,
    'insured.saving': (context, state) => isEmpty(insuredProblems(context)) && state.running.includes('saveInsured'),
    'plan.form.saving': (context, state) => isPlanValid(context) && state.running.includes('savePlan'),
    'plan.quote.fetching': (context, state) => isPlanValid(context) && state.running.includes('getQuote'),
    'plan.quote.incomplete': ({ quote, quoteError }) => quote === null && quoteError === null,
    'plan.quote.ready': ({ quote }) => quote !== null,
    'plan.quote.failed': ({ quote, quoteError }) => quote === null && quoteError !== null,
    'contract.saving': (context, state) => isEmpty(contractProblems(context)) && state.running.includes('saveContract'),
    'payment.paying': (_, state) => state.running.includes('payment'),
    'payment.handedOff': (_, state) => !state.running.includes('payment'),
    noPurchase: (_, state) => state.status === 'done',
    notFound: (_, state) => state.status === 'done',
    paid: (_, state) => state.status === 'done',
  },
  sent: {
    createApplication: ({ productId, applicationKey }) => ({ productId, key: applicationKey }),
    loadApplication: (context) => ({ ...access(context), productId: context.productId }),
    saveInsured: (context) => ({ ...access(context), body: context.product && insuredBody(context.product, context.insured) }),
    savePlan: (context) => ({ ...access(context), body: context.product && planBody(context.product, context.plan) }),
    getQuote: (context) => {
      const insured = context.application?.insured;
      const body = context.product && {
        ...planBody(context.product, context.plan),
        ...(insured?.birth_date ? { birth_date: insured.birth_date } : {}),
        ...(insured ? { register: insured.register } : {}),
      };
      return { productId: context.productId, body };
    },
    // The contract as it is on screen, beneficiaries in order.
    saveContract: (context) => ({ ...access(context), body: contractBody(context.contract) }),
    // The application (a visitor's with its key), the choice kept, the step's key prefix; the invoice is
    // shown before leaving, and a purchase paid meanwhile ends the step.
    payment: (context) => ({
      order: { kind: 'application', ...access(context) },
      provider: context.payment.provider,
      phone: context.payment.phone,
      keySeed: context.invoiceKey,
      confirm: true,
      stopOn: [errorKeys.applicationClosed],
    }),
  },
  // The provider gets the buyer exactly when the payment step made the invoice (and the buyer continued from it).
  emitted: (before, event, _, from) => {
    const output = (event as { output?: { outcome: string; made?: { invoice: Invoice } } }).output;
    return event.type === 'xstate.done.actor.payment' && from?.matches('payment.paying') && before && output?.made ? [handOffOf(output.made.invoice, before.accessKey)] : [];
  },
};
