/** Path model of machines/document-download.machine.ts: a download in either language, a failure and a retry. */
import { ApiError } from '../../contract/api-error.ts';
import { errorKeys } from '../../contract/error.schema.ts';
import { documentDownloadMachine } from '../../machines/document-download.machine.ts';
import { shownMessage } from './oracle-helpers.ts';
import { defineModel, doneEvent, errorEvent } from './path-kit.ts';

export const offline = new ApiError(0, { key: errorKeys.network });

export const documentDownloadModel = defineModel({
  machine: documentDownloadMachine,
  events: [
    { type: 'document.download', language: 'mn' },
    { type: 'document.download', language: 'en' },
    doneEvent('fetchDocument', null),
    errorEvent('fetchDocument', offline),
  ],
  flags: ({ context }) => ({ error: context.error !== null, saved: Math.min(context.saved, 2), language: context.language }),
  oracle: {
    initial: () => ({ language: null, error: null, saved: 0 }),
    initialState: () => 'idle',
    effects: {
      // A second press while downloading changes nothing; a new download clears the last error.
      'document.download': (_, event, from) => (from.matches('idle') ? { language: event.language, error: null } : {}),
      'xstate.done.actor.fetchDocument': (before) => ({ saved: before.saved + 1 }),
      'xstate.error.actor.fetchDocument': (_, event) => ({ error: shownMessage(event.error) }),
    },
    targets: {
      'document.download': (_, __, from) => (from.matches('idle') ? 'downloading' : from.value),
      'xstate.done.actor.fetchDocument': () => 'idle',
      'xstate.error.actor.fetchDocument': () => 'idle',
    },
    states: {
      downloading: ({ language }, state) => language !== null && state.running.includes('fetchDocument'),
    },
    sent: {
      fetchDocument: ({ language }) => ({ language }),
    },
  },
});
