import { describe, expect, it } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { errorKeys } from '../../contract/error.schema.ts';
import { connectForgotPassword } from '../../machines/forgot-password.connect.ts';
import { currentStepPath } from '../../src/flows/route-states.ts';
import {
  accepted,
  childFailed,
  childSnapshot,
  codeExpired,
  codeSent,
  firstVisit,
  forgotPasswordModel,
  gone,
  identified,
  newPassword,
  progress,
  verificationGone,
  wrongPhone,
} from './forgot-password.model.ts';
import { doneEvent, errorEvent, pathFromEvents, replayPath } from './path-kit.ts';
import { describePaths } from './path-suite.ts';

const toCode = [...identified, { type: 'identify.submit' }, doneEvent('requestReset', codeSent)];
const toNewPassword = [...toCode, doneEvent('codeVerification', accepted)];
const replay = async (events: readonly AnyEventObject[]) => replayPath(forgotPasswordModel, pathFromEvents(forgotPasswordModel, events));

/**
 * What each step's address should be, written out from the routes (not read from the machine's meta):
 * /login/forgot-password, then …/code, then …/new-password, each adding a history entry; the end has
 * none of its own (the page sends the user on to sign in).
 */
const expectedAddress = (snapshot: Parameters<typeof currentStepPath>[0]): { path: string; replace: boolean } | null => {
  if (snapshot.matches('identify' as never)) return { path: '/login/forgot-password', replace: false };
  if (snapshot.matches('resetCode' as never)) return { path: '/login/forgot-password/code', replace: false };
  if (snapshot.matches('newPassword' as never)) return { path: '/login/forgot-password/new-password', replace: false };
  return null;
};

describePaths('forgot-password', forgotPasswordModel, {
  invariants: ({ steps }) => {
    for (const { step, snapshot } of steps) {
      // Every step's address (the page passes no parameters).
      expect(currentStepPath(snapshot, {})).toEqual(expectedAddress(snapshot));
      const view = connectForgotPassword(snapshot as never);
      // The page shows the step the machine is in, the code step with its child to render.
      const expected = snapshot.matches('resetCode') ? 'code' : snapshot.matches('identify') ? 'identify' : 'newPassword';
      expect(view.step).toBe(expected);
      expect(view.codeVerification !== null).toBe(snapshot.matches('resetCode'));
      expect(view.codeVerification).toBe(snapshot.children.codeVerification ?? null);
      // The forms and messages are the context as it is; the buttons wait while a request runs.
      const { context, value } = snapshot;
      expect(view).toMatchObject({
        fields: context.form,
        newPassword: context.newPassword,
        errors: context.fieldErrors,
        error: context.error,
        isSubmitting: JSON.stringify(value) === JSON.stringify({ identify: 'sending' }),
        isSaving: JSON.stringify(value) === JSON.stringify({ newPassword: 'saving' }) || value === 'done',
      });
      if (step.event.type.startsWith('xstate.error.actor.') && !snapshot.matches('resetCode')) expect(snapshot.context.error).not.toBeNull();
    }
  },
});

describe('forgot-password behaviour', () => {
  it('sends deep links to later steps back to the first incomplete one', async () => {
    for (const to of ['#resetCode', '#newPassword']) {
      const last = (await replay([{ type: 'xstate.route', to }])).steps.at(-1)?.snapshot;
      expect(last?.value).toEqual({ identify: 'editing' });
    }
    const atCode = await replay([...toCode, { type: 'xstate.route', to: '#newPassword' }]);
    expect(atCode.steps.at(-1)?.snapshot.matches('resetCode')).toBe(true);
  });

  it('keeps the form and shows the SPEC message when the phone is wrong', async () => {
    const last = (await replay([...identified, { type: 'identify.submit' }, errorEvent('requestReset', wrongPhone)])).steps.at(-1)?.snapshot;
    expect(last?.value).toEqual({ identify: 'editing' });
    expect(connectForgotPassword(last as never)).toMatchObject({ error: { key: errorKeys.wrongPhone }, fields: { email: 'demo@example.com', phone: '99112233' } });
  });

  it('starts the code step from the server’s answer, then sets the new password and finishes', async () => {
    const result = await replay([...toNewPassword, ...newPassword, { type: 'password.submit' }, doneEvent('resetPassword', {})]);
    expect(result.invocations.find((call) => call.id === 'codeVerification')?.input).toEqual(firstVisit);
    expect(result.steps[toNewPassword.length]?.snapshot.value).toEqual({ newPassword: 'editing' });
    expect(result.steps.at(-1)?.snapshot.status).toBe('done');
    expect(result.invocations.find((call) => call.id === 'resetPassword')?.input).toEqual({ ticket: codeSent.ticket, password: 'newpass1' });
  });

  it('asks for a new code when the time to choose a password ran out: the code step comes back with the message', async () => {
    const result = await replay([...toCode, childSnapshot(progress), doneEvent('codeVerification', accepted), ...newPassword, { type: 'password.submit' }, errorEvent('resetPassword', codeExpired)]);
    const atCode = result.steps.at(-1)?.snapshot;
    expect(atCode?.matches('resetCode')).toBe(true);
    expect(atCode?.context).toMatchObject({ verified: false, error: null, newPassword: { password: '', passwordAgain: '' } });
    // The child starts again where it stood, without the old code, saying why it is back.
    expect(result.invocations.filter((call) => call.id === 'codeVerification').at(-1)?.input).toEqual({
      ...progress,
      code: '',
      error: { key: errorKeys.codeExpired },
    });
  });

  it('starts over when the verification is gone or the code step fails', async () => {
    for (const [ending, key] of [
      [doneEvent('codeVerification', gone), errorKeys.verificationGone],
      [errorEvent('codeVerification', childFailed), errorKeys.generic],
    ] as const) {
      const last = (await replay([...toCode, ending])).steps.at(-1)?.snapshot;
      expect(last?.value).toEqual({ identify: 'editing' });
      expect(last?.context).toMatchObject({ verification: null, error: { key }, form: { email: 'demo@example.com' } });
    }
    const late = (await replay([...toNewPassword, ...newPassword, { type: 'password.submit' }, errorEvent('resetPassword', verificationGone)])).steps.at(-1)?.snapshot;
    expect(late?.value).toEqual({ identify: 'editing' });
    expect(late?.context.verification).toBeNull();
  });
});
