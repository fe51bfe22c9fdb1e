import { describe, expect, it } from 'vitest';
import { errorKeys } from '../../contract/error.schema.ts';
import { afterEvent, doneEvent, errorEvent, pathFromEvents, replayPath } from './path-kit.ts';
import { describePaths } from './path-suite.ts';
import {
  alreadyRegistered,
  codeExpired,
  codeIncorrect,
  codeSent,
  newToken,
  registrationModel,
  resendTooSoon,
  resent,
  validDetails,
  verificationGone,
} from './registration.model.ts';

const submitted = [...validDetails, { type: 'details.submit' }, doneEvent('startRegistration', codeSent)];

describePaths('registration', registrationModel, {
  invariants: ({ steps, calls, invocations }) => {
    for (const { step, snapshot } of steps) {
      // The code step is persisted: it never holds a password.
      if (snapshot.matches('code')) {
        expect(snapshot.context.form.password).toBe('');
        expect(snapshot.context.form.passwordAgain).toBe('');
        expect(snapshot.context.ticket).not.toBeNull();
      }
      if (step.event.type.startsWith('xstate.error.actor.')) expect(snapshot.context.error).not.toBeNull();
    }
    // The new account is signed in exactly when the code is confirmed, with the server's token.
    const confirmed = steps.filter(({ step }) => step.event.type === 'xstate.done.actor.confirmRegistration');
    expect(calls.map((call) => [call.action, call.params])).toEqual(confirmed.map(() => ['signIn', { access: newToken }]));
    for (const { snapshot } of confirmed) expect(snapshot.status).toBe('done');
    // Requests carry what the form says: the register number combined, the phone as typed.
    for (const call of invocations.filter((invocation) => invocation.id === 'startRegistration')) {
      expect(call.input).toMatchObject({ email: 'new@example.com', password: 'secret12', register: 'УЕ95031218', phone: '99001101' });
    }
  },
});

describe('registration behaviour', () => {
  it('keeps a deep link to the code step on the form until a code was sent', async () => {
    const replay = await replayPath(registrationModel, pathFromEvents(registrationModel, [{ type: 'xstate.route', to: '#code' }]));
    expect(replay.steps.at(-1)?.snapshot.value).toEqual({ details: 'editing' });
  });

  it('validates every field before calling the server, and keeps what was typed on a refusal', async () => {
    const path = pathFromEvents(registrationModel, [
      { type: 'details.submit' },
      ...validDetails,
      { type: 'details.change', field: 'passwordAgain', value: 'other12' },
      { type: 'details.submit' },
      { type: 'details.change', field: 'passwordAgain', value: 'secret12' },
      { type: 'details.submit' },
      errorEvent('startRegistration', alreadyRegistered),
    ]);
    const replay = await replayPath(registrationModel, path);
    expect(Object.keys(replay.steps[1]?.snapshot.context.fieldErrors ?? {}).sort()).toEqual(['email', 'password', 'passwordAgain', 'phone', 'register']);
    expect(replay.steps[8]?.snapshot.context.fieldErrors).toEqual({ passwordAgain: { key: 'validation.passwordMismatch', values: {} } });
    expect(replay.invocations.map((call) => call.step)).toEqual([10]);
    const last = replay.steps.at(-1)?.snapshot;
    expect(last?.value).toEqual({ details: 'editing' });
    expect(last?.context.error).toEqual({ key: errorKeys.alreadyRegistered });
    expect(last?.context.form).toMatchObject({ email: 'new@example.com', password: 'secret12', phone: '99001101' });
  });

  it('goes to the code step, forgets the passwords, and waits 60 s from the answer before a resend', async () => {
    const replay = await replayPath(registrationModel, pathFromEvents(registrationModel, submitted));
    const code = replay.steps.at(-1)?.snapshot;
    expect(code?.value).toEqual({ code: { entry: 'editing', resend: 'coolingDown' } });
    expect(code?.context).toMatchObject({ ticket: codeSent.ticket, resendAt: codeSent.receivedAt + 60_000 });
    expect(code?.context.form.password).toBe('');
  });

  it("shows 'incorrect' and 'expired' as different messages and keeps the code step", async () => {
    for (const [error, key] of [[codeIncorrect, errorKeys.codeIncorrect], [codeExpired, errorKeys.codeExpired]] as const) {
      const path = pathFromEvents(registrationModel, [
        ...submitted,
        { type: 'code.change', value: '123456' },
        { type: 'code.submit' },
        errorEvent('confirmRegistration', error),
      ]);
      const last = (await replayPath(registrationModel, path)).steps.at(-1)?.snapshot;
      expect(last?.matches({ code: { entry: 'editing' } })).toBe(true);
      expect(last?.context.error?.key).toBe(key);
      expect(last?.context.code).toBe('123456');
    }
  });

  it('resends once the wait is over, and follows the server when it says to wait longer', async () => {
    const path = pathFromEvents(registrationModel, [
      ...submitted,
      afterEvent('resendDelay', 'registration.code.resend.coolingDown'),
      { type: 'code.resend' },
      errorEvent('resendCode', resendTooSoon),
      afterEvent('resendDelay', 'registration.code.resend.coolingDown'),
      { type: 'code.resend' },
      doneEvent('resendCode', resent),
    ]);
    const replay = await replayPath(registrationModel, path);
    const refused = replay.steps[submitted.length + 3]?.snapshot;
    expect(refused?.matches({ code: { resend: 'coolingDown' } })).toBe(true);
    expect(refused?.context.error).toEqual(resendTooSoon.body);
    expect(replay.invocations.filter((call) => call.id === 'resendCode').map((call) => call.input)).toEqual([
      { ticket: codeSent.ticket },
      { ticket: codeSent.ticket },
    ]);
    const last = replay.steps.at(-1)?.snapshot;
    expect(last?.context).toMatchObject({ resendAt: resent.receivedAt + 60_000, notice: { key: 'account.code.resent' }, error: null });
  });

  it('continues the same verification after going back to correct the form', async () => {
    const path = pathFromEvents(registrationModel, [
      ...submitted,
      { type: 'xstate.route', to: '#details' },
      { type: 'details.change', field: 'password', value: 'secret12' },
      { type: 'details.change', field: 'passwordAgain', value: 'secret12' },
      { type: 'details.submit' },
    ]);
    const replay = await replayPath(registrationModel, path);
    expect(replay.invocations.at(-1)?.input).toMatchObject({ ticket: codeSent.ticket });
  });

  it('starts over on the form when the verification is gone', async () => {
    const path = pathFromEvents(registrationModel, [
      ...submitted,
      { type: 'code.change', value: '123456' },
      { type: 'code.submit' },
      errorEvent('confirmRegistration', verificationGone),
      { type: 'xstate.route', to: '#code' },
    ]);
    const last = (await replayPath(registrationModel, path)).steps.at(-1)?.snapshot;
    expect(last?.value).toEqual({ details: 'editing' });
    expect(last?.context).toMatchObject({ ticket: null, error: { key: errorKeys.verificationGone }, form: { email: 'new@example.com' } });
  });
});
