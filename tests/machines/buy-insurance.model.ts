/**
 * Path model of machines/buy-insurance.machine.ts: starting a purchase (a signed-in user's earlier
 * draft, or a new one), loading and resuming an application, the four steps with their validation,
 * saves and refusals, the live quote, routing between steps, and the payment step up to the hand-off:
 * the `provider-payment` child, a stub here (its own model tests the provider, the phone, the checks,
 * the keys and the invoice shown first), whose snapshots the wizard follows and whose outcome it acts on.
 */
import { buyInsuranceMachine, type Loaded } from '../../machines/buy-insurance.machine.ts';
import { contractErrors, insuredErrors, planErrors } from '../../machines/buy-insurance.forms.ts';
import { ApiError } from '../../contract/api-error.ts';
import { errorKeys } from '../../contract/error.schema.ts';
import type { Application, ProductDetail, Quote } from '../../contract/insurance.schema.ts';
import type { Invoice } from '../../contract/payment.schema.ts';
import { buyInsuranceOracle } from './buy-insurance.oracle.ts';
import { afterEvent, defineModel, doneEvent, errorEvent } from './path-kit.ts';

export const APPLICATION_ID = '1f0c7f5e-6a2b-4c1e-9d8a-2f2b0d6f4a11';
export const OTHER_DRAFT_ID = '2a9d3c44-0b1e-4f6a-8c2d-5e7f9a1b3c5d';
export const ACCESS_KEY = 'k7N-access-key-of-the-visitor-draft-0123456789';

/** Life insurance (100) as the server describes it: a risk product asking for the e-mail. */
export const lifeProduct: ProductDetail = {
  id: 100,
  name: 'Life insurance',
  company_name: 'Nar Life Insurance LLC',
  image: '/images/product-100.svg',
  summary: 'Protects your family.',
  category: 'life',
  description: 'Pays the sum insured.',
  covers: ['Death from any cause'],
  audience: 'People aged 18 to 60.',
  terms: ['Cancel within 14 days'],
  example_fees: [{ label: 'Age 30, 20 000 000 MNT cover, 10 years, monthly', amount: 5300 }],
  is_savings: false,
  recommended_fee: null,
  interest_rate: null,
  age: { min: 18, max: 60 },
  plan: {
    sum_insured: { min: 5_000_000, max: 200_000_000, step: 1_000_000 },
    fee: null,
    terms_years: [5, 10, 15, 20],
    frequencies: ['monthly', 'quarterly', 'semiannual', 'annual'],
  },
  insured_fields: ['email'],
  contract_text: 'Life insurance — insurance contract\n\n1. Parties.',
};

export const insuredPerson = {
  register: 'УБ90061512',
  phone: '99112233',
  last_name: 'Дорж',
  first_name: 'Бат-Эрдэнэ',
  email: 'demo@example.com',
};

export const quote: Quote = {
  product_id: 100,
  age: 35,
  term_years: 10,
  frequency: 'monthly',
  sum_insured: 20_000_000,
  fee: 82_700,
  payments_per_year: 12,
  payments_count: 120,
  annual_fee: 992_400,
  total_fee: 9_924_000,
  projected_savings: null,
  interest_rate: null,
  recommended_fee: null,
  below_recommended: false,
};

const draft: Application = {
  id: APPLICATION_ID,
  product_id: 100,
  status: 'draft',
  completed_steps: [],
  insured: null,
  plan: null,
  quote: null,
  contract: null,
  prefill: { ...insuredPerson },
  latest_invoice_id: null,
  policy_number: null,
  created_at: '2026-05-01T03:04:05.000Z',
  updated_at: '2026-05-01T03:04:05.000Z',
};

/** The answers of the server as the purchase goes on. */
export const applications = {
  created: { ...draft, access_key: ACCESS_KEY },
  fresh: draft,
  insured: { ...draft, completed_steps: ['insured'], insured: insuredPerson },
  planned: {
    ...draft,
    completed_steps: ['insured', 'plan'],
    insured: insuredPerson,
    plan: { sum_insured: 20_000_000, term_years: 10, frequency: 'monthly' },
    quote,
  },
  complete: {
    ...draft,
    completed_steps: ['insured', 'plan', 'contract'],
    insured: insuredPerson,
    plan: { sum_insured: 20_000_000, term_years: 10, frequency: 'monthly' },
    quote,
    contract: {
      beneficiaries: [{ last_name: 'Дорж', first_name: 'Сараа', register: 'УБ92031524', relationship: 17, share: 100 }],
      consent: true,
    },
  },
} satisfies Record<string, Application>;
export const paidApplication: Application = { ...applications.complete, status: 'paid', policy_number: 'LI-2026-000184' };

