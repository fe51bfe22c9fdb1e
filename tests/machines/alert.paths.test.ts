import { describe, expect, it } from 'vitest';
import type { Message } from '../../contract/validation.ts';
import { alertModel, first, second } from './alert.model.ts';
import { pathFromEvents, replayPath } from './path-kit.ts';
import { describePaths } from './path-suite.ts';

describePaths('alert', alertModel, {
  // A first-in, first-out queue: the message on screen is the oldest one not yet dismissed.
  invariants: ({ steps }) => {
    let expected: Message[] = [];
    for (const { step, snapshot, calls } of steps) {
      if (step.event.type === 'alert.show') expected = [...expected, step.event.message as Message];
      if (step.event.type === 'alert.dismiss') expected = expected.slice(1);
      expect(snapshot.context.queue).toEqual(expected);
      expect(snapshot.matches('showing')).toBe(expected.length > 0);
      expect(calls).toEqual([]);
    }
  },
});

describe('alert behaviour', () => {
  it('shows queued messages in the order they were raised, one per OK', async () => {
    const path = pathFromEvents(alertModel, [
      { type: 'alert.show', message: first },
      { type: 'alert.show', message: second },
      { type: 'alert.show', message: first },
      { type: 'alert.dismiss' },
      { type: 'alert.dismiss' },
      { type: 'alert.dismiss' },
    ]);
    const replay = await replayPath(alertModel, path);
    const onScreen = replay.steps.map(({ snapshot }) => (snapshot.matches('showing') ? snapshot.context.queue[0] : null));
    expect(onScreen).toEqual([null, first, first, first, second, first, null]);
  });

  it('ignores an OK when nothing is shown', async () => {
    const replay = await replayPath(alertModel, pathFromEvents(alertModel, [{ type: 'alert.dismiss' }]));
    expect(replay.steps.at(-1)?.snapshot.value).toBe('hidden');
    expect(replay.steps.at(-1)?.snapshot.context.queue).toEqual([]);
  });
});
