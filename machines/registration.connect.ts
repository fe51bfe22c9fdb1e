/**
 * The registration's snapshot → what its page shows (zag's `connect()` idea): which step, the form,
 * its errors, whether the request runs, and the code step's child actor, which the shared code view
 * reads itself (machines/code-verification.connect.ts). Every value is a primitive, a context object
 * passed on as is, or the child's reference, so a shallow comparison tells whether anything changed.
 */
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { FieldErrors, Message } from '../contract/validation';
import type { codeVerificationMachine } from './code-verification.machine';
import type { RegistrationForm, registrationMachine } from './registration.machine';

export type RegistrationStep = 'details' | 'code';

export interface RegistrationView {
  step: RegistrationStep;
  fields: RegistrationForm;
  errors: FieldErrors;
  /** The server's refusal or a failure, above the details form. */
  error: Message | null;
  /** The details are being sent: the form waits. */
  isSubmitting: boolean;
  /** The code step's actor while it runs. */
  codeVerification: ActorRefFrom<typeof codeVerificationMachine> | null;
}

export const connectRegistration = (snapshot: SnapshotFrom<typeof registrationMachine>): RegistrationView => ({
  step: snapshot.matches('code') ? 'code' : 'details',
  fields: snapshot.context.form,
  errors: snapshot.context.fieldErrors,
  error: snapshot.context.error,
  isSubmitting: snapshot.matches({ details: 'sending' }),
  codeVerification: snapshot.children.codeVerification ?? null,
});
