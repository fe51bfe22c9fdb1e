/**
 * Password recovery (/login/forgot-password, …/code, …/new-password): the account is identified by
 * its e-mail and the phone it was registered with, a code goes to that phone, and once the code is
 * accepted a new password is chosen (the registration rules). Success says a message was sent to the
 * phone and opens the login page (`finish`, provided by the app). The code and new-password steps
 * survive a reload (the app persists them without the passwords).
 */
import { routePaths } from '../contract/paths';
import { assign, fromPromise, setup } from 'xstate';
import { ApiError, errorFields, errorMessage } from '../contract/api-error';
import {
  forgotPasswordBodySchema,
  formErrors,
  resetBodySchema,
  verificationCodeSchema,
  type ConfirmBody,
  type ForgotPasswordBody,
  type ResendBody,
  type ResetBody,
} from '../contract/account.schema';
import { errorKeys } from '../contract/error.schema';
import { toFieldErrors, type FieldErrors, type Message } from '../contract/validation';
import { secondsUntil, type CodeSentAt } from './registration.machine';

export interface IdentifyForm {
  email: string;
  phone: string;
}

export interface NewPasswordForm {
  password: string;
  passwordAgain: string;
}

export interface ForgotPasswordContext {
  form: IdentifyForm;
  newPassword: NewPasswordForm;
  fieldErrors: FieldErrors;
  error: Message | null;
  notice: Message | null;
  ticket: string | null;
  /** The code was accepted: the new password may be set. */
  verified: boolean;
  resendAt: number;
  secondsLeft: number;
  code: string;
}

export type ForgotPasswordEvent =
  | { type: 'identify.change'; field: keyof IdentifyForm; value: string }
  | { type: 'identify.submit' }
  | { type: 'code.change'; value: string }
  | { type: 'code.submit' }
  | { type: 'code.resend' }
  | { type: 'password.change'; field: keyof NewPasswordForm; value: string }
  | { type: 'password.submit' }
  /** Sent by the app after restoring a persisted snapshot: timers do not survive a reload. */
  | { type: 'flow.resumed' };

const identifyErrors = (form: IdentifyForm) => formErrors(forgotPasswordBodySchema, form);

const newPasswordErrors = (context: Pick<ForgotPasswordContext, 'ticket' | 'newPassword'>) =>
  formErrors(
    resetBodySchema,
    { ticket: context.ticket ?? '', password: context.newPassword.password },
    { password: context.newPassword.password, again: context.newPassword.passwordAgain, againField: 'passwordAgain' },
  );

const codeErrors = (code: string): FieldErrors => {
  const result = verificationCodeSchema.safeParse(code);
  return result.success ? {} : { code: toFieldErrors(result.error)._ ?? { key: errorKeys.invalidRequest } };
};

const hasKey = (error: unknown, key: string) => error instanceof ApiError && error.body.key === key;
const errorOf = (event: unknown) => (event as { error?: unknown }).error;
const without = (errors: FieldErrors, field: string) => Object.fromEntries(Object.entries(errors).filter(([key]) => key !== field));
const emptyNewPassword: NewPasswordForm = { password: '', passwordAgain: '' };

