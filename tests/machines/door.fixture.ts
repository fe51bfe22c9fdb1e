/**
 * A door, the small machine the path-tool tests use (the coverage map, the browser replays' fold):
 * it opens and closes, can be knocked on and answered, and locked for good once open.
 */
import { createMachine } from 'xstate';
import { defineModel } from './path-kit.ts';

export const door = createMachine({
  id: 'door',
  initial: 'closed',
  states: {
    closed: { on: { open: 'opened', knock: 'answering' } },
    opened: { on: { close: 'closed', lock: 'locked' } },
    answering: { on: { leave: 'closed' } },
    locked: { type: 'final' },
  },
});

export const doorModel = defineModel({ machine: door, events: [{ type: 'open' }, { type: 'close' }, { type: 'knock' }, { type: 'lock' }, { type: 'leave' }] });
