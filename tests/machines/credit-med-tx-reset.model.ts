/**
 * Path model of machines/credit-med-tx-reset.machine.ts: the code sent to the account's phone, the code
 * step (the code-verification child, a stub here: its outputs and snapshots are sample events), the new
 * transaction password, done. The oracle restates what each event must do from the contract's schema.
 */
import type { CodeSent } from '../../contract/account.schema.ts';
import { ApiError } from '../../contract/api-error.ts';
import { cmTxPasswordResetBodySchema } from '../../contract/credit-med-request.schema.ts';
import { errorKeys } from '../../contract/error.schema.ts';
import { toFieldErrors, type FieldErrors, type Message } from '../../contract/validation.ts';
import type { CodeVerificationInput, CodeVerificationOutput } from '../../machines/code-verification.machine.ts';
import { creditMedTxResetMachine, type TxResetContext } from '../../machines/credit-med-tx-reset.machine.ts';
import { defineModel, doneEvent, errorEvent } from './path-kit.ts';

export const PHONE = '99****01';
export const codeSent: CodeSent = { ticket: 'tx-reset-1', resend_in: 60, expires_in: 300 };
export const accepted: CodeVerificationOutput = { outcome: 'verified', ticket: codeSent.ticket, access: null };
export const gone: CodeVerificationOutput = { outcome: 'gone', error: { key: errorKeys.verificationGone } };
export const noContract = new ApiError(404, { key: errorKeys.notFound });
export const verificationGone = new ApiError(422, { key: errorKeys.verificationGone });
export const codeExpired = new ApiError(422, { key: errorKeys.codeExpired });
export const networkDown = new TypeError('Failed to fetch');
export const childFailed = new Error('the code step failed');
export const progress: CodeVerificationInput = { ticket: codeSent.ticket, phone: PHONE, secondsLeft: 42, code: '12' };
export const childSnapshot = (context: CodeVerificationInput) => ({
  type: 'xstate.snapshot.codeVerification',
  snapshot: { status: 'active', value: { active: { code: 'editing', resend: 'countingDown' } }, context },
});
export const newPassword = [
  { type: 'password.change', field: 'password', value: '730591' },
  { type: 'password.change', field: 'password_confirm', value: '730591' },
] as const;

type Context = TxResetContext;
const shown = (error: unknown): Message => (error instanceof ApiError ? error.body : { key: errorKeys.generic });
const fieldsOf = (error: unknown): FieldErrors => (error instanceof ApiError ? error.fields : {});
const keyOf = (error: unknown) => (error instanceof ApiError ? error.body.key : null);
const without = (errors: FieldErrors, field: string) => Object.fromEntries(Object.entries(errors).filter(([key]) => key !== field));
const noPasswords = { password: '', password_confirm: '' };

export const expectedErrors = ({ verification, form }: Context): FieldErrors => {
  const result = cmTxPasswordResetBodySchema.safeParse({ ticket: verification?.ticket ?? '', ...form });
  return result.success ? {} : toFieldErrors(result.error);
};
const valid = (context: Context) => Object.keys(expectedErrors(context)).length === 0;
const ended = (error: Message): Partial<Context> => ({ verification: null, form: noPasswords, error, fieldErrors: {} });

export const creditMedTxResetModel = defineModel({
  machine: creditMedTxResetMachine,
  inputs: [{ label: 'the account phone', input: { phone: PHONE } }],
  events: [
    doneEvent('startReset', codeSent),
    errorEvent('startReset', noContract),
    { type: 'reset.retry' },
    childSnapshot(progress),
    doneEvent('codeVerification', accepted),
    doneEvent('codeVerification', gone),
    errorEvent('codeVerification', childFailed),
    ...newPassword,
    { type: 'password.change', field: 'password', value: '123456' },
    { type: 'password.submit' },
    doneEvent('savePassword', {}),
    errorEvent('savePassword', verificationGone),
    errorEvent('savePassword', codeExpired),
    errorEvent('savePassword', networkDown),
  ],
  flags: (snapshot) => ({
    // The typed values themselves (a few samples): the form's progress is what the submit's guard reads.
    ...(snapshot.matches('choosing') ? { password: snapshot.context.form.password, again: snapshot.context.form.password_confirm, valid: valid(snapshot.context) } : {}),
    ticket: snapshot.context.verification !== null,
    error: snapshot.context.error !== null,
  }),
  simplePaths: false,
  oracle: {
    initial: (input) => ({ phone: (input as { phone: string }).phone, verification: null, form: noPasswords, fieldErrors: {}, error: null }),
    initialState: () => 'sending',
    effects: {
      'xstate.done.actor.startReset': (before: Context, event) => ({
        verification: { ticket: (event.output as CodeSent).ticket, phone: before.phone, secondsLeft: (event.output as CodeSent).resend_in, code: '' },
        error: null,
        fieldErrors: {},
      }),
      'xstate.error.actor.startReset': (_, event) => ({ error: shown(event.error), fieldErrors: fieldsOf(event.error) }),
      'xstate.snapshot.codeVerification': (_, event, from) => (from.matches('confirming') ? { verification: (event.snapshot as { context: CodeVerificationInput }).context } : {}),
      'xstate.done.actor.codeVerification': (_, event) => {
        const output = event.output as CodeVerificationOutput;
        return output.outcome === 'verified' ? {} : ended(output.error);
      },
      'xstate.error.actor.codeVerification': () => ended({ key: errorKeys.generic }),
      'password.change': (before: Context, event, from) =>
        from.matches('choosing.editing') ? { form: { ...before.form, [event.field]: event.value }, fieldErrors: without(before.fieldErrors, event.field) } : {},
      'password.submit': (before: Context, _, from) => (from.matches('choosing.editing') ? { fieldErrors: expectedErrors(before), error: null } : {}),
      'xstate.done.actor.savePassword': () => ({ form: noPasswords }),
      'xstate.error.actor.savePassword': (_, event) => {
        const key = keyOf(event.error);
        if (key === errorKeys.verificationGone) return ended(shown(event.error));
        if (key === errorKeys.codeExpired) return { form: noPasswords, error: shown(event.error), fieldErrors: fieldsOf(event.error) };
        return { error: shown(event.error), fieldErrors: fieldsOf(event.error) };
      },
    },
    targets: {
      'xstate.done.actor.startReset': () => 'confirming',
      'xstate.error.actor.startReset': () => 'failed',
      'reset.retry': (_, __, from) => (from.matches('failed') ? 'sending' : from.value),
      'xstate.done.actor.codeVerification': (_, event) => ((event.output as CodeVerificationOutput).outcome === 'verified' ? 'choosing.editing' : 'failed'),
      'xstate.error.actor.codeVerification': () => 'failed',
      'password.submit': (before: Context, _, from) => (from.matches('choosing.editing') ? (valid(before) ? 'choosing.saving' : 'choosing.editing') : from.value),
      'xstate.done.actor.savePassword': () => 'done',
      'xstate.error.actor.savePassword': (_, event) => {
        const key = keyOf(event.error);
        return key === errorKeys.verificationGone ? 'failed' : key === errorKeys.codeExpired ? 'sending' : 'choosing.editing';
      },
    },
    states: {
      sending: (_, state) => state.running.includes('startReset'),
      confirming: ({ verification }, state) => verification !== null && state.running.includes('codeVerification'),
      choosing: ({ verification }) => verification !== null,
      done: (context, state) => state.status === 'done' && context.form.password === '',
    },
    sent: {
      codeVerification: ({ verification }) => verification,
      savePassword: ({ verification, form }) => ({ ticket: verification?.ticket, ...form }),
    },
  },
});
