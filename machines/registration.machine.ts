/**
 * Registration (/login/register, /login/register/confirm): the login and what links the account to
 * the person's policies, then the code sent to the phone in their contract. A confirmed code signs
 * the person in (`signIn`, provided by the app: auth.tokenReceived). The code step survives a reload:
 * the app persists the snapshot there, where the passwords are already forgotten (the server keeps
 * their hash with the verification).
 *
 * The resend button waits RESEND_SECONDS with a countdown computed from `resendAt`, so a reload shows
 * the right number; the server refuses an early resend anyway (429 with the seconds left), and then
 * the countdown follows the server.
 */
import { routePaths } from '../contract/paths';
import { assign, fromPromise, setup } from 'xstate';
import { ApiError, errorFields, errorMessage } from '../contract/api-error';
import {
  formErrors,
  registerBodySchema,
  verificationCodeSchema,
  type CodeSent,
  type ConfirmBody,
  type RegisterBody,
  type ResendBody,
} from '../contract/account.schema';
import type { TokenResponse } from '../contract/auth.schema';
import { errorKeys } from '../contract/error.schema';
import { combineRegister, toFieldErrors, type FieldErrors, type Message, type RegisterParts } from '../contract/validation';

export interface RegistrationForm {
  email: string;
  password: string;
  passwordAgain: string;
  register: RegisterParts;
  phone: string;
}

/** A code-sent answer with the client time it arrived (the countdown counts from there). */
export interface CodeSentAt extends CodeSent {
  receivedAt: number;
}

export interface RegistrationContext {
  form: RegistrationForm;
  fieldErrors: FieldErrors;
  /** The server's refusal or a failure, shown above the step's form. */
  error: Message | null;
  /** A success note on the code step (a new code was sent). */
  notice: Message | null;
  /** The verification under way; null until a code was sent. */
  ticket: string | null;
  /** Client time (ms) from which a new code may be asked for. */
  resendAt: number;
  /** Whole seconds until then, for the countdown. */
  secondsLeft: number;
  code: string;
}

export type TextField = 'email' | 'password' | 'passwordAgain' | 'phone';

export type RegistrationEvent =
  | { type: 'details.change'; field: TextField; value: string }
  | { type: 'details.changeRegister'; value: RegisterParts }
  | { type: 'details.submit' }
  | { type: 'code.change'; value: string }
  | { type: 'code.submit' }
  | { type: 'code.resend' }
  /** Sent by the app after restoring a persisted snapshot: timers do not survive a reload. */
  | { type: 'flow.resumed' };

export const emptyRegistrationForm: RegistrationForm = {
  email: '',
  password: '',
  passwordAgain: '',
  register: { first: '', second: '', number: '' },
  phone: '',
};

/** The request body of the details step (the ticket continues a verification already under way). */
export const registrationBody = (context: Pick<RegistrationContext, 'form' | 'ticket'>): RegisterBody => ({
  email: context.form.email,
  password: context.form.password,
  register: combineRegister(context.form.register),
  phone: context.form.phone,
  ...(context.ticket ? { ticket: context.ticket } : {}),
});

export const registrationErrors = (context: Pick<RegistrationContext, 'form' | 'ticket'>): FieldErrors =>
  formErrors(registerBodySchema, registrationBody(context), {
    password: context.form.password,
    again: context.form.passwordAgain,
    againField: 'passwordAgain',
  });

const codeErrors = (code: string): FieldErrors => {
  const result = verificationCodeSchema.safeParse(code);
  return result.success ? {} : { code: toFieldErrors(result.error)._ ?? { key: errorKeys.invalidRequest } };
};

const hasKey = (error: unknown, key: string) => error instanceof ApiError && error.body.key === key;
const errorOf = (event: unknown) => (event as { error?: unknown }).error;

/** Whole seconds from `now` until `at`, never negative. */
export const secondsUntil = (at: number, now: number) => Math.max(0, Math.ceil((at - now) / 1000));

