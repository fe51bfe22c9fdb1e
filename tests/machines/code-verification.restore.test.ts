/**
 * Registration and password recovery are persisted with `actor.getPersistedSnapshot()` on their code
 * step (the runner stores it as JSON) and restored after a reload. The code step is a child actor:
 * these tests run the real machines (the API calls stubbed, the clock simulated) through a JSON round
 * trip and check the restored child still counts down, verifies and ends the flow.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, type AnyActorRef, type AnyMachineSnapshot, type Snapshot } from 'xstate';
import type { CodeSent, ConfirmBody, ResendBody, ResetBody } from '../../contract/account.schema.ts';
import { ApiError } from '../../contract/api-error.ts';
import { errorKeys } from '../../contract/error.schema.ts';
import { codeVerificationMachine, type CodeAccepted } from '../../machines/code-verification.machine.ts';
import { connectCodeVerification } from '../../machines/code-verification.connect.ts';
import { forgotPasswordMachine } from '../../machines/forgot-password.machine.ts';
import { registrationMachine } from '../../machines/registration.machine.ts';
import { validDetails } from './registration.model.ts';
import { identified } from './forgot-password.model.ts';

const sent: CodeSent = { ticket: 'ticket-1', resend_in: 60, expires_in: 300 };

/** The API as the child sees it: records every call, answers as told. */
const fakeApi = (verify: (body: ConfirmBody) => CodeAccepted = () => ({ access: 'token-1' })) => {
  const calls: Array<[string, unknown]> = [];
  const child = codeVerificationMachine.provide({
    actors: {
      sendCode: fromPromise<CodeSent, ResendBody>(async ({ input }) => {
        calls.push(['sendCode', input]);
        return sent;
      }),
      verifyCode: fromPromise<CodeAccepted, ConfirmBody>(async ({ input }) => {
        calls.push(['verifyCode', input]);
        if (input.code !== '123456') throw new ApiError(422, { key: errorKeys.codeIncorrect, values: { attempts: 4 } });
        return verify(input);
      }),
    },
  });
  return { calls, child };
};

const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Lets `seconds` pass one at a time (a simulated clock fires a timer set during a jump only on the next one). */
const pass = (clock: SimulatedClock, seconds: number) => {
  for (let second = 0; second < seconds; second += 1) clock.increment(1000);
};

/** What the runner stores and reads back: JSON. */
const roundTrip = (actor: AnyActorRef): Snapshot<unknown> => JSON.parse(JSON.stringify(actor.getPersistedSnapshot())) as Snapshot<unknown>;

const childOf = (actor: AnyActorRef) => (actor.getSnapshot() as AnyMachineSnapshot).children.codeVerification as AnyActorRef | undefined;
const childView = (actor: AnyActorRef) => connectCodeVerification(childOf(actor)?.getSnapshot());

const registration = () => {
  const api = fakeApi();
  const signedIn: string[] = [];
  const machine = registrationMachine.provide({
    actors: {
      startRegistration: fromPromise(async () => sent),
      codeVerification: api.child,
    },
    actions: { signIn: (_, { access }) => void signedIn.push(access) },
  });
  return { machine, api, signedIn };
};

