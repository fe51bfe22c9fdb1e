import { createActor, fromCallback, fromPromise, type EventObject } from 'xstate';
import { describe, expect, it } from 'vitest';
import { uploadMachine, type InspectInput, type TransferEvent, type TransferInput } from '../../machines/upload.machine.ts';
import { persistedUpload, uploadView } from '../../machines/upload.connect.ts';
import { UploadFailure, type UploadMime } from '../../contract/upload.schema.ts';
import { doneEvent, errorEvent, pathFromEvents, replayPath } from './path-kit.ts';
import { describePaths } from './path-suite.ts';
import { overImageLimit, photo, restored, UPLOAD_ID, uploadModel } from './upload.model.ts';

// What the slot shows in each state: busy while a file is checked or sent, a retry only after a
// failure, "replace" once it holds (or tried) a file, and the name of the file it is about.
describePaths('upload', uploadModel, {
  invariants: ({ steps }) => {
    for (const { snapshot } of steps) {
      const view = uploadView(snapshot);
      const at = (state: 'checking' | 'uploading' | 'uploaded' | 'failed') => snapshot.matches(state);
      const status = (['checking', 'uploading', 'uploaded', 'failed'] as const).find(at) ?? 'empty';
      expect(view.status).toBe(status);
      expect(view.isBusy).toBe(at('checking') || at('uploading'));
      expect(view.canRetry).toBe(at('failed'));
      expect(view.isReplace).toBe(status !== 'empty');
      const { file, uploaded } = snapshot.context;
      expect(view.filename).toBe(file ? file.name : (uploaded?.filename ?? null));
    }
  },
});

const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The machine with a scripted check and a transfer that records each start and lets the test answer. */
const startSlot = (kind: 'image' | 'document' = 'image', inspectAnswer: () => Promise<{ mime: UploadMime }> = async () => ({ mime: 'image/jpeg' })) => {
  const transfers: Array<{ input: TransferInput; send: (event: TransferEvent) => void; stopped: boolean }> = [];
  const inspected: InspectInput[] = [];
  let connectivity: ((event: EventObject) => void) | undefined;
  const machine = uploadMachine.provide({
    actors: {
      inspect: fromPromise<{ mime: UploadMime }, InspectInput>(({ input }) => {
        inspected.push(input);
        return inspectAnswer();
      }),
      transfer: fromCallback<EventObject, TransferInput>(({ input, sendBack }) => {
        const entry = { input, send: sendBack, stopped: false };
        transfers.push(entry);
        return () => {
          entry.stopped = true;
        };
      }),
      connectivity: fromCallback(({ sendBack }) => {
        connectivity = sendBack;
      }),
    },
  });
  const actor = createActor(machine, { input: { kind } });
  actor.start();
  return { actor, transfers, inspected, goOffline: () => connectivity?.({ type: 'upload.offline' }), goOnline: () => connectivity?.({ type: 'upload.online' }) };
};

