/** Path model of machines/resource.machine.ts: two answers so a reload's new data shows. */
import { resourceMachine } from '../../machines/resource.machine.ts';
import { ApiError } from '../../contract/api-error.ts';
import { errorKeys } from '../../contract/error.schema.ts';
import { shownMessage } from './oracle-helpers.ts';
import { defineModel, doneEvent, errorEvent } from './path-kit.ts';

export const firstData = { banners: ['life'], version: 1 };
export const reloadedData = { banners: ['life', 'health'], version: 2 };
export const notFound = new ApiError(404, { key: errorKeys.notFound });
export const networkDown = new TypeError('Failed to fetch');

export const resourceModel = defineModel({
  machine: resourceMachine,
  events: [
    { type: 'resource.retry' },
    { type: 'resource.reload' },
    doneEvent('load', firstData),
    doneEvent('load', reloadedData),
    errorEvent('load', notFound),
    errorEvent('load', networkDown),
  ],
  flags: ({ context }) => ({ hasData: context.data !== undefined, hasError: context.error !== null }),
  oracle: {
    initial: () => ({ data: undefined, error: null }),
    initialState: () => 'loading',
    effects: {
      // A reload or retry keeps what is on screen while the new answer loads; the old error goes.
      'resource.retry': () => ({ error: null }),
      'resource.reload': () => ({ error: null }),
      'xstate.done.actor.load': (_, event) => ({ data: event.output, error: null }),
      'xstate.error.actor.load': (_, event) => ({ error: shownMessage(event.error) }),
    },
    targets: {
      'resource.retry': (_, __, from) => (from.matches('failed') ? 'loading' : from.value),
      'resource.reload': () => 'loading',
      'xstate.done.actor.load': () => 'ready',
      'xstate.error.actor.load': () => 'failed',
    },
    // A reload always asks again, also while an answer is on its way: that answer may be in the
    // language the user just left (the home page's text stayed Mongolian under an English page).
    starts: {
      'resource.reload': () => ['load'],
      'resource.retry': (_, __, from) => (from.matches('failed') ? ['load'] : []),
    },
    states: {
      loading: ({ error }, state) => error === null && state.running.includes('load'),
      ready: ({ data, error }) => data !== undefined && error === null,
      failed: ({ error }) => error !== null,
    },
  },
});
