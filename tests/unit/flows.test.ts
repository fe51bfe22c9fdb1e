import { describe, expect, it } from 'vitest';
import { assign, createActor, setup } from 'xstate';
import { clearPersisted, clearWizards, GUEST, loadPersisted, peekWizard, savePersisted, storeOf, userKeyOf } from '../../src/flows/persistence';
import { readHandOff, writeHandOff } from '../../src/flows/hand-off';
import { fillPattern, matchPattern } from '../../contract/paths';
import { atAddress, currentStepPath, routableSteps, routeEventFor, samePath, stepForLocation } from '../../src/flows/route-states';

/** A two-step wizard: the second step may only be entered once the first has data. */
const wizard = setup({
  types: { context: {} as { id: string; name: string }, events: {} as { type: 'step.next' } | { type: 'name.set'; name: string } },
  guards: { hasName: ({ context }) => context.name !== '' },
}).createMachine({
  id: 'wizard',
  context: { id: '7', name: '' },
  initial: 'first',
  states: {
    first: {
      id: 'first',
      meta: { path: '/w/:id/' },
      route: {},
      on: { 'name.set': { actions: assign({ name: ({ event }) => event.name }) }, 'step.next': { guard: 'hasName', target: 'saving' } },
    },
    saving: { meta: { replace: true }, always: 'second' },
    second: { id: 'second', meta: { path: '/w/:id/second/' }, route: { guard: 'hasName' } },
  },
});

const memoryStorage = (): Storage => {
  const data = new Map<string, string>();
  return {
    get length() { return data.size; },
    clear: () => data.clear(),
    getItem: (key) => data.get(key) ?? null,
    key: (index) => [...data.keys()][index] ?? null,
    removeItem: (key) => void data.delete(key),
    setItem: (key, value) => void data.set(key, value),
  };
};

describe('route states', () => {
  it('fills patterns and refuses incomplete ones', () => {
    expect(fillPattern('/insurance/buy/:id/:productId/', { id: 3, productId: 100 })).toBe('/insurance/buy/3/100/');
    expect(fillPattern('/insurance/buy/:id/:productId/', { id: 3 })).toBeNull();
  });
  it('matches locations with or without the trailing slash', () => {
    expect(matchPattern('/w/:id/second/', '/w/7/second')).not.toBeNull();
    expect(matchPattern('/w/:id/second/', '/w/7/second/')).not.toBeNull();
    expect(matchPattern('/w/:id/', '/w/7/second/')).toBeNull();
    expect(samePath('/w/7/', '/w/7')).toBe(true);
  });
  it('finds the routable steps and the step a location names', () => {
    expect(routableSteps(wizard).map((node) => node.config.id)).toEqual(['first', 'second']);
    expect(stepForLocation(wizard, '/w/7/second/')?.config.id).toBe('second');
    expect(stepForLocation(wizard, '/elsewhere')).toBeUndefined();
  });
  it('reports the current step path and refuses a route whose guard fails', () => {
    const actor = createActor(wizard).start();
    expect(currentStepPath(actor.getSnapshot(), actor.getSnapshot().context)).toEqual({ path: '/w/7/', replace: false });
    actor.send({ type: 'xstate.route', to: '#second' });
    expect(actor.getSnapshot().value).toBe('first');
    actor.send({ type: 'name.set', name: 'Bat' });
    actor.send({ type: 'xstate.route', to: '#second' });
    expect(currentStepPath(actor.getSnapshot(), actor.getSnapshot().context)?.path).toBe('/w/7/second/');
  });
});

/** Two steps on one path, told apart by the query (the /fee flow's form and its confirmation). */
const queried = setup({
  types: { context: {} as { access: string | null }, events: {} as { type: 'xstate.route'; to: string; params?: Record<string, string> } },
}).createMachine({
  id: 'queried',
  context: { access: null },
  initial: 'form',
  states: {
    form: { id: 'form', meta: { path: '/q' }, route: { actions: assign({ access: null }) } },
    access: {
      id: 'access',
      meta: { path: '/q', query: ['access'] },
      route: { actions: assign({ access: ({ event }) => event.params?.access ?? null }) },
    },
  },
});

describe('route states with query parameters', () => {
  it('writes the query into the address, and leaves out what is not known', () => {
    const actor = createActor(queried).start();
    actor.send({ type: 'xstate.route', to: '#access', params: { access: 'a 1' } });
    expect(currentStepPath(actor.getSnapshot(), { access: 'a 1' })?.path).toBe('/q?access=a+1');
    expect(currentStepPath(actor.getSnapshot(), { access: null })?.path).toBe('/q');
  });
  it('finds the step whose query parameters the location has, and routes with them', () => {
    expect(stepForLocation(queried, '/q', '')?.config.id).toBe('form');
    expect(stepForLocation(queried, '/q', '?access=')?.config.id).toBe('form');
    const step = stepForLocation(queried, '/q/', '?access=abc&x=1');
    expect(step?.config.id).toBe('access');
    const actor = createActor(queried).start();
    actor.send(routeEventFor(step!, '/q/', '?access=abc&x=1'));
    expect(actor.getSnapshot().context.access).toBe('abc');
  });
  it('compares the query only for an address that has one', () => {
    expect(atAddress('/q?access=abc', '/q/', '?access=abc')).toBe(true);
    expect(atAddress('/q?access=abc', '/q', '?access=other')).toBe(false);
    expect(atAddress('/q?access=abc', '/q', '')).toBe(false);
    expect(atAddress('/q', '/q', '?utm=x')).toBe(true);
    expect(atAddress('/q', '/r', '')).toBe(false);
  });
});

