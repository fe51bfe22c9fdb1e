/**
 * Path model of machines/upload.machine.ts: one file slot. Files of every size that matters (empty,
 * a photo, exactly the image limit, just over it, over the document limit), the browser's check
 * (`inspect`) accepting or refusing, the transfer's progress, success and failures, the connection
 * going and coming back, retry, replace and remove, for an image slot, a document slot and a slot
 * restored with a finished upload.
 */
import { fromCallback } from 'xstate';
import { uploadMachine, type UploadInput } from '../../machines/upload.machine.ts';
import { UploadFailure, type UploadedFile } from '../../contract/upload.schema.ts';
import { defineModel, doneEvent, errorEvent, type InputCase } from './path-kit.ts';

const MIB = 1024 * 1024;
/** The limits of SPEC 9, written again here: images 10 MB, documents 20 MB. */
const LIMIT = { image: 10 * MIB, document: 20 * MIB } as const;

/** What the machine reads of a file; `npm run paths` prints it as is. */
const fileOf = (name: string, size: number, type: string) => ({ name, size, type, lastModified: 1_700_000_000_000 }) as unknown as File;

export const photo = fileOf('card-front.jpg', 2 * MIB, 'image/jpeg');
export const atTheLimit = fileOf('selfie.png', LIMIT.image, 'image/png');
export const overImageLimit = fileOf('big.jpg', LIMIT.image + 1, 'image/jpeg');
export const overDocumentLimit = fileOf('scan.pdf', LIMIT.document + 1, 'application/pdf');
export const emptyFile = fileOf('empty.jpg', 0, 'image/jpeg');

export const restored: UploadedFile = { id: 'restored-upload-0001', filename: 'card-back.jpg', size: 3 * MIB, mime: 'image/jpeg' };
export const UPLOAD_ID = 'fresh-upload-000000001';

export const inputs: ReadonlyArray<InputCase<UploadInput>> = [
  { label: 'an empty image slot', input: { kind: 'image' } },
  { label: 'an image slot restored with its upload', input: { kind: 'image', uploaded: restored } },
  { label: 'an empty document slot', input: { kind: 'document' } },
];

/** The code a refusal of the browser's check shows: its own, anything else "unreadable". */
const codeOf = (error: unknown) => (error instanceof UploadFailure ? error.code : 'unreadable');

type Ctx = {
  kind: 'image' | 'document';
  file: File | null;
  mime: string | null;
  uploaded: UploadedFile | null;
  bytesSent: number;
  bytesTotal: number;
  failure: string | null;
  online: boolean;
};

/** What a choice does: refused (0 bytes, over the kind's limit) or taken. */
const choice = (before: Ctx, file: File) => {
  if (file.size === 0) return { refused: 'empty' } as const;
  if (file.size > LIMIT[before.kind]) return { refused: 'tooLarge' } as const;
  return { refused: null } as const;
};

