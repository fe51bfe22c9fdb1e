import { describe, expect, it } from 'vitest';
import { assign, createEmptyActor, type AnyEventObject } from 'xstate';
import { buyInsuranceMachine } from '../../machines/buy-insurance.machine.ts';
import { persistedForResume, sameLinks, sameSummary, selectPhase, selectSavingsAdvice, type BuySnapshot } from '../../machines/buy-insurance.connect.ts';
import { viewProblems } from './buy-insurance.oracle.ts';
import { errorKeys } from '../../contract/error.schema.ts';
import {
  ACCESS_KEY,
  APPLICATION_ID,
  applications,
  beneficiaryDetails,
  buyInsuranceModel,
  childSnapshot,
  invoiceOf,
  insuredPerson,
  KEY_SEED,
  lifeProduct,
  loaded,
  madeWith,
  OTHER_DRAFT_ID,
  paidMeanwhile,
  QUOTE_DEBOUNCING,
  quote,
  refused,
  serverDown,
  TODAY,
  tooOld,
} from './buy-insurance.model.ts';
import {
  afterEvent,
  doneEvent,
  errorEvent,
  generatePathsFor,
  inputCasesOf,
  OracleViolation,
  pathFromEvents,
  replayPath,
  replayPaths,
  type Invocation,
  type Replay,
} from './path-kit.ts';
import type { Application, ProductDetail } from '../../contract/insurance.schema.ts';
import { describePaths } from './path-suite.ts';

const STEP_CALLS = ['saveInsured', 'savePlan', 'saveContract'];

describePaths('buy-insurance', buyInsuranceModel, {
  // Writes name the path's application and, for a visitor's new draft, prove it with its key.
  invariants: ({ steps, invocations }) => {
    const created = steps.some(({ step }) => step.event.type === 'xstate.done.actor.createApplication');
    for (const call of invocations.filter((invocation) => STEP_CALLS.includes(invocation.id))) {
      expect(call.input).toMatchObject({ applicationId: APPLICATION_ID, accessKey: created ? ACCESS_KEY : null });
    }
    for (const call of invocations.filter((invocation) => invocation.id === 'payment')) {
      expect(call.input).toMatchObject({ order: { kind: 'application', applicationId: APPLICATION_ID, accessKey: created ? ACCESS_KEY : null } });
    }
  },
});

const created = [doneEvent('listDrafts', []), doneEvent('createApplication', applications.created), doneEvent('loadApplication', loaded(applications.fresh))];
const toPlan = [...created, { type: 'step.next' }, doneEvent('saveInsured', applications.insured)];
const toContract = [...toPlan, { type: 'step.next' }, doneEvent('savePlan', applications.planned)];
const toPayment = [...toContract, ...beneficiaryDetails, { type: 'step.next' }, doneEvent('saveContract', applications.complete)];

/** The inputs the payment step was begun with, in order. */
const paymentInputs = (invocations: Invocation[]) =>
  invocations.filter((call) => call.id === 'payment').map((call) => call.input as { keySeed: string; provider: string | null; phone: string });