export const loaded = (application: Application): Loaded => ({ product: lifeProduct, application });

export const invoiceOf = (provider: Invoice['provider']): Invoice => ({
  id: `inv-${provider}`,
  purpose: 'application',
  application_id: APPLICATION_ID,
  subject_id: null,
  product_id: 100,
  provider,
  amount: quote.fee,
  currency: 'MNT',
  status: 'pending',
  failure_reason: null,
  redirect_url: provider === 'khan' ? '/sandbox/khan/inv-khan/' : null,
  qr_image: null,
  qr_text: null,
  deep_links: [],
  push_sent_to: provider === 'mostmoney' ? '99****33' : null,
  created_at: '2026-05-01T03:10:00.000Z',
  expires_at: '2026-05-01T03:25:00.000Z',
  paid_at: null,
  policy_number: null,
});

export const notFound = new ApiError(404, { key: errorKeys.notFound });
export const serverDown = new ApiError(500, { key: errorKeys.generic });
export const closed = new ApiError(409, { key: errorKeys.applicationClosed });
/** The payment child as the wizard sees it: its snapshots (the choice, the invoice being made, shown) and its outcomes. */
export const childSnapshot = (value: 'choosing' | 'creating' | 'ready', provider: Invoice['provider'] | null, phone = insuredPerson.phone) => ({
  type: 'xstate.snapshot.payment',
  snapshot: { status: 'active', value, context: { provider, phone } },
});
export const madeWith = (provider: Invoice['provider']) => ({ outcome: 'made', made: { invoice: invoiceOf(provider), payment: null } }) as const;
export const paidMeanwhile = { outcome: 'refused', error: { key: errorKeys.applicationClosed }, provider: 'qpay', phone: insuredPerson.phone } as const;

export const refused = new ApiError(400, { key: errorKeys.invalidRequest }, { phone: { key: 'validation.phone', values: {} } });
export const tooOld = new ApiError(400, { key: errorKeys.invalidRequest }, { register: { key: 'validation.ageRange', values: { min: 18, max: 60 } } });

/** Beneficiary details that, with the consent, make the default contract form valid. */
export const beneficiaryDetails = [
  { type: 'beneficiary.change', index: 0, field: 'last_name', value: 'Дорж' },
  { type: 'beneficiary.change', index: 0, field: 'first_name', value: 'Сараа' },
  { type: 'beneficiary.changeRegister', index: 0, value: { first: 'У', second: 'Б', number: '92031524' } },
  { type: 'beneficiary.change', index: 0, field: 'relationship', value: '17' },
  { type: 'contract.consent', value: true },
] as const;

export const QUOTE_DEBOUNCING = 'buyInsurance.plan.quote.debouncing';

const count = (errors: object) => Object.keys(errors).length;

/** Validation is the costly part of a flag; a form object is immutable, so its answer is kept. */
const validity = <F extends object>(problems: (form: F) => object) => {
  const cache = new WeakMap<F, boolean>();
  return (form: F) => {
    let valid = cache.get(form);
    if (valid === undefined) {
      valid = count(problems(form)) === 0;
      cache.set(form, valid);
    }
    return valid;
  };
};
const isInsuredValid = validity((form: Parameters<typeof insuredErrors>[1]) => insuredErrors(lifeProduct, form, TODAY));
const isPlanValid = validity((form: Parameters<typeof planErrors>[1]) => planErrors(lifeProduct, form));
const isContractValid = validity(contractErrors);

/** The day the tests run on, and the seed of the purchase's idempotency keys (the app gives random ones). */
export const TODAY = '2026-05-01';
export const KEY_SEED = 'test-key-seed-0001';
const clockAndKeys = { today: TODAY, keySeed: KEY_SEED };

