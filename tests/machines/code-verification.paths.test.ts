import { describe, expect, it } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { errorKeys } from '../../contract/error.schema.ts';
import { connectCodeVerification } from '../../machines/code-verification.connect.ts';
import {
  cameBack,
  codeAttemptsUsed,
  codeExpired,
  codeIncorrect,
  codeVerificationModel,
  freshCode,
  networkDown,
  newToken,
  resendTooSoon,
  resent,
  TICK,
  TICKET,
  verificationGone,
} from './code-verification.model.ts';
import { doneEvent, errorEvent, pathFromEvents, replayPath } from './path-kit.ts';
import { describePaths } from './path-suite.ts';

const typed = [{ type: 'code.change', value: '123456' }, { type: 'code.submit' }];
const NEW_CODE = 'a new code';
const CAME_BACK = 'back on the step after the wait, sent back with a message';

describePaths('code-verification', codeVerificationModel, {
  invariants: ({ steps, invocations }) => {
    // Requests carry the ticket of the input and nothing else the user did not type.
    for (const call of invocations) expect((call.input as { ticket: string }).ticket).toBe(TICKET);
    for (const { step, snapshot } of steps) {
      const view = connectCodeVerification(snapshot as never);
      // The view never offers a resend while a wait is counted down, and says how long.
      expect(view.canResend).toBe(snapshot.matches({ active: { resend: 'ready' } }));
      if (snapshot.matches({ active: { resend: 'countingDown' } })) expect(view.secondsLeft).toBeGreaterThan(0);
      // Everything else the view shows is the state as it is: the code, the messages, what waits.
      const { context, value } = snapshot;
      const active = typeof value === 'object' && 'active' in value ? (value.active as { code: string; resend: string }) : null;
      expect(view).toEqual({
        phone: context.phone,
        code: context.code,
        errors: context.fieldErrors,
        error: context.error,
        notice: context.notice,
        isSubmitting: active?.code === 'verifying' || value === 'verified',
        canResend: active?.resend === 'ready',
        isResending: active?.resend === 'sending',
        secondsLeft: context.secondsLeft,
      });
      if (step.event.type.startsWith('xstate.error.actor.')) expect(snapshot.context.error).not.toBeNull();
    }
  },
});

const replay = async (events: readonly AnyEventObject[], input = NEW_CODE) =>
  replayPath(codeVerificationModel, pathFromEvents(codeVerificationModel, events, input));

