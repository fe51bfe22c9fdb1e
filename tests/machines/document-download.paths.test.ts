import { errorMessage } from '../../contract/api-error.ts';
import { describe, expect, it } from 'vitest';
import { documentDownloadModel, offline } from './document-download.model.ts';
import { doneEvent, errorEvent, pathFromEvents, replayPath } from './path-kit.ts';
import { describePaths } from './path-suite.ts';

describePaths('document-download', documentDownloadModel);

describe('document download behaviour', () => {
  it('asks once per press, in the language pressed, and tries again after a failure', async () => {
    const path = pathFromEvents(documentDownloadModel, [
      { type: 'document.download', language: 'en' },
      { type: 'document.download', language: 'mn' },
      errorEvent('fetchDocument', offline),
      { type: 'document.download', language: 'en' },
      doneEvent('fetchDocument', null),
    ]);
    const replay = await replayPath(documentDownloadModel, path);
    const last = replay.steps.at(-1)?.snapshot;
    expect(replay.steps.map(({ snapshot }) => snapshot.value)).toEqual(['idle', 'downloading', 'downloading', 'idle', 'downloading', 'idle']);
    expect(replay.steps[3]?.snapshot.context.error).toEqual(errorMessage(offline));
    expect(last?.context).toEqual({ language: 'en', error: null, saved: 1 });
  });
});
