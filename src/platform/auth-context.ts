/**
 * The app's one auth actor: the auth machine with its real actors (API calls) and storage actions.
 * Views read it with `useAuthSelector` and write with `useAuthActor().send`.
 */
import { createActorContext } from '@xstate/react';
import { fromPromise, type SnapshotFrom } from 'xstate';
import { authMachine, type LoginForm, type Session } from '../../machines/auth.machine';
import { getEligibility, getProfile, login, verifyToken } from '../api/auth.api';
import { clearSessionStorage, writeProfile, writeToken } from './session-storage';

export const appAuthMachine = authMachine.provide({
  actors: {
    verifyToken: fromPromise<unknown, { token: string }>(({ input }) => verifyToken(input.token)),
    loadSession: fromPromise<Session, void>(async () => {
      // Eligibility failing is not shown to the user (SPEC 7): the menu item just stays hidden.
      const [profile, isEligible] = await Promise.all([
        getProfile(),
        getEligibility().then((answer) => answer.is_eligible, () => false),
      ]);
      writeProfile(profile);
      return { profile, isEligible };
    }),
    login: fromPromise<{ access: string }, LoginForm>(({ input }) => login(input)),
  },
  actions: {
    storeToken: ({ context }) => writeToken(context.token),
    forgetSession: () => clearSessionStorage(),
  },
});

export const AuthActor = createActorContext(appAuthMachine);
export const useAuthSelector = AuthActor.useSelector;
export const useAuthActor = AuthActor.useActorRef;

export type AuthStatus = 'checking' | 'signedIn' | 'signedOut';

/** Whether the session is known yet; route guards wait while it is 'checking'. */
export const selectStatus = (snapshot: SnapshotFrom<typeof authMachine>): AuthStatus =>
  snapshot.matches('signedIn') ? 'signedIn' : snapshot.matches('signedOut') ? 'signedOut' : 'checking';

export const selectSession = (snapshot: SnapshotFrom<typeof authMachine>) => snapshot.context.session;