describe('upload behaviour', () => {
  it('shows the bytes sent as the transfer reports them, then the finished upload', async () => {
    const { actor, transfers, inspected } = startSlot();
    actor.send({ type: 'upload.choose', file: photo });
    await settle();
    expect(inspected).toEqual([{ file: photo, kind: 'image' }]);
    expect(uploadView(actor.getSnapshot())).toMatchObject({ status: 'uploading', bytesSent: 0, bytesTotal: photo.size, isBusy: true });
    transfers[0]?.send({ type: 'transfer.progress', bytesSent: 524_288, bytesTotal: photo.size });
    expect(uploadView(actor.getSnapshot())).toMatchObject({ bytesSent: 524_288, bytesTotal: photo.size });
    transfers[0]?.send({ type: 'transfer.done', id: UPLOAD_ID });
    const view = uploadView(actor.getSnapshot());
    expect(view).toMatchObject({ status: 'uploaded', error: null, isBusy: false, canRemove: true, isReplace: true });
    expect(view.uploaded).toEqual({ id: UPLOAD_ID, filename: photo.name, size: photo.size, mime: 'image/jpeg' });
    expect(persistedUpload(actor.getSnapshot())).toEqual({ kind: 'image', uploaded: view.uploaded });
  });

  it('restarts the transfer when the connection comes back, with the same file (it resumes by fingerprint)', async () => {
    const { actor, transfers, goOffline, goOnline } = startSlot();
    actor.send({ type: 'upload.choose', file: photo });
    await settle();
    transfers[0]?.send({ type: 'transfer.progress', bytesSent: 1_000_000, bytesTotal: photo.size });
    goOffline();
    expect(uploadView(actor.getSnapshot())).toMatchObject({ status: 'uploading', offline: true, bytesSent: 1_000_000 });
    goOnline();
    expect(transfers).toHaveLength(2);
    expect(transfers[0]?.stopped).toBe(true);
    expect(transfers[1]?.input.file).toBe(photo);
    // The progress already made stays on screen until the new transfer reports the server's offset.
    expect(uploadView(actor.getSnapshot())).toMatchObject({ status: 'uploading', offline: false, bytesSent: 1_000_000 });
  });

  it('after the retries ran out, coming back online or "try again" continues the same file', async () => {
    const { actor, transfers, goOnline } = startSlot();
    actor.send({ type: 'upload.choose', file: photo });
    await settle();
    transfers[0]?.send({ type: 'transfer.failed', code: 'network' });
    expect(uploadView(actor.getSnapshot())).toMatchObject({ status: 'failed', canRetry: true, error: { key: 'upload.network' } });
    goOnline();
    expect(transfers).toHaveLength(2);
    expect(transfers[1]?.input.file).toBe(photo);
    transfers[1]?.send({ type: 'transfer.failed', code: 'badType' });
    // A refusal of the server does not come back by itself: only "try again" or another file.
    goOnline();
    expect(transfers).toHaveLength(2);
    expect(uploadView(actor.getSnapshot()).error).toEqual({ key: 'upload.badType' });
    actor.send({ type: 'upload.retry' });
    expect(transfers).toHaveLength(3);
  });

  it('refuses an image over 10 MB before checking or sending it, with the limit in the message', async () => {
    const { actor, transfers, inspected } = startSlot();
    actor.send({ type: 'upload.choose', file: overImageLimit });
    await settle();
    expect(inspected).toHaveLength(0);
    expect(transfers).toHaveLength(0);
    expect(uploadView(actor.getSnapshot())).toMatchObject({ status: 'empty', error: { key: 'upload.tooLarge', values: { mb: 10 } }, canRemove: true });
    // A document slot takes the same file (its limit is 20 MB).
    const documents = startSlot('document');
    documents.actor.send({ type: 'upload.choose', file: overImageLimit });
    await settle();
    expect(documents.inspected).toHaveLength(1);
  });

  it('keeps the finished upload when its replacement is refused by the check', async () => {
    const replay = await replayPath(
      uploadModel,
      pathFromEvents(
        uploadModel,
        [{ type: 'upload.choose', file: photo }, errorEvent('inspect', new UploadFailure('heicUnsupported'))],
        'an image slot restored with its upload',
      ),
    );
    const last = replay.steps.at(-1)?.snapshot;
    expect(last?.value).toBe('uploaded');
    expect(last?.context.uploaded).toEqual(restored);
    expect(last && uploadView(last as never).error).toEqual({ key: 'upload.heicUnsupported' });
  });

  it('stops the transfer of a removed file and forgets it', async () => {
    const { actor, transfers } = startSlot();
    actor.send({ type: 'upload.choose', file: photo });
    await settle();
    actor.send({ type: 'upload.remove' });
    expect(transfers[0]?.stopped).toBe(true);
    expect(uploadView(actor.getSnapshot())).toMatchObject({ status: 'empty', file: null, uploaded: null, error: null, canRemove: false });
  });

  it('is replayable from the model: a photo chosen, checked and uploaded', async () => {
    const replay = await replayPath(
      uploadModel,
      pathFromEvents(uploadModel, [{ type: 'upload.choose', file: photo }, doneEvent('inspect', { mime: 'image/jpeg' }), { type: 'transfer.done', id: UPLOAD_ID }]),
    );
    expect(replay.steps.map((step) => step.snapshot.value)).toEqual(['empty', 'checking', 'uploading', 'uploaded']);
  });
});
