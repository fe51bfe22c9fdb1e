/**
 * The alert modal of SPEC section 2: any screen can raise a message; it shows in a static modal with
 * an OK button. Messages raised while one is open queue behind it.
 */
import { assign, setup } from 'xstate';
import type { Message } from '../contract/validation';

export type AlertEvent = { type: 'alert.show'; message: Message } | { type: 'alert.dismiss' };

export const alertMachine = setup({
  types: {
    context: {} as { queue: Message[] },
    events: {} as AlertEvent,
  },
  actions: {
    enqueue: assign({
      queue: ({ context, event }) => (event.type === 'alert.show' ? [...context.queue, event.message] : context.queue),
    }),
    dequeue: assign({ queue: ({ context }) => context.queue.slice(1) }),
  },
  guards: {
    hasMore: ({ context }) => context.queue.length > 1,
  },
}).createMachine({
  id: 'alert',
  context: { queue: [] },
  initial: 'hidden',
  states: {
    hidden: {
      on: { 'alert.show': { target: 'showing', actions: 'enqueue' } },
    },
    showing: {
      on: {
        'alert.show': { actions: 'enqueue' },
        'alert.dismiss': [{ guard: 'hasMore', actions: 'dequeue' }, { target: 'hidden', actions: 'dequeue' }],
      },
    },
  },
});
