/** Path model of machines/auth.machine.ts: sample events, both start inputs, and the form flags. */
import { authMachine, type Session } from '../../machines/auth.machine.ts';
import { ApiError } from '../../contract/api-error.ts';
import { errorKeys } from '../../contract/error.schema.ts';
import { loginEmailSchema, passwordSchema } from '../../contract/validation.ts';
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
});