describe('code-verification behaviour', () => {
  it('checks the code as typed (trimmed) with the ticket, and ends with the ticket and the token', async () => {
    const done = await replay([...typed, doneEvent('verifyCode', { access: newToken })]);
    expect(done.invocations.map((call) => [call.id, call.input])).toEqual([['verifyCode', { ticket: TICKET, code: '123456' }]]);
    const last = done.steps.at(-1)?.snapshot;
    expect(last?.status).toBe('done');
    expect(last?.output).toEqual({ outcome: 'verified', ticket: TICKET, access: newToken });
    // A verification whose answer carries no token (a password reset) ends with the ticket alone.
    const reset = (await replay([...typed, doneEvent('verifyCode', {})])).steps.at(-1)?.snapshot;
    expect(reset?.output).toEqual({ outcome: 'verified', ticket: TICKET, access: null });
  });

  it('validates the code in the page first: no call for an empty or non-digit code', async () => {
    const checked = await replay([{ type: 'code.submit' }, { type: 'code.change', value: '12a' }, { type: 'code.submit' }]);
    expect(checked.invocations).toEqual([]);
    expect(checked.steps[1]?.snapshot.context.fieldErrors.code?.key).toBe('validation.codeRequired');
    expect(checked.steps[3]?.snapshot.context.fieldErrors.code?.key).toBe('validation.onlyNumbers');
    // Typing again clears the field's error until the next submit.
    const retyped = await replay([{ type: 'code.submit' }, { type: 'code.change', value: '1' }]);
    expect(retyped.steps.at(-1)?.snapshot.context.fieldErrors).toEqual({});
  });

  it("shows 'incorrect', 'expired' and 'tries used up' as the server says, keeping the code and the step", async () => {
    for (const [error, key] of [
      [codeIncorrect, errorKeys.codeIncorrect],
      [codeExpired, errorKeys.codeExpired],
      [codeAttemptsUsed, errorKeys.codeAttemptsUsed],
      [networkDown, errorKeys.generic],
    ] as const) {
      const last = (await replay([...typed, errorEvent('verifyCode', error)])).steps.at(-1)?.snapshot;
      expect(last?.matches({ active: { code: 'editing' } }), key).toBe(true);
      expect(last?.context.error?.key).toBe(key);
      expect(last?.context.code).toBe('123456');
    }
    const incorrect = (await replay([...typed, errorEvent('verifyCode', codeIncorrect)])).steps.at(-1)?.snapshot;
    expect(incorrect?.context.error).toEqual({ key: errorKeys.codeIncorrect, values: { attempts: 4 } });
    // The countdown goes on meanwhile: verifying does not stop the resend wait.
    expect(incorrect?.matches({ active: { resend: 'countingDown' } })).toBe(true);
  });

  it('counts down one second per tick from the server’s wait, then offers a resend', async () => {
    const counted = await replay([TICK, TICK]);
    expect(counted.steps.map((step) => step.snapshot.context.secondsLeft)).toEqual([2, 1, 0]);
    expect(counted.steps.map((step) => connectCodeVerification(step.snapshot as never).canResend)).toEqual([false, false, true]);
  });

  it('resends with the ticket, clears the old code, says so and waits again as long as the server says', async () => {
    const path = [TICK, TICK, { type: 'code.change', value: '111111' }, { type: 'code.resend' }, doneEvent('sendCode', resent)];
    const sentAgain = await replay(path);
    const sending = sentAgain.steps[4]?.snapshot;
    expect(sending && connectCodeVerification(sending as never)).toMatchObject({ isResending: true, canResend: false });
    expect(sentAgain.invocations.map((call) => [call.id, call.input])).toEqual([['sendCode', { ticket: TICKET }]]);
    const last = sentAgain.steps.at(-1)?.snapshot;
    expect(last?.context).toMatchObject({ code: '', notice: { key: 'code.resent' }, error: null, secondsLeft: resent.resend_in });
    expect(last?.matches({ active: { resend: 'countingDown' } })).toBe(true);
  });

  it('follows the server when it says to wait longer, and keeps the code', async () => {
    const refused = await replay([TICK, TICK, { type: 'code.change', value: '111111' }, { type: 'code.resend' }, errorEvent('sendCode', resendTooSoon)]);
    const last = refused.steps.at(-1)?.snapshot;
    expect(last?.context).toMatchObject({ error: resendTooSoon.body, secondsLeft: 1, code: '111111' });
    expect(last?.matches({ active: { resend: 'countingDown' } })).toBe(true);
  });

  it('ends as gone when the server no longer knows the verification, while verifying or resending', async () => {
    const verifying = (await replay([...typed, errorEvent('verifyCode', verificationGone)])).steps.at(-1)?.snapshot;
    expect(verifying?.output).toEqual({ outcome: 'gone', error: { key: errorKeys.verificationGone } });
    const resending = (await replay([{ type: 'code.resend' }, errorEvent('sendCode', verificationGone)], CAME_BACK)).steps.at(-1)?.snapshot;
    expect(resending?.output).toEqual({ outcome: 'gone', error: { key: errorKeys.verificationGone } });
  });

  it('starts where an earlier visit stood: the code kept, the message shown, a resend offered when no wait is left', async () => {
    const start = (await replay([], CAME_BACK)).steps[0]?.snapshot;
    expect(start && connectCodeVerification(start as never)).toEqual({
      phone: cameBack.phone,
      code: '654321',
      errors: {},
      error: { key: errorKeys.codeExpired },
      notice: null,
      isSubmitting: false,
      canResend: true,
      isResending: false,
      secondsLeft: 0,
    });
  });

  it('restarts the tick on flow.resumed, keeping the seconds left', async () => {
    const resumed = await replay([TICK, { type: 'flow.resumed' }, TICK]);
    expect(resumed.steps.map((step) => step.snapshot.context.secondsLeft)).toEqual([2, 1, 1, 0]);
    expect(freshCode.secondsLeft).toBe(2);
  });
});
