import { describe, expect, it } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { errorKeys } from '../../contract/error.schema.ts';
import { connectTxReset } from '../../machines/credit-med-tx-reset.machine.ts';
import { accepted, codeExpired, codeSent, creditMedTxResetModel, newPassword } from './credit-med-tx-reset.model.ts';
import { doneEvent, errorEvent, pathFromEvents, replayPath } from './path-kit.ts';
import { describePaths } from './path-suite.ts';

const toChoosing: AnyEventObject[] = [doneEvent('startReset', codeSent), doneEvent('codeVerification', accepted)];
const replay = async (events: readonly AnyEventObject[]) => replayPath(creditMedTxResetModel, pathFromEvents(creditMedTxResetModel, events));

describePaths('credit-med-tx-reset', creditMedTxResetModel, {
  invariants: ({ steps }) => {
    for (const { snapshot } of steps) {
      const view = connectTxReset(snapshot as never);
      // The page shows the step the machine is in, the code step with its child to render.
      expect(snapshot.matches(view.step)).toBe(true);
      expect(view.codeVerification !== null).toBe(snapshot.matches('confirming'));
      // Busy (the buttons wait) while the code is asked for and while the new password is saved, and only then.
      expect(view.isBusy).toBe(snapshot.matches('sending') || snapshot.matches({ choosing: 'saving' } as never));
      expect(view.form).toBe(snapshot.context.form);
      expect(view.error).toBe(snapshot.context.error);
    }
  },
});

describe('credit med transaction password reset behaviour', () => {
  it('refuses a simple password, then saves the new one with the ticket of the accepted code', async () => {
    const result = await replay([
      ...toChoosing,
      { type: 'password.change', field: 'password', value: '123456' },
      { type: 'password.change', field: 'password_confirm', value: '123456' },
      { type: 'password.submit' },
      ...newPassword,
      { type: 'password.submit' },
      doneEvent('savePassword', {}),
    ]);
    const refused = result.steps.find((step) => Object.keys(step.snapshot.context.fieldErrors).length > 0)?.snapshot;
    expect(refused?.context.fieldErrors.password).toEqual(expect.objectContaining({ key: 'validation.txPasswordSimple' }));
    expect(result.invocations.find((call) => call.id === 'savePassword')?.input).toEqual({ ticket: codeSent.ticket, password: '730591', password_confirm: '730591' });
    expect(result.steps.at(-1)?.snapshot.status).toBe('done');
  });

  it('sends a new code when the time to choose ran out, saying why', async () => {
    const result = await replay([...toChoosing, ...newPassword, { type: 'password.submit' }, errorEvent('savePassword', codeExpired)]);
    const last = result.steps.at(-1)?.snapshot;
    expect(last?.value).toBe('sending');
    expect(last?.context.error).toEqual({ key: errorKeys.codeExpired });
    expect(last?.context.form).toEqual({ password: '', password_confirm: '' });
  });
});
