/**
 * The feedback page's snapshot → what it shows (src/features/feedback/feedback.page.tsx). Every value
 * is a primitive or a context object passed on as is, so a shallow comparison tells whether anything changed.
 */
import type { SnapshotFrom } from 'xstate';
import { FEEDBACK_TEXT_MAX } from '../contract/feedback.schema';
import type { feedbackMachine } from './feedback.machine';

export const connectFeedback = (snapshot: SnapshotFrom<typeof feedbackMachine>) => ({
  fields: snapshot.context.form,
  errors: snapshot.context.fieldErrors,
  /** The server's refusal of the last send. */
  error: snapshot.context.error,
  /** The counter under the text: its length, and whether it is over the limit. */
  textLength: snapshot.context.form.text.length,
  isTextTooLong: snapshot.context.form.text.length > FEEDBACK_TEXT_MAX,
  isSending: snapshot.matches({ form: 'sending' }),
  /** The confirmation: the last feedback was sent and the form not used since. */
  isSent: snapshot.matches({ form: 'sent' }),
  /** The earlier feedback, null until the first load answers (kept while it reloads). */
  items: snapshot.context.items,
  /** The cursor of the list's next (older) page, null on the last one. */
  next: snapshot.context.next,
  /** Why the list did not load; the page offers a retry. */
  listError: snapshot.matches({ list: 'failed' }) ? snapshot.context.listError : null,
});
