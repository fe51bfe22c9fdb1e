/** Path model of machines/auth.machine.ts: sample events, both start inputs, and the form flags. */
import { authMachine, type Session } from '../../machines/auth.machine.ts';
import { ApiError } from '../../contract/api-error.ts';
import { errorKeys } from '../../contract/error.schema.ts';
import { loginBodySchema } from '../../contract/auth.schema.ts';
import { loginEmailSchema, passwordSchema, toFieldErrors } from '../../contract/validation.ts';
import { hasStatus, shownFields, shownMessage, without } from './oracle-helpers.ts';
import { defineModel, doneEvent, errorEvent } from './path-kit.ts';

export const session: Session = {
  profile: {
    partner_id: 7,
    name: 'Bat-Erdene',
    is_staff: false,
    user_manual_document: '/docs/manual.pdf',
    user_manual_video: 'https://video.example.com/manual',
  },
  isEligible: true,
};

export const storedToken = 'stored-token';
export const newToken = 'new-token';

/** A 401 on the profile call: the stored session is no longer valid (isUnauthorized). */
export const unauthorized = new ApiError(401, { key: errorKeys.unauthorized });
/** The token call answers a wrong password with 401 too, which must not look like an expired session. */
export const wrongCredentials = new ApiError(401, { key: errorKeys.wrongCredentials });
/** A rejected login body: a message and an error next to the e-mail field. */
export const emailNotRegistered = new ApiError(
  400,
  { key: errorKeys.invalidInformation },
  { email: { key: errorKeys.emailNotRegistered } },
);
export const networkDown = new TypeError('Failed to fetch');

const emptyForm = { email: '', password: '' };
const signedOutSession = { token: null, session: null, error: null, fieldErrors: {} };
/** A 401 from the token check or the profile: the session is over (a wrong password is answered by `login`). */
const isExpired = (error: unknown) => hasStatus(error, 401);
const isLoginValid = (form: { email: string; password: string }) => loginBodySchema.safeParse(form).success;
const loginErrors = (form: { email: string; password: string }) => {
  const result = loginBodySchema.safeParse(form);
  return result.success ? {} : toFieldErrors(result.error);
};

