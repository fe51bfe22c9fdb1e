import { describe, expect, it } from 'vitest';
import { errorKeys } from '../../contract/error.schema.ts';
import { doneEvent, errorEvent, pathFromEvents, replayPath } from './path-kit.ts';
import { describePaths } from './path-suite.ts';
import { firstData, networkDown, notFound, reloadedData, resourceModel } from './resource.model.ts';

describePaths('resource', resourceModel);

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

  it('asks again when reloaded while the first answer is on its way, and shows only the new answer', async () => {
    // The home page in English: the language changed while the Mongolian text was loading.
    const path = pathFromEvents(resourceModel, [{ type: 'resource.reload' }, doneEvent('load', reloadedData)]);
    const replay = await replayPath(resourceModel, path);
    expect(replay.invocations.map((call) => [call.id, call.step, call.status])).toEqual([
      ['load', 0, 'stopped'],
      ['load', 1, 'resolved'],
    ]);
    expect(replay.steps.at(-1)?.snapshot.context).toEqual({ data: reloadedData, error: null });
  });

  it('shows the API error message of a failed load', async () => {
    const replay = await replayPath(resourceModel, pathFromEvents(resourceModel, [errorEvent('load', notFound)]));
    expect(replay.steps.at(-1)?.snapshot.value).toBe('failed');
    expect(replay.steps.at(-1)?.snapshot.context.error).toEqual({ key: errorKeys.notFound });
  });
});
