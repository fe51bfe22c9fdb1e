/**
 * Who is signed in. A stored token is verified on load (SPEC 4); signing in stores the new token and
 * loads the profile with the Credit Med eligibility; logout or a 401 anywhere clears the session and
 * says where to go next (`flow.navigate`: home after a logout, the login page after a 401), which
 * the app performs. The side menu's logout is confirmed first (`signedIn.ready.confirmingLogout`).
 * Storage and network are provided by src/features/auth (`machine.provide`); tests provide stubs.
 */
import { assign, emit, fromPromise, setup } from 'xstate';
import { routePaths } from '../contract/paths';
import type { FlowNavigate } from './flow';
import { errorFields, errorMessage, isUnauthorized } from '../contract/api-error';
import { loginBodySchema, type Profile } from '../contract/auth.schema';
import { toFieldErrors, type FieldErrors, type Message } from '../contract/validation';

export interface LoginForm {
  email: string;
  password: string;
}

export interface Session {
  profile: Profile;
  isEligible: boolean;
}

export interface AuthContext {
  token: string | null;
  session: Session | null;
  form: LoginForm;
  fieldErrors: FieldErrors;
  error: Message | null;
}

export type AuthEvent =
  | { type: 'login.change'; field: keyof LoginForm; value: string }
  | { type: 'login.submit' }
  | { type: 'profile.retry' }
  /** Sign out (the /logout route), then home. */
  | { type: 'auth.logout' }
  /**
   * The server refused the session's token (a 401 anywhere): signed out, then the login page, which
   * leads back to `from` (the path the user was on) once they sign in again.
   */
  | { type: 'auth.expired'; from?: string }
  /** The side menu's logout asks first; `logout.confirm` signs out and goes home, `logout.cancel` stays. */
  | { type: 'logout.ask' }
  | { type: 'logout.cancel' }
  | { type: 'logout.confirm' }
  /** Another flow obtained a token: signs in with it (registration) or replaces the session's (password change). */
  | { type: 'auth.tokenReceived'; access: string };

export interface AuthInput {
  /** The token found in storage at start, if any. */
  token: string | null;
}

const emptyForm: LoginForm = { email: '', password: '' };

export const authMachine = setup({
  types: {
    context: {} as AuthContext,
    events: {} as AuthEvent,
    input: {} as AuthInput,
    emitted: {} as FlowNavigate,
  },
  actors: {
    verifyToken: fromPromise<unknown, { token: string }>(async () => {
      throw new Error('verifyToken is provided by the app');
    }),
    loadSession: fromPromise<Session, void>(async () => {
      throw new Error('loadSession is provided by the app');
    }),
    login: fromPromise<{ access: string }, LoginForm>(async () => {
      throw new Error('login is provided by the app');
    }),
  },
  actions: {
    /** Writes `context.token` to storage (provided by the app). */
    storeToken: () => {},
    /** Removes the session from storage (provided by the app). */
    forgetSession: () => {},
    clearSession: assign({ token: null, session: null, error: null, fieldErrors: {} }),
    /** After signing out: the home page, or the login page when the session expired (the app performs it). */
    goHome: emit({ type: 'flow.navigate', to: routePaths.home.build(), replace: true }),
    goToLogin: emit(({ event }) => ({
      type: 'flow.navigate' as const,
      to: routePaths.login.build({}, { next: event.type === 'auth.expired' ? event.from : undefined }),
      replace: true,
    })),
    validateLogin: assign(({ context }) => {
      const result = loginBodySchema.safeParse(context.form);
      return { fieldErrors: result.success ? {} : toFieldErrors(result.error), error: null };
    }),
  },
  guards: {
    hasToken: ({ context }) => context.token !== null,
    isLoginValid: ({ context }) => loginBodySchema.safeParse(context.form).success,
    /** Reads the error of the invoke's error event: a 401 means the token is no longer valid. */
    isUnauthorized: ({ event }) => isUnauthorized((event as { error?: unknown }).error),
  },
}).createMachine({
  id: 'auth',
  context: ({ input }) => ({
    token: input.token,
    session: null,
    form: emptyForm,
    fieldErrors: {},
    error: null,
  }),
  initial: 'restoring',
  on: {
    'auth.logout': { target: '.signedOut', actions: ['clearSession', 'forgetSession', 'goHome'] },
    'auth.expired': { target: '.signedOut', actions: ['clearSession', 'forgetSession', 'goToLogin'] },
  },
  states: {
    restoring: {
      always: [{ guard: 'hasToken', target: 'verifying' }, { target: 'signedOut' }],
    },
    verifying: {
      invoke: {
        id: 'verifyToken',
        src: 'verifyToken',
        input: ({ context }) => ({ token: context.token ?? '' }),
        onDone: { target: 'signedIn' },
        // A failed verification is silently treated as signed out (SPEC 8). Only a rejected token is
        // forgotten: after a network failure the stored token is tried again on the next load.
        onError: [
          { guard: 'isUnauthorized', target: 'signedOut', actions: ['clearSession', 'forgetSession'] },
          { target: 'signedOut', actions: 'clearSession' },
        ],
      },
    },
    signedIn: {
      initial: 'loadingProfile',
      on: {
        // A password change ends older tokens; this session goes on with the new one it was given.
        'auth.tokenReceived': { actions: [assign({ token: ({ event }) => event.access }), 'storeToken'] },
      },
      states: {
        loadingProfile: {
          invoke: {
            id: 'loadSession',
            src: 'loadSession',
            onDone: {
              target: 'ready',
              actions: assign({ session: ({ event }) => event.output, error: null }),
            },
            onError: [
              {
                guard: 'isUnauthorized',
                target: '#auth.signedOut',
                actions: ['clearSession', 'forgetSession'],
              },
              { target: 'profileFailed', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
            ],
          },
        },
        profileFailed: {
          on: { 'profile.retry': { target: 'loadingProfile', actions: assign({ error: null }) } },
        },
        ready: {
          initial: 'idle',
          states: {
            idle: {
              on: { 'logout.ask': 'confirmingLogout' },
            },
            confirmingLogout: {
              on: {
                'logout.cancel': 'idle',
                'logout.confirm': { target: '#auth.signedOut', actions: ['clearSession', 'forgetSession', 'goHome'] },
              },
            },
          },
        },
      },
    },
    signedOut: {
      initial: 'idle',
      on: {
        'auth.tokenReceived': {
          target: 'signedIn',
          actions: [assign({ token: ({ event }) => event.access, form: emptyForm, error: null, fieldErrors: {} }), 'storeToken'],
        },
      },
      states: {
        idle: {
          on: {
            // The form is read-only while a login is under way, so the answer matches what was sent.
            'login.change': {
              actions: assign(({ context, event }) => ({
                form: { ...context.form, [event.field]: event.value },
                fieldErrors: Object.fromEntries(Object.entries(context.fieldErrors).filter(([key]) => key !== event.field)),
              })),
            },
            'login.submit': [
              { guard: 'isLoginValid', target: 'submitting', actions: 'validateLogin' },
              { actions: 'validateLogin' },
            ],
          },
        },
        submitting: {
          invoke: {
            id: 'login',
            src: 'login',
            input: ({ context }) => loginBodySchema.parse(context.form),
            onDone: {
              target: '#auth.signedIn',
              actions: [assign({ token: ({ event }) => event.output.access, form: emptyForm }), 'storeToken'],
            },
            onError: {
              target: 'idle',
              actions: assign({
                error: ({ event }) => errorMessage(event.error),
                fieldErrors: ({ event }) => errorFields(event.error),
              }),
            },
          },
        },
      },
    },
  },
});
