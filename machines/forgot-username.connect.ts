/**
 * Username recovery's snapshot → what its page shows (zag's `connect()` idea). Every value is a
 * primitive or a context object passed on as is, so a shallow comparison tells whether anything changed.
 */
import type { SnapshotFrom } from 'xstate';
import type { forgotUsernameMachine } from './forgot-username.machine';

export const connectForgotUsername = (snapshot: SnapshotFrom<typeof forgotUsernameMachine>) => ({
  fields: snapshot.context.form,
  errors: snapshot.context.fieldErrors,
  error: snapshot.context.error,
  isSending: snapshot.matches('sending'),
  /** The username went to the phone. */
  isSent: snapshot.matches('sent'),
});
