/**
 * Password recovery (/login/forgot-password, …/code, …/new-password): the account is identified by
 * its e-mail and the phone it was registered with, a code goes to that phone, and once the code is
 * accepted a new password is chosen (the registration rules). Success says a message was sent to the
 * phone (`finish`, provided by the app) and opens the login page (`flow.navigate`, which the runner performs). The code and new-password steps
 * survive a reload (the app persists them without the passwords).
 *
 * The identify request sends the first code; the code step is the code-verification child
 * (machines/code-verification.machine.ts). The parent keeps where that step stands (`verification`),
 * so coming back to it (the browser's back button, or an expired window for the new password)
 * continues the same ticket and countdown.
 */
import { routePaths } from '../contract/paths';
import { assertEvent, assign, emit, forwardTo, fromPromise, setup } from 'xstate';
import type { FlowNavigate } from './flow';
import { ApiError, errorFields, errorMessage } from '../contract/api-error';
import {
  forgotPasswordBodySchema,
  formErrors,
  resetBodySchema,
  type CodeSent,
  type ForgotPasswordBody,
  type ResetBody,
} from '../contract/account.schema';
import { errorKeys } from '../contract/error.schema';
import type { FieldErrors, Message } from '../contract/validation';
import {
  codeVerificationMachine,
  codeVerificationProgress,
  type CodeVerificationInput,
  type CodeVerificationOutput,
} from './code-verification.machine';

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
  /** The server's refusal or a failure, shown on the identify and new-password steps. */
  error: Message | null;
  /** The verification under way and where its code step stands; null until a code was sent. */
  verification: CodeVerificationInput | null;
  /** The code was accepted: the new password may be set. */
  verified: boolean;
}

export type ForgotPasswordEvent =
  | { type: 'identify.change'; field: keyof IdentifyForm; value: string }
  | { type: 'identify.submit' }
  | { type: 'password.change'; field: keyof NewPasswordForm; value: string }
  | { type: 'password.submit' }
  /** Sent by the app after restoring a persisted snapshot: forwarded to the code step. */
  | { type: 'flow.resumed' };

const identifyErrors = (form: IdentifyForm) => formErrors(forgotPasswordBodySchema, form);

const ticketOf = (context: Pick<ForgotPasswordContext, 'verification'>) => context.verification?.ticket ?? '';

const newPasswordErrors = (context: Pick<ForgotPasswordContext, 'verification' | 'newPassword'>) =>
  formErrors(
    resetBodySchema,
    { ticket: ticketOf(context), password: context.newPassword.password },
    { password: context.newPassword.password, again: context.newPassword.passwordAgain, againField: 'passwordAgain' },
  );

const hasKey = (error: unknown, key: string) => error instanceof ApiError && error.body.key === key;
const without = (errors: FieldErrors, field: string) => Object.fromEntries(Object.entries(errors).filter(([key]) => key !== field));
const emptyNewPassword: NewPasswordForm = { password: '', passwordAgain: '' };

/** Why the code step ended without an accepted code. */
const failureOf = (output: CodeVerificationOutput): Message => (output.outcome === 'gone' ? output.error : { key: errorKeys.generic });

