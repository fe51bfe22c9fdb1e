/** Path model of machines/forgot-username.machine.ts: one form, the SPEC's refusals, and "send again". */
import { forgotUsernameMachine } from '../../machines/forgot-username.machine.ts';
import { ApiError } from '../../contract/api-error.ts';
import { errorKeys } from '../../contract/error.schema.ts';
import { combineRegister, phoneSchema, registerSchema } from '../../contract/validation.ts';
import { defineModel, doneEvent, errorEvent } from './path-kit.ts';

export const registerNotRegistered = new ApiError(422, { key: errorKeys.registerNotRegistered });
export const wrongPhone = new ApiError(422, { key: errorKeys.wrongPhone });
export const resendTooSoon = new ApiError(429, { key: errorKeys.resendTooSoon, values: { seconds: 30 } });

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
});
