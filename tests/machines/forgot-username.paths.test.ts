import { describe, expect, it } from 'vitest';
import { errorKeys } from '../../contract/error.schema.ts';
import { connectForgotUsername } from '../../machines/forgot-username.connect.ts';
import { filledIn, forgotUsernameModel, registerNotRegistered, wrongPhone } from './forgot-username.model.ts';
import { doneEvent, errorEvent, pathFromEvents, replayPath } from './path-kit.ts';
import { describePaths } from './path-suite.ts';

describePaths('forgot-username', forgotUsernameModel, {
  invariants: ({ steps }) => {
    // The page shows the form and messages as they are, waits while sending, and says when it was sent.
    for (const { snapshot } of steps) {
      const { context, value } = snapshot;
      expect(connectForgotUsername(snapshot as never)).toEqual({
        fields: context.form,
        errors: context.fieldErrors,
        error: context.error,
        isSending: value === 'sending',
        isSent: value === 'sent',
      });
    }
  },
});

describe('forgot-username behaviour', () => {
  it('checks the register number and phone before asking the server', async () => {
    const replay = await replayPath(forgotUsernameModel, pathFromEvents(forgotUsernameModel, [{ type: 'username.submit' }]));
    expect(replay.steps.at(-1)?.snapshot.context.fieldErrors).toEqual({
      register: { key: 'validation.register', values: {} },
      phone: { key: 'validation.fieldRequired', values: { min: 1 } },
    });
    expect(replay.invocations).toEqual([]);
  });

  it("shows 'not registered' and 'wrong phone' and keeps what was typed", async () => {
    for (const [error, key] of [[registerNotRegistered, errorKeys.registerNotRegistered], [wrongPhone, errorKeys.wrongPhone]] as const) {
      const replay = await replayPath(forgotUsernameModel, pathFromEvents(forgotUsernameModel, [...filledIn, { type: 'username.submit' }, errorEvent('sendUsername', error)]));
      const last = replay.steps.at(-1)?.snapshot;
      expect(last?.value).toBe('editing');
      expect(last?.context.error).toEqual({ key });
      expect(last?.context.form.phone).toBe('99112233');
    }
  });

  it('says the username was sent, and can be asked again', async () => {
    const replay = await replayPath(
      forgotUsernameModel,
      pathFromEvents(forgotUsernameModel, [...filledIn, { type: 'username.submit' }, doneEvent('sendUsername', { resend_in: 60 }), { type: 'username.again' }]),
    );
    expect(replay.steps[4]?.snapshot.value).toBe('sent');
    expect(replay.steps[5]?.snapshot.value).toBe('editing');
  });
});