describe('buy-insurance behaviour', () => {
  it('makes one draft for a visitor: a failed create is retried with the same key, then the form is the prefill', async () => {
    const replay = await replayPath(
      buyInsuranceModel,
      pathFromEvents(buyInsuranceModel, [
        doneEvent('listDrafts', []),
        errorEvent('createApplication', serverDown),
        { type: 'flow.retry' },
        doneEvent('createApplication', applications.created),
        doneEvent('loadApplication', loaded(applications.fresh)),
      ]),
    );
    const creates = replay.invocations.filter((call) => call.id === 'createApplication');
    expect(creates).toHaveLength(2);
    expect(creates[0]?.input).toEqual(creates[1]?.input);
    expect(replay.steps[2]?.snapshot.context.error).toEqual({ key: errorKeys.generic });
    expect(replay.invocations.find((call) => call.id === 'loadApplication')?.input).toEqual({ applicationId: APPLICATION_ID, accessKey: ACCESS_KEY, productId: 100 });
    const last = replay.steps.at(-1)?.snapshot;
    expect(last?.value).toEqual({ insured: 'editing' });
    expect(last?.context.insured).toMatchObject({ phone: insuredPerson.phone, last_name: 'Дорж', register: { first: 'У', second: 'Б', number: '90061512' } });
  });

  it("offers a signed-in user's earlier draft of the product and continues it where it stopped", async () => {
    const replay = await replayPath(
      buyInsuranceModel,
      pathFromEvents(buyInsuranceModel, [
        doneEvent('listDrafts', [{ ...applications.planned, id: OTHER_DRAFT_ID }]),
        { type: 'draft.continue' },
        doneEvent('loadApplication', loaded(applications.planned)),
      ]),
    );
    expect(replay.steps[1]?.snapshot.value).toEqual({ starting: 'offeringDraft' });
    expect(replay.invocations.filter((call) => call.id === 'createApplication')).toEqual([]);
    expect(replay.invocations.find((call) => call.id === 'loadApplication')?.input).toMatchObject({ applicationId: OTHER_DRAFT_ID, accessKey: null });
    expect(replay.steps.at(-1)?.snapshot.value).toEqual({ contract: 'editing' });
  });

  it('sends a deep link to the first incomplete step, and honours it when the earlier steps are stored', async () => {
    const label = 'a link to the contract step';
    const early = await replayPath(buyInsuranceModel, pathFromEvents(buyInsuranceModel, [doneEvent('loadApplication', loaded(applications.insured))], label));
    expect(early.steps.at(-1)?.snapshot.value).toMatchObject({ plan: { form: 'editing' } });
    const ready = await replayPath(buyInsuranceModel, pathFromEvents(buyInsuranceModel, [doneEvent('loadApplication', loaded(applications.complete))], label));
    expect(ready.steps.at(-1)?.snapshot.value).toEqual({ contract: 'editing' });
  });

  it('refuses to route to a step whose earlier steps are not stored', async () => {
    const replay = await replayPath(buyInsuranceModel, pathFromEvents(buyInsuranceModel, [...created, { type: 'xstate.route', to: '#payment' }, { type: 'xstate.route', to: '#contract' }]));
    expect(replay.steps.at(-1)?.snapshot.value).toEqual({ insured: 'editing' });
  });

  it('validates the insured person before sending, and keeps what was typed when the server refuses', async () => {
    const replay = await replayPath(
      buyInsuranceModel,
      pathFromEvents(buyInsuranceModel, [
        ...created,
        { type: 'insured.change', field: 'phone', value: '' },
        { type: 'step.next' },
        { type: 'insured.change', field: 'phone', value: '99112233' },
        { type: 'step.next' },
        errorEvent('saveInsured', refused),
      ]),
    );
    expect(replay.steps[created.length + 2]?.snapshot.context.fieldErrors).toEqual({ phone: { key: 'validation.fieldRequired', values: { min: 1 } } });
    expect(replay.invocations.filter((call) => call.id === 'saveInsured')).toHaveLength(1);
    expect(replay.invocations.find((call) => call.id === 'saveInsured')?.input).toMatchObject({ body: insuredPerson });
    const last = replay.steps.at(-1)?.snapshot;
    expect(last?.value).toEqual({ insured: 'editing' });
    expect(last?.context).toMatchObject({ error: { key: errorKeys.invalidRequest }, fieldErrors: refused.fields, insured: { phone: '99112233' } });
  });

  it('prices the plan once it stops changing, and a change cancels the request under way', async () => {
    const replay = await replayPath(
      buyInsuranceModel,
      pathFromEvents(buyInsuranceModel, [
        ...toPlan,
        { type: 'plan.change', field: 'amount', value: '30000000' },
        afterEvent('quoteDelay', QUOTE_DEBOUNCING),
        { type: 'plan.change', field: 'amount', value: '' },
        { type: 'plan.change', field: 'amount', value: '30000000' },
        afterEvent('quoteDelay', QUOTE_DEBOUNCING),
        doneEvent('getQuote', quote),
      ]),
    );
    const quotes = replay.invocations.filter((call) => call.id === 'getQuote');
    // The first on entering the step, then one per pause; each change stopped the one running.
    expect(quotes.map((call) => call.status)).toEqual(['stopped', 'stopped', 'resolved']);
    expect(quotes[2]?.input).toEqual({ productId: 100, body: { sum_insured: 30_000_000, term_years: 10, frequency: 'monthly', register: insuredPerson.register } });
    const last = replay.steps.at(-1)?.snapshot;
    expect(last?.value).toEqual({ plan: { form: 'editing', quote: 'ready' } });
    expect(last?.context.quote).toEqual(quote);
  });

  it("shows the server's reason when a plan cannot be priced, and nothing to price for an empty amount", async () => {
    const replay = await replayPath(
      buyInsuranceModel,
      pathFromEvents(buyInsuranceModel, [...toPlan, errorEvent('getQuote', tooOld), { type: 'plan.change', field: 'amount', value: '' }, afterEvent('quoteDelay', QUOTE_DEBOUNCING)]),
    );
    expect(replay.steps[toPlan.length + 1]?.snapshot.context.quoteError).toEqual({ key: 'validation.ageRange', values: { min: 18, max: 60 } });
    expect(replay.steps.at(-1)?.snapshot.value).toEqual({ plan: { form: 'editing', quote: 'incomplete' } });
    expect(replay.steps.at(-1)?.snapshot.context.quote).toBeNull();
  });

  it('asks for beneficiaries whose shares total 100 and for the consent, then stores the contract', async () => {
    const replay = await replayPath(
      buyInsuranceModel,
      pathFromEvents(buyInsuranceModel, [
        ...toContract,
        { type: 'step.next' },
        ...beneficiaryDetails,
        { type: 'beneficiary.change', index: 0, field: 'share', value: '60' },
        { type: 'step.next' },
        { type: 'beneficiary.add' },
        { type: 'beneficiary.change', index: 1, field: 'last_name', value: 'Дорж' },
        { type: 'beneficiary.change', index: 1, field: 'first_name', value: 'Тэмүүлэн' },
        { type: 'beneficiary.changeRegister', index: 1, value: { first: 'У', second: 'Б', number: '15250112' } },
        { type: 'beneficiary.change', index: 1, field: 'relationship', value: '5' },
        { type: 'step.next' },
      ]),
    );
    const at = (offset: number) => replay.steps[toContract.length + offset]?.snapshot.context;
    expect(Object.keys(at(1)?.fieldErrors ?? {}).sort()).toEqual(['beneficiaries.0.first_name', 'beneficiaries.0.last_name', 'beneficiaries.0.register', 'beneficiaries.0.relationship', 'consent']);
    expect(at(8)?.fieldErrors).toEqual({ beneficiaries: { key: 'validation.sharesTotal', values: { total: 60 } } });
    expect(at(9)?.contract.beneficiaries[1]?.share).toBe('40');
    expect(replay.steps.at(-1)?.snapshot.value).toEqual({ contract: 'saving' });
    expect(replay.invocations.find((call) => call.id === 'saveContract')?.input).toMatchObject({
      body: {
        beneficiaries: [
          { last_name: 'Дорж', first_name: 'Сараа', register: 'УБ92031524', relationship: 17, share: 60 },
          { last_name: 'Дорж', first_name: 'Тэмүүлэн', register: 'УБ15250112', relationship: 5, share: 40 },
        ],
        consent: true,
      },
    });
  });

  it('begins the payment step with a key prefix of its own each time, the insured person\'s phone and the provider kept', async () => {
    const replay = await replayPath(
      buyInsuranceModel,
      pathFromEvents(buyInsuranceModel, [
        ...toPayment,
        childSnapshot('choosing', 'mostmoney', '88094512'),
        { type: 'step.back' },
        { type: 'step.next' },
        doneEvent('saveContract', applications.complete),
      ]),
    );
    const inputs = paymentInputs(replay.invocations);
    expect(inputs.map(({ keySeed, provider, phone }) => ({ keySeed, provider, phone }))).toEqual([
      { keySeed: `${KEY_SEED}.2`, provider: null, phone: insuredPerson.phone },
      // The provider chosen and the phone typed stay.
      { keySeed: `${KEY_SEED}.3`, provider: 'mostmoney', phone: '88094512' },
    ]);
  });

  it('cannot be left or reloaded while the invoice is made, and can again once it is shown', async () => {
    const replay = await replayPath(
      buyInsuranceModel,
      pathFromEvents(buyInsuranceModel, [
        ...toPayment,
        childSnapshot('creating', 'qpay'),
        { type: 'step.back' },
        { type: 'flow.refresh' },
        childSnapshot('ready', 'qpay'),
        { type: 'step.back' },
      ]),
    );
    const at = (back: number) => replay.steps.at(back)?.snapshot;
    expect([at(-4)?.value, at(-3)?.value]).toEqual([{ payment: 'paying' }, { payment: 'paying' }]);
    expect(paymentInputs(replay.invocations)).toHaveLength(1);
    expect(at(-1)?.value).toEqual({ contract: 'editing' });
  });

  it('hands off to the provider, and coming back starts a new attempt on the payment step with everything kept', async () => {
    const replay = await replayPath(
      buyInsuranceModel,
      pathFromEvents(buyInsuranceModel, [
        ...toPayment,
        childSnapshot('choosing', 'qpay'),
        childSnapshot('ready', 'qpay'),
        doneEvent('payment', madeWith('qpay')),
        { type: 'flow.refresh' },
        doneEvent('loadApplication', loaded(applications.complete)),
      ]),
    );
    expect(replay.emitted).toEqual([
      {
        type: 'flow.navigate',
        to: `/insurance/buy/payment/status/qpay/?invoice=${invoiceOf('qpay').id}`,
        handOff: { name: 'purchase', data: { applicationId: APPLICATION_ID, applicationKey: ACCESS_KEY } },
      },
    ]);
    const handedOff = replay.steps[toPayment.length + 3]?.snapshot;
    expect(handedOff?.value).toEqual({ payment: 'handedOff' });
    expect(handedOff?.children.payment).toBeUndefined();
    const back = replay.steps.at(-1)?.snapshot;
    expect(back?.value).toEqual({ payment: 'paying' });
    expect(back?.context).toMatchObject({ paymentStep: 'choosing', payment: { provider: 'qpay' }, contract: { consent: true } });
    const inputs = paymentInputs(replay.invocations);
    expect(inputs.map((input) => input.provider)).toEqual([null, 'qpay']);
    expect(inputs[1]?.keySeed).not.toBe(inputs[0]?.keySeed);
  });

  it('ends on "paid" when the server says the application is already paid', async () => {
    const replay = await replayPath(buyInsuranceModel, pathFromEvents(buyInsuranceModel, [...toPayment, childSnapshot('creating', 'qpay'), doneEvent('payment', paidMeanwhile)]));
    const last = replay.steps.at(-1)?.snapshot;
    expect(last?.value).toBe('paid');
    expect(last?.status).toBe('done');
    expect(replay.emitted).toEqual([]);
  });
});

