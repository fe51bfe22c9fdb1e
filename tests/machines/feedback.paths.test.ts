import { describe, expect, it } from 'vitest';
import { FEEDBACK_TEXT_MAX } from '../../contract/feedback.schema.ts';
import { connectFeedback } from '../../machines/feedback.connect.ts';
import { feedbackModel, filledIn, firstList, KEY_SEED, networkDown, reloadedList, sentItem, textRefused } from './feedback.model.ts';
import { doneEvent, errorEvent, pathFromEvents, replayPath } from './path-kit.ts';
import { describePaths } from './path-suite.ts';

describePaths('feedback', feedbackModel, {
  invariants: ({ steps }) => {
    // The page shows the form and messages as they are, waits while sending, and confirms a send.
    for (const { snapshot } of steps) {
      const { context } = snapshot;
      const value = snapshot.value as { form: string; list: string };
      expect(connectFeedback(snapshot as never)).toEqual({
        fields: context.form,
        errors: context.fieldErrors,
        error: context.error,
        textLength: context.form.text.length,
        isTextTooLong: context.form.text.length > FEEDBACK_TEXT_MAX,
        isSending: value.form === 'sending',
        isSent: value.form === 'sent',
        items: context.items,
        next: context.next,
        listError: value.list === 'failed' ? context.listError : null,
      });
    }
  },
});

const replay = (events: Parameters<typeof pathFromEvents>[1]) => replayPath(feedbackModel, pathFromEvents(feedbackModel, events));

describe('feedback behaviour', () => {
  it('checks the kind and the text before sending anything', async () => {
    const { steps, invocations } = await replay([{ type: 'feedback.changeText', value: '   ' }, { type: 'feedback.submit' }]);
    expect(steps.at(-1)?.snapshot.context.fieldErrors).toEqual({
      kind: { key: 'validation.valueRequired', values: {} },
      text: { key: 'validation.valueRequired', values: { min: 1 } },
    });
    expect(invocations.filter((call) => call.id === 'sendFeedback')).toEqual([]);
  });

  it('keeps what was typed after a refusal and retries with the same key', async () => {
    const { steps, invocations } = await replay([
      ...filledIn,
      { type: 'feedback.submit' },
      errorEvent('sendFeedback', textRefused),
      { type: 'feedback.submit' },
      errorEvent('sendFeedback', networkDown),
      { type: 'feedback.submit' },
    ]);
    const refused = steps[5]?.snapshot;
    expect(refused?.context.form.text).toBe('  When is my fee due?  ');
    expect(refused?.context.fieldErrors).toEqual({ text: { key: 'validation.maxLength', values: { max: 10 } } });
    expect(steps[7]?.snapshot.context.error).toEqual({ key: 'errors.generic' });
    const keys = invocations.filter((call) => call.id === 'sendFeedback').map((call) => (call.input as { key: string }).key);
    expect(keys).toEqual([`${KEY_SEED}.0`, `${KEY_SEED}.0`, `${KEY_SEED}.0`]);
  });

  it('confirms a send, clears the form, reloads the list and uses a new key next time', async () => {
    const { steps, invocations } = await replay([
      doneEvent('loadFeedback', { items: [], next: null }),
      ...filledIn,
      { type: 'feedback.submit' },
      doneEvent('sendFeedback', sentItem),
      doneEvent('loadFeedback', reloadedList),
      ...filledIn,
      { type: 'feedback.submit' },
    ]);
    const sent = steps[6]?.snapshot;
    expect(connectFeedback(sent as never)).toMatchObject({ isSent: true, fields: { kind: null, policyId: null, text: '' } });
    expect(steps[7]?.snapshot.context.items).toEqual(reloadedList.items);
    expect(connectFeedback(steps[8]?.snapshot as never).isSent).toBe(false);
    const sends = invocations.filter((call) => call.id === 'sendFeedback').map((call) => call.input);
    expect(sends).toEqual([
      { body: { kind: 'question', policy_id: 7, text: 'When is my fee due?' }, key: `${KEY_SEED}.0` },
      { body: { kind: 'question', policy_id: 7, text: 'When is my fee due?' }, key: `${KEY_SEED}.1` },
    ]);
    expect(invocations.filter((call) => call.id === 'loadFeedback')).toHaveLength(2);
  });

  it('shows a list that failed with a retry, and keeps the list on screen while it reloads', async () => {
    const { steps } = await replay([
      errorEvent('loadFeedback', networkDown),
      { type: 'feedback.retry' },
      doneEvent('loadFeedback', reloadedList),
      { type: 'feedback.reload' },
    ]);
    expect(connectFeedback(steps[1]?.snapshot as never).listError).toEqual({ key: 'errors.generic' });
    expect(connectFeedback(steps[2]?.snapshot as never).listError).toBeNull();
    expect(connectFeedback(steps[4]?.snapshot as never).items).toEqual(reloadedList.items);
  });

  it("gives the page the list page's cursor to older feedback, and the reloaded page's own", async () => {
    const { steps } = await replay([doneEvent('loadFeedback', firstList), { type: 'feedback.reload' }, doneEvent('loadFeedback', reloadedList)]);
    expect(connectFeedback(steps[0]?.snapshot as never).next).toBeNull();
    expect(connectFeedback(steps[1]?.snapshot as never)).toMatchObject({ items: firstList.items, next: firstList.next });
    // While it reloads the page keeps the cursor it shows; the new page brings its own (none: the last page).
    expect(connectFeedback(steps[2]?.snapshot as never).next).toBe(firstList.next);
    expect(connectFeedback(steps[3]?.snapshot as never).next).toBeNull();
  });

  it('counts the text against its limit: at the limit it fits, one character more is too long', async () => {
    const { steps } = await replay([
      { type: 'feedback.changeText', value: 'ы'.repeat(FEEDBACK_TEXT_MAX) },
      { type: 'feedback.changeText', value: 'ы'.repeat(FEEDBACK_TEXT_MAX + 1) },
    ]);
    expect(connectFeedback(steps[1]?.snapshot as never)).toMatchObject({ textLength: FEEDBACK_TEXT_MAX, isTextTooLong: false });
    expect(connectFeedback(steps[2]?.snapshot as never)).toMatchObject({ textLength: FEEDBACK_TEXT_MAX + 1, isTextTooLong: true });
  });
});
