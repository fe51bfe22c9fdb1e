/**
 * A forgotten Credit Med transaction password (issue 24; /credit-med/tx-password): sending (a code to
 * the account's phone) → confirming (the code-verification child) → choosing (the new password twice,
 * the signing's rules) → saving → done (final). A refused start, or a code step the server no longer
 * knows, ends in `failed` with the message and "try again" (a new code); a new password refused
 * because the verification is gone does the same; one whose 10 minutes ran out returns to the code
 * step with a new code. Nothing is stored: a reload starts again with a new code.
 */
import { assertEvent, assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { ApiError, errorFields, errorMessage } from '../contract/api-error';
import type { CodeSent } from '../contract/account.schema';
import { cmTxPasswordResetBodySchema, type CmTxPasswordResetBody } from '../contract/credit-med-request.schema';
import { errorKeys } from '../contract/error.schema';
import { toFieldErrors, type FieldErrors, type Message } from '../contract/validation';
import { codeVerificationMachine, codeVerificationProgress, type CodeVerificationInput, type CodeVerificationOutput } from './code-verification.machine';

export interface TxResetInput {
  /** The account's phone as far as the page knows it; the code goes to the phone on file. */
  phone: string;
}

/** The start's answer: the code went out, to this phone when the app tells (the code step shows it masked). */
export type TxResetStarted = CodeSent & { phone?: string };

export interface TxResetForm {
  password: string;
  password_confirm: string;
}
export type TxResetField = keyof TxResetForm;

export interface TxResetContext {
  phone: string;
  /** The code step under way and where it stands; null until a code was sent. */
  verification: CodeVerificationInput | null;
  form: TxResetForm;
  fieldErrors: FieldErrors;
  error: Message | null;
}

export type TxResetEvent =
  | { type: 'reset.retry' }
  | { type: 'password.change'; field: TxResetField; value: string }
  | { type: 'password.submit' };

const emptyForm: TxResetForm = { password: '', password_confirm: '' };

/** The body of the new password (the ticket of the accepted code). */
export const txResetBody = (context: Pick<TxResetContext, 'verification' | 'form'>): CmTxPasswordResetBody => ({ ticket: context.verification?.ticket ?? '', ...context.form });

export const txResetErrors = (context: Pick<TxResetContext, 'verification' | 'form'>): FieldErrors => {
  const result = cmTxPasswordResetBodySchema.safeParse(txResetBody(context));
  return result.success ? {} : toFieldErrors(result.error);
};

const keyOf = (error: unknown) => (error instanceof ApiError ? error.body.key : null);

export const creditMedTxResetMachine = setup({
  types: {
    context: {} as TxResetContext,
    events: {} as TxResetEvent,
    input: {} as TxResetInput,
    children: {} as { codeVerification: 'codeVerification' },
  },
  actors: {
    startReset: fromPromise<TxResetStarted, void>(async () => {
      throw new Error('startReset is provided by the app');
    }),
    codeVerification: codeVerificationMachine,
    savePassword: fromPromise<unknown, CmTxPasswordResetBody>(async () => {
      throw new Error('savePassword is provided by the app');
    }),
  },
  actions: {
    rememberCodeSent: assign(({ context }, sent: TxResetStarted) => ({
      phone: sent.phone || context.phone,
      verification: { ticket: sent.ticket, phone: sent.phone || context.phone, secondsLeft: sent.resend_in, code: '' },
      error: null,
      fieldErrors: {},
    })),
    rememberProgress: assign((_, progress: CodeVerificationInput | null) => (progress ? { verification: progress } : {})),
    showError: assign((_, { error }: { error: unknown }) => ({ error: errorMessage(error), fieldErrors: errorFields(error) })),
    endVerification: assign((_, { error }: { error: Message }) => ({ verification: null, form: emptyForm, error, fieldErrors: {} })),
    changePassword: assign(({ context, event }) => {
      assertEvent(event, 'password.change');
      const { [event.field]: _fixed, ...rest } = context.fieldErrors;
      return { form: { ...context.form, [event.field]: event.value }, fieldErrors: rest };
    }),
    validatePassword: assign(({ context }) => ({ fieldErrors: txResetErrors(context), error: null })),
    forgetPasswords: assign({ form: emptyForm }),
  },
  guards: {
    isCodeConfirmed: (_, output: CodeVerificationOutput) => output.outcome === 'verified',
    isPasswordValid: ({ context }) => Object.keys(txResetErrors(context)).length === 0,
    isGone: (_, { error }: { error: unknown }) => keyOf(error) === errorKeys.verificationGone,
    isExpired: (_, { error }: { error: unknown }) => keyOf(error) === errorKeys.codeExpired,
  },
}).createMachine({
  id: 'credit-med-tx-reset',
  context: ({ input }) => ({ phone: input.phone, verification: null, form: emptyForm, fieldErrors: {}, error: null }),
  initial: 'sending',
  states: {
    sending: {
      invoke: {
        id: 'startReset',
        src: 'startReset',
        onDone: { target: 'confirming', actions: { type: 'rememberCodeSent', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: { on: { 'reset.retry': { target: 'sending' } } },
    confirming: {
      invoke: {
        id: 'codeVerification',
        src: 'codeVerification',
        input: ({ context }) => context.verification ?? { ticket: '', phone: '', secondsLeft: 0 },
        onSnapshot: { actions: { type: 'rememberProgress', params: ({ event }) => codeVerificationProgress(event.snapshot) } },
        onDone: [
          { guard: { type: 'isCodeConfirmed', params: ({ event }) => event.output }, target: 'choosing' },
          {
            target: 'failed',
            actions: { type: 'endVerification', params: ({ event }) => ({ error: event.output.outcome === 'gone' ? event.output.error : { key: errorKeys.generic } }) },
          },
        ],
        onError: { target: 'failed', actions: { type: 'endVerification', params: ({ event }) => ({ error: errorMessage(event.error) }) } },
      },
    },
    choosing: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'password.change': { actions: 'changePassword' },
            'password.submit': [{ guard: 'isPasswordValid', target: 'saving', actions: 'validatePassword' }, { actions: 'validatePassword' }],
          },
        },
        saving: {
          invoke: {
            id: 'savePassword',
            src: 'savePassword',
            input: ({ context }) => txResetBody(context),
            onDone: { target: '#credit-med-tx-reset.done', actions: 'forgetPasswords' },
            onError: [
              { guard: { type: 'isGone', params: ({ event }) => ({ error: event.error }) }, target: '#credit-med-tx-reset.failed', actions: { type: 'endVerification', params: ({ event }) => ({ error: errorMessage(event.error) }) } },
              // The time to choose ran out: a new code (the step says why).
              { guard: { type: 'isExpired', params: ({ event }) => ({ error: event.error }) }, target: '#credit-med-tx-reset.sending', actions: ['forgetPasswords', { type: 'showError', params: ({ event }) => ({ error: event.error }) }] },
              { target: 'editing', actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) } },
            ],
          },
        },
      },
    },
    done: { type: 'final' },
  },
});

/** What the page shows, without reading the state structure. */
export const connectTxReset = (snapshot: { matches: (value: never) => boolean; context: TxResetContext; children: Record<string, unknown> }) => {
  const is = (value: unknown) => snapshot.matches(value as never);
  return {
    step: is('done') ? ('done' as const) : is('choosing') ? ('choosing' as const) : is('confirming') ? ('confirming' as const) : is('failed') ? ('failed' as const) : ('sending' as const),
    isBusy: is('sending') || is({ choosing: 'saving' }),
    error: snapshot.context.error,
    fieldErrors: snapshot.context.fieldErrors,
    form: snapshot.context.form,
    codeVerification: (snapshot.children.codeVerification ?? null) as ActorRefFrom<typeof codeVerificationMachine> | null,
  };
};
