/**
 * The code-verification child's snapshot → what its view shows (zag's `connect()` idea): the view
 * renders these props and sends `code.change`, `code.submit`, `code.resend`; it never reads the state
 * structure itself. Every value is a primitive or a context object passed on as is, so a shallow
 * comparison tells whether anything changed.
 */
import type { FieldErrors, Message } from '../contract/validation';
import type { CodeVerificationSnapshot } from './code-verification.machine';

export interface CodeVerificationView {
  /** The phone the code went to (unmasked; the view masks it). */
  phone: string;
  code: string;
  errors: FieldErrors;
  error: Message | null;
  notice: Message | null;
  /** The code is being checked (or was just accepted): the field and the confirm button wait. */
  isSubmitting: boolean;
  /** A new code may be asked for now. */
  canResend: boolean;
  /** A new code is being asked for. */
  isResending: boolean;
  /** Seconds until a new code may be asked for (0 once it may). */
  secondsLeft: number;
}

export const connectCodeVerification = (snapshot: CodeVerificationSnapshot): CodeVerificationView => ({
  phone: snapshot.context.phone,
  code: snapshot.context.code,
  errors: snapshot.context.fieldErrors,
  error: snapshot.context.error,
  notice: snapshot.context.notice,
  isSubmitting: snapshot.matches({ active: { code: 'verifying' } }) || snapshot.matches('verified'),
  canResend: snapshot.matches({ active: { resend: 'ready' } }),
  isResending: snapshot.matches({ active: { resend: 'sending' } }),
  secondsLeft: snapshot.context.secondsLeft,
});
