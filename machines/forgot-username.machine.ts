/**
 * Username recovery (/login/forgot-username): register number and phone; the server sends the login
 * e-mail to that phone when they belong to one account. One step, so no URL sync; the server keeps
 * the 60 s wait between two messages to the same phone.
 */
import { assign, fromPromise, setup } from 'xstate';
import { errorFields, errorMessage } from '../contract/api-error';
import { forgotUsernameBodySchema, formErrors, type ForgotUsernameBody } from '../contract/account.schema';
import { combineRegister, type FieldErrors, type Message, type RegisterParts } from '../contract/validation';

export interface ForgotUsernameForm {
  register: RegisterParts;
  phone: string;
}

export interface ForgotUsernameContext {
  form: ForgotUsernameForm;
  fieldErrors: FieldErrors;
  error: Message | null;
}

export type ForgotUsernameEvent =
  | { type: 'username.changeRegister'; value: RegisterParts }
  | { type: 'username.changePhone'; value: string }
  | { type: 'username.submit' }
  /** After a success: ask again (e.g. for another person), with the form as it was. */
  | { type: 'username.again' };

export const usernameBody = (form: ForgotUsernameForm): ForgotUsernameBody => ({ register: combineRegister(form.register), phone: form.phone });
const usernameErrors = (form: ForgotUsernameForm) => formErrors(forgotUsernameBodySchema, usernameBody(form));
const without = (errors: FieldErrors, field: string) => Object.fromEntries(Object.entries(errors).filter(([key]) => key !== field));
const errorOf = (event: unknown) => (event as { error?: unknown }).error;

export const forgotUsernameMachine = setup({
  types: {
    context: {} as ForgotUsernameContext,
    events: {} as ForgotUsernameEvent,
  },
  actors: {
    sendUsername: fromPromise<unknown, ForgotUsernameBody>(async () => {
      throw new Error('sendUsername is provided by the app');
    }),
  },
  actions: {
    changeRegister: assign(({ context, event }) =>
      event.type === 'username.changeRegister' ? { form: { ...context.form, register: event.value }, fieldErrors: without(context.fieldErrors, 'register') } : {},
    ),
    changePhone: assign(({ context, event }) =>
      event.type === 'username.changePhone' ? { form: { ...context.form, phone: event.value }, fieldErrors: without(context.fieldErrors, 'phone') } : {},
    ),
    validate: assign(({ context }) => ({ fieldErrors: usernameErrors(context.form), error: null })),
    showError: assign(({ event }) => ({ error: errorMessage(errorOf(event)), fieldErrors: errorFields(errorOf(event)) })),
  },
  guards: {
    isFormValid: ({ context }) => Object.keys(usernameErrors(context.form)).length === 0,
  },
}).createMachine({
  id: 'forgotUsername',
  context: { form: { register: { first: '', second: '', number: '' }, phone: '' }, fieldErrors: {}, error: null },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'username.changeRegister': { actions: 'changeRegister' },
        'username.changePhone': { actions: 'changePhone' },
        'username.submit': [{ guard: 'isFormValid', target: 'sending', actions: 'validate' }, { actions: 'validate' }],
      },
    },
    sending: {
      invoke: {
        id: 'sendUsername',
        src: 'sendUsername',
        input: ({ context }) => usernameBody(context.form),
        onDone: { target: 'sent' },
        onError: { target: 'editing', actions: 'showError' },
      },
    },
    sent: {
      on: { 'username.again': { target: 'editing' } },
    },
  },
});
