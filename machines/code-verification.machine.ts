/**
 * Code verification: one code sent to a phone and checked. The code step of registration and password
 * recovery, and of every wizard that confirms a phone, is this machine invoked as a child
 * (`invoke: { id: 'codeVerification', src: 'codeVerification', input, onSnapshot, onDone, onError }`).
 *
 * - The first code is the parent's: its own first request (the registration form, the recovery
 *   form) is what sends it, and a refusal of that request belongs to the parent's form. The child
 *   starts from the server's answer: the ticket, the phone and the server's `resend_in`.
 * - A new code waits `secondsLeft`, which the server sets (`resend_in`, or the seconds of its
 *   429 `errors.resendTooSoon` answer); the countdown ticks with a 1 s delayed transition, no clock is
 *   read. The server enforces the wait; the countdown only tells the user.
 * - A wrong, expired or used-up code (`errors.codeIncorrect` with the tries left,
 *   `errors.codeExpired`, `errors.codeAttemptsUsed`) is shown and the code stays in the field; a
 *   verification the server no longer knows (`errors.verificationGone`) ends the child.
 * - Output: `{ outcome: 'verified', ticket, access }` (access: the token when accepting the code
 *   signs the person in, registration) or `{ outcome: 'gone', error }` (the parent starts over).
 * - `sendCode` and `verifyCode` have placeholder bodies: the app gives each parent's endpoints with
 *   `codeVerificationMachine.provide({ actors })`, provided as the parent's `codeVerification` actor.
 * - Delayed transitions do not survive a reload: a restored snapshot is sent `flow.resumed` (the
 *   parent forwards it), which restarts the tick.
 */
