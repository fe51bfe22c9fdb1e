/**
 * Path model of machines/forgot-password.machine.ts: identify, the code step, the new password. The
 * code step is the code-verification child (its own model: code-verification.model.ts); here it is a
 * stub whose results are the child's outputs, and whose snapshots carry the step's progress.
 */
import { forgotPasswordMachine, type ForgotPasswordContext } from '../../machines/forgot-password.machine.ts';
import type { CodeVerificationInput, CodeVerificationOutput } from '../../machines/code-verification.machine.ts';
import { forgotPasswordBodySchema, formErrors, resetBodySchema, type CodeSent } from '../../contract/account.schema.ts';
import { ApiError } from '../../contract/api-error.ts';
import { errorKeys } from '../../contract/error.schema.ts';
import { loginEmailSchema, newPasswordSchema, phoneSchema } from '../../contract/validation.ts';
import { defineModel, doneEvent, errorEvent } from './path-kit.ts';

export const codeSent: CodeSent = { ticket: 'reset-1', resend_in: 60, expires_in: 300 };
export const emailNotRegistered = new ApiError(422, { key: errorKeys.emailNotRegistered });
export const wrongPhone = new ApiError(422, { key: errorKeys.wrongPhone });
export const codeExpired = new ApiError(422, { key: errorKeys.codeExpired });
export const verificationGone = new ApiError(422, { key: errorKeys.verificationGone });
export const networkDown = new TypeError('Failed to fetch');
export const childFailed = new Error('the code step failed');

export const PHONE = '99112233';
export const accepted: CodeVerificationOutput = { outcome: 'verified', ticket: codeSent.ticket, access: null };
export const gone: CodeVerificationOutput = { outcome: 'gone', error: { key: errorKeys.verificationGone } };

export const identified = [
  { type: 'identify.change', field: 'email', value: 'demo@example.com' },
  { type: 'identify.change', field: 'phone', value: PHONE },
] as const;
export const newPassword = [
  { type: 'password.change', field: 'password', value: 'newpass1' },
  { type: 'password.change', field: 'passwordAgain', value: 'newpass1' },
] as const;

/** What the code step starts from right after the server's answer. */
export const firstVisit: CodeVerificationInput = { ticket: codeSent.ticket, phone: PHONE, secondsLeft: codeSent.resend_in, code: '' };
/** Where the code step stood, as its child reports it (the parent reads only the context). */
export const progress: CodeVerificationInput = { ticket: codeSent.ticket, phone: PHONE, secondsLeft: 42, code: '12' };
export const childSnapshot = (context: CodeVerificationInput) => ({
  type: 'xstate.snapshot.codeVerification',
  snapshot: { status: 'active', value: { active: { code: 'editing', resend: 'countingDown' } }, context },
});

type Context = ForgotPasswordContext;
const shown = (error: unknown) => (error instanceof ApiError ? error.body : { key: errorKeys.generic });
const fieldsOf = (error: unknown) => (error instanceof ApiError ? error.fields : {});
const keyOf = (error: unknown) => (error instanceof ApiError ? error.body.key : null);
const without = (errors: Context['fieldErrors'], field: string) => Object.fromEntries(Object.entries(errors).filter(([key]) => key !== field));
const noPasswords = { password: '', passwordAgain: '' };

/** The forms' errors by the contract. */
export const expectedIdentifyErrors = ({ form }: Context) => formErrors(forgotPasswordBodySchema, form);
export const expectedPasswordErrors = ({ verification, newPassword: typed }: Context) =>
  formErrors(
    resetBodySchema,
    { ticket: verification?.ticket ?? '', password: typed.password },
    { password: typed.password, again: typed.passwordAgain, againField: 'passwordAgain' },
  );

