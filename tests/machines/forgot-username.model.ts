/** Path model of machines/forgot-username.machine.ts: one form, the SPEC's refusals, and "send again". */
import { forgotUsernameMachine } from '../../machines/forgot-username.machine.ts';
import { ApiError } from '../../contract/api-error.ts';
import { errorKeys } from '../../contract/error.schema.ts';
import { forgotUsernameBodySchema, formErrors } from '../../contract/account.schema.ts';
import { combineRegister, phoneSchema, registerSchema, type RegisterParts } from '../../contract/validation.ts';
import { shownFields, shownMessage, without } from './oracle-helpers.ts';
import { defineModel, doneEvent, errorEvent } from './path-kit.ts';

export const registerNotRegistered = new ApiError(422, { key: errorKeys.registerNotRegistered });
export const wrongPhone = new ApiError(422, { key: errorKeys.wrongPhone });
export const resendTooSoon = new ApiError(429, { key: errorKeys.resendTooSoon, values: { seconds: 30 } });

type Form = { register: RegisterParts; phone: string };
/** The request body: the register number's three parts as one string. */
const bodyOf = (form: Form) => ({ register: `${form.register.first}${form.register.second}${form.register.number}`, phone: form.phone });
/** What the form finds wrong before sending, by the contract's schema (an unparsable register is empty). */
const problems = (form: Form) => formErrors(forgotUsernameBodySchema, { ...bodyOf(form), register: combineRegister(form.register) });

export const filledIn = [
  { type: 'username.changeRegister', value: { first: 'У', second: 'Б', number: '90061512' } },
  { type: 'username.changePhone', value: '99112233' },
] as const;

export const forgotUsernameModel = defineModel({
  machine: forgotUsernameMachine,
  events: [
    ...filledIn,
    { type: 'username.changeRegister', value: { first: 'У', second: '', number: '90061512' } },
    { type: 'username.changePhone', value: '9911' },
    { type: 'username.submit' },
    { type: 'username.again' },
    doneEvent('sendUsername', { resend_in: 60 }),
    errorEvent('sendUsername', registerNotRegistered),
    errorEvent('sendUsername', wrongPhone),
    errorEvent('sendUsername', resendTooSoon),
  ],
  flags: ({ context }) => ({
    register: registerSchema.safeParse(combineRegister(context.form.register)).success,
    phone: phoneSchema.safeParse(context.form.phone).success,
    error: context.error !== null,
    fieldErrors: Object.keys(context.fieldErrors).length,
  }),
  oracle: {
    initial: () => ({ form: { register: { first: '', second: '', number: '' }, phone: '' }, fieldErrors: {}, error: null }),
    initialState: () => 'editing',
    effects: {
      // A change clears that field's error; the form is read-only while it is being sent.
      'username.changeRegister': (before, event, from) =>
        from.matches('editing') ? { form: { ...before.form, register: event.value }, fieldErrors: without(before.fieldErrors, 'register') } : {},
      'username.changePhone': (before, event, from) =>
        from.matches('editing') ? { form: { ...before.form, phone: event.value }, fieldErrors: without(before.fieldErrors, 'phone') } : {},
      'username.submit': (before, _, from) => (from.matches('editing') ? { fieldErrors: problems(before.form), error: null } : {}),
      // A refusal keeps what was typed, with the server's message and field errors.
      'xstate.error.actor.sendUsername': (_, event) => ({ error: shownMessage(event.error), fieldErrors: shownFields(event.error) }),
    },
    targets: {
      'username.changeRegister': (_, __, from) => from.value,
      'username.changePhone': (_, __, from) => from.value,
      'username.submit': (before, _, from) =>
        from.matches('editing') ? (Object.keys(problems(before.form)).length === 0 ? 'sending' : 'editing') : from.value,
      'username.again': (_, __, from) => (from.matches('sent') ? 'editing' : from.value),
      'xstate.done.actor.sendUsername': () => 'sent',
      'xstate.error.actor.sendUsername': () => 'editing',
    },
    states: {
      sending: ({ form }, state) => Object.keys(problems(form)).length === 0 && state.running.includes('sendUsername'),
      sent: ({ error }) => error === null,
    },
    sent: {
      sendUsername: ({ form }) => ({ register: bodyOf(form).register, phone: form.phone }),
    },
  },
});
