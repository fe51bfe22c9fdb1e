/**
 * Which of a machine's generated paths its browser replay drives, decided without a browser: the
 * selection part of a replay (tests/e2e/support/path-replay.ts). A machine's replay keeps its plan in
 * tests/e2e/support/replays/<machine>.paths.ts; the replay file (tests/e2e/<machine>.model-paths.test.ts)
 * and the coverage map (tests/machines/coverage-map.ts, `npm run paths -- <machine> --coverage`)
 * both take the paths from `selectPaths(plan)`, so what the map says the browser reaches is what runs.
 */
import type { AnyEventObject, AnyMachineSnapshot, AnyStateNode, StateValue } from 'xstate';
import { formatEvent, formatStateValue, formatValue } from '../../machines/path-format';
import { actorResultOf, coverage, inputCasesOf, shortestPathsFor, type MachinePath, type PathModel } from '../../machines/path-kit';

/** A step of a path as the selection sees it, before anything runs. Step 0 is the start. */
export interface PlannedStep {
  index: number;
  event: AnyEventObject;
  /** The model's snapshot the step starts from (the start: the same as `after`). */
  before: AnyMachineSnapshot;
  /** The model's snapshot the step reaches. */
  after: AnyMachineSnapshot;
  path: MachinePath;
}

/** Why a step (or a path) cannot be produced in the browser; undefined when it can. */
export type Cannot = (step: PlannedStep) => string | undefined;

/**
 * The part of a machine's browser replay that decides which paths run: what the browser can produce
 * (every event type and actor result the replay maps, with the steps it cannot make) and how the
 * paths are chosen. The replay file gives each event and actor listed here its page action.
 */
export interface ReplayPlan {
  model: PathModel;
  /**
   * Which of the shortest paths run: 'vertex' every one (one per reachable state with its flags);
   * 'state' the first replayable one per target state value, for graphs too large for the time
   * budget; or grouped by a key of the target snapshot (e.g. its state and some of its flags).
   */
  select: 'vertex' | 'state' | { by: (snapshot: AnyMachineSnapshot) => string; description: string };
  /**
   * With a grouped selection: up to this many more shortest paths, each the replayable one taking the
   * most configured transitions the chosen paths do not take (ties: the shorter), while any does.
   */
  topUp?: number;
  /**
   * Every event type the browser produces (a delayed event as `xstate.after.<delay>`): `true`, or a
   * reason / a test on the step when it cannot (paths taking such a step are listed as not replayable).
   */
  events: Readonly<Record<string, true | string | Cannot>>;
  /** Every invoked actor whose results the browser produces: `true`, or a test on the results it cannot. */
  actors: Readonly<Record<string, true | Cannot>>;
  /** Short names for events (`loadApplication resolves (stored: insured)`) in test names; undefined: as `npm run paths` prints it. */
  label?: (event: AnyEventObject) => string | undefined;
  /** Whole-path reasons (e.g. a server that would have to forget data the path stored). */
  cannot?: (path: MachinePath, steps: readonly PlannedStep[]) => string | undefined;
}

/** Identity function that keeps a plan's event and actor names as literal keys (for `MachineReplay`). */
export const definePlan = <const P extends ReplayPlan>(plan: P): P => plan;


export const plannedSteps = (path: MachinePath): PlannedStep[] =>
  path.steps.map((step, index) => ({
    index,
    event: step.event,
    before: (path.steps[index - 1] ?? step).snapshot,
    after: step.snapshot,
    path,
  }));

/** The state a path ends in, as `npm run paths` prints it: `plan.{form.editing, quote.ready}`, `paid [done]`. */
export const targetOf = (path: MachinePath): string => {
  const last = path.steps.at(-1)?.snapshot;
  if (!last) return '';
  return `${formatStateValue(last.value)}${last.status === 'active' ? '' : ` [${last.status}]`}`;
};

const SHORT = 72;
const shorten = (text: string) => (text.length > SHORT ? `${text.slice(0, SHORT - 1)}…` : text);

/** An event as the map's label names it, else as `npm run paths` prints it (a long payload cut). */
export const describeEvent = (event: AnyEventObject, label?: (event: AnyEventObject) => string | undefined): string => {
  const short = label?.(event);
  if (short) return short;
  const full = formatEvent(event);
  if (full.length <= SHORT) return full;
  const result = actorResultOf(event);
  if (result?.kind === 'error') return shorten(`${result.id} rejects ${formatValue(event.error)}`);
  return result ? `${result.id} resolves …` : shorten(full);
};

