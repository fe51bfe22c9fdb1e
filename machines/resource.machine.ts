/**
 * Loads one piece of server data for a page (the home content, a list): loading, ready, failed with
 * retry, and reload (e.g. after a language change) that keeps the old data on screen meanwhile.
 */
import { assign, fromPromise, setup } from 'xstate';
import { errorMessage } from '../contract/api-error';
import type { Message } from '../contract/validation';

export type ResourceEvent = { type: 'resource.retry' } | { type: 'resource.reload' };

export interface ResourceContext {
  data: unknown;
  error: Message | null;
}

export const resourceMachine = setup({
  types: {
    context: {} as ResourceContext,
    events: {} as ResourceEvent,
  },
  actors: {
    load: fromPromise<unknown, void>(async () => {
      throw new Error('load is provided by the page');
    }),
  },
}).createMachine({
  id: 'resource',
  context: { data: undefined, error: null },
  initial: 'loading',
  states: {
    loading: {
      entry: assign({ error: null }),
      invoke: {
        id: 'load',
        src: 'load',
        onDone: { target: 'ready', actions: assign({ data: ({ event }) => event.output, error: null }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
      },
      // A reload while an answer is on its way asks again and drops that answer: it may be in the
      // language the user has just left.
      on: { 'resource.reload': { target: 'loading', reenter: true } },
    },
    ready: {
      on: { 'resource.reload': { target: 'loading' } },
    },
    failed: {
      // A reload (e.g. the language changed) while the error shows is a retry too.
      on: { 'resource.retry': { target: 'loading' }, 'resource.reload': { target: 'loading' } },
    },
  },
});
