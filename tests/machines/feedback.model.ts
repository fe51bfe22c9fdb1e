/** Path model of machines/feedback.machine.ts: the form's check, send, refusal and retry; the list's load, reload and retry. */
import { feedbackMachine } from '../../machines/feedback.machine.ts';
import { ApiError } from '../../contract/api-error.ts';
import { errorKeys } from '../../contract/error.schema.ts';
import { feedbackRequestSchema, type FeedbackItem } from '../../contract/feedback.schema.ts';
import { toFieldErrors, type FieldErrors } from '../../contract/validation.ts';
import { shownFields, shownMessage, without, withRegion } from './oracle-helpers.ts';
import { defineModel, doneEvent, errorEvent } from './path-kit.ts';

export const KEY_SEED = '3f1c2b9e-5d7a-4e21-9c0b-7a6d5e4f3a21';

export const sentItem: FeedbackItem = {
  id: 41, kind: 'question', policy_id: 7, contract_number: 'NL-2024-0007', text: 'When is my fee due?', created_at: '2026-11-26T10:00:00Z', reply: null,
};
export const repliedItem: FeedbackItem = {
  ...sentItem, id: 40, kind: 'thanks', policy_id: null, contract_number: null, text: 'Thank you', reply: { text: 'You are welcome', replied_at: '2026-11-25T10:00:00Z' },
};
export const firstList = { items: [repliedItem], next: '1764151200000000-40' };
export const reloadedList = { items: [sentItem, repliedItem], next: null };
/** The server refuses the text (a rule the client does not know). */
export const textRefused = new ApiError(422, { key: errorKeys.invalidRequest }, { text: { key: 'validation.maxLength', values: { max: 10 } } });
export const networkDown = new TypeError('Failed to fetch');

export const filledIn = [
  { type: 'feedback.changeKind', value: 'question' },
  { type: 'feedback.changePolicy', value: '7' },
  { type: 'feedback.changeText', value: '  When is my fee due?  ' },
] as const;

type Form = { kind: string | null; policyId: string | null; text: string };
const requestOf = (form: Form) => ({ kind: form.kind, policy_id: form.policyId === null ? null : Number(form.policyId), text: form.text });
/** What the form finds wrong before sending, by the contract's schema. */
const problems = (form: Form): FieldErrors => {
  const parsed = feedbackRequestSchema.safeParse(requestOf(form));
  return parsed.success ? {} : toFieldErrors(parsed.error);
};
const isValid = (form: Form) => Object.keys(problems(form)).length === 0;
const emptyForm = { kind: null, policyId: null, text: '' };

