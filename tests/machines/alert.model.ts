/** Path model of machines/alert.machine.ts: two distinct messages so the queue order shows. */
import { alertMachine } from '../../machines/alert.machine.ts';
import { defineModel } from './path-kit.ts';

export const first = { key: 'errors.network' };
export const second = { key: 'errors.timeout', values: { seconds: 30 } };

/** More queued messages than this behave like this many (only "one" vs "more" is guarded). */
const QUEUE_CAP = 3;

export const alertModel = defineModel({
  machine: alertMachine,
  events: [
    { type: 'alert.show', message: first },
    { type: 'alert.show', message: second },
    { type: 'alert.dismiss' },
  ],
  // hasMore reads the queue length, and 'alert.show' while showing only changes the queue.
  flags: ({ context }) => ({ queued: Math.min(context.queue.length, QUEUE_CAP) }),
  // A first-in, first-out queue: the message on screen is the oldest one not yet dismissed.
  oracle: {
    initial: () => ({ queue: [] }),
    effects: {
      'alert.show': (before, event) => ({ queue: [...before.queue, event.message] }),
      'alert.dismiss': (before) => ({ queue: before.queue.slice(1) }),
    },
    targets: {
      'alert.show': () => 'showing',
      'alert.dismiss': (before) => (before.queue.length > 1 ? 'showing' : 'hidden'),
    },
    states: {
      hidden: ({ queue }) => queue.length === 0,
      showing: ({ queue }) => queue.length > 0,
    },
    calls: () => [],
  },
});