/** A path's description for a test name: its input, its events (long payloads shortened) and the state it reaches. */
export const pathTitle = (path: MachinePath, label?: (event: AnyEventObject) => string | undefined): string =>
  `${path.inputLabel ? `[${path.inputLabel}] ` : ''}${path.steps.map((step) => describeEvent(step.event, label)).join(' → ')} ⇒ ${targetOf(path)}`;

/** The plan's entry for an event type (a delayed event by its `xstate.after.<delay>` prefix too). */
export const eventKeyOf = (events: Readonly<Record<string, unknown>>, type: string): string | undefined => {
  const delayed = /^(xstate\.after\.[^.]+)\./.exec(type)?.[1];
  if (Object.hasOwn(events, type)) return type;
  return delayed && Object.hasOwn(events, delayed) ? delayed : undefined;
};

/** Why the browser cannot replay `path`, or undefined. */
export const whyNotReplayable = (plan: ReplayPlan, path: MachinePath): string | undefined => {
  const steps = plannedSteps(path);
  for (const step of steps.slice(1)) {
    const result = actorResultOf(step.event);
    if (result) {
      const binding = plan.actors[result.id];
      if (!binding) return `no API request is mapped for the actor \`${result.id}\``;
      const reason = binding === true ? undefined : binding(step);
      if (reason) return reason;
      continue;
    }
    const key = eventKeyOf(plan.events, step.event.type);
    if (key === undefined) return `no browser action is mapped for \`${step.event.type}\``;
    const binding = plan.events[key];
    const reason = binding === true ? undefined : typeof binding === 'function' ? binding(step) : binding;
    if (reason) return reason;
  }
  return plan.cannot?.(path, steps);
};

export interface ChosenPath {
  /** 1-based position among the model's shortest paths (`npm run paths -- <machine> --shortest`). */
  number: number;
  path: MachinePath;
  title: string;
  target: string;
  /** The chosen paths this one starts with, replayed on its way (see `foldPrefixes`). */
  alsoReplays?: ChosenPath[];
}

export interface Selection {
  /** Every shortest path (one per vertex). */
  total: number;
  /** How many of `run` were added for the transitions they take (`topUp`). */
  toppedUp: number;
  /** Distinct target states. */
  targets: number;
  run: ChosenPath[];
  /** Paths that would have run but cannot be replayed, with the reason. */
  filtered: Array<ChosenPath & { reason: string }>;
  /** Shortest paths not chosen because another one reaches the same target state. */
  notChosen: number;
  /** Chosen paths replayed as the start of a longer chosen one (listed in its `alsoReplays`), not on their own. */
  folded: number;
}

/** A path's start and its steps as the browser makes them: its input, then each event. */
const stepKeys = (path: MachinePath): string[] => [JSON.stringify([path.inputLabel ?? '', formatValue(path.input)]), ...path.steps.map((step) => formatEvent(step.event))];

/**
 * The chosen paths, each one that another chosen path starts with folded into it. Such a path's
 * steps are the longer one's first steps — the same input, the same events, so the same states — and
 * the replay checks the URL and the state after every step, so replaying it on its own would repeat
 * checks the longer path makes on its way (and a page load). The longer path lists it in
 * `alsoReplays`; the states and transitions the selection takes are the same.
 */
export const foldPrefixes = (chosen: readonly ChosenPath[]): { run: ChosenPath[]; folded: number } => {
  const keyed = chosen.map((entry) => ({ entry, keys: stepKeys(entry.path) }));
  const startsWith = (long: string[], short: string[]) => long.length > short.length && short.every((key, index) => long[index] === key);
  // The longest path a prefix belongs to (ties: the generator's order) replays it.
  const byLength = [...keyed].sort((a, b) => b.keys.length - a.keys.length || a.entry.number - b.entry.number);
  const host = new Map<ChosenPath, ChosenPath>();
  for (const { entry, keys } of keyed) {
    const longer = byLength.find((other) => startsWith(other.keys, keys));
    if (longer) host.set(entry, longer.entry);
  }
  const run = chosen
    .filter((entry) => !host.has(entry))
    .map((entry) => {
      const also = chosen.filter((other) => host.get(other) === entry);
      return also.length > 0 ? { ...entry, alsoReplays: also } : entry;
    });
  return { run, folded: host.size };
};