describe('buy-insurance oracle', () => {
  // The paths come from the machine under test, so without the oracle a wrong machine replays its
  // own wrong paths happily: this mutant used to pass all of them.
  it('rejects a machine whose beneficiary.remove always drops the first beneficiary', async () => {
    const dropsFirst = buyInsuranceMachine.provide({
      actions: {
        removeBeneficiary: assign(({ context }) => ({
          contract: { ...context.contract, beneficiaries: context.contract.beneficiaries.slice(1) },
        })) as never,
      },
    });
    const mutant = { ...buyInsuranceModel, machine: dropsFirst };
    const deepLink = inputCasesOf(mutant).find((inputCase) => inputCase.label === 'a link to the contract step');
    if (!deepLink) throw new Error('no deep-link input case');
    const failures = await replayPaths(mutant, generatePathsFor(mutant, deepLink));
    expect(failures.length).toBeGreaterThan(0);
    expect(failures[0]?.error).toBeInstanceOf(OracleViolation);
    expect(String(failures[0]?.error)).toMatch(/\(beneficiary\.remove\) breaks the oracle:\n {2}context\.contract: expected/);

    // The same path replays on the real machine.
    const path = failures[0]?.path;
    if (path) await expect(replayPath(buyInsuranceModel, pathFromEvents(buyInsuranceModel, path.steps.slice(1).map((step) => step.event), path.inputLabel))).resolves.toBeDefined();
    // Generating the deep link's paths takes a few seconds alone, more on a busy machine.
  }, 60_000);
});

