/** The kit itself, on small inline machines: a kit that cannot fail would make every path test a no-op. */
import { describe, expect, it } from 'vitest';
import { and, assign, emit, fromPromise, not, setup } from 'xstate';
import {
  afterEvent,
  coverage,
  defineModel,
  doneEvent,
  errorEvent,
  generatePaths,
  guardLabel,
  generatePathsFor,
  machineTransitions,
  OracleViolation,
  pathFromEvents,
  PathReplayError,
  replayPath,
  replayPaths,
  toStateValue,
  type Oracle,
} from './path-kit.ts';
import { formatEvent, formatStateValue } from './path-format.ts';

const branching = setup({ guards: { never: () => false } }).createMachine({
  id: 'branching',
  initial: 'a',
  states: {
    a: { on: { go: [{ guard: 'never', target: 'c' }, { target: 'b' }] } },
    b: { on: { back: 'a' } },
    c: {},
  },
});

const fetching = setup({
  types: { context: {} as { count: number; data: unknown }, input: {} as { count: number } },
  actors: { fetch: fromPromise<unknown, void>(async () => 'real') },
  actions: { notify: () => {} },
  guards: { isFresh: ({ context }) => context.count === 0 },
}).createMachine({
  id: 'fetching',
  type: 'parallel',
  context: ({ input }) => ({ count: input.count, data: null }),
  states: {
    request: {
      initial: 'checking',
      states: {
        checking: { always: [{ guard: 'isFresh', target: 'loading' }, { target: 'idle' }] },
        idle: { on: { refresh: 'loading' } },
        loading: {
          invoke: {
            id: 'fetch',
            src: 'fetch',
            onDone: { target: 'idle', actions: [assign({ data: ({ event }) => event.output, count: ({ context }) => context.count + 1 }), 'notify'] },
            onError: { target: 'idle' },
          },
          after: { 1000: { target: 'idle' } },
        },
      },
    },
    banner: {
      initial: 'off',
      states: { off: { on: { toggle: 'on' } }, on: { on: { toggle: 'off' } } },
    },
  },
});

const fetchingModel = defineModel({
  machine: fetching,
  inputs: [
    { label: 'fresh', input: { count: 0 } },
    { label: 'cached', input: { count: 1 } },
  ],
  events: [
    { type: 'refresh' },
    { type: 'toggle' },
    doneEvent('fetch', 'data'),
    errorEvent('fetch', new Error('down')),
    afterEvent(1000, 'fetching.request.loading'),
  ],
  flags: ({ context }) => ({ fetched: context.count > 0 }),
});