export const uploadModel = defineModel({
  machine: uploadMachine,
  inputs,
  events: [
    { type: 'upload.choose', file: photo },
    { type: 'upload.choose', file: atTheLimit },
    { type: 'upload.choose', file: overImageLimit },
    { type: 'upload.choose', file: overDocumentLimit },
    { type: 'upload.choose', file: emptyFile },
    { type: 'upload.retry' },
    { type: 'upload.remove' },
    { type: 'upload.offline' },
    { type: 'upload.online' },
    doneEvent('inspect', { mime: 'image/jpeg' }),
    errorEvent('inspect', new UploadFailure('badType')),
    errorEvent('inspect', new UploadFailure('heicUnsupported')),
    errorEvent('inspect', new TypeError('The file could not be read')),
    { type: 'transfer.progress', bytesSent: MIB, bytesTotal: 2 * MIB },
    { type: 'transfer.done', id: UPLOAD_ID },
    { type: 'transfer.failed', code: 'network' },
    { type: 'transfer.failed', code: 'badType' },
  ],
  // The transfer and the connection are callback actors: they send events, modelled above.
  actors: {
    transfer: fromCallback(() => {}),
    connectivity: fromCallback(() => {}),
  },
  // Guards read whether a finished upload is kept and whether the failure was the connection.
  flags: ({ context }) => ({
    uploaded: context.uploaded !== null,
    failure: context.failure,
    online: context.online,
  }),
  simplePaths: {
    flags: ({ context }) => ({ uploaded: context.uploaded !== null, network: context.failure === 'network' }),
  },
  oracle: {
    initial: (input) => ({
      kind: input.kind,
      file: null,
      mime: null,
      uploaded: input.uploaded ?? null,
      bytesSent: 0,
      bytesTotal: 0,
      failure: null,
      online: true,
    }),
    initialState: (input) => (input.uploaded ? 'uploaded' : 'empty'),
    effects: {
      // A file is refused in the browser before anything else when empty or over the limit; the
      // slot keeps what it had. Otherwise it is taken and checked.
      'upload.choose': (before, event) => {
        const { refused } = choice(before, event.file);
        return refused ? { failure: refused } : { file: event.file, mime: null, bytesSent: 0, bytesTotal: event.file.size, failure: null };
      },
      'upload.remove': () => ({ file: null, mime: null, uploaded: null, bytesSent: 0, bytesTotal: 0, failure: null }),
      'upload.offline': () => ({ online: false }),
      'upload.online': (before, _, from) => (from.matches('failed') && before.failure === 'network' ? { online: true, failure: null } : { online: true }),
      'upload.retry': (_, __, from) => (from.matches('failed') ? { failure: null } : {}),
      'transfer.progress': (_, event, from) => (from.matches('uploading') ? { bytesSent: event.bytesSent, bytesTotal: event.bytesTotal } : {}),
      'transfer.done': (before, event, from) =>
        from.matches('uploading')
          ? {
              uploaded: { id: event.id, filename: before.file?.name ?? '', size: before.file?.size ?? 0, mime: before.mime ?? '' },
              bytesSent: before.bytesTotal,
              failure: null,
            }
          : {},
      'transfer.failed': (_, event, from) => (from.matches('uploading') ? { failure: event.code } : {}),
      'xstate.done.actor.inspect': (_, event) => ({ mime: event.output.mime }),
      'xstate.error.actor.inspect': (_, event) => ({ file: null, mime: null, bytesSent: 0, bytesTotal: 0, failure: codeOf(event.error) }),
    },
    targets: {
      'upload.choose': (before, event, from) => (choice(before, event.file).refused ? from.value : 'checking'),
      'upload.remove': () => 'empty',
      'upload.offline': (_, __, from) => from.value,
      // Back online: a transfer under way starts again (it resumes), one that lost the connection too.
      'upload.online': (before, _, from) =>
        from.matches('uploading') || (from.matches('failed') && before.failure === 'network') ? 'uploading' : from.value,
      'upload.retry': (_, __, from) => (from.matches('failed') ? 'uploading' : from.value),
      'transfer.progress': (_, __, from) => from.value,
      'transfer.done': (_, __, from) => (from.matches('uploading') ? 'uploaded' : from.value),
      'transfer.failed': (_, __, from) => (from.matches('uploading') ? 'failed' : from.value),
      'xstate.done.actor.inspect': () => 'uploading',
      // A refused replacement leaves the finished upload in place.
      'xstate.error.actor.inspect': (before) => (before.uploaded ? 'uploaded' : 'empty'),
    },
    states: {
      '*': (_, state) => state.running.includes('connectivity'),
      empty: ({ file, uploaded }) => file === null && uploaded === null,
      checking: ({ file, mime }, state) => file !== null && mime === null && state.running.includes('inspect'),
      uploading: ({ file, mime }, state) => file !== null && mime !== null && state.running.includes('transfer') && !state.running.includes('inspect'),
      failed: ({ file, failure }, state) => file !== null && failure !== null && !state.running.includes('transfer'),
      uploaded: ({ uploaded }, state) => uploaded !== null && !state.running.includes('transfer'),
    },
    sent: {
      inspect: ({ file, kind }) => ({ file, kind }),
    },
    // A finished upload the slot stops holding (removed, or replaced once the new one is done) is
    // deleted from the store, once; nothing else calls out.
    calls: (before, event, _after, from) => {
      const held = before?.uploaded;
      const dropped = event.type === 'upload.remove' || (event.type === 'transfer.done' && from?.matches('uploading'));
      return dropped && held ? [{ action: 'discard', params: { id: held.id } }] : [];
    },
  },
});
