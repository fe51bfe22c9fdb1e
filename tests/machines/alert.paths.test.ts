import { describe, expect, it } from 'vitest';
import { alertModel, first, second } from './alert.model.ts';
import { pathFromEvents, replayPath } from './path-kit.ts';
import { describePaths } from './path-suite.ts';

describePaths('alert', alertModel);

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
