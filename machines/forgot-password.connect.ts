/**
 * Password recovery's snapshot → what its page shows (zag's `connect()` idea): which step, the forms,
 * their errors, whether a request runs, and the code step's child actor, which the shared code view
 * reads itself (machines/code-verification.connect.ts). Every value is a primitive, a context object
 * passed on as is, or the child's reference, so a shallow comparison tells whether anything changed.
 */
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { FieldErrors, Message } from '../contract/validation';
import type { codeVerificationMachine } from './code-verification.machine';
import type { forgotPasswordMachine, IdentifyForm, NewPasswordForm } from './forgot-password.machine';

export type ForgotPasswordStep = 'identify' | 'code' | 'newPassword';

export interface ForgotPasswordView {
  step: ForgotPasswordStep;
  /** The identify form (e-mail and phone). */
  fields: IdentifyForm;
  newPassword: NewPasswordForm;
  errors: FieldErrors;
  /** The server's refusal or a failure, above the identify or new-password form. */
  error: Message | null;
  /** The identify form is being sent. */
  isSubmitting: boolean;
  /** The new password is being saved (or was: the page is about to leave). */
  isSaving: boolean;
  /** The code step's actor while it runs. */
  codeVerification: ActorRefFrom<typeof codeVerificationMachine> | null;
}

const stepOf = (snapshot: SnapshotFrom<typeof forgotPasswordMachine>): ForgotPasswordStep => {
  if (snapshot.matches('resetCode')) return 'code';
  if (snapshot.matches('newPassword') || snapshot.matches('done')) return 'newPassword';
  return 'identify';
};

export const connectForgotPassword = (snapshot: SnapshotFrom<typeof forgotPasswordMachine>): ForgotPasswordView => ({
  step: stepOf(snapshot),
  fields: snapshot.context.form,
  newPassword: snapshot.context.newPassword,
  errors: snapshot.context.fieldErrors,
  error: snapshot.context.error,
  isSubmitting: snapshot.matches({ identify: 'sending' }),
  isSaving: snapshot.matches({ newPassword: 'saving' }) || snapshot.matches('done'),
  codeVerification: snapshot.children.codeVerification ?? null,
});