export const authModel = defineModel({
  machine: authMachine,
  inputs: [
    { label: 'no stored token', input: { token: null } },
    { label: 'stored token', input: { token: storedToken } },
  ],
  events: [
    { type: 'login.change', field: 'email', value: 'demo@example.com' },
    { type: 'login.change', field: 'email', value: 'not-an-email' },
    { type: 'login.change', field: 'password', value: 'secret1' },
    { type: 'login.change', field: 'password', value: '' },
    { type: 'login.submit' },
    { type: 'profile.retry' },
    { type: 'auth.logout' },
    { type: 'auth.expired' },
    // The app's 401 handler says where the customer was; the /logout?expired page does not.
    { type: 'auth.expired', from: '/user/contract?page=2' },
    { type: 'logout.ask' },
    { type: 'logout.cancel' },
    { type: 'logout.confirm' },
    { type: 'auth.tokenReceived', access: newToken },
    doneEvent('verifyToken', {}),
    errorEvent('verifyToken', unauthorized),
    errorEvent('verifyToken', networkDown),
    doneEvent('loadSession', session),
    errorEvent('loadSession', unauthorized),
    errorEvent('loadSession', networkDown),
    doneEvent('login', { access: newToken }),
    errorEvent('login', wrongCredentials),
    errorEvent('login', emailNotRegistered),
  ],
  // isLoginValid reads both fields, so signed-out states are told apart by them; hasError shows
  // whether a message is on screen. The form only matters while signed out.
  flags: (snapshot) =>
    snapshot.matches('signedOut')
      ? {
          emailValid: loginEmailSchema.safeParse(snapshot.context.form.email).success,
          passwordValid: passwordSchema.safeParse(snapshot.context.form.password).success,
          hasError: snapshot.context.error !== null,
        }
      : { hasError: snapshot.context.error !== null },
  oracle: {
    initial: (input) => ({ token: input.token, session: null, form: emptyForm, fieldErrors: {}, error: null }),
    initialState: (input) => (input.token === null ? 'signedOut.idle' : 'verifying'),
    effects: {
      // The form is only editable while no login is under way; the field's own error goes with the change.
      'login.change': (before, event, from) =>
        from.matches('signedOut.idle')
          ? { form: { ...before.form, [event.field]: event.value }, fieldErrors: without(before.fieldErrors, event.field) }
          : {},
      'login.submit': (before, _, from) => (from.matches('signedOut.idle') ? { fieldErrors: loginErrors(before.form), error: null } : {}),
      'profile.retry': (_, __, from) => (from.matches('signedIn.profileFailed') ? { error: null } : {}),
      // Visiting /logout or a 401 signs out from wherever the session stands.
      'auth.logout': () => signedOutSession,
      'auth.expired': () => signedOutSession,
      'logout.confirm': (_, __, from) => (from.matches({ signedIn: { ready: 'confirmingLogout' } }) ? signedOutSession : {}),
      // Signs in with it while signed out; a signed-in session goes on with the new token.
      'auth.tokenReceived': (_, event, from) =>
        from.matches('signedOut')
          ? { token: event.access, form: emptyForm, error: null, fieldErrors: {} }
          : from.matches('signedIn')
            ? { token: event.access }
            : {},
      // A failed check of the stored token is a silent sign-out.
      'xstate.error.actor.verifyToken': () => signedOutSession,
      'xstate.done.actor.loadSession': (_, event) => ({ session: event.output, error: null }),
      'xstate.error.actor.loadSession': (_, event) => (isExpired(event.error) ? signedOutSession : { error: shownMessage(event.error) }),
      'xstate.done.actor.login': (_, event) => ({ token: event.output.access, form: emptyForm }),
      'xstate.error.actor.login': (_, event) => ({ error: shownMessage(event.error), fieldErrors: shownFields(event.error) }),
    },
    targets: {
      'login.change': (_, __, from) => from.value,
      'login.submit': (before, _, from) =>
        from.matches('signedOut.idle') ? (isLoginValid(before.form) ? 'signedOut.submitting' : 'signedOut.idle') : from.value,
      'profile.retry': (_, __, from) => (from.matches('signedIn.profileFailed') ? 'signedIn.loadingProfile' : from.value),
      'auth.logout': () => 'signedOut.idle',
      'auth.expired': () => 'signedOut.idle',
      // The side menu's logout asks first; only a signed-in user with a profile sees the question.
      'logout.ask': (_, __, from) => (from.matches({ signedIn: { ready: 'idle' } }) ? 'signedIn.ready.confirmingLogout' : from.value),
      'logout.cancel': (_, __, from) => (from.matches({ signedIn: { ready: 'confirmingLogout' } }) ? 'signedIn.ready.idle' : from.value),
      'logout.confirm': (_, __, from) => (from.matches({ signedIn: { ready: 'confirmingLogout' } }) ? 'signedOut.idle' : from.value),
      'auth.tokenReceived': (_, __, from) => (from.matches('signedOut') ? 'signedIn.loadingProfile' : from.value),
      'xstate.done.actor.verifyToken': () => 'signedIn.loadingProfile',
      'xstate.error.actor.verifyToken': () => 'signedOut.idle',
      'xstate.done.actor.loadSession': () => 'signedIn.ready.idle',
      'xstate.error.actor.loadSession': (_, event) => (isExpired(event.error) ? 'signedOut.idle' : 'signedIn.profileFailed'),
      'xstate.done.actor.login': () => 'signedIn.loadingProfile',
      'xstate.error.actor.login': () => 'signedOut.idle',
    },
    states: {
      verifying: (context, state) => context.token !== null && state.running.includes('verifyToken'),
      signedIn: ({ token }) => token !== null,
      'signedIn.loadingProfile': (_, state) => state.running.includes('loadSession'),
      'signedIn.ready': ({ session, error }) => session !== null && error === null,
      'signedIn.profileFailed': ({ error }) => error !== null,
      signedOut: ({ token, session }) => token === null && session === null,
      'signedOut.submitting': ({ form }, state) => isLoginValid(form) && state.running.includes('login'),
    },
    sent: {
      verifyToken: ({ token }) => ({ token }),
      login: ({ form }) => ({ email: form.email.trim().toLowerCase(), password: form.password }),
    },
    // The token is written once it is in context; storage is cleared when a session or a rejected
    // stored token ends (a token that could not be checked stays for the next load).
    calls: (_, event, after, from) => {
      const stores =
        event.type === 'xstate.done.actor.login' || (event.type === 'auth.tokenReceived' && (from?.matches('signedOut') || from?.matches('signedIn')));
      const forgets =
        event.type === 'auth.logout' ||
        event.type === 'auth.expired' ||
        (event.type === 'logout.confirm' && from?.matches({ signedIn: { ready: 'confirmingLogout' } })) ||
        (event.type === 'xstate.error.actor.verifyToken' && isExpired(event.error)) ||
        (event.type === 'xstate.error.actor.loadSession' && isExpired(event.error));
      if (stores) return [{ action: 'storeToken', context: { token: after.token } }];
      if (forgets) return [{ action: 'forgetSession', context: { token: null, session: null } }];
      return [];
    },
    // Where the app goes after a sign-out, replacing the page signed out of: home after a logout (the
    // menu's, confirmed, or /logout), the login page after an expiry, back to where it happened when known.
    emitted: (_, event, __, from) => {
      const loggedOut = event.type === 'auth.logout' || (event.type === 'logout.confirm' && from?.matches({ signedIn: { ready: 'confirmingLogout' } }));
      if (loggedOut) return [{ type: 'flow.navigate', to: '/', replace: true }];
      if (event.type === 'auth.expired') {
        return [{ type: 'flow.navigate', to: event.from ? `/login?next=${encodeURIComponent(event.from)}` : '/login', replace: true }];
      }
      return [];
    },
  },
});
