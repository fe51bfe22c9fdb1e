/**
 * Path model of machines/code-verification.machine.ts: the code field, verify (accepted, incorrect,
 * expired, tries used up, gone, failed), the resend countdown and resend (sent, too soon, gone, too
 * many, failed), and `flow.resumed`. The waits are short (2 s, 1 s) so every second of a countdown
 * is its own state of the graph.
 */
import { codeVerificationMachine, type CodeVerificationContext, type CodeVerificationInput } from '../../machines/code-verification.machine.ts';
import { verificationCodeSchema, type CodeSent } from '../../contract/account.schema.ts';
import { ApiError } from '../../contract/api-error.ts';
import { errorKeys } from '../../contract/error.schema.ts';
import { toFieldErrors, type FieldErrors, type Message } from '../../contract/validation.ts';
import { afterEvent, defineModel, doneEvent, errorEvent } from './path-kit.ts';

export const TICKET = 'ticket-1';
export const PHONE = '99001101';
export const newToken = 'token-of-the-new-account';

export const freshCode: CodeVerificationInput = { ticket: TICKET, phone: PHONE, secondsLeft: 2 };
export const cameBack: CodeVerificationInput = {
  ticket: TICKET,
  phone: PHONE,
  secondsLeft: 0,
  code: '654321',
  error: { key: errorKeys.codeExpired },
};

export const resent: CodeSent = { ticket: TICKET, resend_in: 2, expires_in: 300 };
export const codeIncorrect = new ApiError(422, { key: errorKeys.codeIncorrect, values: { attempts: 4 } });
export const codeExpired = new ApiError(422, { key: errorKeys.codeExpired });
export const codeAttemptsUsed = new ApiError(429, { key: errorKeys.codeAttemptsUsed });
export const verificationGone = new ApiError(422, { key: errorKeys.verificationGone });
export const resendTooSoon = new ApiError(429, { key: errorKeys.resendTooSoon, values: { seconds: 1 } });
export const tooManyCodes = new ApiError(429, { key: errorKeys.tooManyAttempts });
export const badCode = new ApiError(400, { key: errorKeys.invalidRequest }, { code: { key: 'validation.onlyNumbers', values: {} } });
export const networkDown = new TypeError('Failed to fetch');

const COUNTING_DOWN = 'codeVerification.active.resend.countingDown';
export const TICK = afterEvent('oneSecond', COUNTING_DOWN);

// ------------------------------------------------------------------------------------------------
// The reference: what the SPEC and docs/decisions.md ("Codes") say, written without the machine
// ------------------------------------------------------------------------------------------------

/** The code field's errors: the contract's rule for a typed code. */
export const expectedCodeErrors = (code: string): FieldErrors => {
  const result = verificationCodeSchema.safeParse(code);
  return result.success ? {} : { code: toFieldErrors(result.error)._ as Message };
};

/** What a failed call shows: the server's message, or the generic one for anything else. */
export const shown = (error: unknown): Message => (error instanceof ApiError ? error.body : { key: errorKeys.generic });
const fieldsOf = (error: unknown): FieldErrors => (error instanceof ApiError ? error.fields : {});
const keyOf = (error: unknown) => (error instanceof ApiError ? error.body.key : null);
const without = (errors: FieldErrors, field: string) => Object.fromEntries(Object.entries(errors).filter(([key]) => key !== field));

type Context = CodeVerificationContext;

