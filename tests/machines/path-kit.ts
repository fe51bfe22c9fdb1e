/**
 * Generic path testing for the XState machines in machines/ (docs: ARCHITECTURE "Path tests").
 *
 * A machine gets one model file (`<name>.model.ts`, built with `defineModel`) listing its sample
 * events, inputs and state flags. From it:
 * - `generatePaths` walks the machine with `getShortestPaths` / `getSimplePaths` of `xstate/graph`,
 *   adds a path for every graph edge those miss, and keeps a small, deduplicated set;
 * - `coverage` tells which state nodes and configured transitions the paths take;
 * - `replayPath` replays a path on the real machine with promise stubs settled under test control.
 *
 * No test framework is imported here: the CLI (`npm run paths`) uses the same generation.
 */
import {
  createActor,
  createEmptyActor,
  fromPromise,
  SimulatedClock,
  type AnyActorLogic,
  type AnyActorScope,
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type AnyTransitionDefinition,
  type ContextFrom,
  type EventFromLogic,
  type EventObject,
  type InputFrom,
  type SnapshotFrom,
  type StateValue,
} from 'xstate';
import {
  getAdjacencyMap,
  getShortestPaths,
  getSimplePaths,
  getStateNodes,
  type AdjacencyMap,
} from 'xstate/graph';
import { formatPath } from './path-format.ts';

/** Small facts about a snapshot that the state value does not show (e.g. `emailValid`). */
export type Flags = Record<string, string | number | boolean | null | undefined>;

/** One start configuration of a machine whose behaviour depends on its input. */
export interface InputCase<TInput> {
  label: string;
  input: TInput;
}

export interface PathModel<TMachine extends AnyStateMachine = AnyStateMachine> {
  machine: TMachine;
  /**
   * Sample events, payloads included. Results of invoked actors are `doneEvent(id, output)` and
   * `errorEvent(id, error)`; delayed transitions are `afterEvent(delay, stateId)`.
   */
  events: readonly AnyEventObject[];
  /** Inputs to start from; a machine whose behaviour depends on input needs one per behaviour. */
  inputs?: ReadonlyArray<InputCase<InputFrom<TMachine>>>;
  /**
   * Context facts that tell states apart beyond the state value. Every fact a guard reads must be
   * here (or two snapshots that behave differently would be merged), and so must the effect of a
   * targetless transition, or the transition is never taken by a path.
   */
  flags?: (snapshot: SnapshotFrom<TMachine>) => Flags;
  /**
   * Simple paths (every cycle-free route) explode combinatorially on a large state graph.
   * `false` skips them; `{ flags }` enumerates them on a coarser graph (the paths are still
   * replayed and compared with the full `flags`). Default: the same flags.
   */
  simplePaths?: false | { flags: (snapshot: SnapshotFrom<TMachine>) => Flags };
  /** Actions replaced by recording spies; default: every action that is not an XState built-in. */
  spies?: readonly string[];
  /** Stub logic by actor `src`, for actors that are not promises; default: controlled promises. */
  actors?: Readonly<Record<string, AnyActorLogic>>;
  /**
   * What must hold after every step of every replay, written in the test without the machine's
   * code (see `Oracle`). The paths come from the machine itself, so without an oracle a replay
   * only shows that the machine agrees with itself.
   */
  oracle?: Oracle<TMachine>;
}

// ---------------------------------------------------------------------------------------------
// The oracle: what the model expects, independently of the machine's code
// ---------------------------------------------------------------------------------------------

/** A state as an oracle function sees it (the state a step starts from, or the one it reaches). */
export interface OracleState {
  value: StateValue;
  /** Whether the state is (inside) `state`: a state value, or a dotted path such as `'signedIn.ready'`. */
  matches: (state: StateValue) => boolean;
  /** `active`, `done`, `error` or `stopped`. */
  status: string;
  /** Ids of the invoked actors running in this state. */
  running: string[];
  /** The input the path started from. */
  input: unknown;
  /** The snapshot itself, for what the machine's views read of it (the connect functions). */
  snapshot: AnyMachineSnapshot;
}

type OracleContext<TMachine extends AnyStateMachine> = ContextFrom<TMachine>;
type OracleEvent<TMachine extends AnyStateMachine> = EventFromLogic<TMachine>;

/**
 * One function per event type (the model's events, and `xstate.done.actor.<id>`,
 * `xstate.error.actor.<id>`, `xstate.after.<delay>.<stateId>` for actor results and timers).
 */
export type PerEvent<TContext, TEvent extends EventObject, TResult> = {
  [TType in TEvent['type']]?: (before: TContext, event: Extract<TEvent, { type: TType }>, from: OracleState) => TResult;
} & {
  [TType: `xstate.${string}`]: ((before: TContext, event: AnyEventObject, from: OracleState) => TResult) | undefined;
};

/** A spied action a step must call: its name, and when given, its params and (part of) the context it saw. */
export interface ExpectedCall<TContext = unknown> {
  action: string;
  params?: unknown;
  context?: Partial<TContext>;
}

/**
 * The model's own account of the machine, checked by `replayPath` after every step (a failure is an
 * `OracleViolation` naming the step). Each part is optional; write them without the machine's
 * helpers (a small reference function in the test), or the oracle agrees with any bug they have.
 */