export const registrationMachine = setup({
  types: {
    context: {} as RegistrationContext,
    events: {} as RegistrationEvent,
  },
  actors: {
    startRegistration: fromPromise<CodeSentAt, RegisterBody>(async () => {
      throw new Error('startRegistration is provided by the app');
    }),
    resendCode: fromPromise<CodeSentAt, ResendBody>(async () => {
      throw new Error('resendCode is provided by the app');
    }),
    confirmRegistration: fromPromise<TokenResponse, ConfirmBody>(async () => {
      throw new Error('confirmRegistration is provided by the app');
    }),
  },
  actions: {
    /** Signs the new account in with its first token (provided by the app: auth.tokenReceived). */
    signIn: (_, _params: { access: string }) => {},
    changeDetail: assign(({ context, event }) => {
      if (event.type !== 'details.change') return {};
      const { [event.field]: _fixed, ...fieldErrors } = context.fieldErrors;
      return { form: { ...context.form, [event.field]: event.value }, fieldErrors };
    }),
    changeRegister: assign(({ context, event }) => {
      if (event.type !== 'details.changeRegister') return {};
      const { register: _fixed, ...fieldErrors } = context.fieldErrors;
      return { form: { ...context.form, register: event.value }, fieldErrors };
    }),
    validateDetails: assign(({ context }) => ({ fieldErrors: registrationErrors(context), error: null })),
    showError: assign(({ event }) => ({
      error: errorMessage(errorOf(event)),
      fieldErrors: errorFields(errorOf(event)),
    })),
    /** A code is on its way: the passwords are forgotten here (the server has their hash). */
    rememberCodeSent: assign(({ context, event }) => {
      const sent = (event as unknown as { output: CodeSentAt }).output;
      return {
        ticket: sent.ticket,
        resendAt: sent.receivedAt + sent.resend_in * 1000,
        form: { ...context.form, password: '', passwordAgain: '' },
        code: '',
        error: null,
        notice: null,
        fieldErrors: {},
      };
    }),
    forgetPasswords: assign(({ context }) => ({ form: { ...context.form, password: '', passwordAgain: '' } })),
    countDown: assign(({ context }) => ({ secondsLeft: secondsUntil(context.resendAt, Date.now()) })),
    changeCode: assign(({ context, event }) => {
      if (event.type !== 'code.change') return {};
      const { code: _fixed, ...fieldErrors } = context.fieldErrors;
      return { code: event.value, fieldErrors };
    }),
    validateCode: assign(({ context }) => ({ fieldErrors: codeErrors(context.code), error: null, notice: null })),
    clearMessages: assign({ error: null, notice: null }),
    rememberResent: assign(({ event }) => {
      const sent = (event as unknown as { output: CodeSentAt }).output;
      return {
        resendAt: sent.receivedAt + sent.resend_in * 1000,
        notice: { key: 'account.code.resent' },
        error: null,
        code: '',
      };
    }),
    /** The server refused an early resend: wait as long as it says. */
    waitAsTold: assign(({ event }) => {
      const message = errorMessage(errorOf(event));
      return { error: message, resendAt: Date.now() + Number(message.values?.seconds ?? 0) * 1000 };
    }),
    /** The verification is gone (finished, replaced or unknown): back to the form, which is kept. */
    startOver: assign(({ event }) => ({ ticket: null, code: '', error: errorMessage(errorOf(event)), notice: null })),
  },
  guards: {
    isDetailsValid: ({ context }) => Object.keys(registrationErrors(context)).length === 0,
    hasTicket: ({ context }) => context.ticket !== null,
    isCodeValid: ({ context }) => Object.keys(codeErrors(context.code)).length === 0,
    isResendTooSoon: ({ event }) => hasKey(errorOf(event), errorKeys.resendTooSoon),
    isVerificationGone: ({ event }) => hasKey(errorOf(event), errorKeys.verificationGone),
  },
  delays: {
    /** Until a new code may be asked for (0 when that time has passed, e.g. after a reload). */
    resendDelay: ({ context }) => Math.max(0, context.resendAt - Date.now()),
    oneSecond: 1000,
  },
}).createMachine({
  id: 'registration',
  context: {
    form: emptyRegistrationForm,
    fieldErrors: {},
    error: null,
    notice: null,
    ticket: null,
    resendAt: 0,
    secondsLeft: 0,
    code: '',
  },
  initial: 'details',
  states: {
    details: {
      id: 'details',
      meta: { path: routePaths.register.pattern },
      route: {},
      initial: 'editing',
      states: {
        editing: {
          on: {
            'details.change': { actions: 'changeDetail' },
            'details.changeRegister': { actions: 'changeRegister' },
            'details.submit': [
              { guard: 'isDetailsValid', target: 'sending', actions: 'validateDetails' },
              { actions: 'validateDetails' },
            ],
          },
        },
        // The form is read-only while the request runs, so the answer matches what was sent.
        sending: {
          invoke: {
            id: 'startRegistration',
            src: 'startRegistration',
            input: ({ context }) => registrationBody(context),
            onDone: { target: '#code', actions: 'rememberCodeSent' },
            onError: { target: 'editing', actions: 'showError' },
          },
        },
      },
    },
    code: {
      id: 'code',
      meta: { path: routePaths.registerConfirm.pattern },
      route: { guard: 'hasTicket' },
      type: 'parallel',
      // Passwords typed after going back never reach the persisted code step.
      entry: 'forgetPasswords',
      on: {
        'flow.resumed': { target: '#code.resend', reenter: true },
      },
      states: {
        entry: {
          initial: 'editing',
          states: {
            editing: {
              on: {
                'code.change': { actions: 'changeCode' },
                'code.submit': [
                  { guard: 'isCodeValid', target: 'confirming', actions: 'validateCode' },
                  { actions: 'validateCode' },
                ],
              },
            },
            confirming: {
              invoke: {
                id: 'confirmRegistration',
                src: 'confirmRegistration',
                input: ({ context }) => ({ ticket: context.ticket ?? '', code: context.code.trim() }),
                onDone: {
                  target: '#registration.done',
                  actions: { type: 'signIn', params: ({ event }) => ({ access: event.output.access }) },
                },
                onError: [
                  { guard: 'isVerificationGone', target: '#details', actions: 'startOver' },
                  { target: 'editing', actions: 'showError' },
                ],
              },
            },
          },
        },
        resend: {
          initial: 'coolingDown',
          states: {
            coolingDown: {
              entry: 'countDown',
              after: {
                resendDelay: { target: 'ready' },
                oneSecond: { target: 'coolingDown', reenter: true },
              },
            },
            ready: {
              entry: 'countDown',
              on: { 'code.resend': { target: 'resending', actions: 'clearMessages' } },
            },
            resending: {
              invoke: {
                id: 'resendCode',
                src: 'resendCode',
                input: ({ context }) => ({ ticket: context.ticket ?? '' }),
                onDone: { target: 'coolingDown', actions: 'rememberResent' },
                onError: [
                  { guard: 'isResendTooSoon', target: 'coolingDown', actions: 'waitAsTold' },
                  { guard: 'isVerificationGone', target: '#details', actions: 'startOver' },
                  { target: 'ready', actions: 'showError' },
                ],
              },
            },
          },
        },
      },
    },
    done: { type: 'final' },
  },
});