describe('path kit', () => {
  it('lists what no path covers: an unreachable state and a branch whose guard never passes', () => {
    const model = defineModel({ machine: branching, events: [{ type: 'go' }, { type: 'back' }] });
    const result = coverage(branching, generatePaths(model));
    expect(result.complete).toBe(false);
    expect(result.states.missing).toEqual(['branching.c']);
    expect(result.transitions.missing).toEqual(['branching.a: go [never] → branching.c']);
  });

  it('finds a transition missing when its event is not in the model', () => {
    const model = defineModel({ machine: branching, events: [{ type: 'go' }] });
    expect(coverage(branching, generatePaths(model)).transitions.missing).toContain('branching.b: back → branching.a');
  });

  it('covers eventless, delayed, invoke and parallel transitions, and replays them', async () => {
    const paths = generatePaths(fetchingModel);
    const result = coverage(fetching, paths);
    expect(result.transitions.missing).toEqual([]);
    expect(result.states.missing).toEqual([]);
    expect(result.transitions.all).toContain('fetching.request.checking: always [isFresh] → fetching.request.loading');
    for (const path of paths) await replayPath(fetchingModel, path);
  });

  it('settles the pending promise of the invoke the event names, and spies on custom actions', async () => {
    const path = pathFromEvents(fetchingModel, [
      doneEvent('fetch', 'data'),
      { type: 'refresh' },
      errorEvent('fetch', new Error('down')),
    ]);
    const replay = await replayPath(fetchingModel, path);
    expect(replay.invocations.map((call) => [call.id, call.step, call.status])).toEqual([
      ['fetch', 0, 'resolved'],
      ['fetch', 2, 'rejected'],
    ]);
    expect(replay.calls).toEqual([expect.objectContaining({ action: 'notify', step: 1, context: { count: 1, data: 'data' } })]);
  });

  it('fails a replay when the real machine leaves the path', async () => {
    const model = defineModel({ machine: branching, events: [{ type: 'go' }, { type: 'back' }] });
    const path = pathFromEvents(model, [{ type: 'go' }]);
    const changed = branching.provide({ guards: { never: () => true } });
    await expect(replayPath({ ...model, machine: changed }, path)).rejects.toThrow(PathReplayError);
    await expect(replayPath({ ...model, machine: changed }, path)).rejects.toThrow(/step 1: expected state .*"b".*\n but the machine is in .*"c"/);
  });

  it('fails a replay when a result arrives for an actor that is not running', async () => {
    const loading = (id: string) =>
      setup({ actors: { fetch: fromPromise(async () => 'x') } }).createMachine({
        id: 'loading',
        initial: 'loading',
        states: { loading: { invoke: { id, src: 'fetch', onDone: 'done' } }, done: {} },
      });
    const model = defineModel({ machine: loading('fetch'), events: [doneEvent('fetch', 1)] });
    const path = pathFromEvents(model, [doneEvent('fetch', 1)]);
    await expect(replayPath(model, path)).resolves.toBeDefined();
    await expect(replayPath({ ...model, machine: loading('other') }, path)).rejects.toThrow(
      /step 1: no `fetch` actor is running to resolve/,
    );
  });

  it('names guards and events readably', () => {
    expect(guardLabel(not('hasToken'))).toBe('!hasToken');
    expect(guardLabel(and(['a', 'b']))).toBe('and(a, b)');
    expect(machineTransitions(branching).map((info) => info.key)).toEqual([
      'branching.a: go [never] → branching.c',
      'branching.a: go → branching.b',
      'branching.b: back → branching.a',
    ]);
    expect(formatEvent(errorEvent('login', new Error('down')))).toBe('login rejects Error(down)');
    expect(formatEvent({ type: 'login.change', field: 'email', value: '' })).toBe('send login.change {field: email, value: ""}');
    expect(formatEvent(afterEvent(1000, 'fetching.request.loading'))).toBe('wait 1000ms in fetching.request.loading');
    expect(formatStateValue({ request: 'idle', banner: 'on' })).toBe('request.idle, banner.on');
  });
});

/** A counter with a save: the oracle's small test machine (and a way to break each of its parts). */
const counter = setup({
  types: { context: {} as { count: number; saved: number | null }, events: {} as { type: 'add' } | { type: 'save' } },
  actors: { save: fromPromise<number, { count: number }>(async () => 0) },
  actions: {
    add: assign(({ context }) => ({ count: context.count + 1 })),
    saved: assign(({ event }) => ({ saved: (event as unknown as { output: number }).output })),
    notify: (_, _params: { count: number }) => {},
    announce: emit(({ context }) => ({ type: 'counted', count: context.count })),
  },
  guards: { hasRoom: ({ context }) => context.count < 2 },
}).createMachine({
  id: 'counter',
  context: { count: 0, saved: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        add: { guard: 'hasRoom', actions: ['add', { type: 'notify', params: ({ context }) => ({ count: context.count }) }, 'announce'] },
        save: 'saving',
      },
    },
    saving: {
      invoke: { id: 'save', src: 'save', input: ({ context }) => ({ count: context.count }), onDone: { target: 'idle', actions: 'saved' } },
    },
  },
});