import { assertEvent, assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { ApiError, errorFields, errorMessage } from '../contract/api-error';
import { verificationCodeSchema, type CodeSent, type ConfirmBody, type ResendBody } from '../contract/account.schema';
import { errorKeys } from '../contract/error.schema';
import { toFieldErrors, type FieldErrors, type Message } from '../contract/validation';

/** Where a code step starts: the parent's answer, or where an earlier visit of the step stood. */
export interface CodeVerificationInput {
  /** The verification under way (the server's opaque id). */
  ticket: string;
  /** The phone the code went to (the view shows it masked). */
  phone: string;
  /** Whole seconds until a new code may be asked for: the server's `resend_in`, or what was left. */
  secondsLeft: number;
  /** The code typed so far; empty for a new code. */
  code?: string;
  /** A message to show on arrival (e.g. the parent came back because the code expired). */
  error?: Message | null;
}

export interface CodeVerificationContext {
  ticket: string;
  phone: string;
  code: string;
  fieldErrors: FieldErrors;
  /** The server's refusal or a failure, shown above the form. */
  error: Message | null;
  /** A success note (a new code was sent). */
  notice: Message | null;
  /** Whole seconds until a new code may be asked for; 0 when it may. */
  secondsLeft: number;
  /** How the verification ended; null while it runs. */
  outcome: CodeVerificationOutput | null;
}

export type CodeVerificationEvent =
  | { type: 'code.change'; value: string }
  | { type: 'code.submit' }
  | { type: 'code.resend' }
  /** Sent after restoring a persisted snapshot (timers do not survive a reload). */
  | { type: 'flow.resumed' };

/**
 * What the server answers when it accepts a code: nothing more when the ticket itself is the proof
 * (a password reset), the first token when the code creates the account (registration).
 */
export interface CodeAccepted {
  access?: string;
}

export type CodeVerificationOutput =
  | { outcome: 'verified'; ticket: string; access: string | null }
  | { outcome: 'gone'; error: Message };

/** The message a resend carries on success: a new code went out. */
export const CODE_RESENT: Message = { key: 'code.resent' };

export const codeErrors = (code: string): FieldErrors => {
  const result = verificationCodeSchema.safeParse(code);
  return result.success ? {} : { code: toFieldErrors(result.error)._ ?? { key: errorKeys.invalidRequest } };
};

const hasKey = (error: unknown, key: string) => error instanceof ApiError && error.body.key === key;

/** The seconds of the server's "wait N seconds" answer. */
const secondsOf = (message: Message) => Math.max(0, Math.ceil(Number(message.values?.seconds ?? 0)) || 0);

export const codeVerificationMachine = setup({
  types: {
    context: {} as CodeVerificationContext,
    events: {} as CodeVerificationEvent,
    input: {} as CodeVerificationInput,
    output: {} as CodeVerificationOutput,
  },
  actors: {
    /** A new code for the ticket (the parent's resend endpoint). */
    sendCode: fromPromise<CodeSent, ResendBody>(async () => {
      throw new Error('sendCode is provided by the app');
    }),
    /** Checks the code (the parent's confirm or verify endpoint). */
    verifyCode: fromPromise<CodeAccepted, ConfirmBody>(async () => {
      throw new Error('verifyCode is provided by the app');
    }),
  },
  actions: {
    changeCode: assign(({ context, event }) => {
      assertEvent(event, 'code.change');
      const { code: _fixed, ...fieldErrors } = context.fieldErrors;
      return { code: event.value, fieldErrors };
    }),
    validateCode: assign(({ context }) => ({ fieldErrors: codeErrors(context.code), error: null, notice: null })),
    clearMessages: assign({ error: null, notice: null }),
    /** The server refused or the call failed: say why, keep the code. */
    showError: assign((_, { error }: { error: unknown }) => ({
      error: errorMessage(error),
      fieldErrors: errorFields(error),
      notice: null,
    })),
    tick: assign(({ context }) => ({ secondsLeft: Math.max(0, context.secondsLeft - 1) })),
    /** A new code went out: the old one no longer counts, and the wait starts again. */
    rememberResent: assign((_, sent: CodeSent) => ({
      secondsLeft: Math.max(0, sent.resend_in),
      notice: CODE_RESENT,
      error: null,
      code: '',
    })),
    /** The server refused an early resend: wait as long as it says. */
    waitAsTold: assign((_, { error }: { error: unknown }) => {
      const message = errorMessage(error);
      return { error: message, secondsLeft: secondsOf(message) };
    }),
    acceptCode: assign(({ context }, accepted: CodeAccepted) => ({
      outcome: { outcome: 'verified', ticket: context.ticket, access: accepted.access ?? null } as const,
      error: null,
      notice: null,
      fieldErrors: {},
    })),
    /** The verification is finished, replaced or unknown: only the parent can start a new one. */
    giveUp: assign((_, { error }: { error: unknown }) => ({
      outcome: { outcome: 'gone', error: errorMessage(error) } as const,
      error: errorMessage(error),
    })),
  },
  guards: {
    isCodeValid: ({ context }) => Object.keys(codeErrors(context.code)).length === 0,
    canResend: ({ context }) => context.secondsLeft <= 0,
    isResendTooSoon: (_, { error }: { error: unknown }) => hasKey(error, errorKeys.resendTooSoon),
    isVerificationGone: (_, { error }: { error: unknown }) => hasKey(error, errorKeys.verificationGone),
  },
  delays: {
    oneSecond: 1000,
  },
}).createMachine({
  id: 'codeVerification',
  context: ({ input }) => ({
    ticket: input.ticket,
    phone: input.phone,
    code: input.code ?? '',
    fieldErrors: {},
    error: input.error ?? null,
    notice: null,
    secondsLeft: Math.max(0, Math.ceil(input.secondsLeft)),
    outcome: null,
  }),
  initial: 'active',
  states: {
    active: {
      type: 'parallel',
      states: {
        code: {
          initial: 'editing',
          states: {
            editing: {
              on: {
                'code.change': { actions: 'changeCode' },
                'code.submit': [
                  { guard: 'isCodeValid', target: 'verifying', actions: 'validateCode' },
                  { actions: 'validateCode' },
                ],
              },
            },
            verifying: {
              invoke: {
                id: 'verifyCode',
                src: 'verifyCode',
                input: ({ context }) => ({ ticket: context.ticket, code: context.code.trim() }),
                onDone: {
                  target: '#codeVerification.verified',
                  actions: { type: 'acceptCode', params: ({ event }) => event.output },
                },
                onError: [
                  {
                    guard: { type: 'isVerificationGone', params: ({ event }) => ({ error: event.error }) },
                    target: '#codeVerification.gone',
                    actions: { type: 'giveUp', params: ({ event }) => ({ error: event.error }) },
                  },
                  // Incorrect (tries left), expired, tries used up, or a failure: the code stays.
                  { target: 'editing', actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) } },
                ],
              },
            },
          },
        },
        resend: {
          initial: 'countingDown',
          states: {
            countingDown: {
              always: { guard: 'canResend', target: 'ready' },
              after: {
                oneSecond: { target: 'countingDown', reenter: true, actions: 'tick' },
              },
              on: {
                // A restored snapshot has no timer: start ticking again.
                'flow.resumed': { target: 'countingDown', reenter: true },
              },
            },
            ready: {
              on: { 'code.resend': { target: 'sending', actions: 'clearMessages' } },
            },
            sending: {
              invoke: {
                id: 'sendCode',
                src: 'sendCode',
                input: ({ context }) => ({ ticket: context.ticket }),
                onDone: {
                  target: 'countingDown',
                  actions: { type: 'rememberResent', params: ({ event }) => event.output },
                },
                onError: [
                  {
                    guard: { type: 'isResendTooSoon', params: ({ event }) => ({ error: event.error }) },
                    target: 'countingDown',
                    actions: { type: 'waitAsTold', params: ({ event }) => ({ error: event.error }) },
                  },
                  {
                    guard: { type: 'isVerificationGone', params: ({ event }) => ({ error: event.error }) },
                    target: '#codeVerification.gone',
                    actions: { type: 'giveUp', params: ({ event }) => ({ error: event.error }) },
                  },
                  // Too many codes for this verification, or a failure: the user may try again.
                  { target: 'ready', actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) } },
                ],
              },
            },
          },
        },
      },
    },
    verified: { type: 'final' },
    gone: { type: 'final' },
  },
  output: ({ context }) => context.outcome ?? { outcome: 'gone', error: { key: errorKeys.verificationGone } },
});

export type CodeVerificationSnapshot = SnapshotFrom<typeof codeVerificationMachine>;

/**
 * Where the step stands, as the input that starts it there again: the parent keeps it (from
 * `onSnapshot`) for a later visit of the step. Null for a snapshot without this machine's context
 * (a stand-in child, e.g. a promise in the path tests).
 */
export const codeVerificationProgress = (snapshot: CodeVerificationSnapshot): CodeVerificationInput | null => {
  const context: CodeVerificationContext | undefined = snapshot.context;
  return context ? { ticket: context.ticket, phone: context.phone, secondsLeft: context.secondsLeft, code: context.code } : null;
};
