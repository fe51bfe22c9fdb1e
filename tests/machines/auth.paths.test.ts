import { describe, expect, it } from 'vitest';
import { errorKeys } from '../../contract/error.schema.ts';
import {
  authModel,
  emailNotRegistered,
  networkDown,
  newToken,
  session,
  storedToken,
  unauthorized,
  wrongCredentials,
} from './auth.model.ts';
import { doneEvent, errorEvent, pathFromEvents, replayPath, type MachinePath, type Replay } from './path-kit.ts';
import { describePaths, replayAll } from './path-suite.ts';

const callsOf = (replay: Replay, action: string) => replay.calls.filter((call) => call.action === action);
const takes = (path: MachinePath, type: string) => path.steps.some((step) => step.event.type === type);
const stepOf = (path: MachinePath, type: string) => path.steps.findIndex((step) => step.event.type === type);

const { paths } = describePaths('auth', authModel);

describe('auth behaviour along the paths', () => {
  it('verifies a stored token and starts signed out without one', async () => {
    const starts = paths().map((path) => path.steps[0]?.snapshot);
    const withToken = paths().filter((path) => path.inputLabel === 'stored token');
    expect(withToken.length).toBeGreaterThan(0);
    for (const path of withToken) expect(path.steps[0]?.snapshot.matches('verifying')).toBe(true);
    expect(starts.some((snapshot) => snapshot?.matches({ signedOut: 'idle' }))).toBe(true);

    const [replay] = await replayAll(authModel, withToken.slice(0, 1));
    expect(replay?.invocations[0]).toMatchObject({ id: 'verifyToken', input: { token: storedToken } });
  });

  it('stores the new token after a successful login, and sends the form to the login call', async () => {
    const logins = paths().filter((path) => takes(path, 'xstate.done.actor.login'));
    expect(logins.length).toBeGreaterThan(0);
    for (const replay of await replayAll(authModel, logins)) {
      const [store] = callsOf(replay, 'storeToken');
      expect(store?.step).toBe(stepOf(replay.path, 'xstate.done.actor.login'));
      expect(store?.context).toMatchObject({ token: newToken, form: { email: '', password: '' } });
      for (const call of replay.invocations.filter((invocation) => invocation.id === 'login')) {
        expect(call.input).toEqual({ email: 'demo@example.com', password: 'secret1' });
      }
    }
  });

  it('forgets the session on logout, on a rejected token and on a 401 from the profile', async () => {
    const triggers = ['auth.logout', 'xstate.error.actor.verifyToken'];
    for (const type of triggers) {
      const ending = paths().filter((path) =>
        path.steps.some((step) => step.event.type === type && (type === 'auth.logout' || step.event.error === unauthorized)),
      );
      expect(ending.length, type).toBeGreaterThan(0);
      for (const replay of await replayAll(authModel, ending)) {
        const forget = callsOf(replay, 'forgetSession');
        const at = replay.path.steps.findIndex((step) => step.event.type === type && (type === 'auth.logout' || step.event.error === unauthorized));
        expect(forget.map((call) => call.step)).toContain(at);
      }
    }
    const expired = paths().filter((path) =>
      path.steps.some((step) => step.event.type === 'xstate.error.actor.loadSession' && step.event.error === unauthorized),
    );
    expect(expired.length).toBeGreaterThan(0);
    for (const replay of await replayAll(authModel, expired)) {
      const step = replay.steps.find((item) => item.step.event.error === unauthorized);
      expect(step?.snapshot.matches('signedOut')).toBe(true);
      expect(step?.calls.map((call) => call.action)).toEqual(['forgetSession']);
    }
  });

  it('keeps the user signed in with a retry when the profile fails for another reason', async () => {
    const path = pathFromEvents(
      authModel,
      [doneEvent('verifyToken', {}), errorEvent('loadSession', networkDown), { type: 'profile.retry' }, doneEvent('loadSession', session)],
      'stored token',
    );
    const replay = await replayPath(authModel, path);
    expect(replay.steps[2]?.snapshot.matches({ signedIn: 'profileFailed' })).toBe(true);
    expect(replay.steps[2]?.snapshot.context.error).toEqual({ key: errorKeys.generic });
    expect(callsOf(replay, 'forgetSession')).toEqual([]);
    expect(replay.invocations.filter((call) => call.id === 'loadSession').map((call) => call.status)).toEqual(['rejected', 'resolved']);
    expect(replay.steps.at(-1)?.snapshot.context).toMatchObject({ session, error: null });
  });

  it('shows a wrong password as a message, not as an expired session', async () => {
    const path = pathFromEvents(authModel, [
      { type: 'login.change', field: 'email', value: 'demo@example.com' },
      { type: 'login.change', field: 'password', value: 'secret1' },
      { type: 'login.submit' },
      errorEvent('login', wrongCredentials),
    ]);
    const replay = await replayPath(authModel, path);
    const last = replay.steps.at(-1)?.snapshot;
    expect(last?.matches({ signedOut: 'idle' })).toBe(true);
    expect(last?.context.error).toEqual({ key: errorKeys.wrongCredentials });
    expect(replay.calls).toEqual([]);
  });

  it('shows the server field errors until that field changes, and validates before submitting', async () => {
    const path = pathFromEvents(authModel, [
      { type: 'login.submit' },
      { type: 'login.change', field: 'email', value: 'demo@example.com' },
      { type: 'login.change', field: 'password', value: 'secret1' },
      { type: 'login.submit' },
      errorEvent('login', emailNotRegistered),
      { type: 'login.change', field: 'email', value: 'not-an-email' },
    ]);
    const replay = await replayPath(authModel, path);
    expect(Object.keys(replay.steps[1]?.snapshot.context.fieldErrors ?? {}).sort()).toEqual(['email', 'password']);
    expect(replay.steps[5]?.snapshot.context.fieldErrors).toEqual({ email: { key: errorKeys.emailNotRegistered } });
    expect(replay.steps[6]?.snapshot.context.fieldErrors).toEqual({});
  });

  // A profile failure's message must not stay on the login form after logout.
  it('starts the login form without a stale error after logout', async () => {
    const path = pathFromEvents(
      authModel,
      [doneEvent('verifyToken', {}), errorEvent('loadSession', networkDown), { type: 'auth.logout' }],
      'stored token',
    );
    const replay = await replayPath(authModel, path);
    expect(replay.steps.at(-1)?.snapshot.context.error).toBeNull();
  });
});