describe('persistence', () => {
  const options = () => ({ key: 'flow:wizard:test', version: 1, storage: memoryStorage() });

  it('restores a saved snapshot into a working actor', () => {
    const opts = options();
    const actor = createActor(wizard).start();
    actor.send({ type: 'name.set', name: 'Bat' });
    actor.send({ type: 'step.next' });
    savePersisted(wizard, actor.getPersistedSnapshot(), opts);
    const snapshot = loadPersisted(wizard, opts);
    expect(snapshot).toBeDefined();
    const restored = createActor(wizard, { snapshot }).start();
    expect(restored.getSnapshot().value).toBe('second');
    expect(restored.getSnapshot().context.name).toBe('Bat');
  });
  it('discards another version, garbage and states the machine no longer has', () => {
    const opts = options();
    opts.storage.setItem(opts.key, JSON.stringify({ v: 0, machine: 'wizard', snapshot: { status: 'active', value: 'first', context: {} } }));
    expect(loadPersisted(wizard, opts)).toBeUndefined();
    expect(opts.storage.getItem(opts.key)).toBeNull();
    opts.storage.setItem(opts.key, '{not json');
    expect(loadPersisted(wizard, opts)).toBeUndefined();
    opts.storage.setItem(opts.key, JSON.stringify({ v: 1, machine: 'wizard', snapshot: { status: 'active', value: 'gone', context: {} } }));
    expect(loadPersisted(wizard, opts)).toBeUndefined();
    clearPersisted(opts);
  });
});

describe('the wizard store', () => {
  const store = (storage: Storage) => ({ flow: 'wizard', version: 1, storage });
  const save = (storage: Storage, user: string, name: string) => {
    const actor = createActor(wizard).start();
    actor.send({ type: 'name.set', name });
    savePersisted(wizard, actor.getPersistedSnapshot(), storeOf(store(storage), user));
  };

  it('keys a flow per user, a visitor being `guest`', () => {
    expect(storeOf(store(memoryStorage()), userKeyOf(42)).key).toBe('flow:wizard:user-42');
    expect(storeOf(store(memoryStorage()), userKeyOf(null)).key).toBe(`flow:wizard:${GUEST}`);
  });

  it('lets another page peek at a stored flow, checked like a restore', () => {
    const storage = memoryStorage();
    save(storage, GUEST, 'Bat');
    expect(peekWizard<{ name: string }>(wizard, store(storage), GUEST)?.context.name).toBe('Bat');
    expect(peekWizard(wizard, store(storage), 'user-1')).toBeNull();
    expect(peekWizard(wizard, { ...store(storage), version: 2 }, GUEST)).toBeNull();
  });

  it('forgets the stored flows whose context matches, whoever they belong to, and only those', () => {
    const storage = memoryStorage();
    save(storage, GUEST, 'Bat');
    save(storage, 'user-1', 'Bat');
    save(storage, 'user-2', 'Dorj');
    storage.setItem('flow:other:guest', 'kept: another flow');
    clearWizards(store(storage), (context) => context.name === 'Bat');
    expect([...Array(storage.length).keys()].map((index) => storage.key(index)).sort()).toEqual(['flow:other:guest', 'flow:wizard:user-2']);
  });
});

describe('hand-offs between flows', () => {
  const parse = (value: unknown) => (typeof (value as { id?: unknown } | null)?.id === 'string' ? (value as { id: string }) : null);

  it('reads what the previous flow left, and nothing that does not parse', () => {
    const storage = memoryStorage();
    const previous = Object.getOwnPropertyDescriptor(globalThis, 'localStorage');
    Object.defineProperty(globalThis, 'localStorage', { value: storage, configurable: true });
    try {
      expect(readHandOff('purchase', parse)).toBeNull();
      writeHandOff('purchase', { id: 'a-1' });
      expect(readHandOff('purchase', parse)).toEqual({ id: 'a-1' });
      storage.setItem('handOff:purchase', '{broken');
      expect(readHandOff('purchase', parse)).toBeNull();
      writeHandOff('purchase', { id: 7 });
      expect(readHandOff('purchase', parse)).toBeNull();
    } finally {
      if (previous) Object.defineProperty(globalThis, 'localStorage', previous);
      else delete (globalThis as { localStorage?: Storage }).localStorage;
    }
  });
});
