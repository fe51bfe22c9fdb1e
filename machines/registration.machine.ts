/**
 * Registration (/login/register, /login/register/confirm): the login and what links the account to
 * the person's policies, then the code sent to the phone in their contract. A confirmed code signs
 * the person in (`signIn`, provided by the app: auth.tokenReceived). The code step survives a reload:
 * the app persists the snapshot there, where the passwords are already forgotten (the server keeps
 * their hash with the verification).
 *
 * The details form's request sends the first code; the code step is the code-verification child
 * (machines/code-verification.machine.ts), started from the server's answer. The parent keeps where
 * the step stands (`verification`, updated from the child's snapshots), so going back to correct the
 * form and forward again continues the same code and countdown; a corrected form continues the same
 * verification (the ticket goes with it).
 */
import { routePaths } from '../contract/paths';
import { assertEvent, assign, forwardTo, fromPromise, setup } from 'xstate';
import { errorFields, errorMessage } from '../contract/api-error';
import { formErrors, registerBodySchema, type CodeSent, type RegisterBody } from '../contract/account.schema';
import { errorKeys } from '../contract/error.schema';
import { combineRegister, type FieldErrors, type Message, type RegisterParts } from '../contract/validation';
import {
  codeVerificationMachine,
  codeVerificationProgress,
  type CodeVerificationInput,
  type CodeVerificationOutput,
} from './code-verification.machine';

export interface RegistrationForm {
  email: string;
  password: string;
  passwordAgain: string;
  register: RegisterParts;
  phone: string;
}

export interface RegistrationContext {
  form: RegistrationForm;
  fieldErrors: FieldErrors;
  /** The server's refusal or a failure, shown above the details form. */
  error: Message | null;
  /** The verification under way and where its code step stands; null until a code was sent. */
  verification: CodeVerificationInput | null;
}

export type TextField = 'email' | 'password' | 'passwordAgain' | 'phone';

export type RegistrationEvent =
  | { type: 'details.change'; field: TextField; value: string }
  | { type: 'details.changeRegister'; value: RegisterParts }
  | { type: 'details.submit' }
  /** Sent by the app after restoring a persisted snapshot: forwarded to the code step. */
  | { type: 'flow.resumed' };

export const emptyRegistrationForm: RegistrationForm = {
  email: '',
  password: '',
  passwordAgain: '',
  register: { first: '', second: '', number: '' },
  phone: '',
};

/** The request body of the details step (the ticket continues a verification already under way). */
export const registrationBody = (context: Pick<RegistrationContext, 'form' | 'verification'>): RegisterBody => ({
  email: context.form.email,
  password: context.form.password,
  register: combineRegister(context.form.register),
  phone: context.form.phone,
  ...(context.verification ? { ticket: context.verification.ticket } : {}),
});

export const registrationErrors = (context: Pick<RegistrationContext, 'form' | 'verification'>): FieldErrors =>
  formErrors(registerBodySchema, registrationBody(context), {
    password: context.form.password,
    again: context.form.passwordAgain,
    againField: 'passwordAgain',
  });

/** The first token, which the server sends with every accepted registration code. */
const accessOf = (output: CodeVerificationOutput): string => (output.outcome === 'verified' ? (output.access ?? '') : '');

/** Why the code step ended without a confirmed code. */
const failureOf = (output: CodeVerificationOutput): Message =>
  output.outcome === 'gone' ? output.error : { key: errorKeys.generic };

export const registrationMachine = setup({
  types: {
    context: {} as RegistrationContext,
    events: {} as RegistrationEvent,
    children: {} as { codeVerification: 'codeVerification' },
  },
  actors: {
    startRegistration: fromPromise<CodeSent, RegisterBody>(async () => {
      throw new Error('startRegistration is provided by the app');
    }),
    /** The code step; the app provides it with the registration's resend and confirm calls. */
    codeVerification: codeVerificationMachine,
  },
  actions: {
    /** Signs the new account in with its first token (provided by the app: auth.tokenReceived). */
    signIn: (_, _params: { access: string }) => {},
    changeDetail: assign(({ context, event }) => {
      assertEvent(event, 'details.change');
      const { [event.field]: _fixed, ...fieldErrors } = context.fieldErrors;
      return { form: { ...context.form, [event.field]: event.value }, fieldErrors };
    }),
    changeRegister: assign(({ context, event }) => {
      assertEvent(event, 'details.changeRegister');
      const { register: _fixed, ...fieldErrors } = context.fieldErrors;
      return { form: { ...context.form, register: event.value }, fieldErrors };
    }),
    validateDetails: assign(({ context }) => ({ fieldErrors: registrationErrors(context), error: null })),
    showError: assign((_, { error }: { error: unknown }) => ({
      error: errorMessage(error),
      fieldErrors: errorFields(error),
    })),
    /** A code is on its way: the passwords are forgotten here (the server has their hash). */
    rememberCodeSent: assign(({ context }, sent: CodeSent) => ({
      verification: { ticket: sent.ticket, phone: context.form.phone, secondsLeft: sent.resend_in, code: '' },
      form: { ...context.form, password: '', passwordAgain: '' },
      error: null,
      fieldErrors: {},
    })),
    forgetPasswords: assign(({ context }) => ({ form: { ...context.form, password: '', passwordAgain: '' } })),
    /** Where the code step stands, for a later visit (back to the form and forward again). */
    rememberProgress: assign((_, progress: CodeVerificationInput | null) => (progress ? { verification: progress } : {})),
    /** The verification is gone (finished, replaced or unknown): back to the form, which is kept. */
    startOver: assign((_, { error }: { error: Message }) => ({ verification: null, error })),
    resumeCodeStep: forwardTo('codeVerification'),
  },
  guards: {
    isDetailsValid: ({ context }) => Object.keys(registrationErrors(context)).length === 0,
    hasTicket: ({ context }) => context.verification !== null,
    isCodeConfirmed: (_, output: CodeVerificationOutput) => output.outcome === 'verified',
  },
}).createMachine({
  id: 'registration',
  context: {
    form: emptyRegistrationForm,
    fieldErrors: {},
    error: null,
    verification: null,
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
            onDone: { target: '#code', actions: { type: 'rememberCodeSent', params: ({ event }) => event.output } },
            onError: { target: 'editing', actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
    code: {
      id: 'code',
      meta: { path: routePaths.registerConfirm.pattern },
      route: { guard: 'hasTicket' },
      // Passwords typed after going back never reach the persisted code step.
      entry: 'forgetPasswords',
      invoke: {
        id: 'codeVerification',
        src: 'codeVerification',
        // hasTicket guards every way in, so the verification is there.
        input: ({ context }) => context.verification ?? { ticket: '', phone: context.form.phone, secondsLeft: 0 },
        onSnapshot: { actions: { type: 'rememberProgress', params: ({ event }) => codeVerificationProgress(event.snapshot) } },
        onDone: [
          {
            guard: { type: 'isCodeConfirmed', params: ({ event }) => event.output },
            target: '#registration.done',
            actions: { type: 'signIn', params: ({ event }) => ({ access: accessOf(event.output) }) },
          },
          { target: '#details', actions: { type: 'startOver', params: ({ event }) => ({ error: failureOf(event.output) }) } },
        ],
        onError: { target: '#details', actions: { type: 'startOver', params: ({ event }) => ({ error: errorMessage(event.error) }) } },
      },
      on: {
        'flow.resumed': { actions: 'resumeCodeStep' },
      },
    },
    done: { type: 'final' },
  },
});