export interface Oracle<TMachine extends AnyStateMachine = AnyStateMachine> {
  /** The context right after start (eventless transitions and entry actions included). */
  initial?: (input: InputFrom<TMachine>) => OracleContext<TMachine>;
  /** The state right after start (`matches`). */
  initialState?: (input: InputFrom<TMachine>) => StateValue;
  /**
   * Per event type, the context fields the step changes (`{}` or `undefined`: none); every other
   * field must stay as it was (compared deeply). An event type that is not listed changes nothing.
   */
  effects?: PerEvent<OracleContext<TMachine>, OracleEvent<TMachine>, Partial<OracleContext<TMachine>> | undefined | void>;
  /** Per event type, the state the step must reach (`matches`); `undefined`: not checked. */
  targets?: PerEvent<OracleContext<TMachine>, OracleEvent<TMachine>, StateValue | undefined | void>;
  /**
   * Per state (a dotted path such as `'signedIn.ready'`, or `'*'` for every state): what must hold
   * whenever a step ends there. Return false (or throw) when it does not.
   */
  states?: Readonly<Record<string, (context: OracleContext<TMachine>, state: OracleState) => boolean | void>>;
  /**
   * Per event type, the ids of the invoked actors the step must start, in any order (an actor
   * started again counts: a reload that restarts a load); `undefined`: not checked.
   */
  starts?: PerEvent<OracleContext<TMachine>, OracleEvent<TMachine>, readonly string[] | undefined | void>;
  /** Per invoked actor id: the input it must be started with, from the context of the step that starts it. */
  sent?: Readonly<Record<string, (context: OracleContext<TMachine>, state: OracleState) => unknown>>;
  /**
   * The spied actions (`PathModel.spies`) each step must call, in order. `before` is undefined on
   * the start step.
   */
  calls?: (
    before: OracleContext<TMachine> | undefined,
    event: AnyEventObject,
    after: OracleContext<TMachine>,
    from: OracleState | undefined,
  ) => ReadonlyArray<ExpectedCall<OracleContext<TMachine>>>;
  /** The events each step must emit (`emit`), in order (compared deeply). */
  emitted?: (
    before: OracleContext<TMachine> | undefined,
    event: AnyEventObject,
    after: OracleContext<TMachine>,
    from: OracleState | undefined,
  ) => readonly unknown[];
}

/** Identity function that types a model's callbacks from its machine. */
export const defineModel = <TMachine extends AnyStateMachine>(model: PathModel<TMachine>): PathModel<TMachine> =>
  model;

/** The event an invoked actor's success sends to its parent. */
export const doneEvent = (id: string, output: unknown): AnyEventObject => ({
  type: `xstate.done.actor.${id}`,
  output,
  actorId: id,
});

/** The event an invoked actor's failure sends to its parent. */
export const errorEvent = (id: string, error: unknown): AnyEventObject => ({
  type: `xstate.error.actor.${id}`,
  error,
  actorId: id,
});

/** The event of a delayed (`after`) transition of the state node with id `stateId`. */
export const afterEvent = (delay: string | number, stateId: string): AnyEventObject => ({
  type: `xstate.after.${delay}.${stateId}`,
});

const ACTOR_RESULT = /^xstate\.(done|error)\.actor\.(.+)$/;

/** `{ kind, id }` when the event is the result of an invoked actor. */
export const actorResultOf = (event: AnyEventObject): { kind: 'done' | 'error'; id: string } | undefined => {
  const match = ACTOR_RESULT.exec(event.type);
  return match ? { kind: match[1] as 'done' | 'error', id: match[2] ?? '' } : undefined;
};

/**
 * An actor can only answer while it runs: results of actors that are not running are not offered.
 * A machine that reached a final state takes no more events (a real actor ignores them, while the
 * pure `transition` would still run root-level transitions such as routable states' `xstate.route`).
 */
const canHappen = (snapshot: AnyMachineSnapshot, event: AnyEventObject): boolean => {
  if (snapshot.status !== 'active') return false;
  const result = actorResultOf(event);
  return result === undefined || snapshot.children[result.id] !== undefined;
};

/** JSON that keeps what an `Error` carries (its own fields are otherwise lost or merged). */
export const toJSONValue = (value: unknown): unknown =>
  JSON.parse(JSON.stringify(value, (_key, item: unknown) => errorToJSON(item)) ?? 'null');

const errorToJSON = (item: unknown): unknown =>
  item instanceof Error ? { error: item.name, ...item, message: item.message } : item;

export const serializeEvent = (event: AnyEventObject): string =>
  JSON.stringify(event, (_key, item: unknown) => errorToJSON(item));

/** What the paths compare at every step: state value, status when not active, and the flags. */
export interface StateDescription {
  value: unknown;
  status?: string;
  flags?: Flags;
}

export const describeState = (model: PathModel, snapshot: AnyMachineSnapshot): StateDescription => {
  const flags = model.flags?.(snapshot);
  return {
    value: snapshot.value,
    ...(snapshot.status === 'active' ? {} : { status: snapshot.status }),
    ...(flags && Object.keys(flags).length > 0 ? { flags } : {}),
  };
};

const serializerOf = (model: PathModel, flags = model.flags) => {
  // A snapshot never changes, and the graph walks serialize the same ones again and again.
  const serialized = new WeakMap<AnyMachineSnapshot, string>();
  return (snapshot: AnyMachineSnapshot): string => {
    let text = serialized.get(snapshot);
    if (text === undefined) {
      text = JSON.stringify(describeState({ ...model, flags }, snapshot));
      serialized.set(snapshot, text);
    }
    return text;
  };
};

// ---------------------------------------------------------------------------------------------
// The machine's configuration: state nodes and transitions
// ---------------------------------------------------------------------------------------------

/** Every state node of the machine except the root (which is always active). */
export const machineStateNodes = (machine: AnyStateMachine): AnyStateNode[] => getStateNodes(machine.root);

/** A readable name for a guard: `isLoginValid`, `!hasToken`, `and(a, b)`, `inline`. */
export const guardLabel = (guard: unknown): string | undefined => {
  if (guard === undefined || guard === null) return undefined;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'object' && 'type' in guard) return String(guard.type);
  if (typeof guard === 'function') {
    const higher = guard as { name: string; guards?: unknown[]; stateValue?: unknown };
    if (Array.isArray(higher.guards)) {
      const inner = higher.guards.map((item) => guardLabel(item) ?? 'inline');
      return higher.name === 'not' ? `!${inner.join(', ')}` : `${higher.name}(${inner.join(', ')})`;
    }
    if (higher.stateValue !== undefined) return `stateIn(${JSON.stringify(higher.stateValue)})`;
    return higher.name && higher.name !== 'guard' ? higher.name : 'inline';
  }
  return 'inline';
};