export const feedbackModel = defineModel({
  machine: feedbackMachine,
  inputs: [{ label: 'a key seed', input: { keySeed: KEY_SEED } }],
  events: [
    ...filledIn,
    { type: 'feedback.changeText', value: '   ' },
    { type: 'feedback.changePolicy', value: null },
    { type: 'feedback.submit' },
    { type: 'feedback.reload' },
    { type: 'feedback.retry' },
    { type: 'flow.refresh' },
    doneEvent('sendFeedback', sentItem),
    errorEvent('sendFeedback', textRefused),
    errorEvent('sendFeedback', networkDown),
    doneEvent('loadFeedback', firstList),
    errorEvent('loadFeedback', networkDown),
  ],
  flags: ({ context }) => ({
    valid: isValid(context.form),
    kind: context.form.kind !== null,
    fieldErrors: Object.keys(context.fieldErrors).join(','),
    error: context.error !== null,
    items: context.items !== null,
    listError: context.listError !== null,
  }),
  simplePaths: false,
  oracle: {
    initial: ({ keySeed }) => ({ keySeed, sentCount: 0, form: emptyForm, fieldErrors: {}, error: null, items: null, next: null, listError: null }),
    initialState: () => ({ form: 'editing', list: 'loading' }),
    effects: {
      // A change clears that field's error, in every state of the form.
      'feedback.changeKind': (before, event) => ({ form: { ...before.form, kind: event.value }, fieldErrors: without(before.fieldErrors, 'kind') }),
      'feedback.changePolicy': (before, event) => ({ form: { ...before.form, policyId: event.value }, fieldErrors: without(before.fieldErrors, 'policy_id') }),
      'feedback.changeText': (before, event) => ({ form: { ...before.form, text: event.value }, fieldErrors: without(before.fieldErrors, 'text') }),
      'feedback.submit': (before, _, from) => (from.matches({ form: 'sending' }) ? {} : { fieldErrors: problems(before.form), error: null }),
      // Sent: an empty form for the next feedback, with the next key; the list loads again.
      'xstate.done.actor.sendFeedback': (before) => ({ form: emptyForm, fieldErrors: {}, error: null, sentCount: before.sentCount + 1, listError: null }),
      // Refused: everything typed stays, with the server's message and field errors.
      'xstate.error.actor.sendFeedback': (_, event) => ({ error: shownMessage(event.error), fieldErrors: shownFields(event.error) }),
      'feedback.reload': (_, __, from) => (from.matches({ list: 'failed' }) || from.matches({ list: 'loading' }) || from.matches({ list: 'ready' }) ? { listError: null } : {}),
      'flow.refresh': () => ({ listError: null }),
      'feedback.retry': (_, __, from) => (from.matches({ list: 'failed' }) ? { listError: null } : {}),
      'xstate.done.actor.loadFeedback': (_, event) => {
        const { items, next } = event.output as { items: FeedbackItem[]; next: string | null };
        return { items, next, listError: null };
      },
      'xstate.error.actor.loadFeedback': (_, event) => ({ listError: shownMessage(event.error) }),
    },
    targets: {
      'feedback.changeKind': (_, __, from) => (from.matches({ form: 'sent' }) ? withRegion(from.value, 'form', 'editing') : from.value),
      'feedback.changePolicy': (_, __, from) => (from.matches({ form: 'sent' }) ? withRegion(from.value, 'form', 'editing') : from.value),
      'feedback.changeText': (_, __, from) => (from.matches({ form: 'sent' }) ? withRegion(from.value, 'form', 'editing') : from.value),
      'feedback.submit': (before, _, from) =>
        from.matches({ form: 'sending' }) ? from.value : withRegion(from.value, 'form', isValid(before.form) ? 'sending' : 'editing'),
      'xstate.done.actor.sendFeedback': (_, __, from) => withRegion(withRegion(from.value, 'form', 'sent'), 'list', 'loading'),
      'xstate.error.actor.sendFeedback': (_, __, from) => withRegion(from.value, 'form', 'editing'),
      'feedback.reload': (_, __, from) => withRegion(from.value, 'list', 'loading'),
      'flow.refresh': (_, __, from) => withRegion(from.value, 'list', 'loading'),
      'feedback.retry': (_, __, from) => (from.matches({ list: 'failed' }) ? withRegion(from.value, 'list', 'loading') : from.value),
      'xstate.done.actor.loadFeedback': (_, __, from) => withRegion(from.value, 'list', 'ready'),
      'xstate.error.actor.loadFeedback': (_, __, from) => withRegion(from.value, 'list', 'failed'),
    },
    states: {
      'form.sending': (_, state) => state.running.includes('sendFeedback'),
      'form.sent': ({ form, error, fieldErrors }) => form.text === '' && form.kind === null && error === null && Object.keys(fieldErrors).length === 0,
      'list.loading': ({ listError }, state) => listError === null && state.running.includes('loadFeedback'),
      'list.ready': ({ items, listError }) => items !== null && listError === null,
      'list.failed': ({ listError }) => listError !== null,
    },
    sent: {
      // The body as the contract parses it (the text trimmed); one key per feedback, the same for a retry.
      sendFeedback: ({ form, keySeed, sentCount }) => ({
        body: { kind: form.kind, policy_id: form.policyId === null ? null : Number(form.policyId), text: form.text.trim() },
        key: `${keySeed}.${sentCount}`,
      }),
    },
  },
});
