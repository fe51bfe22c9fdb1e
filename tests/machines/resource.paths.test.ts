import { describe, expect, it } from 'vitest';
import { errorKeys } from '../../contract/error.schema.ts';
import { doneEvent, errorEvent, pathFromEvents, replayPath } from './path-kit.ts';
import { describePaths } from './path-suite.ts';
import { firstData, networkDown, notFound, reloadedData, resourceModel } from './resource.model.ts';

describePaths('resource', resourceModel, {
  invariants: ({ steps }) => {
    for (const { index, step, snapshot } of steps) {
      const before = steps[index - 1]?.snapshot;
      // A reload or retry keeps what is on screen while the new answer loads.
      if (step.event.type === 'resource.reload' || step.event.type === 'resource.retry') {
        expect(snapshot.context.data).toBe(before?.context.data);
      }
      if (step.event.type === 'xstate.done.actor.load') {
        expect(snapshot.value).toBe('ready');
        expect(snapshot.context).toEqual({ data: step.event.output, error: null });
      }
      if (snapshot.matches('failed')) expect(snapshot.context.error).not.toBeNull();
    }
  },
});

describe('resource behaviour', () => {
  it('loads once per start, retry and reload, and shows the newest answer', async () => {
    const path = pathFromEvents(resourceModel, [
      errorEvent('load', networkDown),
      { type: 'resource.retry' },
      doneEvent('load', firstData),
      { type: 'resource.reload' },
      doneEvent('load', reloadedData),
    ]);
    const replay = await replayPath(resourceModel, path);
    expect(replay.invocations.map((call) => [call.id, call.step, call.status])).toEqual([
      ['load', 0, 'rejected'],
      ['load', 2, 'resolved'],
      ['load', 4, 'resolved'],
    ]);
    expect(replay.steps[1]?.snapshot.context.error).toEqual({ key: errorKeys.generic });
    expect(replay.steps.at(-1)?.snapshot.context).toEqual({ data: reloadedData, error: null });
  });

  it('shows the API error message of a failed load', async () => {
    const replay = await replayPath(resourceModel, pathFromEvents(resourceModel, [errorEvent('load', notFound)]));
    expect(replay.steps.at(-1)?.snapshot.value).toBe('failed');
    expect(replay.steps.at(-1)?.snapshot.context.error).toEqual({ key: errorKeys.notFound });
  });
});