/** A readable name for an action: its name in `setup`, or the built-in's kind (`assign`). */
export const actionLabel = (action: unknown): string => {
  if (typeof action === 'string') return action;
  if (typeof action === 'object' && action !== null && 'type' in action) return String(action.type);
  if (typeof action === 'function') {
    const typed = action as { type?: unknown; name: string };
    if (typeof typed.type === 'string') return typed.type.replace(/^xstate\./, '');
    return typed.name || 'inline';
  }
  return 'inline';
};

/** One configured transition: source node, event (`always` for eventless), guard and targets. */
export interface TransitionInfo {
  /** Unique, readable: `auth.signedOut.idle: login.submit [isLoginValid] → auth.signedOut.submitting`. */
  key: string;
  source: AnyStateNode;
  /** The event type, or `always` for an eventless transition. */
  eventType: string;
  guard: string | undefined;
  /** Target node ids; empty for a targetless transition. */
  targets: string[];
  reenter: boolean;
  actions: string[];
  definition: AnyTransitionDefinition;
}

const transitionCache = new WeakMap<AnyStateMachine, TransitionInfo[]>();

/** Every transition of the machine's configuration, eventless, guarded and targetless included. */
export const machineTransitions = (machine: AnyStateMachine): TransitionInfo[] => {
  const cached = transitionCache.get(machine);
  if (cached) return cached;
  const infos: TransitionInfo[] = [];
  const seen = new Map<string, number>();
  for (const node of [machine.root, ...machineStateNodes(machine)]) {
    const groups: Array<[string, AnyTransitionDefinition[]]> = [
      ...node.transitions.entries(),
      ...(node.always ? ([['always', node.always]] as Array<[string, AnyTransitionDefinition[]]>) : []),
    ];
    for (const [eventType, definitions] of groups) {
      for (const definition of definitions) {
        const guard = guardLabel(definition.guard);
        const targets = (definition.target ?? []).map((target) => target.id);
        const base = `${node.id}: ${eventType}${guard ? ` [${guard}]` : ''} → ${
          targets.length ? targets.join(', ') : '(no target)'
        }${definition.reenter ? ' (reenter)' : ''}`;
        const count = (seen.get(base) ?? 0) + 1;
        seen.set(base, count);
        infos.push({
          key: count === 1 ? base : `${base} #${count}`,
          source: node,
          eventType,
          guard,
          targets,
          reenter: definition.reenter,
          actions: definition.actions.map(actionLabel),
          definition,
        });
      }
    }
  }
  transitionCache.set(machine, infos);
  return infos;
};

const transitionKeyOf = (definition: AnyTransitionDefinition): string =>
  machineTransitions(definition.source.machine).find((info) => info.definition === definition)?.key ??
  `${definition.source.id}: ${definition.eventType}`;

// ---------------------------------------------------------------------------------------------
// Running events on the pure machine, recording the transitions taken
// ---------------------------------------------------------------------------------------------

/** One step of a path: the event and the state it leads to. `steps[0]` is the start. */
export interface PathStep {
  event: AnyEventObject;
  snapshot: AnyMachineSnapshot;
  /** The serialized state the replay must reach (value, status, flags). */
  state: string;
  /** Configured transitions taken by this step, eventless ones included. */
  transitions: AnyTransitionDefinition[];
  /** State nodes active at any microstep of this step (transient states included). */
  visited: AnyStateNode[];
}

export interface MachinePath {
  inputLabel: string | undefined;
  input: unknown;
  steps: PathStep[];
}

/** An actor scope like the one `xstate/graph` uses, which also records every microstep. */
const createRecordingScope = () => {
  const host = createEmptyActor();
  let transitions: AnyTransitionDefinition[] = [];
  let visited: AnyStateNode[] = [];
  host.system.inspect((inspection) => {
    if (inspection.type !== '@xstate.microstep') return;
    transitions.push(...inspection._transitions);
    const snapshot = inspection.snapshot as AnyMachineSnapshot;
    if (Array.isArray(snapshot._nodes)) visited.push(...snapshot._nodes);
  });
  const scope: AnyActorScope = {
    self: host,
    id: '',
    sessionId: 'path-kit',
    logger: () => {},
    defer: () => {},
    emit: () => {},
    system: host.system,
    stopChild: () => {},
    actionExecutor: () => {},
  };
  const take = () => {
    const taken = { transitions, visited };
    transitions = [];
    visited = [];
    return taken;
  };
  return { scope, take };
};

/**
 * Runs `events` from the machine's initial state for `input` without side effects. Returns
 * undefined when an event cannot happen (an actor result while that actor is not running).
 */
export const runEvents = (
  machine: AnyStateMachine,
  input: unknown,
  events: readonly AnyEventObject[],
  serialize: (snapshot: AnyMachineSnapshot) => string,
): PathStep[] | undefined => {
  const { scope, take } = createRecordingScope();
  let snapshot = machine.getInitialSnapshot(scope, input) as AnyMachineSnapshot;
  const initial = take();
  const steps: PathStep[] = [
    {
      event: { type: 'xstate.init' },
      snapshot,
      state: serialize(snapshot),
      transitions: initial.transitions,
      visited: [...snapshot._nodes, ...initial.visited],
    },
  ];
  for (const event of events) {
    if (!canHappen(snapshot, event)) return undefined;
    snapshot = machine.transition(snapshot, event, scope) as AnyMachineSnapshot;
    const taken = take();
    steps.push({
      event,
      snapshot,
      state: serialize(snapshot),
      transitions: taken.transitions,
      visited: [...snapshot._nodes, ...taken.visited],
    });
  }
  return steps;
};

// ---------------------------------------------------------------------------------------------
// Path generation
// ---------------------------------------------------------------------------------------------

export const inputCasesOf = (model: PathModel): ReadonlyArray<InputCase<unknown>> =>
  model.inputs && model.inputs.length > 0 ? model.inputs : [{ label: '', input: undefined }];

