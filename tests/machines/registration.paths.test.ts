import { describe, expect, it } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { errorKeys } from '../../contract/error.schema.ts';
import { connectRegistration } from '../../machines/registration.connect.ts';
import { currentStepPath } from '../../src/flows/route-states.ts';
import { doneEvent, errorEvent, pathFromEvents, replayPath } from './path-kit.ts';
import { describePaths } from './path-suite.ts';
import {
  alreadyRegistered,
  childFailed,
  childSnapshot,
  codeSent,
  confirmed,
  firstVisit,
  gone,
  newToken,
  progress,
  registrationModel,
  validDetails,
} from './registration.model.ts';

const submitted = [...validDetails, { type: 'details.submit' }, doneEvent('startRegistration', codeSent)];
const replay = async (events: readonly AnyEventObject[]) => replayPath(registrationModel, pathFromEvents(registrationModel, events));

/**
 * What each step's address should be, written out from the routes (not read from the machine's meta):
 * the details at /login/register, the code at /login/register/confirm, each adding a history entry;
 * the signed-in end has none of its own (the guest-only route sends the user on).
 */
const expectedAddress = (snapshot: Parameters<typeof currentStepPath>[0]): { path: string; replace: boolean } | null => {
  if (snapshot.matches('details' as never)) return { path: '/login/register', replace: false };
  if (snapshot.matches('code' as never)) return { path: '/login/register/confirm', replace: false };
  return null;
};

describePaths('registration', registrationModel, {
  invariants: ({ steps }) => {
    for (const { step, snapshot } of steps) {
      // Every step's address (the page passes no parameters).
      expect(currentStepPath(snapshot, {})).toEqual(expectedAddress(snapshot));
      const view = connectRegistration(snapshot as never);
      // The page shows the code step exactly while the machine is there, with its child to render.
      expect(view.step).toBe(snapshot.matches('code') ? 'code' : 'details');
      expect(view.codeVerification !== null).toBe(snapshot.matches('code'));
      if (step.event.type.startsWith('xstate.error.actor.')) expect(snapshot.context.error).not.toBeNull();
    }
  },
});

describe('registration behaviour', () => {
  it('keeps a deep link to the code step on the form until a code was sent', async () => {
    const last = (await replay([{ type: 'xstate.route', to: '#code' }])).steps.at(-1)?.snapshot;
    expect(last?.value).toEqual({ details: 'editing' });
  });

  it('validates every field before calling the server, and keeps what was typed on a refusal', async () => {
    const result = await replay([
      { type: 'details.submit' },
      ...validDetails,
      { type: 'details.change', field: 'passwordAgain', value: 'other12' },
      { type: 'details.submit' },
      { type: 'details.change', field: 'passwordAgain', value: 'secret12' },
      { type: 'details.submit' },
      errorEvent('startRegistration', alreadyRegistered),
    ]);
    expect(Object.keys(result.steps[1]?.snapshot.context.fieldErrors ?? {}).sort()).toEqual(['email', 'password', 'passwordAgain', 'phone', 'register']);
    expect(result.steps[8]?.snapshot.context.fieldErrors).toEqual({ passwordAgain: { key: 'validation.passwordMismatch', values: {} } });
    expect(result.invocations.map((call) => call.step)).toEqual([10]);
    const last = result.steps.at(-1)?.snapshot;
    expect(last?.value).toEqual({ details: 'editing' });
    expect(connectRegistration(last as never)).toMatchObject({
      step: 'details',
      error: { key: errorKeys.alreadyRegistered },
      fields: { email: 'new@example.com', password: 'secret12', phone: '99001101' },
      isSubmitting: false,
    });
  });

  it('starts the code step from the server’s answer, with the passwords forgotten', async () => {
    const result = await replay(submitted);
    const code = result.steps.at(-1)?.snapshot;
    expect(code?.value).toBe('code');
    expect(code?.context.form.password).toBe('');
    expect(result.invocations.at(-1)).toMatchObject({ id: 'codeVerification', input: firstVisit });
  });

  it('signs the new account in with the token the confirmed code brought', async () => {
    const result = await replay([...submitted, doneEvent('codeVerification', confirmed)]);
    expect(result.steps.at(-1)?.snapshot.status).toBe('done');
    expect(result.calls.map((call) => [call.action, call.params])).toEqual([['signIn', { access: newToken }]]);
  });

  it('continues the same verification and code step after going back to correct the form', async () => {
    const result = await replay([
      ...submitted,
      childSnapshot(progress),
      { type: 'xstate.route', to: '#details' },
      { type: 'xstate.route', to: '#code' },
      { type: 'xstate.route', to: '#details' },
      { type: 'details.change', field: 'password', value: 'secret12' },
      { type: 'details.change', field: 'passwordAgain', value: 'secret12' },
      { type: 'details.submit' },
    ]);
    const children = result.invocations.filter((call) => call.id === 'codeVerification');
    // Forward again: the child starts where it stood (the code typed, the seconds left).
    expect(children.map((call) => call.input)).toEqual([firstVisit, progress]);
    expect(children.map((call) => call.status)).toEqual(['stopped', 'stopped']);
    // A corrected form carries the ticket: the server continues the verification, no new code.
    expect(result.invocations.at(-1)).toMatchObject({ id: 'startRegistration', input: { ticket: codeSent.ticket, password: 'secret12' } });
  });

  it('starts over on the form, which is kept, when the verification is gone or the code step fails', async () => {
    for (const [ending, key] of [
      [doneEvent('codeVerification', gone), errorKeys.verificationGone],
      [errorEvent('codeVerification', childFailed), errorKeys.generic],
    ] as const) {
      const last = (await replay([...submitted, ending, { type: 'xstate.route', to: '#code' }])).steps.at(-1)?.snapshot;
      expect(last?.value).toEqual({ details: 'editing' });
      expect(last?.context).toMatchObject({ verification: null, error: { key }, form: { email: 'new@example.com' } });
    }
  });

  it('passes flow.resumed on to the code step', async () => {
    const result = await replay([...submitted, { type: 'flow.resumed' }]);
    expect(result.steps.at(-1)?.snapshot.value).toBe('code');
  });
});