/** The model's shortest paths, numbered as `npm run paths -- <machine> --shortest` lists them. */
export const shortestPaths = (model: PathModel): MachinePath[] => inputCasesOf(model).flatMap((inputCase) => shortestPathsFor(model, inputCase));

export const selectPaths = (plan: ReplayPlan): Selection => {
  const all: ChosenPath[] = shortestPaths(plan.model).map((path, index) => ({ number: index + 1, path, title: pathTitle(path, plan.label), target: targetOf(path) }));
  const reasons = new Map(all.map((chosen) => [chosen, whyNotReplayable(plan, chosen.path)]));
  const select = plan.select;
  const keyOf = (chosen: ChosenPath) =>
    typeof select === 'object' ? select.by(chosen.path.steps.at(-1)!.snapshot) : chosen.target;
  const targets = new Set(all.map(keyOf));
  if (select === 'vertex') {
    const { run, folded } = foldPrefixes(all.filter((chosen) => !reasons.get(chosen)));
    return {
      total: all.length,
      targets: targets.size,
      run,
      folded,
      filtered: all.flatMap((chosen) => {
        const reason = reasons.get(chosen);
        return reason ? [{ ...chosen, reason }] : [];
      }),
      notChosen: 0,
      toppedUp: 0,
    };
  }
  // Per target state: the shortest replayable path (ties: the generator's order); the unreplayable
  // ones passed over on the way are listed with their reasons.
  const byLength = [...all].sort((a, b) => a.path.steps.length - b.path.steps.length || a.number - b.number);
  const run: ChosenPath[] = [];
  const filtered: Selection['filtered'] = [];
  for (const target of targets) {
    for (const chosen of byLength.filter((candidate) => keyOf(candidate) === target)) {
      const reason = reasons.get(chosen);
      if (!reason) {
        run.push(chosen);
        break;
      }
      filtered.push({ ...chosen, reason });
    }
  }
  // Then the paths that take the most transitions the chosen ones do not.
  const taken = (paths: ChosenPath[]) => {
    const { transitions } = coverage(plan.model.machine, paths.map((chosen) => chosen.path));
    return new Set(transitions.all.filter((key) => !transitions.missing.includes(key)));
  };
  const covered = taken(run);
  const candidates = all.filter((chosen) => !reasons.get(chosen) && !run.includes(chosen)).map((chosen) => ({ chosen, takes: taken([chosen]) }));
  let toppedUp = 0;
  while (toppedUp < (plan.topUp ?? 0)) {
    const gain = (candidate: (typeof candidates)[number]) => [...candidate.takes].filter((key) => !covered.has(key)).length;
    const best = candidates
      .filter((candidate) => !run.includes(candidate.chosen) && gain(candidate) > 0)
      .sort((a, b) => gain(b) - gain(a) || a.chosen.path.steps.length - b.chosen.path.steps.length || a.chosen.number - b.chosen.number)[0];
    if (!best) break;
    run.push(best.chosen);
    for (const key of best.takes) covered.add(key);
    toppedUp += 1;
  }
  run.sort((a, b) => a.number - b.number);
  filtered.sort((a, b) => a.number - b.number);
  const notChosen = all.length - run.length - filtered.length;
  return { total: all.length, targets: targets.size, ...foldPrefixes(run), filtered, notChosen, toppedUp };
};

/** `'a.b.c'` → `{ a: { b: 'c' } }`. */
export const stateValueOf = (dotted: string): StateValue => {
  const parts = dotted.split('.');
  const leaf = parts.pop() ?? '';
  return parts.reduceRight<StateValue>((inner, key) => ({ [key]: inner }), leaf);
};

/** The state node an `xstate.route` event names (`{ to: '#plan' }`). */
export const routeTarget = (snapshot: AnyMachineSnapshot, event: AnyEventObject): AnyStateNode =>
  snapshot.machine.getStateNodeById(String(event.to).replace(/^#/, ''));

/** An `xstate.route` to the step already shown: the URL sync never sends one (the location did not change). */
export const routeToShownStep: Cannot = ({ before, event }) =>
  before.matches(stateValueOf(routeTarget(before, event).path.join('.')))
    ? 'no browser action routes to the step already on screen (the URL would not change)'
    : undefined;