export const buyInsuranceModel = defineModel({
  machine: buyInsuranceMachine,
  inputs: [
    { label: 'buy is pressed', input: { productId: 100, applicationId: null, ...clockAndKeys } },
    { label: 'a link to the contract step', input: { productId: 100, applicationId: APPLICATION_ID, requestedStep: 'contract', ...clockAndKeys } },
    { label: 'the payment step without a purchase', input: { productId: null, applicationId: null, ...clockAndKeys } },
  ],
  events: [
    doneEvent('listDrafts', [{ ...applications.planned, id: OTHER_DRAFT_ID }]),
    doneEvent('listDrafts', []),
    errorEvent('listDrafts', serverDown),
    { type: 'draft.continue' },
    { type: 'draft.startNew' },
    doneEvent('createApplication', applications.created),
    errorEvent('createApplication', serverDown),
    { type: 'flow.retry' },
    doneEvent('loadApplication', loaded(applications.fresh)),
    doneEvent('loadApplication', loaded(applications.insured)),
    doneEvent('loadApplication', loaded(applications.planned)),
    doneEvent('loadApplication', loaded(applications.complete)),
    doneEvent('loadApplication', loaded(paidApplication)),
    errorEvent('loadApplication', notFound),
    errorEvent('loadApplication', serverDown),
    { type: 'flow.refresh' },
    { type: 'xstate.route', to: '#insured' },
    { type: 'xstate.route', to: '#plan' },
    { type: 'xstate.route', to: '#contract' },
    { type: 'xstate.route', to: '#payment' },
    { type: 'step.next' },
    { type: 'step.back' },
    // Insured step
    { type: 'insured.change', field: 'phone', value: '' },
    { type: 'insured.change', field: 'phone', value: '99112233' },
    { type: 'insured.changeRegister', value: { first: 'У', second: 'Б', number: '90061512' } },
    doneEvent('saveInsured', applications.insured),
    errorEvent('saveInsured', refused),
    errorEvent('saveInsured', closed),
    // Plan step and its live quote
    { type: 'plan.change', field: 'amount', value: '' },
    { type: 'plan.change', field: 'amount', value: '30000000' },
    afterEvent('quoteDelay', QUOTE_DEBOUNCING),
    doneEvent('getQuote', quote),
    errorEvent('getQuote', tooOld),
    doneEvent('savePlan', applications.planned),
    errorEvent('savePlan', serverDown),
    errorEvent('savePlan', closed),
    // Contract step (the default form is filled in behaviour tests; here it comes stored and valid)
    { type: 'contract.consent', value: false },
    { type: 'contract.consent', value: true },
    { type: 'beneficiary.change', index: 0, field: 'share', value: '60' },
    { type: 'beneficiary.changeRegister', index: 0, value: { first: 'У', second: 'Б', number: '' } },
    { type: 'beneficiary.add' },
    { type: 'beneficiary.remove', index: 1 },
    doneEvent('saveContract', applications.complete),
    errorEvent('saveContract', serverDown),
    errorEvent('saveContract', closed),
    // Payment step
    childSnapshot('choosing', 'qpay'),
    childSnapshot('choosing', 'mostmoney', ''),
    childSnapshot('creating', 'qpay'),
    childSnapshot('ready', 'qpay'),
    doneEvent('payment', madeWith('qpay')),
    doneEvent('payment', paidMeanwhile),
  ],
  // What the guards read, and only where they read it: the stored steps (route guards and where a
  // load resumes), the requested step, the drafts offered, whether the current step's form is valid
  // (its isXValid guard), the number of beneficiaries (add, remove), and the payment child's provider
  // and whether it is making the invoice (the step cannot be left then). Errors show in the state
  // value (editing after a refusal).
  flags: (snapshot) => {
    const { context } = snapshot;
    const shown = {
      stored: context.application ? context.application.completed_steps.join('+') || 'nothing' : null,
      requested: context.requestedStep,
    };
    if (snapshot.matches('starting')) return { ...shown, drafts: context.drafts.length };
    if (snapshot.matches('insured')) return { ...shown, insuredValid: isInsuredValid(context.insured) };
    if (snapshot.matches('plan')) return { ...shown, planValid: isPlanValid(context.plan) };
    if (snapshot.matches('contract')) {
      return {
        ...shown,
        contractValid: isContractValid(context.contract),
        beneficiaries: Math.min(context.contract.beneficiaries.length, 2),
      };
    }
    if (snapshot.matches('payment')) {
      return { ...shown, provider: context.payment.provider, paymentStep: context.paymentStep };
    }
    return shown;
  },
  simplePaths: false,
  oracle: buyInsuranceOracle,
});
