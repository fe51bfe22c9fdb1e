/**
 * Downloading one document (a certificate, a receipt, a claim letter: docs/api.md "Documents"): idle,
 * downloading (the button says so and cannot be pressed twice), then the file is handed to the browser
 * to keep and the button is ready again; a failure shows its message and the same button tries again.
 * The language is chosen per download (the user's, or the other one a click away).
 */
import { assign, fromPromise, setup } from 'xstate';
import { errorMessage } from '../contract/api-error';
import type { Message } from '../contract/validation';

export type DocumentLanguage = 'mn' | 'en';

export type DocumentDownloadEvent = { type: 'document.download'; language: DocumentLanguage };

export interface DocumentDownloadContext {
  /** The language of the download under way or last asked for. */
  language: DocumentLanguage | null;
  error: Message | null;
  /** How many files were handed to the browser (a test and a screen reader can tell it happened). */
  saved: number;
}

export const documentDownloadMachine = setup({
  types: {
    context: {} as DocumentDownloadContext,
    events: {} as DocumentDownloadEvent,
  },
  actors: {
    /** Fetches the PDF and hands it to the browser; provided by the page. */
    fetchDocument: fromPromise<unknown, { language: DocumentLanguage }>(async () => {
      throw new Error('fetchDocument is provided by the page');
    }),
  },
}).createMachine({
  id: 'documentDownload',
  context: { language: null, error: null, saved: 0 },
  initial: 'idle',
  states: {
    idle: {
      on: { 'document.download': { target: 'downloading', actions: assign(({ event }) => ({ language: event.language, error: null })) } },
    },
    downloading: {
      invoke: {
        id: 'fetchDocument',
        src: 'fetchDocument',
        input: ({ context }) => ({ language: context.language ?? 'mn' }),
        onDone: { target: 'idle', actions: assign(({ context }) => ({ saved: context.saved + 1 })) },
        onError: { target: 'idle', actions: assign(({ event }) => ({ error: errorMessage(event.error) })) },
      },
    },
  },
});