const counterOracle: Oracle<typeof counter> = {
  initial: () => ({ count: 0, saved: null }),
  initialState: () => 'idle',
  effects: {
    add: (before, _, from) => (from.matches('idle') && before.count < 2 ? { count: before.count + 1 } : {}),
    'xstate.done.actor.save': (_, event) => ({ saved: event.output }),
  },
  targets: { save: (_, __, from) => (from.matches('idle') ? 'saving' : from.value), 'xstate.done.actor.save': () => 'idle' },
  states: { '*': ({ count }) => count <= 2, saving: (_, state) => state.running.includes('save') },
  sent: { save: ({ count }) => ({ count }) },
  calls: (before, event, after, from) => (event.type === 'add' && from?.matches('idle') && (before?.count ?? 0) < 2 ? [{ action: 'notify', params: { count: after.count } }] : []),
  emitted: (before, event, after, from) =>
    event.type === 'add' && from?.matches('idle') && (before?.count ?? 0) < 2 ? [{ type: 'counted', count: after.count }] : [],
};

const counterModel = defineModel({
  machine: counter,
  events: [{ type: 'add' }, { type: 'save' }, doneEvent('save', 7)],
  flags: ({ context }) => ({ count: context.count }),
  oracle: counterOracle,
});

/** The problems the counter's generated paths show with `machine` (none for the real one). */
const problemsWith = async (machine: typeof counter) => {
  const model = { ...counterModel, machine };
  const failures = await replayPaths(model, generatePathsFor(model, { label: '', input: undefined }), { stopAfter: 1 });
  return failures.map(({ error }) => (error instanceof OracleViolation ? error.message.split('\n\n')[0] : String(error)));
};

describe('path kit oracle', () => {
  it('holds on the real machine, along every generated path', async () => {
    expect(await problemsWith(counter)).toEqual([]);
  });

  it('rejects a wrong effect on the context, naming the step, the field and both values', async () => {
    const problems = await problemsWith(counter.provide({ actions: { add: assign(({ context }) => ({ count: context.count + 2 })) as never } }));
    expect(problems[0]).toMatch(/^step 1 \(add\) breaks the oracle:\n {2}context\.count: expected 1\n {4}but it is 2\n {4}\(the effect of add\)/);
  });

  it('finds an event the machine wrongly ignores, though the step reaches a known state', async () => {
    const problems = await problemsWith(counter.provide({ guards: { hasRoom: ({ context }) => context.count < 1 } }));
    expect(problems[0]).toMatch(/\(add\) breaks the oracle:\n {2}context\.count: expected 2\n {4}but it is 1/);
  });

  it('rejects a wrong target, a broken state expectation, a wrong input and wrong calls or emitted events', async () => {
    const wrong = await problemsWith(counter.provide({ actions: { saved: assign({ count: 5, saved: 7 }) as never } }));
    expect(wrong[0]).toMatch(/context\.count: expected \d\n {4}but it is 5[\s\S]*in \*: .*count <= 2.* does not hold/);

    const model = { ...counterModel, oracle: { ...counterOracle, sent: { save: () => ({ count: -1 }) } } };
    await expect(replayPath(model, pathFromEvents(model, [{ type: 'save' }]))).rejects.toThrow(/input of save\.count: expected -1\n {4}but it is 0/);

    const noEmit = { ...counterModel, machine: counter.provide({ actions: { announce: assign({}) as never } }) };
    await expect(replayPath(noEmit, pathFromEvents(noEmit, [{ type: 'add' }]))).rejects.toThrow(/emitted: expected \[\{"type":"counted","count":1\}\]\n {4}but it emitted \[\]/);

    const noTarget = { ...counterModel, oracle: { ...counterOracle, targets: { save: () => 'idle' } } };
    await expect(replayPath(noTarget, pathFromEvents(noTarget, [{ type: 'save' }]))).rejects.toThrow(/save must lead to "idle", but the machine is in "saving"/);

    const noCall = { ...counterModel, oracle: { ...counterOracle, calls: () => [] } };
    await expect(replayPath(noCall, pathFromEvents(noCall, [{ type: 'add' }]))).rejects.toThrow(/calls: expected \[\]\n {4}but it made \["notify"\]/);
  });

  it('reads dotted state paths', () => {
    expect(toStateValue('a.b.c')).toEqual({ a: { b: 'c' } });
    expect(toStateValue('a')).toBe('a');
  });
});
