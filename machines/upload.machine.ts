/**
 * One file slot of a form (an identity card's front, a selfie, a claim document): choose a file, the
 * browser checks it, it uploads with its progress, and it ends uploaded or failed. The store is the
 * resumable tus store of issue 11 (docs/api.md "Uploads"); nothing here does IO:
 *
 * - `inspect` (fromPromise, provided by src/shared/upload/) reads the file's first bytes and, for a
 *   HEIC photo, whether this browser can show it; it resolves with the type or rejects with an
 *   `UploadFailure` (`badType`, `heicUnsupported`, `unreadable`);
 * - `transfer` (fromCallback, src/shared/upload/tus-transfer.ts) sends `transfer.progress`,
 *   `transfer.done { id }` or `transfer.failed { code }`; started again it resumes from the bytes the
 *   server stored (tus fingerprint), so a retry or the connection coming back never starts from zero;
 * - `connectivity` (fromCallback) sends `upload.online` / `upload.offline` when the browser's
 *   connection changes: coming back online restarts a waiting transfer at once.
 *
 * A file over the kind's limit or of 0 bytes is refused before anything else. A refused or failed
 * replacement keeps the upload it would have replaced until the new one is done; then, and on
 * remove, the old upload is deleted from the store (`discard`, provided by the app). Persist a slot as
 * its input (`{ kind, uploaded }`, see upload.connect.ts `persistedUpload`), never its context: the
 * chosen `File` cannot be stored.
 */
import { assign, fromCallback, fromPromise, setup, type EventObject, type SnapshotFrom } from 'xstate';
import {
  uploadCodeOf,
  uploadLimitBytes,
  type UploadedFile,
  type UploadErrorCode,
  type UploadKind,
  type UploadMime,
} from '../contract/upload.schema';

export interface UploadInput {
  kind: UploadKind;
  /** A finished upload restored from a draft. */
  uploaded?: UploadedFile | null;
}

export interface UploadContext {
  kind: UploadKind;
  /** The chosen file while it is checked, uploading, failed, or just uploaded (for the local preview). */
  file: File | null;
  /** The type `inspect` found in the chosen file's first bytes. */
  mime: UploadMime | null;
  /** The finished upload: what the parent keeps for its draft. */
  uploaded: UploadedFile | null;
  bytesSent: number;
  bytesTotal: number;
  /** Why the last choice was refused or the transfer failed (a message `upload.<code>`). */
  failure: UploadErrorCode | null;
  /** The browser's connection as `connectivity` last reported it. */
  online: boolean;
}

export type UploadEvent =
  | { type: 'upload.choose'; file: File }
  | { type: 'upload.retry' }
  | { type: 'upload.remove' }
  | { type: 'upload.online' }
  | { type: 'upload.offline' }
  | { type: 'transfer.progress'; bytesSent: number; bytesTotal: number }
  | { type: 'transfer.done'; id: string }
  | { type: 'transfer.failed'; code: UploadErrorCode };

export interface InspectInput {
  file: File;
  kind: UploadKind;
}

export interface TransferInput {
  file: File;
  kind: UploadKind;
}

/** What `transfer` sends its parent. */
export type TransferEvent = Extract<UploadEvent, { type: `transfer.${string}` }>;

type Choose = Extract<UploadEvent, { type: 'upload.choose' }>;

/** A choice: refused at once when empty or over the limit, else taken and checked. */
const choose = [
  { guard: 'isEmptyFile', actions: { type: 'refuse', params: { code: 'empty' } } },
  { guard: 'isTooLarge', actions: { type: 'refuse', params: { code: 'tooLarge' } } },
  { target: '#upload.checking', reenter: true, actions: 'take' },
] as const;

/** The finished upload the slot held, as `discard`'s params. */
const discardUploaded = { type: 'discard', params: ({ context }: { context: UploadContext }) => ({ id: context.uploaded?.id ?? '' }) } as const;

const cleared = { file: null, mime: null, uploaded: null, bytesSent: 0, bytesTotal: 0, failure: null } as const;