export const codeVerificationModel = defineModel({
  machine: codeVerificationMachine,
  inputs: [
    { label: 'a new code', input: freshCode },
    { label: 'back on the step after the wait, sent back with a message', input: cameBack },
  ],
  events: [
    { type: 'code.change', value: '123456' },
    { type: 'code.change', value: '12a' },
    { type: 'code.submit' },
    doneEvent('verifyCode', {}),
    doneEvent('verifyCode', { access: newToken }),
    errorEvent('verifyCode', codeIncorrect),
    errorEvent('verifyCode', codeExpired),
    errorEvent('verifyCode', codeAttemptsUsed),
    errorEvent('verifyCode', verificationGone),
    errorEvent('verifyCode', badCode),
    errorEvent('verifyCode', networkDown),
    TICK,
    { type: 'code.resend' },
    doneEvent('sendCode', resent),
    errorEvent('sendCode', resendTooSoon),
    errorEvent('sendCode', verificationGone),
    errorEvent('sendCode', tooManyCodes),
    errorEvent('sendCode', networkDown),
    { type: 'flow.resumed' },
  ],
  // isCodeValid reads the code, canResend the seconds; the messages and the outcome are what the
  // view shows and what the parent gets.
  flags: ({ context }) => ({
    code: verificationCodeSchema.safeParse(context.code).success,
    secondsLeft: context.secondsLeft,
    error: context.error?.key ?? null,
    notice: context.notice !== null,
    outcome: context.outcome?.outcome ?? null,
  }),
  simplePaths: {
    flags: ({ context }) => ({
      code: verificationCodeSchema.safeParse(context.code).success,
      waiting: context.secondsLeft > 0,
      outcome: context.outcome?.outcome ?? null,
    }),
  },
  oracle: {
    initial: (input) => ({
      ticket: input.ticket,
      phone: input.phone,
      code: input.code ?? '',
      fieldErrors: {},
      error: input.error ?? null,
      notice: null,
      secondsLeft: input.secondsLeft,
      outcome: null,
    }),
    initialState: (input) => (input.secondsLeft > 0 ? 'active.resend.countingDown' : 'active.resend.ready'),
    effects: {
      'code.change': (before: Context, event, from) =>
        from.matches('active.code.editing') ? { code: event.value, fieldErrors: without(before.fieldErrors, 'code') } : {},
      'code.submit': (before: Context, _, from) =>
        from.matches('active.code.editing') ? { fieldErrors: expectedCodeErrors(before.code), error: null, notice: null } : {},
      'code.resend': (_, __, from) => (from.matches('active.resend.ready') ? { error: null, notice: null } : {}),
      'xstate.done.actor.verifyCode': (before: Context, event) => ({
        outcome: { outcome: 'verified' as const, ticket: before.ticket, access: (event.output as { access?: string }).access ?? null },
        error: null,
        notice: null,
        fieldErrors: {},
      }),
      // Every refusal keeps the code typed; only a verification the server no longer knows ends it.
      'xstate.error.actor.verifyCode': (_, event) =>
        keyOf(event.error) === errorKeys.verificationGone
          ? { outcome: { outcome: 'gone' as const, error: shown(event.error) }, error: shown(event.error) }
          : { error: shown(event.error), fieldErrors: fieldsOf(event.error), notice: null },
      // A second passes only while the countdown runs (no timer is set in any other state).
      'xstate.after.oneSecond.codeVerification.active.resend.countingDown': (before: Context, _, from) => (from.matches('active.resend.countingDown') ? { secondsLeft: before.secondsLeft - 1 } : {}),
      // A new code: the old one no longer counts, and the server's wait starts again.
      'xstate.done.actor.sendCode': (_, event) => ({
        secondsLeft: (event.output as CodeSent).resend_in,
        notice: { key: 'code.resent' },
        error: null,
        code: '',
      }),
      'xstate.error.actor.sendCode': (_, event) => {
        const key = keyOf(event.error);
        if (key === errorKeys.resendTooSoon) return { error: shown(event.error), secondsLeft: Number(shown(event.error).values?.seconds) };
        if (key === errorKeys.verificationGone) return { outcome: { outcome: 'gone' as const, error: shown(event.error) }, error: shown(event.error) };
        return { error: shown(event.error), fieldErrors: fieldsOf(event.error), notice: null };
      },
    },
    targets: {
      'code.submit': (before: Context, _, from) =>
        from.matches('active.code.editing') ? (Object.keys(expectedCodeErrors(before.code)).length === 0 ? 'active.code.verifying' : 'active.code.editing') : undefined,
      'code.resend': (_, __, from) => (from.matches('active.resend.ready') ? 'active.resend.sending' : undefined),
      'xstate.done.actor.verifyCode': () => 'verified',
      'xstate.error.actor.verifyCode': (_, event) => (keyOf(event.error) === errorKeys.verificationGone ? 'gone' : 'active.code.editing'),
      'xstate.after.oneSecond.codeVerification.active.resend.countingDown': (before: Context, _, from) =>
        from.matches('active.resend.countingDown') ? (before.secondsLeft > 1 ? 'active.resend.countingDown' : 'active.resend.ready') : undefined,
      'xstate.done.actor.sendCode': () => 'active.resend.countingDown',
      'xstate.error.actor.sendCode': (_, event) => {
        const key = keyOf(event.error);
        if (key === errorKeys.resendTooSoon) return 'active.resend.countingDown';
        return key === errorKeys.verificationGone ? 'gone' : 'active.resend.ready';
      },
      'flow.resumed': (_, __, from) => (from.matches('active.resend.countingDown') ? 'active.resend.countingDown' : undefined),
    },
    states: {
      // The button waits exactly while seconds are left.
      'active.resend.countingDown': ({ secondsLeft }) => secondsLeft > 0,
      'active.resend.ready': ({ secondsLeft }) => secondsLeft === 0,
      'active.resend.sending': (_, state) => state.running.includes('sendCode'),
      'active.code.verifying': (_, state) => state.running.includes('verifyCode'),
      verified: ({ outcome }, state) => outcome?.outcome === 'verified' && state.status === 'done',
      gone: ({ outcome }, state) => outcome?.outcome === 'gone' && state.status === 'done',
      '*': ({ ticket, phone }) => ticket === TICKET && phone === PHONE,
    },
    sent: {
      verifyCode: ({ ticket, code }) => ({ ticket, code: code.trim() }),
      sendCode: ({ ticket }) => ({ ticket }),
    },
  },
});