export const forgotPasswordMachine = setup({
  types: {
    context: {} as ForgotPasswordContext,
    events: {} as ForgotPasswordEvent,
  },
  actors: {
    requestReset: fromPromise<CodeSentAt, ForgotPasswordBody>(async () => {
      throw new Error('requestReset is provided by the app');
    }),
    resendCode: fromPromise<CodeSentAt, ResendBody>(async () => {
      throw new Error('resendCode is provided by the app');
    }),
    verifyCode: fromPromise<unknown, ConfirmBody>(async () => {
      throw new Error('verifyCode is provided by the app');
    }),
    resetPassword: fromPromise<unknown, ResetBody>(async () => {
      throw new Error('resetPassword is provided by the app');
    }),
  },
  actions: {
    /** The password is changed: tell the user a message went to their phone and open login (provided by the app). */
    finish: () => {},
    changeIdentify: assign(({ context, event }) =>
      event.type === 'identify.change'
        ? { form: { ...context.form, [event.field]: event.value }, fieldErrors: without(context.fieldErrors, event.field) }
        : {},
    ),
    validateIdentify: assign(({ context }) => ({ fieldErrors: identifyErrors(context.form), error: null })),
    showError: assign(({ event }) => ({ error: errorMessage(errorOf(event)), fieldErrors: errorFields(errorOf(event)), notice: null })),
    rememberCodeSent: assign(({ event }) => {
      const sent = (event as unknown as { output: CodeSentAt }).output;
      return {
        ticket: sent.ticket,
        resendAt: sent.receivedAt + sent.resend_in * 1000,
        verified: false,
        code: '',
        error: null,
        notice: null,
        fieldErrors: {},
        newPassword: emptyNewPassword,
      };
    }),
    countDown: assign(({ context }) => ({ secondsLeft: secondsUntil(context.resendAt, Date.now()) })),
    changeCode: assign(({ context, event }) =>
      event.type === 'code.change' ? { code: event.value, fieldErrors: without(context.fieldErrors, 'code') } : {},
    ),
    validateCode: assign(({ context }) => ({ fieldErrors: codeErrors(context.code), error: null, notice: null })),
    markVerified: assign({ verified: true, error: null, notice: null, fieldErrors: {} }),
    clearMessages: assign({ error: null, notice: null }),
    rememberResent: assign(({ event }) => {
      const sent = (event as unknown as { output: CodeSentAt }).output;
      return { resendAt: sent.receivedAt + sent.resend_in * 1000, notice: { key: 'account.code.resent' }, error: null, code: '', verified: false };
    }),
    waitAsTold: assign(({ event }) => {
      const message = errorMessage(errorOf(event));
      return { error: message, resendAt: Date.now() + Number(message.values?.seconds ?? 0) * 1000 };
    }),
    startOver: assign(({ event }) => ({
      ticket: null,
      verified: false,
      code: '',
      newPassword: emptyNewPassword,
      error: errorMessage(errorOf(event)),
      notice: null,
    })),
    /** The time to choose a password ran out: a new code is needed. */
    needNewCode: assign(({ event }) => ({ verified: false, code: '', newPassword: emptyNewPassword, error: errorMessage(errorOf(event)) })),
    changePassword: assign(({ context, event }) =>
      event.type === 'password.change'
        ? { newPassword: { ...context.newPassword, [event.field]: event.value }, fieldErrors: without(context.fieldErrors, event.field) }
        : {},
    ),
    validatePassword: assign(({ context }) => ({ fieldErrors: newPasswordErrors(context), error: null })),
  },
  guards: {
    isIdentifyValid: ({ context }) => Object.keys(identifyErrors(context.form)).length === 0,
    hasTicket: ({ context }) => context.ticket !== null,
    isVerified: ({ context }) => context.ticket !== null && context.verified,
    isCodeValid: ({ context }) => Object.keys(codeErrors(context.code)).length === 0,
    isPasswordValid: ({ context }) => Object.keys(newPasswordErrors(context)).length === 0,
    isResendTooSoon: ({ event }) => hasKey(errorOf(event), errorKeys.resendTooSoon),
    isVerificationGone: ({ event }) => hasKey(errorOf(event), errorKeys.verificationGone),
    isCodeExpired: ({ event }) => hasKey(errorOf(event), errorKeys.codeExpired),
  },
  delays: {
    resendDelay: ({ context }) => Math.max(0, context.resendAt - Date.now()),
    oneSecond: 1000,
  },
}).createMachine({
  id: 'forgotPassword',
  context: {
    form: { email: '', phone: '' },
    newPassword: emptyNewPassword,
    fieldErrors: {},
    error: null,
    notice: null,
    ticket: null,
    verified: false,
    resendAt: 0,
    secondsLeft: 0,
    code: '',
  },
  initial: 'identify',
  states: {
    identify: {
      id: 'identify',
      meta: { path: routePaths.forgotPassword.pattern },
      route: {},
      initial: 'editing',
      states: {
        editing: {
          on: {
            'identify.change': { actions: 'changeIdentify' },
            'identify.submit': [
              { guard: 'isIdentifyValid', target: 'sending', actions: 'validateIdentify' },
              { actions: 'validateIdentify' },
            ],
          },
        },
        sending: {
          invoke: {
            id: 'requestReset',
            src: 'requestReset',
            input: ({ context }) => ({ email: context.form.email, phone: context.form.phone }),
            onDone: { target: '#resetCode', actions: 'rememberCodeSent' },
            onError: { target: 'editing', actions: 'showError' },
          },
        },
      },
    },
    resetCode: {
      id: 'resetCode',
      meta: { path: routePaths.forgotPasswordCode.pattern },
      route: { guard: 'hasTicket' },
      type: 'parallel',
      on: {
        'flow.resumed': { target: '#resetCode.resend', reenter: true },
      },
      states: {
        entry: {
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
                input: ({ context }) => ({ ticket: context.ticket ?? '', code: context.code.trim() }),
                onDone: { target: '#newPassword', actions: 'markVerified' },
                onError: [
                  { guard: 'isVerificationGone', target: '#identify', actions: 'startOver' },
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
                  { guard: 'isVerificationGone', target: '#identify', actions: 'startOver' },
                  { target: 'ready', actions: 'showError' },
                ],
              },
            },
          },
        },
      },
    },
    newPassword: {
      id: 'newPassword',
      meta: { path: routePaths.forgotPasswordNew.pattern },
      route: { guard: 'isVerified' },
      initial: 'editing',
      states: {
        editing: {
          on: {
            'password.change': { actions: 'changePassword' },
            'password.submit': [
              { guard: 'isPasswordValid', target: 'saving', actions: 'validatePassword' },
              { actions: 'validatePassword' },
            ],
          },
        },
        saving: {
          invoke: {
            id: 'resetPassword',
            src: 'resetPassword',
            input: ({ context }) => ({ ticket: context.ticket ?? '', password: context.newPassword.password }),
            onDone: { target: '#forgotPassword.done', actions: 'finish' },
            onError: [
              { guard: 'isVerificationGone', target: '#identify', actions: 'startOver' },
              { guard: 'isCodeExpired', target: '#resetCode', actions: 'needNewCode' },
              { target: 'editing', actions: 'showError' },
            ],
          },
        },
      },
    },
    done: { type: 'final' },
  },
});