const eventsOf = (path: MachinePath): AnyEventObject[] => path.steps.slice(1).map((step) => step.event);

const edgeKeys = (path: MachinePath): string[] =>
  path.steps.slice(1).map((step, index) => `${path.steps[index]?.state}|${serializeEvent(step.event)}`);

/** What each step does, as configured transitions ('' for a step that takes none). */
const movesOf = (path: MachinePath): string[] =>
  path.steps.slice(1).map((step) => step.transitions.map(transitionKeyOf).join(' + '));

/**
 * Consecutive pairs of configured transitions ("login fails, then the form changes"): a simple path
 * is kept only when it takes a pair no kept path takes. Steps that take no transition are skipped.
 */
const pairKeys = (moves: readonly string[]): string[] => {
  const taken = moves.filter(Boolean);
  return taken.slice(1).map((move, index) => `${taken[index]} ⇒ ${move}`);
};

const eventSequenceKey = (path: MachinePath): string => eventsOf(path).map(serializeEvent).join('\n');

/** Drops paths whose events are a prefix of another path's (same input): the longer one covers them. */
const withoutPrefixes = (paths: MachinePath[]): MachinePath[] => {
  const byLength = [...paths].sort((a, b) => b.steps.length - a.steps.length);
  const prefixes = new Set<string>();
  const kept: MachinePath[] = [];
  for (const path of byLength) {
    const events = eventsOf(path).map(serializeEvent);
    if (prefixes.has(events.join('\n'))) continue;
    kept.push(path);
    for (let length = 0; length <= events.length; length += 1) prefixes.add(events.slice(0, length).join('\n'));
  }
  return kept;
};

/**
 * The machine as the graph walks of one input case see it: its transitions remembered per snapshot
 * and event, and one initial snapshot, so the walks after the first (the shortest paths, the
 * adjacency, the simple paths) take the same transitions without running them again. A snapshot
 * never changes, so what it and an event lead to stays what it was.
 */
interface GraphWalk {
  logic: AnyStateMachine;
  fromState: AnyMachineSnapshot;
}

const graphWalkOf = (machine: AnyStateMachine, inputCase: InputCase<unknown>): GraphWalk => {
  const known = new WeakMap<AnyMachineSnapshot, Map<string, AnyMachineSnapshot>>();
  const logic = Object.create(machine) as AnyStateMachine;
  logic.transition = (snapshot: AnyMachineSnapshot, event: AnyEventObject, scope: AnyActorScope) => {
    let byEvent = known.get(snapshot);
    if (!byEvent) known.set(snapshot, (byEvent = new Map()));
    const key = serializeEvent(event);
    let next = byEvent.get(key);
    if (!next) {
      next = machine.transition(snapshot, event, scope) as AnyMachineSnapshot;
      byEvent.set(key, next);
    }
    return next;
  };
  const { scope } = createRecordingScope();
  return { logic, fromState: machine.getInitialSnapshot(scope, inputCase.input) as AnyMachineSnapshot };
};

/** The options `xstate/graph` walks a model's machine with, from one input case. */
const graphTraversal = (model: PathModel, walk: GraphWalk, inputCase: InputCase<unknown>, serializeState: (snapshot: AnyMachineSnapshot) => string) => ({
  events: model.events,
  input: inputCase.input,
  fromState: walk.fromState,
  serializeState,
  serializeEvent,
  filterEvents: canHappen,
});

/**
 * Step 1 of the generation alone: the shortest path to every distinct state (vertex: value, status,
 * flags) from one input case, in `getShortestPaths` order. The browser replays take these
 * (tests/e2e/support/path-replay.ts); `generatePaths` adds the edge and pair paths to them.
 */
export const shortestPathsFor = (model: PathModel, inputCase: InputCase<unknown>): MachinePath[] =>
  shortestPathsOn(model, graphWalkOf(model.machine, inputCase), inputCase, serializerOf(model));

const shortestPathsOn = (
  model: PathModel,
  walk: GraphWalk,
  inputCase: InputCase<unknown>,
  serialize: (snapshot: AnyMachineSnapshot) => string,
): MachinePath[] => {
  return getShortestPaths(walk.logic, graphTraversal(model, walk, inputCase, serialize))
    .map((path) => runEvents(model.machine, inputCase.input, path.steps.slice(1).map((step) => step.event), serialize))
    .filter((steps) => steps !== undefined)
    .map((steps) => ({ inputLabel: inputCase.label || undefined, input: inputCase.input, steps }));
};

/** Steps that break the oracle kept as paths per input case: their replays fail; a few show why. */
const MAX_VIOLATIONS = 10;

/** The whole state of a snapshot (value, status and context), where a vertex only has the flags. */
const fullStateKey = (snapshot: AnyMachineSnapshot): string =>
  JSON.stringify([snapshot.value, snapshot.status, snapshot.context], (_key, item: unknown) => errorToJSON(item));

