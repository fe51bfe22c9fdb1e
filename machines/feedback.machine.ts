/**
 * Feedback (/user/feedback): a small wizard on the runner, one page with two parallel regions.
 *
 * - `form`: `editing → sending → sent`. The kind, the policy (optional) and the text are checked
 *   with the contract's `feedbackRequestSchema` before anything is sent; a refusal of the server comes
 *   back translated (message and field errors) with everything typed kept, and sending again retries
 *   with the same idempotency key, so feedback whose answer was lost is stored once. A success clears
 *   the form, shows the confirmation until the next change, and reloads the list; the next feedback
 *   gets a new key (`keySeed` from the input and a count, so tests run on fixed keys).
 * - `list`: the user's earlier feedback with replies, `loading → ready | failed`. `feedback.reload` (a
 *   reply came as a notification, or feedback was just sent) and `flow.refresh` (the language
 *   changed: replies come in the current language) load it again with the old list kept on screen;
 *   `feedback.retry` after a failure.
 */
import { assign, fromPromise, raise, setup } from 'xstate';
import { errorFields, errorMessage } from '../contract/api-error';
import { feedbackRequestSchema, type FeedbackItem, type FeedbackKind, type FeedbackList, type FeedbackRequest } from '../contract/feedback.schema';
import { toFieldErrors, type FieldErrors, type Message } from '../contract/validation';

export interface FeedbackForm {
  kind: FeedbackKind | null;
  /** The chosen policy's id as the select holds it, or null for none. */
  policyId: string | null;
  text: string;
}

export interface FeedbackInput {
  /** Where the idempotency keys come from: `<keySeed>.<n>` for the n-th feedback sent (a UUID is fine). */
  keySeed: string;
}

export interface FeedbackContext {
  keySeed: string;
  /** How many feedbacks were sent: the next one's key number. */
  sentCount: number;
  form: FeedbackForm;
  fieldErrors: FieldErrors;
  /** The server's refusal of the last send, translated by the page. */
  error: Message | null;
  /** The earlier feedback, null until the first load answers. */
  items: FeedbackItem[] | null;
  /** The cursor of the next (older) page of the list, null on its last page. */
  next: string | null;
  listError: Message | null;
}

export type FeedbackEvent =
  | { type: 'feedback.changeKind'; value: FeedbackKind | null }
  | { type: 'feedback.changePolicy'; value: string | null }
  | { type: 'feedback.changeText'; value: string }
  | { type: 'feedback.submit' }
  /** Something changed on the server (a reply came): load the list again. */
  | { type: 'feedback.reload' }
  /** Try the failed list again. */
  | { type: 'feedback.retry' }
  /** The runner's language switch. */
  | { type: 'flow.refresh' };

export interface SendFeedbackInput {
  body: FeedbackRequest;
  key: string;
}

const EMPTY_FORM: FeedbackForm = { kind: null, policyId: null, text: '' };

/** What the form would send, as the user typed it. */
const requestOf = (form: FeedbackForm) => ({ kind: form.kind, policy_id: form.policyId ? Number(form.policyId) : null, text: form.text });

/** The form checked by the contract: the body to send (text trimmed), or the field errors. */
export const checkFeedback = (form: FeedbackForm): { body: FeedbackRequest } | { errors: FieldErrors } => {
  const parsed = feedbackRequestSchema.safeParse(requestOf(form));
  return parsed.success ? { body: parsed.data } : { errors: toFieldErrors(parsed.error) };
};

/** The idempotency key of the n-th feedback (accepted by `idempotencyKeySchema` for any UUID seed). */
export const feedbackKey = (seed: string, n: number) => `${seed}.${n}`;

const without = (errors: FieldErrors, field: string) => Object.fromEntries(Object.entries(errors).filter(([key]) => key !== field));
const errorOf = (event: unknown) => (event as { error?: unknown }).error;

/** The field changes: `editing` and `sending` keep their state; `sent` goes back to `editing`. */
const fieldChanges = {
  'feedback.changeKind': { actions: 'changeKind' },
  'feedback.changePolicy': { actions: 'changePolicy' },
  'feedback.changeText': { actions: 'changeText' },
} as const;
const fieldChangesToEditing = {
  'feedback.changeKind': { target: 'editing', actions: 'changeKind' },
  'feedback.changePolicy': { target: 'editing', actions: 'changePolicy' },
  'feedback.changeText': { target: 'editing', actions: 'changeText' },
} as const;

