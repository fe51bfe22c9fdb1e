/**
 * Path model of machines/credit-med-pre-claim.machine.ts: the card's load (usable, or a SPEC 8
 * refusal), the hospital search ('no hospital found'), the SPEC 5 amount and purpose rules, the
 * transaction password and the server's refusals, then the tracking of a created pre-claim.
 */
import { creditMedPreClaimMachine, type PreClaimContext, type PreClaimInput } from '../../machines/credit-med-pre-claim.machine.ts';
import { ApiError } from '../../contract/api-error.ts';
import { errorKeys } from '../../contract/error.schema.ts';
import type { CardSummary, Hospital, PreClaim } from '../../contract/credit-med-card.schema.ts';
import type { FieldErrors, Message } from '../../contract/validation.ts';
import { hasStatus, shownFields, shownMessage, without } from './oracle-helpers.ts';
import { afterEvent, defineModel, doneEvent, errorEvent, type InputCase } from './path-kit.ts';

export const BALANCE = 300_000;
const MIN = 10_000;
const PURPOSE_MAX = 200;

const summary = (card: CardSummary['card']): CardSummary => ({
  contract_signed: true,
  card,
  fee: 20_000,
  pre_claims: [],
  owed_total: 0,
  rules: { min_amount: MIN, purpose_max: PURPOSE_MAX },
});
export const usableCard = summary({ status: 'active', balance: BALANCE, card_limit: 5_000_000, fee: 20_000, card_number_last4: '4021', activated_at: null });
export const inactiveCard = summary({ status: 'inactive', balance: BALANCE, card_limit: 5_000_000, fee: 20_000, card_number_last4: '4021', activated_at: null });

export const INTERMED: Hospital = { id: 3, name: 'Интермед Эмнэлэг', address: 'Улаанбаатар' };

const preClaim = (status: PreClaim['status']): PreClaim => ({
  id: 41,
  hospital: INTERMED,
  amount: 50_000,
  purpose: 'Шинжилгээ',
  status,
  owed: 0,
  rejection_reason: null,
  created_at: '2030-01-01T00:00:00.000Z',
  updated_at: '2030-01-01T00:00:00.000Z',
});
export const sentPreClaim = preClaim('sent');
export const settledPreClaim = preClaim('paid_by_insurer');

export const serverDown = new ApiError(500, { key: errorKeys.generic });
export const notFound = new ApiError(404, { key: errorKeys.notFound });
export const wrongPassword = new ApiError(
  422,
  { key: 'creditMedCard.errors.incorrectTransactionPassword', values: { tries: 2 } },
  { transaction_password: { key: 'creditMedCard.errors.incorrectTransactionPassword', values: { tries: 2 } } },
);
export const lockedOut = new ApiError(429, { key: 'creditMedCard.errors.preClaimsLocked', values: { minutes: 15 } });
export const overBalance = new ApiError(
  422,
  { key: 'creditMedCard.errors.insufficientBalance', values: { balance: 20_000 } },
  { amount: { key: 'creditMedCard.errors.insufficientBalance', values: { balance: 20_000 } } },
);
export const hospitalGone = new ApiError(422, { key: 'creditMedCard.errors.noHospitalFound' }, { hospital_id: { key: 'creditMedCard.errors.noHospitalFound' } });
export const cardStopped = new ApiError(409, { key: 'creditMedCard.errors.cardInactive' });
export const purposeRefused = new ApiError(400, { key: errorKeys.invalidRequest }, { purpose: { key: 'validation.maxLength', values: { max: PURPOSE_MAX } } });

export const KEY_SEED = 'seed-0123456789abcdef';

export const inputs: ReadonlyArray<InputCase<PreClaimInput>> = [
  { label: 'a new pre-claim', input: { keySeed: KEY_SEED } },
  { label: 'tracking pre-claim 41', input: { keySeed: KEY_SEED, preClaimId: 41 } },
];

// ── reference rules, restated from SPEC 5 (not the machine's helpers) ──────────────────────────

/** The amount's message: required, digits only, at least MIN, at most the balance. */
const amountMessage = (text: string, balance: number): Message | null => {
  const t = text.trim();
  if (t === '') return { key: 'validation.valueRequired' };
  if (!/^\d[\d\s,]*$/.test(t)) return { key: 'validation.integer' };
  const n = Number(t.replace(/[\s,]/g, ''));
  if (n < MIN) return { key: 'validation.minValue', values: { min: MIN } };
  if (n > balance) return { key: 'creditMedCard.errors.insufficientBalance', values: { balance } };
  return null;
};
const purposeMessage = (purpose: string): Message | null => {
  if (purpose.trim() === '') return { key: 'validation.valueRequired' };
  if (purpose.trim().length > PURPOSE_MAX) return { key: 'validation.maxLength', values: { max: PURPOSE_MAX } };
  return null;
};
const balanceOf = (context: PreClaimContext) => context.summary?.card?.balance ?? 0;
const withField = (errors: FieldErrors, field: string, message: Message | null): FieldErrors =>
  message ? { ...errors, [field]: message } : without(errors, field);