const pathsForInput = (model: PathModel, inputCase: InputCase<unknown>): MachinePath[] => {
  const { machine } = model;
  const serialize = serializerOf(model);
  const walk = graphWalkOf(machine, inputCase);
  const traversal = (serializeState: (snapshot: AnyMachineSnapshot) => string) => graphTraversal(model, walk, inputCase, serializeState);
  const toPath = (events: readonly AnyEventObject[]): MachinePath | undefined => {
    const steps = runEvents(machine, inputCase.input, events, serialize);
    return steps && { inputLabel: inputCase.label || undefined, input: inputCase.input, steps };
  };
  const graphEvents = (path: { steps: Array<{ event: AnyEventObject }> }) => path.steps.slice(1).map((s) => s.event);

  // 1. the shortest path to every distinct state
  const shortest = shortestPathsOn(model, walk, inputCase, serialize);
  const kept = [...shortest];
  const edges = new Set(kept.flatMap(edgeKeys));
  const taken = new Set(kept.flatMap((path) => path.steps.flatMap((step) => step.transitions)));
  const samples = new Set(
    kept.flatMap((path) => path.steps.filter((step) => step.transitions.length > 0).map((step) => serializeEvent(step.event))),
  );

  // 2. a path for every configured transition, and every sample event, that the shortest paths
  //    do not take (a transition that closes a cycle, a second error sample): the shortest path
  //    to a state where it is enabled, then that event
  //    Where the model has an oracle, every step from every state is checked against it (context,
  //    target, state expectations), and a step that breaks it is kept too, so that its replay fails:
  //    a wrong step that reaches a known state, or an event the machine wrongly ignores, is not
  //    otherwise on any path.
  const shortestTo = new Map(shortest.map((path) => [path.steps.at(-1)?.state, path]));
  const adjacency = getAdjacencyMap(walk.logic, traversal(serialize)) as AdjacencyMap<AnyMachineSnapshot, AnyEventObject>;
  // What `event` takes from the end of `head`, without replaying `head` from the start: most edges are
  // dropped on that answer alone (their transitions and sample are already on a kept path), and only a
  // kept one is replayed whole (`toPath`). The end snapshot is the one `runEvents` replayed, so its
  // context is the path's own, not the graph vertex's (which shares only its flags).
  const { scope: edgeScope, take: takeEdge } = createRecordingScope();
  const lastTransitionsOf = (head: MachinePath, event: AnyEventObject): AnyTransitionDefinition[] | undefined => {
    const end = head.steps.at(-1)?.snapshot;
    if (!end || !canHappen(end, event)) return undefined;
    machine.transition(end, event, edgeScope);
    return takeEdge().transitions;
  };
  let violations = 0;
  for (const [from, { state: before, transitions }] of Object.entries(adjacency)) {
    const head = shortestTo.get(from);
    if (!head) continue;
    for (const { event, state: after } of Object.values(transitions) as Array<{ event: AnyEventObject; state: AnyMachineSnapshot }>) {
      if (edges.has(`${from}|${serializeEvent(event)}`)) continue;
      if (
        model.oracle &&
        violations < MAX_VIOLATIONS &&
        oracleProblems(model.oracle as Oracle, { index: -1, event, before, after, input: inputCase.input }).length > 0
      ) {
        const path = toPath([...eventsOf(head), event]);
        if (path) {
          kept.push(path);
          for (const edge of edgeKeys(path)) edges.add(edge);
        }
        violations += 1;
        continue;
      }
      const lastTransitions = lastTransitionsOf(head, event);
      if (!lastTransitions || lastTransitions.length === 0) continue;
      const sample = serializeEvent(event);
      if (lastTransitions.every((definition) => taken.has(definition)) && samples.has(sample)) continue;
      const path = toPath([...eventsOf(head), event]);
      if (!path) continue;
      kept.push(path);
      for (const definition of path.steps.at(-1)?.transitions ?? []) taken.add(definition);
      samples.add(sample);
      for (const edge of edgeKeys(path)) edges.add(edge);
    }
  }

  // 3. simple paths that take a pair of consecutive transitions no kept path takes; there can be
  //    thousands, so their moves are looked up per graph edge and only kept ones are rerun
  if (model.simplePaths !== false) {
    const simpleSerialize = model.simplePaths ? serializerOf(model, model.simplePaths.flags) : serialize;
    const pairs = new Set(kept.flatMap((path) => pairKeys(movesOf(path))));
    const { scope, take } = createRecordingScope();
    const moveCache = new Map<string, string>();
    const moveOf = (before: AnyMachineSnapshot, event: AnyEventObject): string => {
      const key = `${simpleSerialize(before)}|${serializeEvent(event)}`;
      let move = moveCache.get(key);
      if (move === undefined) {
        machine.transition(before, event, scope);
        move = take().transitions.map(transitionKeyOf).join(' + ');
        moveCache.set(key, move);
      }
      return move;
    };
    const simple = getSimplePaths(walk.logic, traversal(simpleSerialize)).sort((a, b) => b.steps.length - a.steps.length);
    for (const graphPath of simple) {
      const moves = graphPath.steps.slice(1).map((step, index) => {
        const before = graphPath.steps[index]?.state as AnyMachineSnapshot;
        return moveOf(before, step.event);
      });
      const fresh = pairKeys(moves).filter((pair) => !pairs.has(pair));
      if (fresh.length === 0) continue;
      const path = toPath(graphEvents(graphPath));
      if (!path) continue;
      kept.push(path);
      for (const pair of pairKeys(movesOf(path))) pairs.add(pair);
    }
  }

  // 4. With an oracle: every event from every state the kept paths pass through that no vertex
  //    stands for (same flags, other context: a saved notice, an error on screen), checked against
  //    the oracle like the steps of 2. A vertex is one snapshot among many that share its flags, so
  //    a wrong effect that only shows from another context would otherwise never be taken.
  if (model.oracle) {
    const oracle = model.oracle as Oracle;
    const { scope, take } = createRecordingScope();
    const seen = new Set(Object.values(adjacency).map(({ state }) => fullStateKey(state)));
    for (const path of [...kept]) {
      for (const [index, step] of path.steps.entries()) {
        if (violations >= MAX_VIOLATIONS) break;
        const key = fullStateKey(step.snapshot);
        if (seen.has(key)) continue;
        seen.add(key);
        for (const event of model.events) {
          if (!canHappen(step.snapshot, event)) continue;
          const after = machine.transition(step.snapshot, event, scope) as AnyMachineSnapshot;
          take();
          if (oracleProblems(oracle, { index: -1, event, before: step.snapshot, after, input: inputCase.input }).length === 0) continue;
          const violating = toPath([...eventsOf(path).slice(0, index), event]);
          if (violating) kept.push(violating);
          violations += 1;
          break;
        }
      }
    }
  }

  const unique = new Map(kept.map((path) => [eventSequenceKey(path), path]));
  return withoutPrefixes([...unique.values()]).sort(
    (a, b) =>
      a.steps.length - b.steps.length || (eventSequenceKey(a) < eventSequenceKey(b) ? -1 : 1),
  );
};

