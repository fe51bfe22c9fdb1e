/** Path model of machines/registration.machine.ts: the details form, the code step and its resend wait. */
import { registrationMachine, type CodeSentAt } from '../../machines/registration.machine.ts';
import { ApiError } from '../../contract/api-error.ts';
import { errorKeys } from '../../contract/error.schema.ts';
import { loginEmailSchema, newPasswordSchema, phoneSchema, registerSchema, combineRegister } from '../../contract/validation.ts';
import { verificationCodeSchema } from '../../contract/account.schema.ts';
import { afterEvent, defineModel, doneEvent, errorEvent } from './path-kit.ts';

export const codeSent: CodeSentAt = { ticket: 'ticket-1', resend_in: 60, expires_in: 300, receivedAt: 1_700_000_000_000 };
export const resent: CodeSentAt = { ...codeSent, receivedAt: 1_700_000_090_000 };
export const newToken = 'token-of-the-new-account';

export const alreadyRegistered = new ApiError(409, { key: errorKeys.alreadyRegistered });
export const badBody = new ApiError(400, { key: errorKeys.invalidRequest }, { phone: { key: 'validation.phone', values: {} } });
export const codeIncorrect = new ApiError(422, { key: errorKeys.codeIncorrect, values: { attempts: 4 } });
export const codeExpired = new ApiError(422, { key: errorKeys.codeExpired });
export const verificationGone = new ApiError(422, { key: errorKeys.verificationGone });
export const resendTooSoon = new ApiError(429, { key: errorKeys.resendTooSoon, values: { seconds: 42 } });
export const networkDown = new TypeError('Failed to fetch');

export const validDetails = [
  { type: 'details.change', field: 'email', value: 'new@example.com' },
  { type: 'details.change', field: 'password', value: 'secret12' },
  { type: 'details.change', field: 'passwordAgain', value: 'secret12' },
  { type: 'details.changeRegister', value: { first: 'У', second: 'Е', number: '95031218' } },
  { type: 'details.change', field: 'phone', value: '99001101' },
] as const;

const COOLING = 'registration.code.resend.coolingDown';

export const registrationModel = defineModel({
  machine: registrationMachine,
  events: [
    ...validDetails,
    { type: 'details.change', field: 'email', value: 'not-an-email' },
    { type: 'details.change', field: 'passwordAgain', value: 'other12' },
    { type: 'details.submit' },
    doneEvent('startRegistration', codeSent),
    errorEvent('startRegistration', alreadyRegistered),
    errorEvent('startRegistration', badBody),
    { type: 'code.change', value: '123456' },
    { type: 'code.change', value: '12a' },
    { type: 'code.submit' },
    doneEvent('confirmRegistration', { access: newToken }),
    errorEvent('confirmRegistration', codeIncorrect),
    errorEvent('confirmRegistration', codeExpired),
    errorEvent('confirmRegistration', verificationGone),
    afterEvent('oneSecond', COOLING),
    afterEvent('resendDelay', COOLING),
    { type: 'code.resend' },
    doneEvent('resendCode', resent),
    errorEvent('resendCode', resendTooSoon),
    errorEvent('resendCode', verificationGone),
    errorEvent('resendCode', networkDown),
    { type: 'flow.resumed' },
    { type: 'xstate.route', to: '#details' },
    { type: 'xstate.route', to: '#code' },
  ],
  // Each field's validity on the form (isDetailsValid reads them all), the code on the code step
  // (isCodeValid), the ticket (hasTicket) and what is on screen.
  flags: (snapshot) => {
    const { context } = snapshot;
    return {
      ...(snapshot.matches('details')
        ? {
            email: loginEmailSchema.safeParse(context.form.email).success,
            password: newPasswordSchema.safeParse(context.form.password).success,
            again: context.form.passwordAgain !== '' && context.form.passwordAgain === context.form.password,
            register: registerSchema.safeParse(combineRegister(context.form.register)).success,
            phone: phoneSchema.safeParse(context.form.phone).success,
          }
        : { code: verificationCodeSchema.safeParse(context.code).success }),
      ticket: context.ticket !== null,
      error: context.error !== null,
      notice: context.notice !== null,
    };
  },
  // Every order of filling five fields is its own simple path; those walk the steps instead.
  simplePaths: {
    flags: ({ context }) => ({ ticket: context.ticket !== null, error: context.error !== null }),
  },
});