/** A savings product: a fee with a recommended amount, no monthly payments, three more insured fields. */
const savingsProduct: ProductDetail = {
  ...lifeProduct,
  is_savings: true,
  plan: { sum_insured: null, fee: { min: 50_000, max: 5_000_000, step: 10_000, recommended: 200_000 }, terms_years: [3, 5], frequencies: ['annual', 'quarterly'] },
  insured_fields: ['birth_date', 'gender', 'address'],
};
/** Sums whose first plan is clamped: four times the smallest is above the largest; one with a step above four times the smallest. */
const bigSums: ProductDetail = { ...lifeProduct, plan: { ...lifeProduct.plan, sum_insured: { min: 60_000_000, max: 200_000_000, step: 1_000_000 }, terms_years: [], frequencies: ['semiannual'] } };
const coarseSums: ProductDetail = { ...lifeProduct, plan: { ...lifeProduct.plan, sum_insured: { min: 10, max: 1_000, step: 100 } } };
/** A product that names no amount, term or frequency to choose from (the first plan is empty). */
const nothingToChoose: ProductDetail = { ...lifeProduct, plan: { sum_insured: null, fee: null, terms_years: [], frequencies: [] } };

const storedPerson = { register: 'УБ85010112', phone: '88001122', last_name: 'Бат', first_name: 'Сүх', birth_date: '1985-01-01', gender: 'male', address: 'Улаанбаатар' } as const;
const variants = {
  noPrefill: { ...applications.fresh, prefill: null },
  partialPrefill: { ...applications.fresh, prefill: { register: null, phone: null, last_name: 'Дорж', first_name: 'Сараа', email: null } },
  storedInsured: { ...applications.fresh, completed_steps: ['insured'], insured: storedPerson },
  storedPlan: {
    ...applications.fresh,
    completed_steps: ['insured', 'plan'],
    insured: storedPerson,
    plan: { fee: 300_000, term_years: 5, frequency: 'quarterly' },
    contract: { beneficiaries: [], consent: false },
  },
  /** A stored plan without an amount (the form shows none). */
  planWithoutAmount: { ...applications.fresh, completed_steps: ['insured', 'plan'], insured: storedPerson, plan: { term_years: 5, frequency: 'monthly' } },
} satisfies Record<string, Application>;