/**
 * A hand-written path (a scenario the generated set need not contain), from the input case with
 * `inputLabel` (default: the model's first). Throws when an event cannot happen on the way.
 */
export const pathFromEvents = (
  model: PathModel,
  events: readonly AnyEventObject[],
  inputLabel?: string,
): MachinePath => {
  const cases = inputCasesOf(model);
  const inputCase = inputLabel === undefined ? cases[0] : cases.find((item) => item.label === inputLabel);
  if (!inputCase) throw new Error(`no input case labelled ${String(inputLabel)}`);
  const steps = runEvents(model.machine, inputCase.input, events, serializerOf(model));
  if (!steps) throw new Error(`an actor result in ${JSON.stringify(events.map((e) => e.type))} cannot happen`);
  return { inputLabel: inputCase.label || undefined, input: inputCase.input, steps };
};

/** The model's paths from one of its input cases. */
export const generatePathsFor = (model: PathModel, inputCase: InputCase<unknown>): MachinePath[] => pathsForInput(model, inputCase);

/** The model's paths, for each of its inputs in turn. */
export const generatePaths = (model: PathModel): MachinePath[] =>
  inputCasesOf(model).flatMap((inputCase) => pathsForInput(model, inputCase));

// ---------------------------------------------------------------------------------------------
// Coverage
// ---------------------------------------------------------------------------------------------

export interface Coverage {
  states: { all: string[]; missing: string[] };
  transitions: { all: string[]; missing: string[] };
  complete: boolean;
}

/**
 * Which state nodes and configured transitions the paths take. The paths' events are run again on
 * `machine` (from each path's input), so the answer holds for that machine definition.
 */
export const coverage = (machine: AnyStateMachine, paths: readonly MachinePath[]): Coverage => {
  const takenDefinitions = new Set<AnyTransitionDefinition>();
  const visitedIds = new Set<string>();
  for (const path of paths) {
    const steps = runEvents(machine, path.input, eventsOf(path), () => '');
    if (!steps) continue;
    for (const step of steps) {
      for (const definition of step.transitions) {
        takenDefinitions.add(definition);
        for (let node: AnyStateNode | undefined = definition.source; node; node = node.parent) visitedIds.add(node.id);
      }
      for (const node of step.visited) visitedIds.add(node.id);
    }
  }
  const states = machineStateNodes(machine).map((node) => node.id);
  const transitions = machineTransitions(machine);
  const missingStates = states.filter((id) => !visitedIds.has(id));
  const missingTransitions = transitions.filter((info) => !takenDefinitions.has(info.definition)).map((t) => t.key);
  return {
    states: { all: states, missing: missingStates },
    transitions: { all: transitions.map((t) => t.key), missing: missingTransitions },
    complete: missingStates.length === 0 && missingTransitions.length === 0,
  };
};

/** What a failing coverage assertion prints. */
export const formatCoverage = (result: Coverage): string =>
  [
    `states: ${result.states.all.length - result.states.missing.length}/${result.states.all.length} covered`,
    ...result.states.missing.map((id) => `  missing state ${id}`),
    `transitions: ${result.transitions.all.length - result.transitions.missing.length}/${result.transitions.all.length} covered`,
    ...result.transitions.missing.map((key) => `  missing transition ${key}`),
  ].join('\n');

// ---------------------------------------------------------------------------------------------
// Replay on the real machine
// ---------------------------------------------------------------------------------------------

/** A call of a stubbed actor, settled by the runner when the path says so. */
export interface Invocation {
  id: string;
  input: unknown;
  /** Index of the path step during which the actor was started. */
  step: number;
  status: 'pending' | 'resolved' | 'rejected' | 'stopped';
}

/** A call of a spied action with the context and event it saw. */
export interface ActionCall {
  action: string;
  context: unknown;
  event: AnyEventObject;
  params: unknown;
  /** Index of the path step during which it ran. */
  step: number;
}

export interface ReplayedStep {
  index: number;
  step: PathStep;
  /** The real actor's snapshot after the step settled. */
  snapshot: AnyMachineSnapshot;
  /** Spied action calls of this step, in order. */
  calls: ActionCall[];
  /** Events the machine emitted (`emit`) during this step, in order. */
  emitted: AnyEventObject[];
}

export interface Replay {
  path: MachinePath;
  steps: ReplayedStep[];
  calls: ActionCall[];
  invocations: Invocation[];
  emitted: AnyEventObject[];
}

/** Thrown when the real machine does not follow the generated path. */
export class PathReplayError extends Error {
  override name = 'PathReplayError';
}

/** Thrown when a replayed step breaks the model's oracle (the machine followed the path, wrongly). */
export class OracleViolation extends PathReplayError {
  override name = 'OracleViolation';
}

/** `'a.b.c'` → `{ a: { b: 'c' } }`; other state values as they are. */
export const toStateValue = (state: StateValue): StateValue => {
  if (typeof state !== 'string' || !state.includes('.')) return state;
  const parts = state.split('.');
  const leaf = parts.pop() ?? '';
  return parts.reduceRight<StateValue>((inner, key) => ({ [key]: inner }), leaf);
};

export const oracleState = (snapshot: AnyMachineSnapshot, input: unknown): OracleState => ({
  value: snapshot.value,
  matches: (state) => snapshot.matches(toStateValue(state)),
  status: snapshot.status,
  running: Object.keys(snapshot.children ?? {}),
  input,
  snapshot,
});

const ownEntries = (value: object): Array<[string, unknown]> => {
  const entries = Object.entries(value).filter(([, item]) => item !== undefined);
  return value instanceof Error ? [...entries, ['name', value.name], ['message', value.message]] : entries;
};