export const uploadMachine = setup({
  types: {
    context: {} as UploadContext,
    events: {} as UploadEvent,
    input: {} as UploadInput,
  },
  actors: {
    inspect: fromPromise<{ mime: UploadMime }, InspectInput>(async () => {
      throw new Error('inspect is provided by the app');
    }),
    transfer: fromCallback<EventObject, TransferInput>(() => {
      throw new Error('transfer is provided by the app');
    }),
    connectivity: fromCallback<EventObject, void>(() => {
      throw new Error('connectivity is provided by the app');
    }),
  },
  actions: {
    /**
     * Deletes a finished upload the slot no longer holds (removed, or replaced by a new one) from the
     * store, so an identity photo the user took back does not stay on the server (provided by the app;
     * a failure is left to the store's sweep).
     */
    discard: (_, _params: { id: string }) => {},
    take: assign(({ event }) => {
      const { file } = event as Choose;
      return { file, mime: null, bytesSent: 0, bytesTotal: file.size, failure: null };
    }),
    refuse: assign((_, { code }: { code: UploadErrorCode }) => ({ failure: code })),
    forgetFile: assign({ file: null, mime: null, bytesSent: 0, bytesTotal: 0 }),
    clear: assign(cleared),
    finish: assign(({ context, event }) => {
      const { id } = event as Extract<UploadEvent, { type: 'transfer.done' }>;
      return {
        uploaded: { id, filename: context.file?.name ?? '', size: context.file?.size ?? 0, mime: context.mime ?? '' },
        bytesSent: context.bytesTotal,
        failure: null,
      };
    }),
  },
  guards: {
    isEmptyFile: ({ event }) => (event as Choose).file.size === 0,
    isTooLarge: ({ context, event }) => (event as Choose).file.size > uploadLimitBytes(context.kind),
    hasUploaded: ({ context }) => context.uploaded !== null,
    lostConnection: ({ context }) => context.failure === 'network',
  },
}).createMachine({
  id: 'upload',
  context: ({ input }) => ({
    kind: input.kind,
    ...cleared,
    uploaded: input.uploaded ?? null,
    online: true,
  }),
  invoke: { id: 'connectivity', src: 'connectivity' },
  on: {
    'upload.online': { actions: assign({ online: true }) },
    'upload.offline': { actions: assign({ online: false }) },
    'upload.remove': [
      { guard: 'hasUploaded', target: '.empty', actions: [discardUploaded, 'clear'] },
      { target: '.empty', actions: 'clear' },
    ],
    'upload.choose': choose,
  },
  initial: 'restoring',
  states: {
    restoring: {
      always: [{ guard: 'hasUploaded', target: 'uploaded' }, { target: 'empty' }],
    },
    empty: {},
    checking: {
      invoke: {
        id: 'inspect',
        src: 'inspect',
        input: ({ context }) => ({ file: context.file as File, kind: context.kind }),
        onDone: {
          target: 'uploading',
          actions: assign(({ event }) => ({ mime: event.output.mime })),
        },
        onError: [
          {
            guard: 'hasUploaded',
            target: 'uploaded',
            actions: ['forgetFile', assign(({ event }) => ({ failure: uploadCodeOf(event.error) }))],
          },
          { target: 'empty', actions: ['forgetFile', assign(({ event }) => ({ failure: uploadCodeOf(event.error) }))] },
        ],
      },
    },
    uploading: {
      invoke: {
        id: 'transfer',
        src: 'transfer',
        input: ({ context }) => ({ file: context.file as File, kind: context.kind }),
      },
      on: {
        'transfer.progress': {
          actions: assign(({ event }) => ({ bytesSent: event.bytesSent, bytesTotal: event.bytesTotal })),
        },
        // A replacement is done: the upload it replaces is deleted from the store.
        'transfer.done': [
          { guard: 'hasUploaded', target: 'uploaded', actions: [discardUploaded, 'finish'] },
          { target: 'uploaded', actions: 'finish' },
        ],
        'transfer.failed': { target: 'failed', actions: assign(({ event }) => ({ failure: event.code })) },
        // Back online: start the transfer again now rather than after its retry wait; it resumes.
        'upload.online': { target: 'uploading', reenter: true, actions: assign({ online: true }) },
      },
    },
    failed: {
      on: {
        'upload.retry': { target: 'uploading', actions: assign({ failure: null }) },
        'upload.online': [
          { guard: 'lostConnection', target: 'uploading', actions: assign({ online: true, failure: null }) },
          { actions: assign({ online: true }) },
        ],
      },
    },
    uploaded: {},
  },
});

export type UploadMachine = typeof uploadMachine;
export type UploadSnapshot = SnapshotFrom<typeof uploadMachine>;
