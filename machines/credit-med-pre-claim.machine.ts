/**
 * Credit Med pre-claim (/credit-med/pre-claim and /credit-med/pre-claim/payment): an advance payment to
 * a hospital from the card's balance, then its status as the insurer moves it.
 *
 * The form: the card is loaded first (no active card, an inactive card or a depleted balance stop
 * here with the SPEC 8 message); then the hospital (search; 'no hospital found'), the amount (SPEC 5:
 * required, whole, not below the minimum, not above the available balance, both shown before typing),
 * the purpose (required, at most `purpose_max` characters, the count shown) and the transaction
 * password. A refusal keeps everything typed but the password and goes back to the step it is about;
 * three wrong passwords lock pre-claims (the server says for how long). A created pre-claim emits
 * `flow.navigate` to the payment route with its id, which starts this machine again in `tracking`.
 *
 * Tracking polls the pre-claim with a back-off (TRACK_DELAYS_MS) while its status still moves; once
 * the rounds are used up it offers "check again". Nothing secret is kept: the runner does not persist
 * this machine (it holds the password), the pre-claim id is in the URL.
 */
import { assign, emit, fromPromise, setup } from 'xstate';
import { ApiError, errorFields, errorMessage } from '../contract/api-error';
import {
  checkAmountText,
  creditMedCardErrors,
  isMovingPreClaimStatus,
  type Card,
  type CardSummary,
  type CreatePreClaimBody,
  type Hospital,
  type PreClaim,
} from '../contract/credit-med-card.schema';
import { routePaths } from '../contract/paths';
import { messages, type FieldErrors, type Message } from '../contract/validation';
import type { FlowNavigate } from './flow';

/** Waits between polls of a moving pre-claim: 2 s growing to 30 s, about two minutes in all. */
export const TRACK_DELAYS_MS = [2_000, 3_000, 5_000, 8_000, 13_000, 21_000, 30_000, 30_000] as const;

export type PreClaimField = 'hospital' | 'amount' | 'purpose' | 'transaction_password';

export interface PreClaimInput {
  /** Seeds the idempotency keys of the create request (a random id in the app, fixed in tests). */
  keySeed: string;
  /** From `?pre_claim=` on the payment route: track this pre-claim instead of filling the form. */
  preClaimId?: number | null;
}

export interface PreClaimContext {
  keySeed: string;
  /** Bumped after each refused create, so the next try is a new request (its key is new). */
  attempt: number;
  summary: CardSummary | null;
  query: string;
  /** The last search's answer; null before the first search. */
  hospitals: Hospital[] | null;
  hospital: Hospital | null;
  amountText: string;
  purpose: string;
  password: string;
  fieldErrors: FieldErrors;
  /** A message about the whole form or the card (SPEC 8), or a failed load. */
  error: Message | null;
  preClaimId: number | null;
  preClaim: PreClaim | null;
  /** Scheduled polls made in this tracking round. */
  polls: number;
}

export type PreClaimEvent =
  | { type: 'hospital.query'; value: string }
  | { type: 'hospital.search' }
  | { type: 'hospital.select'; id: number }
  | { type: 'amount.change'; value: string }
  | { type: 'purpose.change'; value: string }
  | { type: 'password.change'; value: string }
  | { type: 'step.next' }
  | { type: 'step.back' }
  | { type: 'card.retry' }
  | { type: 'track.check' };

export interface CreatePreClaimInput {
  key: string;
  body: CreatePreClaimBody;
}

const errorOf = (event: unknown) => (event as { error?: unknown }).error;
const without = (errors: FieldErrors, field: string) => Object.fromEntries(Object.entries(errors).filter(([key]) => key !== field));
const keyOf = (error: unknown) => (error instanceof ApiError ? error.body.key : null);

/** Why this card cannot pay a pre-claim (SPEC 8), or null. */
export const cardProblem = (card: Card | null): Message | null => {
  if (!card || card.status === 'unpaid') return { key: creditMedCardErrors.noActiveCard };
  if (card.status === 'inactive') return { key: creditMedCardErrors.cardInactive };
  if (card.balance <= 0) return { key: creditMedCardErrors.balanceDepleted };
  return null;
};

/** The amount step's error (SPEC 5), or null: required, whole, not below the minimum, not above the balance. */
export const amountProblem = (text: string, summary: CardSummary | null): Message | null => {
  const checked = checkAmountText(text, summary?.rules.min_amount);
  if ('error' in checked) return checked.error;
  const balance = summary?.card?.balance ?? 0;
  if (checked.amount > balance) return { key: creditMedCardErrors.insufficientBalance, values: { balance } };
  return null;
};