export const forgotPasswordMachine = setup({
  types: {
    context: {} as ForgotPasswordContext,
    events: {} as ForgotPasswordEvent,
    children: {} as { codeVerification: 'codeVerification' },
    emitted: {} as FlowNavigate,
  },
  actors: {
    requestReset: fromPromise<CodeSent, ForgotPasswordBody>(async () => {
      throw new Error('requestReset is provided by the app');
    }),
    /** The code step; the app provides it with the recovery's resend and verify calls. */
    codeVerification: codeVerificationMachine,
    resetPassword: fromPromise<unknown, ResetBody>(async () => {
      throw new Error('resetPassword is provided by the app');
    }),
  },
  actions: {
    /** The password is changed: tell the user a message went to their phone (provided by the app). */
    finish: () => {},
    /** Then the login page, in place of the recovery (the runner navigates). */
    openLogin: emit({ type: 'flow.navigate', to: routePaths.login.build(), replace: true }),
    changeIdentify: assign(({ context, event }) => {
      assertEvent(event, 'identify.change');
      return { form: { ...context.form, [event.field]: event.value }, fieldErrors: without(context.fieldErrors, event.field) };
    }),
    validateIdentify: assign(({ context }) => ({ fieldErrors: identifyErrors(context.form), error: null })),
    showError: assign((_, { error }: { error: unknown }) => ({ error: errorMessage(error), fieldErrors: errorFields(error) })),
    rememberCodeSent: assign(({ context }, sent: CodeSent) => ({
      verification: { ticket: sent.ticket, phone: context.form.phone, secondsLeft: sent.resend_in, code: '' },
      verified: false,
      error: null,
      fieldErrors: {},
      newPassword: emptyNewPassword,
    })),
    /** Where the code step stands, for a later visit. */
    rememberProgress: assign((_, progress: CodeVerificationInput | null) => (progress ? { verification: progress } : {})),
    markVerified: assign({ verified: true, error: null, fieldErrors: {} }),
    startOver: assign((_, { error }: { error: Message }) => ({
      verification: null,
      verified: false,
      newPassword: emptyNewPassword,
      error,
    })),
    /** The time to choose a password ran out: a new code is needed (the code step says so). */
    needNewCode: assign(({ context }, { error }: { error: unknown }) => ({
      verified: false,
      newPassword: emptyNewPassword,
      error: null,
      fieldErrors: {},
      verification: context.verification && { ...context.verification, code: '', error: errorMessage(error) },
    })),
    changePassword: assign(({ context, event }) => {
      assertEvent(event, 'password.change');
      return { newPassword: { ...context.newPassword, [event.field]: event.value }, fieldErrors: without(context.fieldErrors, event.field) };
    }),
    validatePassword: assign(({ context }) => ({ fieldErrors: newPasswordErrors(context), error: null })),
    resumeCodeStep: forwardTo('codeVerification'),
  },
  guards: {
    isIdentifyValid: ({ context }) => Object.keys(identifyErrors(context.form)).length === 0,
    hasTicket: ({ context }) => context.verification !== null,
    isVerified: ({ context }) => context.verification !== null && context.verified,
    isCodeAccepted: (_, output: CodeVerificationOutput) => output.outcome === 'verified',
    isPasswordValid: ({ context }) => Object.keys(newPasswordErrors(context)).length === 0,
    isVerificationGone: (_, { error }: { error: unknown }) => hasKey(error, errorKeys.verificationGone),
    isCodeExpired: (_, { error }: { error: unknown }) => hasKey(error, errorKeys.codeExpired),
  },
}).createMachine({
  id: 'forgotPassword',
  context: {
    form: { email: '', phone: '' },
    newPassword: emptyNewPassword,
    fieldErrors: {},
    error: null,
    verification: null,
    verified: false,
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
            onDone: { target: '#resetCode', actions: { type: 'rememberCodeSent', params: ({ event }) => event.output } },
            onError: { target: 'editing', actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
    resetCode: {
      id: 'resetCode',
      meta: { path: routePaths.forgotPasswordCode.pattern },
      route: { guard: 'hasTicket' },
      invoke: {
        id: 'codeVerification',
        src: 'codeVerification',
        // hasTicket guards every way in, so the verification is there.
        input: ({ context }) => context.verification ?? { ticket: '', phone: context.form.phone, secondsLeft: 0 },
        onSnapshot: { actions: { type: 'rememberProgress', params: ({ event }) => codeVerificationProgress(event.snapshot) } },
        onDone: [
          { guard: { type: 'isCodeAccepted', params: ({ event }) => event.output }, target: '#newPassword', actions: 'markVerified' },
          { target: '#identify', actions: { type: 'startOver', params: ({ event }) => ({ error: failureOf(event.output) }) } },
        ],
        onError: { target: '#identify', actions: { type: 'startOver', params: ({ event }) => ({ error: errorMessage(event.error) }) } },
      },
      on: {
        'flow.resumed': { actions: 'resumeCodeStep' },
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
            input: ({ context }) => ({ ticket: ticketOf(context), password: context.newPassword.password }),
            onDone: { target: '#forgotPassword.done', actions: ['finish', 'openLogin'] },
            onError: [
              {
                guard: { type: 'isVerificationGone', params: ({ event }) => ({ error: event.error }) },
                target: '#identify',
                actions: { type: 'startOver', params: ({ event }) => ({ error: errorMessage(event.error) }) },
              },
              {
                guard: { type: 'isCodeExpired', params: ({ event }) => ({ error: event.error }) },
                target: '#resetCode',
                actions: { type: 'needNewCode', params: ({ event }) => ({ error: event.error }) },
              },
              { target: 'editing', actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) } },
            ],
          },
        },
      },
    },
    done: { type: 'final' },
  },
});