const cardMessage = (s: CardSummary): Message | null => {
  if (!s.card || s.card.status === 'unpaid') return { key: 'creditMedCard.errors.noActiveCard' };
  if (s.card.status === 'inactive') return { key: 'creditMedCard.errors.cardInactive' };
  if (s.card.balance <= 0) return { key: 'creditMedCard.errors.balanceDepleted' };
  return null;
};
const moving = (p: PreClaim) => ['sent', 'calculating', 'rejected_claim'].includes(p.status);
const keyOf = (error: unknown) => (error instanceof ApiError ? error.body.key : '');
const refusalTarget = (error: unknown): string => {
  const key = keyOf(error);
  const fields = shownFields(error);
  if (key === 'creditMedCard.errors.preClaimsLocked') return 'locked';
  if (['creditMedCard.errors.noActiveCard', 'creditMedCard.errors.cardInactive', 'creditMedCard.errors.balanceDepleted'].includes(key)) return 'blocked';
  if (key === 'creditMedCard.errors.noHospitalFound') return 'hospital.choosing';
  if (key === 'creditMedCard.errors.insufficientBalance' || 'amount' in fields) return 'amount';
  if ('purpose' in fields) return 'purpose';
  return 'password';
};

const POLLS = 8;
const WAITING = 'creditMedPreClaim.tracking.waiting';
const TRACK = `xstate.after.trackDelay.${WAITING}` as const;

export const filledIn = [
  { type: 'hospital.query', value: 'интермед' },
  { type: 'hospital.search' },
  doneEvent('searchHospitals', [INTERMED]),
  { type: 'hospital.select', id: 3 },
  { type: 'amount.change', value: '50000' },
  { type: 'step.next' },
  { type: 'purpose.change', value: 'Шинжилгээ' },
  { type: 'step.next' },
  { type: 'password.change', value: '246810' },
] as const;