/** The purpose step's error (SPEC 5), or null: required, at most `purpose_max` characters. */
export const purposeProblem = (purpose: string, summary: CardSummary | null): Message | null => {
  if (purpose.trim() === '') return { key: messages.valueRequired };
  const max = summary?.rules.purpose_max ?? 0;
  if (purpose.trim().length > max) return { key: messages.maxLength, values: { max } };
  return null;
};

export const passwordProblem = (password: string): Message | null => (password === '' ? { key: messages.passwordRequired } : null);

/** The request the form makes (the amount as whole MNT). */
export const preClaimBody = (context: PreClaimContext): CreatePreClaimBody => {
  const checked = checkAmountText(context.amountText, 1);
  return {
    hospital_id: context.hospital?.id ?? 0,
    amount: 'amount' in checked ? checked.amount : 0,
    purpose: context.purpose.trim(),
    transaction_password: context.password,
  };
};

export const preClaimKey = (context: Pick<PreClaimContext, 'keySeed' | 'attempt'>) => `${context.keySeed}-pre-claim-${context.attempt}`;

/** Where a created pre-claim is followed. */
export const trackingPath = (id: number) => routePaths.creditMedPreClaimPayment.build({}, { pre_claim: id });

const CARD_REFUSALS: readonly string[] = [creditMedCardErrors.noActiveCard, creditMedCardErrors.cardInactive, creditMedCardErrors.balanceDepleted];

