import { describe, expect, it } from 'vitest';
import { errorKeys } from '../../contract/error.schema.ts';
import {
  codeExpired,
  codeSent,
  forgotPasswordModel,
  identified,
  newPassword,
  verificationGone,
  wrongPhone,
} from './forgot-password.model.ts';
import { doneEvent, errorEvent, pathFromEvents, replayPath } from './path-kit.ts';
import { describePaths } from './path-suite.ts';

const toCode = [...identified, { type: 'identify.submit' }, doneEvent('requestReset', codeSent)];
const toNewPassword = [...toCode, { type: 'code.change', value: '123456' }, { type: 'code.submit' }, doneEvent('verifyCode', {})];

describePaths('forgot-password', forgotPasswordModel, {
  invariants: ({ steps, calls, invocations }) => {
    for (const { step, snapshot } of steps) {
      if (snapshot.matches('newPassword')) expect(snapshot.context.verified).toBe(true);
      if (snapshot.matches('resetCode') || snapshot.matches('newPassword')) expect(snapshot.context.ticket).not.toBeNull();
      if (step.event.type.startsWith('xstate.error.actor.')) expect(snapshot.context.error).not.toBeNull();
    }
    // Success is announced exactly once, when the new password is saved.
    const saved = steps.filter(({ step }) => step.event.type === 'xstate.done.actor.resetPassword');
    expect(calls.map((call) => call.action)).toEqual(saved.map(() => 'finish'));
    for (const call of invocations.filter((invocation) => invocation.id === 'resetPassword')) {
      expect(call.input).toEqual({ ticket: codeSent.ticket, password: 'newpass1' });
    }
  },
});

describe('forgot-password behaviour', () => {
  it('sends deep links to later steps back to the first incomplete one', async () => {
    for (const to of ['#resetCode', '#newPassword']) {
      const replay = await replayPath(forgotPasswordModel, pathFromEvents(forgotPasswordModel, [{ type: 'xstate.route', to }]));
      expect(replay.steps.at(-1)?.snapshot.value).toEqual({ identify: 'editing' });
    }
    const atCode = await replayPath(forgotPasswordModel, pathFromEvents(forgotPasswordModel, [...toCode, { type: 'xstate.route', to: '#newPassword' }]));
    expect(atCode.steps.at(-1)?.snapshot.matches('resetCode')).toBe(true);
  });

  it('keeps the form and shows the SPEC message when the phone is wrong', async () => {
    const replay = await replayPath(forgotPasswordModel, pathFromEvents(forgotPasswordModel, [...identified, { type: 'identify.submit' }, errorEvent('requestReset', wrongPhone)]));
    const last = replay.steps.at(-1)?.snapshot;
    expect(last?.value).toEqual({ identify: 'editing' });
    expect(last?.context).toMatchObject({ error: { key: errorKeys.wrongPhone }, form: { email: 'demo@example.com', phone: '99112233' } });
  });

  it('sets the new password after the code and finishes', async () => {
    const replay = await replayPath(forgotPasswordModel, pathFromEvents(forgotPasswordModel, [...toNewPassword, ...newPassword, { type: 'password.submit' }, doneEvent('resetPassword', {})]));
    expect(replay.steps[toNewPassword.length]?.snapshot.value).toEqual({ newPassword: 'editing' });
    expect(replay.steps.at(-1)?.snapshot.status).toBe('done');
    expect(replay.invocations.find((call) => call.id === 'verifyCode')?.input).toEqual({ ticket: codeSent.ticket, code: '123456' });
  });

  it('asks for a new code when the time to choose a password ran out, and starts over when the verification is gone', async () => {
    const expired = await replayPath(forgotPasswordModel, pathFromEvents(forgotPasswordModel, [...toNewPassword, ...newPassword, { type: 'password.submit' }, errorEvent('resetPassword', codeExpired)]));
    const atCode = expired.steps.at(-1)?.snapshot;
    expect(atCode?.matches('resetCode')).toBe(true);
    expect(atCode?.context).toMatchObject({ verified: false, error: { key: errorKeys.codeExpired }, newPassword: { password: '', passwordAgain: '' } });

    const gone = await replayPath(forgotPasswordModel, pathFromEvents(forgotPasswordModel, [...toCode, { type: 'code.change', value: '123456' }, { type: 'code.submit' }, errorEvent('verifyCode', verificationGone)]));
    expect(gone.steps.at(-1)?.snapshot.value).toEqual({ identify: 'editing' });
    expect(gone.steps.at(-1)?.snapshot.context.ticket).toBeNull();
  });
});