export const feedbackMachine = setup({
  types: {
    context: {} as FeedbackContext,
    events: {} as FeedbackEvent,
    input: {} as FeedbackInput,
  },
  actors: {
    sendFeedback: fromPromise<FeedbackItem, SendFeedbackInput>(async () => {
      throw new Error('sendFeedback is provided by the app');
    }),
    loadFeedback: fromPromise<FeedbackList, void>(async () => {
      throw new Error('loadFeedback is provided by the app');
    }),
  },
  actions: {
    // A change of one field: the value, and that field's error gone.
    changeKind: assign(({ context, event }) =>
      event.type === 'feedback.changeKind' ? { form: { ...context.form, kind: event.value }, fieldErrors: without(context.fieldErrors, 'kind') } : {},
    ),
    changePolicy: assign(({ context, event }) =>
      event.type === 'feedback.changePolicy' ? { form: { ...context.form, policyId: event.value }, fieldErrors: without(context.fieldErrors, 'policy_id') } : {},
    ),
    changeText: assign(({ context, event }) =>
      event.type === 'feedback.changeText' ? { form: { ...context.form, text: event.value }, fieldErrors: without(context.fieldErrors, 'text') } : {},
    ),
    validate: assign(({ context }) => {
      const checked = checkFeedback(context.form);
      return { fieldErrors: 'errors' in checked ? checked.errors : {}, error: null };
    }),
    showError: assign(({ event }) => ({ error: errorMessage(errorOf(event)), fieldErrors: errorFields(errorOf(event)) })),
    clearForm: assign(({ context }) => ({ form: EMPTY_FORM, fieldErrors: {}, error: null, sentCount: context.sentCount + 1 })),
    reloadList: raise({ type: 'feedback.reload' }),
    showList: assign(({ event }) => {
      const { items, next } = (event as unknown as { output: FeedbackList }).output;
      return { items, next, listError: null };
    }),
    showListError: assign(({ event }) => ({ listError: errorMessage(errorOf(event)) })),
    forgetListError: assign({ listError: null }),
  },
  guards: {
    isFormValid: ({ context }) => 'body' in checkFeedback(context.form),
  },
}).createMachine({
  id: 'feedback',
  context: ({ input }) => ({ keySeed: input.keySeed, sentCount: 0, form: EMPTY_FORM, fieldErrors: {}, error: null, items: null, next: null, listError: null }),
  type: 'parallel',
  states: {
    form: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            ...fieldChanges,
            'feedback.submit': [{ guard: 'isFormValid', target: 'sending', actions: 'validate' }, { actions: 'validate' }],
          },
        },
        sending: {
          // The fields stay editable while it is sent, as before; a success clears the form.
          on: fieldChanges,
          invoke: {
            id: 'sendFeedback',
            src: 'sendFeedback',
            // Entered only with a valid form (`isFormValid`), so the check gives the body.
            input: ({ context }) => ({ body: (checkFeedback(context.form) as { body: FeedbackRequest }).body, key: feedbackKey(context.keySeed, context.sentCount) }),
            onDone: { target: 'sent', actions: ['clearForm', 'reloadList'] },
            onError: { target: 'editing', actions: 'showError' },
          },
        },
        sent: {
          // The confirmation shows until the form is used again; the form is empty, so a send is refused.
          on: { ...fieldChangesToEditing, 'feedback.submit': { target: 'editing', actions: 'validate' } },
        },
      },
    },
    list: {
      initial: 'loading',
      states: {
        loading: {
          entry: 'forgetListError',
          // A change while loading loads again: the answer on its way may predate it.
          on: { 'feedback.reload': { target: 'loading', reenter: true }, 'flow.refresh': { target: 'loading', reenter: true } },
          invoke: {
            id: 'loadFeedback',
            src: 'loadFeedback',
            onDone: { target: 'ready', actions: 'showList' },
            onError: { target: 'failed', actions: 'showListError' },
          },
        },
        ready: {
          on: { 'feedback.reload': 'loading', 'flow.refresh': 'loading' },
        },
        failed: {
          on: { 'feedback.retry': 'loading', 'feedback.reload': 'loading', 'flow.refresh': 'loading' },
        },
      },
    },
  },
});