export const creditMedPreClaimMachine = setup({
  types: {
    context: {} as PreClaimContext,
    events: {} as PreClaimEvent,
    input: {} as PreClaimInput,
    emitted: {} as FlowNavigate,
  },
  actors: {
    loadCard: fromPromise<CardSummary>(async () => {
      throw new Error('loadCard is provided by the app');
    }),
    searchHospitals: fromPromise<Hospital[], { query: string }>(async () => {
      throw new Error('searchHospitals is provided by the app');
    }),
    createPreClaim: fromPromise<PreClaim, CreatePreClaimInput>(async () => {
      throw new Error('createPreClaim is provided by the app');
    }),
    loadPreClaim: fromPromise<PreClaim, { id: number }>(async () => {
      throw new Error('loadPreClaim is provided by the app');
    }),
  },
  actions: {
    rememberSummary: assign((_, { summary }: { summary: CardSummary }) => ({ summary, error: cardProblem(summary.card) })),
    rememberLoadError: assign(({ event }) => ({ error: errorMessage(errorOf(event)) })),
    changeQuery: assign(({ event }) => (event.type === 'hospital.query' ? { query: event.value } : {})),
    clearError: assign({ error: null }),
    rememberHospitals: assign((_, { hospitals }: { hospitals: Hospital[] }) => ({
      hospitals,
      error: hospitals.length === 0 ? { key: creditMedCardErrors.noHospitalFound } : null,
    })),
    selectHospital: assign(({ context, event }) =>
      event.type === 'hospital.select' ? { hospital: context.hospitals?.find((h) => h.id === event.id) ?? null, error: null } : {},
    ),
    changeAmount: assign(({ context, event }) => (event.type === 'amount.change' ? { amountText: event.value, fieldErrors: without(context.fieldErrors, 'amount') } : {})),
    changePurpose: assign(({ context, event }) => (event.type === 'purpose.change' ? { purpose: event.value, fieldErrors: without(context.fieldErrors, 'purpose') } : {})),
    changePassword: assign(({ context, event }) =>
      event.type === 'password.change' ? { password: event.value, fieldErrors: without(context.fieldErrors, 'transaction_password') } : {},
    ),
    checkAmount: assign(({ context }) => {
      const problem = amountProblem(context.amountText, context.summary);
      return { fieldErrors: problem ? { ...context.fieldErrors, amount: problem } : without(context.fieldErrors, 'amount'), error: null };
    }),
    checkPurpose: assign(({ context }) => {
      const problem = purposeProblem(context.purpose, context.summary);
      return { fieldErrors: problem ? { ...context.fieldErrors, purpose: problem } : without(context.fieldErrors, 'purpose'), error: null };
    }),
    checkPassword: assign(({ context }) => {
      const problem = passwordProblem(context.password);
      return { fieldErrors: problem ? { ...context.fieldErrors, transaction_password: problem } : without(context.fieldErrors, 'transaction_password'), error: null };
    }),
    /** A refused create: the server's message and field errors, the password cleared, a new key next time. */
    rememberRefusal: assign(({ context, event }) => {
      const error = errorOf(event);
      const message = errorMessage(error);
      const fields = errorFields(error);
      const balance = message.key === creditMedCardErrors.insufficientBalance ? message.values?.balance : undefined;
      return {
        error: message,
        fieldErrors: fields,
        password: '',
        attempt: context.attempt + 1,
        // The server's balance is the truth: the form's "available" follows it.
        summary:
          typeof balance === 'number' && context.summary?.card ? { ...context.summary, card: { ...context.summary.card, balance } } : context.summary,
      };
    }),
    rememberCreated: assign((_, { preClaim }: { preClaim: PreClaim }) => ({ preClaim, preClaimId: preClaim.id, password: '' })),
    navigateToTracking: emit((_, { id }: { id: number }) => ({ type: 'flow.navigate' as const, to: trackingPath(id) })),
    rememberPreClaim: assign((_, { preClaim }: { preClaim: PreClaim }) => ({ preClaim, error: null })),
    startRound: assign({ polls: 0 }),
    countPoll: assign(({ context }) => ({ polls: context.polls + 1 })),
  },
  guards: {
    tracks: ({ context }) => context.preClaimId !== null,
    cardUsable: (_, { summary }: { summary: CardSummary }) => cardProblem(summary.card) === null,
    foundSome: (_, { hospitals }: { hospitals: Hospital[] }) => hospitals.length > 0,
    isListed: ({ context, event }) => event.type === 'hospital.select' && (context.hospitals ?? []).some((h) => h.id === event.id),
    amountOk: ({ context }) => amountProblem(context.amountText, context.summary) === null,
    purposeOk: ({ context }) => purposeProblem(context.purpose, context.summary) === null,
    passwordOk: ({ context }) => passwordProblem(context.password) === null,
    isLocked: ({ event }) => keyOf(errorOf(event)) === creditMedCardErrors.preClaimsLocked,
    isCardRefusal: ({ event }) => CARD_REFUSALS.includes(keyOf(errorOf(event)) ?? ''),
    isAmountRefusal: ({ event }) => keyOf(errorOf(event)) === creditMedCardErrors.insufficientBalance || 'amount' in errorFields(errorOf(event)),
    isHospitalRefusal: ({ event }) => keyOf(errorOf(event)) === creditMedCardErrors.noHospitalFound,
    isPurposeRefusal: ({ event }) => 'purpose' in errorFields(errorOf(event)),
    isNotFound: ({ event }) => errorOf(event) instanceof ApiError && (errorOf(event) as ApiError).status === 404,
    isMoving: (_, { preClaim }: { preClaim: PreClaim }) => isMovingPreClaimStatus(preClaim.status),
    hasPollsLeft: ({ context }) => context.polls < TRACK_DELAYS_MS.length,
  },
  delays: {
    trackDelay: ({ context }) => TRACK_DELAYS_MS[Math.min(context.polls, TRACK_DELAYS_MS.length - 1)] ?? 2_000,
  },
}).createMachine({
  id: 'creditMedPreClaim',
  context: ({ input }) => ({
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
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'tracks', target: 'tracking' }, { target: 'loading' }],
    },
    loading: {
      invoke: {
        id: 'loadCard',
        src: 'loadCard',
        onDone: [
          {
            guard: { type: 'cardUsable', params: ({ event }) => ({ summary: event.output }) },
            target: 'hospital',
            actions: { type: 'rememberSummary', params: ({ event }) => ({ summary: event.output }) },
          },
          { target: 'blocked', actions: { type: 'rememberSummary', params: ({ event }) => ({ summary: event.output }) } },
        ],
        onError: { target: 'loadFailed', actions: 'rememberLoadError' },
      },
    },
    loadFailed: {
      on: { 'card.retry': { target: 'loading', actions: 'clearError' } },
    },
    /** No active card, an inactive card or a depleted balance (SPEC 8): nothing to fill in. */
    blocked: { type: 'final' },
    hospital: {
      initial: 'choosing',
      on: {
        'hospital.query': { actions: 'changeQuery' },
      },
      states: {
        choosing: {
          on: {
            'hospital.search': { target: 'searching', actions: 'clearError' },
            'hospital.select': { guard: 'isListed', target: '#creditMedPreClaim.amount', actions: 'selectHospital' },
          },
        },
        searching: {
          invoke: {
            id: 'searchHospitals',
            src: 'searchHospitals',
            input: ({ context }) => ({ query: context.query.trim() }),
            onDone: { target: 'choosing', actions: { type: 'rememberHospitals', params: ({ event }) => ({ hospitals: event.output }) } },
            onError: { target: 'choosing', actions: 'rememberLoadError' },
          },
        },
      },
    },
    amount: {
      on: {
        'amount.change': { actions: 'changeAmount' },
        'step.next': [{ guard: 'amountOk', target: 'purpose', actions: 'checkAmount' }, { actions: 'checkAmount' }],
        'step.back': { target: 'hospital', actions: 'clearError' },
      },
    },
    purpose: {
      on: {
        'purpose.change': { actions: 'changePurpose' },
        'step.next': [{ guard: 'purposeOk', target: 'password', actions: 'checkPurpose' }, { actions: 'checkPurpose' }],
        'step.back': { target: 'amount', actions: 'clearError' },
      },
    },
    password: {
      on: {
        'password.change': { actions: 'changePassword' },
        'step.next': [{ guard: 'passwordOk', target: 'submitting', actions: 'checkPassword' }, { actions: 'checkPassword' }],
        'step.back': { target: 'purpose', actions: 'clearError' },
      },
    },
    submitting: {
      invoke: {
        id: 'createPreClaim',
        src: 'createPreClaim',
        input: ({ context }) => ({ key: preClaimKey(context), body: preClaimBody(context) }),
        onDone: {
          target: 'done',
          actions: [
            { type: 'rememberCreated', params: ({ event }) => ({ preClaim: event.output }) },
            { type: 'navigateToTracking', params: ({ event }) => ({ id: event.output.id }) },
          ],
        },
        onError: [
          { guard: 'isLocked', target: 'locked', actions: 'rememberRefusal' },
          { guard: 'isCardRefusal', target: 'blocked', actions: 'rememberRefusal' },
          { guard: 'isHospitalRefusal', target: 'hospital', actions: 'rememberRefusal' },
          { guard: 'isAmountRefusal', target: 'amount', actions: 'rememberRefusal' },
          { guard: 'isPurposeRefusal', target: 'purpose', actions: 'rememberRefusal' },
          { target: 'password', actions: 'rememberRefusal' },
        ],
      },
    },
    /** Three wrong transaction passwords: pre-claims wait (the message says how long). */
    locked: { type: 'final' },
    /** Created: the runner follows `flow.navigate` to the payment route. */
    done: { type: 'final' },
    tracking: {
      initial: 'checking',
      states: {
        checking: {
          invoke: {
            id: 'loadPreClaim',
            src: 'loadPreClaim',
            input: ({ context }) => ({ id: context.preClaimId ?? 0 }),
            onDone: [
              {
                guard: { type: 'isMoving', params: ({ event }) => ({ preClaim: event.output }) },
                target: 'waiting',
                actions: [{ type: 'rememberPreClaim', params: ({ event }) => ({ preClaim: event.output }) }, 'startRound'],
              },
              { target: 'settled', actions: { type: 'rememberPreClaim', params: ({ event }) => ({ preClaim: event.output }) } },
            ],
            onError: [
              { guard: 'isNotFound', target: 'notFound', actions: 'rememberLoadError' },
              { target: 'failed', actions: 'rememberLoadError' },
            ],
          },
        },
        failed: {
          on: { 'track.check': { target: 'checking' } },
        },
        notFound: { type: 'final' },
        waiting: {
          after: { trackDelay: { target: 'polling', actions: 'countPoll' } },
          on: { 'track.check': { target: 'polling' } },
        },
        polling: {
          invoke: {
            id: 'loadPreClaim',
            src: 'loadPreClaim',
            input: ({ context }) => ({ id: context.preClaimId ?? 0 }),
            onDone: [
              {
                guard: { type: 'isMoving', params: ({ event }) => ({ preClaim: event.output }) },
                target: 'deciding',
                actions: { type: 'rememberPreClaim', params: ({ event }) => ({ preClaim: event.output }) },
              },
              { target: 'settled', actions: { type: 'rememberPreClaim', params: ({ event }) => ({ preClaim: event.output }) } },
            ],
            // A failed poll is a blip: the note shows, polling goes on.
            onError: { target: 'deciding', actions: 'rememberLoadError' },
          },
        },
        deciding: {
          always: [{ guard: 'hasPollsLeft', target: 'waiting' }, { target: 'stillMoving' }],
        },
        /** Polling gave up while the status still moves: "check again" starts a new round. */
        stillMoving: {
          on: { 'track.check': { target: 'polling', actions: 'startRound' } },
        },
        /** Paid by insurer, to be paid by insured, paid or failed: nothing moves any more. */
        settled: { type: 'final' },
      },
    },
  },
});
