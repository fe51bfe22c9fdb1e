/** Path model of machines/forgot-password.machine.ts: identify, code (with the resend wait), new password. */
import { forgotPasswordMachine } from '../../machines/forgot-password.machine.ts';
import type { CodeSentAt } from '../../machines/registration.machine.ts';
import { verificationCodeSchema } from '../../contract/account.schema.ts';
import { ApiError } from '../../contract/api-error.ts';
import { errorKeys } from '../../contract/error.schema.ts';
import { loginEmailSchema, newPasswordSchema, phoneSchema } from '../../contract/validation.ts';
import { afterEvent, defineModel, doneEvent, errorEvent } from './path-kit.ts';

export const codeSent: CodeSentAt = { ticket: 'reset-1', resend_in: 60, expires_in: 300, receivedAt: 1_700_000_000_000 };
export const resent: CodeSentAt = { ...codeSent, receivedAt: 1_700_000_090_000 };
export const emailNotRegistered = new ApiError(422, { key: errorKeys.emailNotRegistered });
export const wrongPhone = new ApiError(422, { key: errorKeys.wrongPhone });
export const codeIncorrect = new ApiError(422, { key: errorKeys.codeIncorrect, values: { attempts: 4 } });
export const codeExpired = new ApiError(422, { key: errorKeys.codeExpired });
export const verificationGone = new ApiError(422, { key: errorKeys.verificationGone });
export const resendTooSoon = new ApiError(429, { key: errorKeys.resendTooSoon, values: { seconds: 42 } });
export const networkDown = new TypeError('Failed to fetch');

export const identified = [
  { type: 'identify.change', field: 'email', value: 'demo@example.com' },
  { type: 'identify.change', field: 'phone', value: '99112233' },
] as const;
export const newPassword = [
  { type: 'password.change', field: 'password', value: 'newpass1' },
  { type: 'password.change', field: 'passwordAgain', value: 'newpass1' },
] as const;

const COOLING = 'forgotPassword.resetCode.resend.coolingDown';

export const forgotPasswordModel = defineModel({
  machine: forgotPasswordMachine,
  events: [
    ...identified,
    { type: 'identify.change', field: 'email', value: 'nope' },
    { type: 'identify.submit' },
    doneEvent('requestReset', codeSent),
    errorEvent('requestReset', emailNotRegistered),
    errorEvent('requestReset', wrongPhone),
    { type: 'code.change', value: '123456' },
    { type: 'code.change', value: '' },
    { type: 'code.submit' },
    doneEvent('verifyCode', {}),
    errorEvent('verifyCode', codeIncorrect),
    errorEvent('verifyCode', verificationGone),
    afterEvent('oneSecond', COOLING),
    afterEvent('resendDelay', COOLING),
    { type: 'code.resend' },
    doneEvent('resendCode', resent),
    errorEvent('resendCode', resendTooSoon),
    errorEvent('resendCode', verificationGone),
    errorEvent('resendCode', networkDown),
    ...newPassword,
    { type: 'password.change', field: 'passwordAgain', value: 'other12' },
    { type: 'password.submit' },
    doneEvent('resetPassword', {}),
    errorEvent('resetPassword', codeExpired),
    errorEvent('resetPassword', verificationGone),
    errorEvent('resetPassword', networkDown),
    { type: 'flow.resumed' },
    { type: 'xstate.route', to: '#identify' },
    { type: 'xstate.route', to: '#resetCode' },
    { type: 'xstate.route', to: '#newPassword' },
  ],
  // What the guards read, scoped to the step that reads it (the other steps' fields do not matter there).
  flags: (snapshot) => {
    const { context } = snapshot;
    return {
      ...(snapshot.matches('identify')
        ? { email: loginEmailSchema.safeParse(context.form.email).success, phone: phoneSchema.safeParse(context.form.phone).success }
        : {}),
      ...(snapshot.matches('resetCode') ? { code: verificationCodeSchema.safeParse(context.code).success } : {}),
      ...(snapshot.matches('newPassword')
        ? {
            password: newPasswordSchema.safeParse(context.newPassword.password).success,
            again: context.newPassword.passwordAgain !== '' && context.newPassword.passwordAgain === context.newPassword.password,
          }
        : {}),
      ticket: context.ticket !== null,
      verified: context.verified,
      error: context.error !== null,
    };
  },
  simplePaths: {
    flags: ({ context }) => ({ ticket: context.ticket !== null, verified: context.verified, error: context.error !== null }),
  },
});