export const forgotPasswordModel = defineModel({
  machine: forgotPasswordMachine,
  events: [
    ...identified,
    { type: 'identify.change', field: 'email', value: 'nope' },
    { type: 'identify.submit' },
    doneEvent('requestReset', codeSent),
    errorEvent('requestReset', emailNotRegistered),
    errorEvent('requestReset', wrongPhone),
    childSnapshot(progress),
    doneEvent('codeVerification', accepted),
    doneEvent('codeVerification', gone),
    errorEvent('codeVerification', childFailed),
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
      ...(snapshot.matches('newPassword')
        ? {
            password: newPasswordSchema.safeParse(context.newPassword.password).success,
            again: context.newPassword.passwordAgain !== '' && context.newPassword.passwordAgain === context.newPassword.password,
          }
        : {}),
      ticket: context.verification !== null,
      secondsLeft: context.verification?.secondsLeft ?? null,
      verified: context.verified,
      error: context.error !== null,
    };
  },
  simplePaths: {
    flags: ({ context }) => ({ ticket: context.verification !== null, verified: context.verified, error: context.error !== null }),
  },
  oracle: {
    initial: () => ({
      form: { email: '', phone: '' },
      newPassword: noPasswords,
      fieldErrors: {},
      error: null,
      verification: null,
      verified: false,
    }),
    initialState: () => 'identify.editing',
    effects: {
      'identify.change': (before: Context, event, from) =>
        from.matches('identify.editing') ? { form: { ...before.form, [event.field]: event.value }, fieldErrors: without(before.fieldErrors, event.field) } : {},
      'identify.submit': (before: Context, _, from) => (from.matches('identify.editing') ? { fieldErrors: expectedIdentifyErrors(before), error: null } : {}),
      'xstate.done.actor.requestReset': (before: Context, event) => ({
        verification: { ticket: (event.output as CodeSent).ticket, phone: before.form.phone, secondsLeft: (event.output as CodeSent).resend_in, code: '' },
        verified: false,
        error: null,
        fieldErrors: {},
        newPassword: noPasswords,
      }),
      'xstate.error.actor.requestReset': (_, event) => ({ error: shown(event.error), fieldErrors: fieldsOf(event.error) }),
      'xstate.snapshot.codeVerification': (_, event, from) =>
        from.matches('resetCode') ? { verification: (event.snapshot as { context: CodeVerificationInput }).context } : {},
      'xstate.done.actor.codeVerification': (_, event) =>
        (event.output as CodeVerificationOutput).outcome === 'verified'
          ? { verified: true, error: null, fieldErrors: {} }
          : { verification: null, verified: false, newPassword: noPasswords, error: { key: errorKeys.verificationGone } },
      'xstate.error.actor.codeVerification': () => ({ verification: null, verified: false, newPassword: noPasswords, error: { key: errorKeys.generic } }),
      'password.change': (before: Context, event, from) =>
        from.matches('newPassword.editing')
          ? { newPassword: { ...before.newPassword, [event.field]: event.value }, fieldErrors: without(before.fieldErrors, event.field) }
          : {},
      'password.submit': (before: Context, _, from) => (from.matches('newPassword.editing') ? { fieldErrors: expectedPasswordErrors(before), error: null } : {}),
      'xstate.error.actor.resetPassword': (before: Context, event) => {
        const key = keyOf(event.error);
        if (key === errorKeys.verificationGone) return { verification: null, verified: false, newPassword: noPasswords, error: shown(event.error) };
        // The time to choose a password ran out: back to the code step, which says so.
        if (key === errorKeys.codeExpired) {
          return {
            verified: false,
            newPassword: noPasswords,
            error: null,
            fieldErrors: {},
            verification: before.verification && { ...before.verification, code: '', error: shown(event.error) },
          };
        }
        return { error: shown(event.error), fieldErrors: fieldsOf(event.error) };
      },
    },
    targets: {
      'identify.submit': (before: Context, _, from) =>
        from.matches('identify.editing') ? (Object.keys(expectedIdentifyErrors(before)).length === 0 ? 'identify.sending' : 'identify.editing') : undefined,
      'xstate.done.actor.requestReset': () => 'resetCode',
      'xstate.error.actor.requestReset': () => 'identify.editing',
      'xstate.done.actor.codeVerification': (_, event) => ((event.output as CodeVerificationOutput).outcome === 'verified' ? 'newPassword.editing' : 'identify.editing'),
      'xstate.error.actor.codeVerification': () => 'identify.editing',
      'password.submit': (before: Context, _, from) =>
        from.matches('newPassword.editing') ? (Object.keys(expectedPasswordErrors(before)).length === 0 ? 'newPassword.saving' : 'newPassword.editing') : undefined,
      'xstate.done.actor.resetPassword': () => 'done',
      'xstate.error.actor.resetPassword': (_, event) => {
        const key = keyOf(event.error);
        return key === errorKeys.verificationGone ? 'identify.editing' : key === errorKeys.codeExpired ? 'resetCode' : 'newPassword.editing';
      },
    },
    states: {
      resetCode: ({ verification }, state) => verification !== null && state.running.includes('codeVerification'),
      // The new password is only asked for once the code was accepted.
      newPassword: ({ verification, verified }) => verification !== null && verified,
      done: (_, state) => state.status === 'done',
    },
    sent: {
      requestReset: ({ form }) => form,
      codeVerification: ({ verification }) => verification,
      resetPassword: ({ verification, newPassword: typed }) => ({ ticket: verification?.ticket, password: typed.password }),
    },
    // Success is announced exactly once, when the new password is saved.
    calls: (_, event) => (event.type === 'xstate.done.actor.resetPassword' ? [{ action: 'finish' }] : []),
  },
});