describe('a persisted flow restored on its code step', () => {
  it('registration: the child comes back with its code and seconds, ticks again on flow.resumed, and confirms', async () => {
    const first = registration();
    const clock = new SimulatedClock();
    const before = createActor(first.machine, { clock }).start();
    for (const event of validDetails) before.send(event);
    before.send({ type: 'details.submit' });
    await settle();
    expect(before.getSnapshot().value).toBe('code');
    childOf(before)?.send({ type: 'code.change', value: '12345' });
    pass(clock, 3);
    expect(childView(before)).toMatchObject({ code: '12345', secondsLeft: 57, canResend: false });
    // The parent follows its child (onSnapshot), so the runner, which watches the parent, stores the progress.
    expect(before.getSnapshot().context.verification).toEqual({ ticket: sent.ticket, phone: '99001101', secondsLeft: 57, code: '12345' });
    const stored = roundTrip(before);
    before.stop();
    // What the app checks before it restores (src/flows/persistence.ts).
    expect(() => first.machine.resolveState(stored as never)).not.toThrow();

    // After the reload: a new page, new actors, the same machine definitions.
    const second = registration();
    const laterClock = new SimulatedClock();
    const after = createActor(second.machine, { snapshot: stored, clock: laterClock }).start();
    expect(after.getSnapshot().value).toBe('code');
    expect(childView(after)).toMatchObject({ code: '12345', secondsLeft: 57 });
    // Timers do not survive a reload: nothing ticks until the runner says the flow resumed.
    pass(laterClock, 5);
    expect(childView(after).secondsLeft).toBe(57);
    after.send({ type: 'flow.resumed' });
    pass(laterClock, 2);
    expect(childView(after).secondsLeft).toBe(55);

    const child = childOf(after);
    child?.send({ type: 'code.change', value: '123456' });
    child?.send({ type: 'code.submit' });
    await settle();
    expect(second.api.calls).toEqual([['verifyCode', { ticket: sent.ticket, code: '123456' }]]);
    expect(after.getSnapshot().status).toBe('done');
    expect(second.signedIn).toEqual(['token-1']);
    after.stop();
  });

  it('registration: a restored countdown reaches zero and the resend goes to the restored ticket', async () => {
    const first = registration();
    const before = createActor(first.machine, { clock: new SimulatedClock() }).start();
    for (const event of validDetails) before.send(event);
    before.send({ type: 'details.submit' });
    await settle();
    const stored = roundTrip(before);
    before.stop();

    const second = registration();
    const clock = new SimulatedClock();
    const after = createActor(second.machine, { snapshot: stored, clock }).start();
    after.send({ type: 'flow.resumed' });
    pass(clock, 60);
    expect(childView(after)).toMatchObject({ secondsLeft: 0, canResend: true });
    childOf(after)?.send({ type: 'code.resend' });
    await settle();
    expect(second.api.calls).toEqual([['sendCode', { ticket: sent.ticket }]]);
    expect(childView(after)).toMatchObject({ secondsLeft: 60, canResend: false, notice: { key: 'code.resent' } });
    after.stop();
  });

  it('password recovery: a restored code step keeps a failed code and its message, then moves on to the new password', async () => {
    const api = fakeApi(() => ({}));
    const machine = forgotPasswordMachine.provide({
      actors: { requestReset: fromPromise(async () => sent), codeVerification: api.child, resetPassword: fromPromise<unknown, ResetBody>(async () => ({})) },
    });
    const before = createActor(machine, { clock: new SimulatedClock() }).start();
    for (const event of identified) before.send(event);
    before.send({ type: 'identify.submit' });
    await settle();
    childOf(before)?.send({ type: 'code.change', value: '000000' });
    childOf(before)?.send({ type: 'code.submit' });
    await settle();
    expect(childView(before)).toMatchObject({ code: '000000', error: { key: errorKeys.codeIncorrect, values: { attempts: 4 } } });
    const stored = roundTrip(before);
    before.stop();

    const after = createActor(machine, { snapshot: stored, clock: new SimulatedClock() }).start();
    after.send({ type: 'flow.resumed' });
    expect(after.getSnapshot().value).toBe('resetCode');
    expect(childView(after)).toMatchObject({ code: '000000', error: { key: errorKeys.codeIncorrect, values: { attempts: 4 } }, isSubmitting: false });
    childOf(after)?.send({ type: 'code.change', value: '123456' });
    childOf(after)?.send({ type: 'code.submit' });
    await settle();
    expect(after.getSnapshot().value).toEqual({ newPassword: 'editing' });
    expect(after.getSnapshot().context).toMatchObject({ verified: true, verification: { ticket: sent.ticket } });
    after.stop();
  });

  it('a code step stored while the code was being checked asks the server again on restore', async () => {
    const api = fakeApi(() => ({}));
    const machine = forgotPasswordMachine.provide({
      actors: { requestReset: fromPromise(async () => sent), codeVerification: api.child, resetPassword: fromPromise<unknown, ResetBody>(async () => ({})) },
    });
    const before = createActor(machine, { clock: new SimulatedClock() }).start();
    for (const event of identified) before.send(event);
    before.send({ type: 'identify.submit' });
    await settle();
    childOf(before)?.send({ type: 'code.change', value: '123456' });
    childOf(before)?.send({ type: 'code.submit' });
    // Stored before the answer came.
    const stored = roundTrip(before);
    before.stop();
    expect((stored as unknown as { children: Record<string, { snapshot: { value: unknown } }> }).children.codeVerification?.snapshot.value).toEqual({
      active: { code: 'verifying', resend: 'countingDown' },
    });

    const again = fakeApi(() => ({}));
    const restored = forgotPasswordMachine.provide({
      actors: { requestReset: fromPromise(async () => sent), codeVerification: again.child, resetPassword: fromPromise<unknown, ResetBody>(async () => ({})) },
    });
    const after = createActor(restored, { snapshot: stored, clock: new SimulatedClock() }).start();
    await settle();
    expect(again.calls).toEqual([['verifyCode', { ticket: sent.ticket, code: '123456' }]]);
    expect(after.getSnapshot().value).toEqual({ newPassword: 'editing' });
    after.stop();
  });
});