const DEEP_LINK = 'a link to the contract step';
const replayFrom = (events: readonly AnyEventObject[], inputLabel?: string) => replayPath(buyInsuranceModel, pathFromEvents(buyInsuranceModel, events, inputLabel));
const lastOf = (replay: Replay) => replay.steps.at(-1)?.snapshot;

// Every step of these paths is checked by the oracle (buy-insurance.oracle.ts): context, target,
// requests and view. They reach what the model's sample events and flags do not.
describe('buy-insurance behaviour, step by step', () => {
  it('fills the forms from what the application has, and prices a savings plan on the stored birth date', async () => {
    for (const [product, application] of [
      [lifeProduct, variants.noPrefill],
      [lifeProduct, variants.partialPrefill],
      [bigSums, applications.fresh],
      [coarseSums, applications.fresh],
      [savingsProduct, variants.storedPlan],
      [savingsProduct, applications.fresh],
      [nothingToChoose, applications.fresh],
      [lifeProduct, variants.planWithoutAmount],
    ] as const) {
      const replay = await replayFrom([doneEvent('loadApplication', { product, application })], DEEP_LINK);
      expect(lastOf(replay)?.context.formsReady).toBe(true);
    }
    const savings = await replayFrom([doneEvent('loadApplication', { product: savingsProduct, application: variants.storedInsured })], DEEP_LINK);
    expect(lastOf(savings)?.context.plan).toEqual({ amount: '200000', term_years: '3', frequency: 'annual' });
    expect(savings.invocations.find((call) => call.id === 'getQuote')?.input).toEqual({
      productId: 100,
      body: { fee: 200_000, term_years: 3, frequency: 'annual', birth_date: '1985-01-01', register: 'УБ85010112' },
    });
  });

  it("clears only the error of the field that changed (the amount's is the product's amount field)", async () => {
    await replayFrom([
      ...created,
      { type: 'insured.changeRegister', value: { first: 'У', second: '', number: '' } },
      { type: 'insured.change', field: 'phone', value: '' },
      { type: 'step.next' },
      { type: 'insured.changeRegister', value: { first: 'У', second: 'Б', number: '85010112' } },
    ]);
    await replayFrom([
      ...toPlan,
      { type: 'plan.change', field: 'term_years', value: '' },
      { type: 'plan.change', field: 'amount', value: '' },
      { type: 'step.next' },
      { type: 'plan.change', field: 'term_years', value: '10' },
      { type: 'plan.change', field: 'amount', value: ' 30000000 ' },
      afterEvent('quoteDelay', QUOTE_DEBOUNCING),
      { type: 'step.next' },
    ]);
    await replayFrom([
      ...toContract,
      { type: 'beneficiary.change', index: 0, field: 'share', value: '60' },
      { type: 'beneficiary.add' },
      { type: 'step.next' },
      { type: 'beneficiary.remove', index: 1 },
      { type: 'step.next' },
      { type: 'beneficiary.change', index: 0, field: 'share', value: '100' },
    ]);
  });

  it('advises the recommended fee of a savings plan, and reads only whole numbers as amounts', async () => {
    const replay = await replayFrom(
      [
        doneEvent('loadApplication', { product: savingsProduct, application: variants.storedInsured }),
        ...['a100000', '100000a', '1', ''].flatMap((value) => [{ type: 'plan.change', field: 'amount', value }, { type: 'step.next' }]),
        { type: 'plan.change', field: 'amount', value: '100000' },
      ],
      DEEP_LINK,
    );
    expect(selectSavingsAdvice(lastOf(replay) as BuySnapshot)).toEqual({ recommended: 200_000, below: true });
  });

  it('shows a restored step as preparing until its product and application are loaded again', () => {
    const context = buyInsuranceMachine.getInitialSnapshot(createEmptyActor() as never, { productId: 100, applicationId: APPLICATION_ID, keySeed: KEY_SEED, today: TODAY }).context;
    const restored = [
      buyInsuranceMachine.resolveState({ value: { insured: 'editing' }, context }),
      buyInsuranceMachine.resolveState({ value: 'loading', context: { ...context, product: lifeProduct, requestedStep: 'plan' } }),
      buyInsuranceMachine.resolveState({ value: 'loading', context: { ...context, product: lifeProduct } }),
    ];
    expect(restored.map((snapshot) => selectPhase(snapshot))).toEqual(['preparing', 'step', 'preparing']);
    for (const snapshot of restored) expect(viewProblems(snapshot)).toEqual([]);
  });

  it('keeps all of a purchase still starting, or of a request in flight, for resume', () => {
    const context = buyInsuranceMachine.getInitialSnapshot(createEmptyActor() as never, { productId: 100, applicationId: null, keySeed: KEY_SEED, today: TODAY }).context;
    const persisted = { context };
    expect(persistedForResume(persisted, buyInsuranceMachine.resolveState({ value: { starting: 'listingDrafts' }, context }))).toBe(persisted);
    const saving = buyInsuranceMachine.resolveState({ value: { insured: 'saving' }, context: { ...context, product: lifeProduct, application: applications.fresh } });
    expect(persistedForResume(persisted, saving)).toBe(persisted);
  });

  it('tells the pages when the step links or the summary changed', () => {
    const links = [{ step: 'insured', state: 'done', href: '/a/' }, { step: 'plan', state: 'current', href: null }] as const;
    expect(sameLinks([...links], [...links])).toBe(true);
    expect(sameLinks([...links], [links[0]])).toBe(false);
    expect(sameLinks([...links], [{ ...links[0], state: 'todo' }, links[1]])).toBe(false);
    expect(sameLinks([...links], [{ ...links[0], href: null }, links[1]])).toBe(false);
    const summary = { insuredName: null, amountLabel: 'fee', amount: 1, termYears: 3, frequency: null, quote: null, priceUpdating: false } as const;
    expect(sameSummary(summary, { ...summary })).toBe(true);
    expect(sameSummary(summary, { ...summary, amount: 2 })).toBe(false);
  });

  it('offers only drafts of the product being bought', async () => {
    const otherProduct = { ...applications.planned, id: 'draft-of-another-product', product_id: 200 };
    const offered = await replayFrom([doneEvent('listDrafts', [otherProduct, { ...applications.planned, id: OTHER_DRAFT_ID }]), { type: 'draft.continue' }]);
    expect(offered.invocations.find((call) => call.id === 'loadApplication')?.input).toMatchObject({ applicationId: OTHER_DRAFT_ID });
    const none = await replayFrom([doneEvent('listDrafts', [otherProduct])]);
    expect(lastOf(none)?.value).toEqual({ starting: 'creating' });
  });

  it('takes at most ten beneficiaries', async () => {
    const replay = await replayFrom([...toContract, ...Array.from({ length: 10 }, () => ({ type: 'beneficiary.add' }))]);
    expect(lastOf(replay)?.context.contract.beneficiaries).toHaveLength(10);
  });

  it("hands off to the bank's card page, or to the provider's status page", async () => {
    const noRedirect = { ...invoiceOf('khan'), redirect_url: null };
    for (const [provider, invoice] of [['khan', invoiceOf('khan')], ['khan', noRedirect], ['mostmoney', invoiceOf('mostmoney')]] as const) {
      const replay = await replayFrom([...toPayment, childSnapshot('ready', provider), doneEvent('payment', { outcome: 'made', made: { invoice, payment: null } })]);
      expect(replay.emitted).toHaveLength(1);
    }
  });

  it('comes back from a refresh with the provider it names', async () => {
    const replay = await replayFrom([
      ...toPayment,
      childSnapshot('choosing', 'qpay'),
      { type: 'flow.refresh', provider: 'mostmoney' },
      doneEvent('loadApplication', loaded(applications.complete)),
    ]);
    expect(lastOf(replay)?.context.payment.provider).toBe('mostmoney');
  });
});