/** Deep equality as `toEqual` has it: an undefined field is a missing one; errors compare by their fields. */
export const sameValue = (a: unknown, b: unknown): boolean => {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, index) => sameValue(item, b[index]));
  }
  if (a instanceof Error !== b instanceof Error) return false;
  const left = ownEntries(a);
  const right = new Map(ownEntries(b));
  return left.length === right.size && left.every(([key, item]) => right.has(key) && sameValue(item, right.get(key)));
};

const MAX_SHOWN = 600;
/** A value in a violation message (JSON, errors with their fields, cut when long). */
export const showValue = (value: unknown): string => {
  const text = value === undefined ? 'undefined' : JSON.stringify(toJSONValue(value));
  return text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN)}…` : text;
};

const sourceOf = (fn: unknown): string => String(fn).replace(/\s+/g, ' ').slice(0, 200);

const fieldDiff = (label: string, expected: unknown, actual: unknown): string[] => {
  if (sameValue(expected, actual)) return [];
  if (typeof expected !== 'object' || typeof actual !== 'object' || expected === null || actual === null || Array.isArray(expected)) {
    return [`${label}: expected ${showValue(expected)}\n    but it is ${showValue(actual)}`];
  }
  const keys = new Set([...Object.keys(expected), ...Object.keys(actual)]);
  return [...keys].flatMap((key) => {
    const want = (expected as Record<string, unknown>)[key];
    const have = (actual as Record<string, unknown>)[key];
    return sameValue(want, have) ? [] : [`${label}.${key}: expected ${showValue(want)}\n    but it is ${showValue(have)}`];
  });
};

/** What one replayed step gives the oracle. */
export interface OracleStep {
  index: number;
  event: AnyEventObject;
  /** The real actor's snapshot before the step (undefined on the start step). */
  before: AnyMachineSnapshot | undefined;
  after: AnyMachineSnapshot;
  input: unknown;
  /** Spied action calls of the step, in order; undefined: not checked. */
  calls?: readonly ActionCall[];
  /** Actors started during the step; undefined: not checked. */
  started?: readonly Invocation[];
  /** Events the machine emitted during the step; undefined: not checked. */
  emitted?: readonly AnyEventObject[];
}

/** The ways a step breaks the oracle (empty when it keeps it). */
export const oracleProblems = (oracle: Oracle, step: OracleStep): string[] => {
  const problems: string[] = [];
  const attempt = (what: string, check: () => void) => {
    try {
      check();
    } catch (error) {
      problems.push(`${what} threw ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  const { event, before, after, input } = step;
  const to = oracleState(after, input);
  const from = before && oracleState(before, input);
  type Fn = (before: unknown, event: AnyEventObject, from: OracleState) => unknown;

  // The context: the start's, or the one before with the event's effect.
  attempt('the expected context', () => {
    if (!before || !from) {
      if (oracle.initial) problems.push(...fieldDiff('context', oracle.initial(input), after.context));
      return;
    }
    const effect = (oracle.effects as Record<string, Fn | undefined> | undefined)?.[event.type];
    const patch = effect ? (effect(before.context, event, from) as object | undefined) : undefined;
    const why = effect ? `(the effect of ${event.type})` : `(${event.type} has no effect listed, so it changes nothing)`;
    const problemsOfContext = fieldDiff('context', { ...before.context, ...(patch ?? {}) }, after.context);
    if (problemsOfContext.length > 0) problems.push(`${problemsOfContext.join('\n')}\n    ${why}`);
  });

  attempt('the expected target', () => {
    const target =
      before && from
        ? (oracle.targets as Record<string, Fn | undefined> | undefined)?.[event.type]?.(before.context, event, from)
        : oracle.initialState?.(input as never);
    if (target !== undefined && !to.matches(target as StateValue)) {
      problems.push(`${event.type} must lead to ${showValue(target)}, but the machine is in ${showValue(after.value)}`);
    }
  });

  for (const [state, holds] of Object.entries(oracle.states ?? {})) {
    if (state !== '*' && !to.matches(state)) continue;
    attempt(`the expectation of ${state}`, () => {
      if (holds(after.context, to) === false) problems.push(`in ${state}: ${sourceOf(holds)} does not hold`);
    });
  }

  if (before && from && step.started) {
    const { started } = step;
    attempt('the expected starts', () => {
      const expected = (oracle.starts as Record<string, Fn | undefined> | undefined)?.[event.type]?.(before.context, event, from);
      if (expected === undefined) return;
      const want = [...(expected as string[])].sort();
      const got = started.map((invocation) => invocation.id).sort();
      if (!sameValue(want, got)) problems.push(`${event.type} must start ${showValue(want)}, but it started ${showValue(got)}`);
    });
  }

  for (const invocation of step.started ?? []) {
    const expected = oracle.sent?.[invocation.id];
    if (!expected) continue;
    attempt(`the expected input of ${invocation.id}`, () => {
      problems.push(...fieldDiff(`input of ${invocation.id}`, expected(after.context, to), invocation.input));
    });
  }

  if (oracle.calls && step.calls) {
    const { calls: expectCalls } = oracle;
    const actual = step.calls;
    attempt('the expected calls', () => {
      const expected = expectCalls(before?.context, event, after.context, from);
      const names = actual.map((call) => call.action);
      if (!sameValue(expected.map((call) => call.action), names)) {
        problems.push(`calls: expected ${showValue(expected.map((call) => call.action))}\n    but it made ${showValue(names)}`);
        return;
      }
      for (const [index, want] of expected.entries()) {
        const call = actual[index];
        if ('params' in want) problems.push(...fieldDiff(`params of ${want.action}`, want.params, call?.params));
        for (const [key, value] of Object.entries(want.context ?? {})) {
          problems.push(...fieldDiff(`context seen by ${want.action}: ${key}`, value, (call?.context as Record<string, unknown>)?.[key]));
        }
      }
    });
  }
  if (oracle.emitted && step.emitted) {
    const { emitted: expectEmitted } = oracle;
    const actual = step.emitted;
    attempt('the expected emitted events', () => {
      const expected = expectEmitted(before?.context, event, after.context, from);
      if (!sameValue(expected, actual)) problems.push(`emitted: expected ${showValue(expected)}\n    but it emitted ${showValue(actual)}`);
    });
  }
  return problems;
};