export const creditMedPreClaimModel = defineModel({
  machine: creditMedPreClaimMachine,
  inputs,
  events: [
    { type: 'hospital.query', value: 'интермед' },
    { type: 'hospital.search' },
    { type: 'hospital.select', id: 3 },
    { type: 'hospital.select', id: 99 },
    { type: 'amount.change', value: '50000' },
    { type: 'amount.change', value: '' },
    { type: 'amount.change', value: '12.5' },
    { type: 'amount.change', value: '9999' },
    { type: 'amount.change', value: '300001' },
    { type: 'purpose.change', value: 'Шинжилгээ' },
    { type: 'purpose.change', value: ' ' },
    { type: 'purpose.change', value: 'x'.repeat(PURPOSE_MAX + 1) },
    { type: 'password.change', value: '246810' },
    { type: 'password.change', value: '' },
    { type: 'step.next' },
    { type: 'step.back' },
    { type: 'card.retry' },
    { type: 'track.check' },
    doneEvent('loadCard', usableCard),
    doneEvent('loadCard', inactiveCard),
    errorEvent('loadCard', serverDown),
    doneEvent('searchHospitals', [INTERMED]),
    doneEvent('searchHospitals', []),
    errorEvent('searchHospitals', serverDown),
    doneEvent('createPreClaim', sentPreClaim),
    errorEvent('createPreClaim', wrongPassword),
    errorEvent('createPreClaim', lockedOut),
    errorEvent('createPreClaim', overBalance),
    errorEvent('createPreClaim', hospitalGone),
    errorEvent('createPreClaim', cardStopped),
    errorEvent('createPreClaim', purposeRefused),
    errorEvent('createPreClaim', serverDown),
    doneEvent('loadPreClaim', sentPreClaim),
    doneEvent('loadPreClaim', settledPreClaim),
    errorEvent('loadPreClaim', notFound),
    errorEvent('loadPreClaim', serverDown),
    afterEvent('trackDelay', WAITING),
  ],
  // What the guards read: the step's validity, the search's answer, the poll count.
  flags: ({ context }) => ({
    amount: amountMessage(context.amountText, balanceOf(context))?.key ?? 'ok',
    purpose: purposeMessage(context.purpose)?.key ?? 'ok',
    password: context.password !== '',
    hospitals: context.hospitals === null ? null : context.hospitals.length,
    polls: context.polls,
    error: context.error?.key ?? null,
  }),
  simplePaths: false,
  oracle: {
    initial: (input) => ({
      keySeed: input.keySeed,
      attempt: 0,
      summary: null,
      query: '',
      hospitals: null,
      hospital: null,
      amountText: '',
      purpose: '',
      password: '',
      fieldErrors: {},
      error: null,
      preClaimId: input.preClaimId ?? null,
      preClaim: null,
      polls: 0,
    }),
    initialState: (input) => (input.preClaimId ? { tracking: 'checking' } : 'loading'),
    effects: {
      'xstate.done.actor.loadCard': (_, event) => ({ summary: event.output, error: cardMessage(event.output) }),
      'xstate.error.actor.loadCard': (_, event) => ({ error: shownMessage(event.error) }),
      'card.retry': (_, __, from) => (from.matches('loadFailed') ? { error: null } : {}),
      'hospital.query': (_, event, from) => (from.matches('hospital') ? { query: event.value } : {}),
      'hospital.search': (_, __, from) => (from.matches('hospital.choosing') ? { error: null } : {}),
      'xstate.done.actor.searchHospitals': (_, event) => ({
        hospitals: event.output,
        error: (event.output as Hospital[]).length === 0 ? { key: 'creditMedCard.errors.noHospitalFound' } : null,
      }),
      'xstate.error.actor.searchHospitals': (_, event) => ({ error: shownMessage(event.error) }),
      'hospital.select': (before, event, from) =>
        from.matches('hospital.choosing') && before.hospitals?.some((h) => h.id === event.id)
          ? { hospital: before.hospitals.find((h) => h.id === event.id) ?? null, error: null }
          : {},
      'amount.change': (before, event, from) => (from.matches('amount') ? { amountText: event.value, fieldErrors: without(before.fieldErrors, 'amount') } : {}),
      'purpose.change': (before, event, from) => (from.matches('purpose') ? { purpose: event.value, fieldErrors: without(before.fieldErrors, 'purpose') } : {}),
      'password.change': (before, event, from) =>
        from.matches('password') ? { password: event.value, fieldErrors: without(before.fieldErrors, 'transaction_password') } : {},
      'step.next': (before, _, from) => {
        if (from.matches('amount')) return { fieldErrors: withField(before.fieldErrors, 'amount', amountMessage(before.amountText, balanceOf(before))), error: null };
        if (from.matches('purpose')) return { fieldErrors: withField(before.fieldErrors, 'purpose', purposeMessage(before.purpose)), error: null };
        if (from.matches('password')) {
          return { fieldErrors: withField(before.fieldErrors, 'transaction_password', before.password === '' ? { key: 'validation.passwordRequired' } : null), error: null };
        }
        return {};
      },
      'step.back': (_, __, from) => (from.matches('amount') || from.matches('purpose') || from.matches('password') ? { error: null } : {}),
      'xstate.done.actor.createPreClaim': (_, event) => ({ preClaim: event.output, preClaimId: event.output.id, password: '' }),
      'xstate.error.actor.createPreClaim': (before, event) => {
        const message = shownMessage(event.error);
        const balance = message.key === 'creditMedCard.errors.insufficientBalance' ? message.values?.balance : undefined;
        return {
          error: message,
          fieldErrors: shownFields(event.error),
          password: '',
          attempt: before.attempt + 1,
          ...(typeof balance === 'number' && before.summary?.card ? { summary: { ...before.summary, card: { ...before.summary.card, balance } } } : {}),
        };
      },
      'xstate.done.actor.loadPreClaim': (_, event, from) => ({ preClaim: event.output, error: null, ...(from.matches('tracking.checking') && moving(event.output) ? { polls: 0 } : {}) }),
      'xstate.error.actor.loadPreClaim': (_, event) => ({ error: shownMessage(event.error) }),
      'track.check': (_, __, from) => (from.matches('tracking.stillMoving') ? { polls: 0 } : {}),
      [TRACK]: (before, _, from) => (from.matches('tracking.waiting') ? { polls: before.polls + 1 } : {}),
    },
    targets: {
      'xstate.done.actor.loadCard': (_, event) => (cardMessage(event.output) ? 'blocked' : { hospital: 'choosing' }),
      'xstate.error.actor.loadCard': () => 'loadFailed',
      'card.retry': (_, __, from) => (from.matches('loadFailed') ? 'loading' : from.value),
      'hospital.search': (_, __, from) => (from.matches('hospital.choosing') ? 'hospital.searching' : from.value),
      'xstate.done.actor.searchHospitals': () => 'hospital.choosing',
      'xstate.error.actor.searchHospitals': () => 'hospital.choosing',
      'hospital.select': (before, event, from) => (from.matches('hospital.choosing') && before.hospitals?.some((h) => h.id === event.id) ? 'amount' : from.value),
      'step.next': (before, _, from) => {
        if (from.matches('amount')) return amountMessage(before.amountText, balanceOf(before)) ? 'amount' : 'purpose';
        if (from.matches('purpose')) return purposeMessage(before.purpose) ? 'purpose' : 'password';
        if (from.matches('password')) return before.password === '' ? 'password' : 'submitting';
        return from.value;
      },
      'step.back': (_, __, from) => {
        if (from.matches('amount')) return 'hospital.choosing';
        if (from.matches('purpose')) return 'amount';
        if (from.matches('password')) return 'purpose';
        return from.value;
      },
      'xstate.done.actor.createPreClaim': () => 'done',
      'xstate.error.actor.createPreClaim': (_, event) => refusalTarget(event.error),
      'xstate.done.actor.loadPreClaim': (before, event, from) => {
        if (!moving(event.output)) return 'tracking.settled';
        if (from.matches('tracking.checking')) return 'tracking.waiting';
        return before.polls < POLLS ? 'tracking.waiting' : 'tracking.stillMoving';
      },
      'xstate.error.actor.loadPreClaim': (before, event, from) => {
        if (from.matches('tracking.checking')) return hasStatus(event.error, 404) ? 'tracking.notFound' : 'tracking.failed';
        return before.polls < POLLS ? 'tracking.waiting' : 'tracking.stillMoving';
      },
      'track.check': (_, __, from) => {
        if (from.matches('tracking.failed')) return 'tracking.checking';
        if (from.matches('tracking.waiting') || from.matches('tracking.stillMoving')) return 'tracking.polling';
        return from.value;
      },
      [TRACK]: (_, __, from) => (from.matches('tracking.waiting') ? 'tracking.polling' : from.value),
    },
    states: {
      loading: (_, state) => state.running.includes('loadCard'),
      loadFailed: ({ error }) => error !== null,
      blocked: ({ error }, state) => error !== null && error.key.startsWith('creditMedCard.errors.') && state.status === 'done',
      'hospital.searching': (_, state) => state.running.includes('searchHospitals'),
      // The amount step is reached with a hospital chosen and the balance known.
      amount: ({ hospital, summary }) => hospital !== null && (summary?.card?.balance ?? 0) > 0,
      purpose: ({ hospital, amountText, summary }) => hospital !== null && amountMessage(amountText, summary?.card?.balance ?? 0) === null,
      password: ({ purpose }) => purposeMessage(purpose) === null,
      submitting: ({ password }, state) => password !== '' && state.running.includes('createPreClaim'),
      locked: ({ error, password }, state) => error?.key === 'creditMedCard.errors.preClaimsLocked' && password === '' && state.status === 'done',
      done: ({ preClaimId, password }, state) => preClaimId !== null && password === '' && state.status === 'done',
      'tracking.checking': (_, state) => state.running.includes('loadPreClaim'),
      'tracking.polling': (_, state) => state.running.includes('loadPreClaim'),
      'tracking.waiting': ({ preClaim, polls }) => preClaim !== null && moving(preClaim) && polls < POLLS,
      'tracking.stillMoving': ({ polls }) => polls === POLLS,
      'tracking.settled': ({ preClaim }) => preClaim !== null && !moving(preClaim),
      'tracking.notFound': ({ error }) => error?.key === errorKeys.notFound,
    },
    sent: {
      searchHospitals: ({ query }) => ({ query: query.trim() }),
      createPreClaim: (context) => ({
        key: `${context.keySeed}-pre-claim-${context.attempt}`,
        body: {
          hospital_id: context.hospital?.id,
          amount: Number(context.amountText.trim().replace(/[\s,]/g, '')),
          purpose: context.purpose.trim(),
          transaction_password: context.password,
        },
      }),
      loadPreClaim: ({ preClaimId }) => ({ id: preClaimId }),
    },
    // The only way out of the form: to the tracking page of the created pre-claim.
    emitted: (_, event) =>
      event.type === 'xstate.done.actor.createPreClaim'
        ? [{ type: 'flow.navigate', to: `/credit-med/pre-claim/payment?pre_claim=${(event.output as PreClaim).id}` }]
        : [],
  },
});