const isBuiltInAction = (action: unknown): boolean =>
  typeof action === 'function' && 'resolve' in (action as object);

/** The names of the actions a replay records: `model.spies`, or every non-built-in action. */
export const spiedActions = (model: PathModel): string[] =>
  model.spies
    ? [...model.spies]
    : Object.entries(model.machine.implementations.actions ?? {})
        .filter(([, action]) => !isBuiltInAction(action))
        .map(([name]) => name);

/** Lets all promise callbacks and the events they send run. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Replays `path` on the real machine: normal events are sent, actor results settle the pending
 * promise of the invoke with that id, eventless transitions run by themselves, delayed events are
 * sent directly (the clock is simulated, so timers never fire on their own). After every step the
 * actor's state must serialize exactly as the generated step's, and the model's `oracle` must hold;
 * otherwise a `PathReplayError` (an `OracleViolation` for the oracle) names the step.
 */
export const replayPath = async (
  model: PathModel,
  path: MachinePath,
): Promise<Replay> => {
  const serialize = serializerOf(model);
  let stepIndex = 0;
  const calls: ActionCall[] = [];
  const invocations: Invocation[] = [];
  const pending = new Map<string, Array<{ invocation: Invocation; resolve: (v: unknown) => void; reject: (e: unknown) => void }>>();

  const stubFor = () =>
    fromPromise<unknown, unknown>(
      ({ input, self, signal }) =>
        new Promise((resolve, reject) => {
          const invocation: Invocation = { id: self.id, input, step: stepIndex, status: 'pending' };
          invocations.push(invocation);
          const entry = { invocation, resolve, reject };
          pending.set(self.id, [...(pending.get(self.id) ?? []), entry]);
          signal.addEventListener('abort', () => {
            if (invocation.status === 'pending') invocation.status = 'stopped';
          });
        }),
    );
  const actors = Object.fromEntries(
    Object.keys(model.machine.implementations.actors ?? {}).map((src) => [src, model.actors?.[src] ?? stubFor()]),
  );
  const actions = Object.fromEntries(
    spiedActions(model).map((action) => [
      action,
      ({ context, event }: { context: unknown; event: AnyEventObject }, params: unknown) => {
        calls.push({ action, context, event, params, step: stepIndex });
      },
    ]),
  );
  const machine = (model.machine as AnyStateMachine).provide({ actors, actions });
  let actorError: unknown;
  const actor = createActor(machine, {
    ...(path.input === undefined ? {} : { input: path.input }),
    clock: new SimulatedClock(),
  });
  actor.subscribe({ error: (error) => (actorError = error) });
  const emitted: AnyEventObject[] = [];
  actor.on('*', (event) => emitted.push(event));

  const fail = (message: string, kind: typeof PathReplayError = PathReplayError): never => {
    actor.stop();
    throw new kind(`${message}\n\n${formatPath(model, path, { upTo: stepIndex })}`);
  };

  const replayed: ReplayedStep[] = [];
  for (const [index, step] of path.steps.entries()) {
    stepIndex = index;
    const callsBefore = calls.length;
    const emittedBefore = emitted.length;
    if (index === 0) {
      actor.start();
    } else {
      const result = actorResultOf(step.event);
      if (result) {
        const live = (pending.get(result.id) ?? []).filter((entry) => entry.invocation.status === 'pending');
        const entry = live.at(-1);
        if (!entry) fail(`step ${index}: no \`${result.id}\` actor is running to ${result.kind === 'done' ? 'resolve' : 'reject'}`);
        else if (result.kind === 'done') {
          entry.invocation.status = 'resolved';
          entry.resolve(step.event.output);
        } else {
          entry.invocation.status = 'rejected';
          entry.reject(step.event.error);
        }
      } else {
        actor.send(step.event);
      }
    }
    await settle();
    if (actorError !== undefined) fail(`step ${index}: the actor failed: ${String(actorError)}`);
    const snapshot = actor.getSnapshot() as AnyMachineSnapshot;
    const actual = serialize(snapshot);
    if (actual !== step.state) fail(`step ${index}: expected state ${step.state}\n but the machine is in ${actual}`);
    const stepCalls = calls.slice(callsBefore);
    const stepEmitted = emitted.slice(emittedBefore);
    if (model.oracle) {
      const problems = oracleProblems(model.oracle as Oracle, {
        index,
        event: step.event,
        before: replayed.at(-1)?.snapshot,
        after: snapshot,
        input: path.input,
        calls: stepCalls,
        emitted: stepEmitted,
        started: invocations.filter((invocation) => invocation.step === index),
      });
      if (problems.length > 0) fail(`step ${index} (${step.event.type}) breaks the oracle:\n  ${problems.join('\n  ')}`, OracleViolation);
    }
    replayed.push({ index, step, snapshot, calls: stepCalls, emitted: stepEmitted });
  }
  actor.stop();
  return { path, steps: replayed, calls, invocations, emitted };
};

/** A path that failed its replay, numbered from 1 among the paths it was replayed with. */
export interface PathFailure {
  number: number;
  path: MachinePath;
  error: unknown;
}

/**
 * Replays the paths one after another and collects the failures (of the replay, the oracle or
 * `check`), stopping after `stopAfter` of them: one broken transition often fails most paths.
 */
export const replayPaths = async (
  model: PathModel,
  paths: readonly MachinePath[],
  options: { check?: (replay: Replay) => void; stopAfter?: number } = {},
): Promise<PathFailure[]> => {
  const failures: PathFailure[] = [];
  for (const [index, path] of paths.entries()) {
    try {
      const replay = await replayPath(model, path);
      options.check?.(replay);
    } catch (error) {
      failures.push({ number: index + 1, path, error });
      if (failures.length >= (options.stopAfter ?? 5)) break;
    }
  }
  return failures;
};
