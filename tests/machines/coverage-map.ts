/**
 * The coverage map for testers: which states and transitions of a machine its path tests reach, and
 * which its browser replay drives through the real pages. Computed from the paths, without running a
 * test or a browser:
 * - path tests: the paths `generatePaths` makes for the model, the ones its `<name>.paths.test.ts`
 *   replays (path-suite.ts);
 * - browser: the paths the replay's plan selects (`selectPaths`, tests/e2e/support/replay-plan.ts),
 *   the ones its `tests/e2e/<name>.model-paths.test.ts` runs; a machine not registered in
 *   tests/e2e/support/replays/index.ts has no browser replay.
 * A state or transition is reached when a path's events, run again on the machine, enter the state
 * or take the transition (`coverage` of path-kit.ts).
 *
 * Printed by `npm run paths -- <machine> --coverage` (and `--all`), drawn by `npm run statecharts`.
 */
import type { AnyStateMachine } from 'xstate';
import { loadModel, type MachineName } from '../../scripts/machine-catalog.ts';
import { selectPaths } from '../e2e/support/replay-plan.ts';
import { browserReplays, replayFileOf } from '../e2e/support/replays/index.ts';
import { coverage, generatePaths, machineStateNodes, machineTransitions, type MachinePath, type PathModel } from './path-kit.ts';

/** Who reaches a state or transition, the browser first: a browser replay reaches it through the pages. */
export type Reach = 'browser' | 'path tests only' | 'none';

export interface StateReach {
  /** The state node's id (`registration.details.editing`). */
  id: string;
  /** Its path in the machine, as the statechart pages write it (`details.editing`). */
  state: string;
  pathTests: boolean;
  /** Whether the browser replay reaches it; false when there is none. */
  browser: boolean;
}

export interface TransitionReach {
  /** The transition's key in path-kit (`registration.details.editing: details.submit [valid] → registration.details.sending`). */
  key: string;
  /** Source state path (`details.editing`; the machine's root: its id). */
  source: string;
  /** Event type (`always` for an eventless transition), with its guard in brackets. */
  event: string;
  /** Target state paths, or `(no target)`. */
  target: string;
  pathTests: boolean;
  browser: boolean;
}

export interface BrowserReplaySummary {
  /** The replay's test file. */
  file: string;
  /** Paths it runs. */
  run: number;
  /** Paths it lists as not replayable (skipped, with the reason). */
  skipped: number;
}

export interface CoverageMap {
  machine: string;
  states: StateReach[];
  transitions: TransitionReach[];
  /** How many paths the path tests replay. */
  pathTestPaths: number;
  /** The browser replay, or null: 'no browser replay'. */
  browser: BrowserReplaySummary | null;
}

export interface Totals {
  states: { all: number; pathTests: number; browser: number };
  transitions: { all: number; pathTests: number; browser: number };
}

export const reachOf = (item: { pathTests: boolean; browser: boolean }): Reach =>
  item.browser ? 'browser' : item.pathTests ? 'path tests only' : 'none';

const relative = (machine: AnyStateMachine, id: string) => machine.getStateNodeById(id).path.join('.') || id;

/**
 * The map of one machine from the paths its path tests replay and the paths its browser replay runs
 * (`browser` null: it has none).
 */
export const coverageMapOf = (
  name: string,
  machine: AnyStateMachine,
  pathTestPaths: readonly MachinePath[],
  browser: { paths: readonly MachinePath[]; summary: BrowserReplaySummary } | null,
): CoverageMap => {
  const byPathTests = coverage(machine, pathTestPaths);
  const byBrowser = browser ? coverage(machine, browser.paths) : null;
  const reached = (missing: readonly string[] | undefined, key: string) => missing !== undefined && !missing.includes(key);
  return {
    machine: name,
    states: machineStateNodes(machine).map((node) => ({
      id: node.id,
      state: node.path.join('.'),
      pathTests: reached(byPathTests.states.missing, node.id),
      browser: reached(byBrowser?.states.missing, node.id),
    })),
    transitions: machineTransitions(machine).map((info) => ({
      key: info.key,
      source: relative(machine, info.source.id),
      event: `${info.eventType}${info.guard ? ` [${info.guard}]` : ''}`,
      target: `${info.targets.length ? info.targets.map((id) => relative(machine, id)).join(', ') : '(no target)'}${info.reenter ? ' (reenter)' : ''}`,
      pathTests: reached(byPathTests.transitions.missing, info.key),
      browser: reached(byBrowser?.transitions.missing, info.key),
    })),
    pathTestPaths: pathTestPaths.length,
    browser: browser?.summary ?? null,
  };
};

/** The paths a machine's browser replay runs, from its registered plan; null without a replay. */
export const browserPathsOf = async (name: MachineName): Promise<{ paths: MachinePath[]; summary: BrowserReplaySummary } | null> => {
  const planOf = browserReplays[name];
  if (!planOf) return null;
  const selection = selectPaths(await planOf());
  return {
    paths: selection.run.map((chosen) => chosen.path),
    summary: { file: replayFileOf(name), run: selection.run.length, skipped: selection.filtered.length },
  };
};

/**
 * The map of a catalogue machine: its model's generated paths (what its path tests replay) and its
 * browser replay's selected paths. `pathTestPaths` replaces the generation (which takes seconds to a
 * minute on the larger machines) when the caller has the paths already.
 */
export const machineCoverageMap = async (name: MachineName, options: { pathTestPaths?: (model: PathModel) => readonly MachinePath[] } = {}): Promise<CoverageMap> => {
  const model = await loadModel(name);
  const pathTestPaths = (options.pathTestPaths ?? generatePaths)(model);
  return coverageMapOf(name, model.machine, pathTestPaths, await browserPathsOf(name));
};

export const totalsOf = (map: CoverageMap): Totals => ({
  states: {
    all: map.states.length,
    pathTests: map.states.filter((state) => state.pathTests).length,
    browser: map.states.filter((state) => state.browser).length,
  },
  transitions: {
    all: map.transitions.length,
    pathTests: map.transitions.filter((transition) => transition.pathTests).length,
    browser: map.transitions.filter((transition) => transition.browser).length,
  },
});

// ---------------------------------------------------------------------------------------------
// As testers read it
// ---------------------------------------------------------------------------------------------

export const REACHED = '✓';
export const NOT_REACHED = '—';
export const NO_BROWSER_REPLAY = 'no browser replay';

const mark = (yes: boolean) => (yes ? REACHED : NOT_REACHED);

/** Rows of cells as aligned columns (two spaces apart). */
export const table = (rows: readonly (readonly string[])[]): string => {
  const widths = rows.reduce<number[]>((max, row) => row.map((cell, index) => Math.max(max[index] ?? 0, [...cell].length)), []);
  return rows.map((row) => row.map((cell, index) => (index === row.length - 1 ? cell : cell + ' '.repeat((widths[index] ?? 0) - [...cell].length))).join('  ').trimEnd()).join('\n');
};

const share = (reached: number, all: number) => `${reached} of ${all}`;

/** What `npm run paths -- <machine> --coverage` prints. */
export const formatCoverageMap = (map: CoverageMap, source?: string): string => {
  const browserColumn = map.browser ? 'browser' : `browser (${NO_BROWSER_REPLAY})`;
  const browserMark = (yes: boolean) => (map.browser ? mark(yes) : NOT_REACHED);
  const totals = totalsOf(map);
  const browserTotal = (reached: number, all: number) => (map.browser ? share(reached, all) : NO_BROWSER_REPLAY);
  return [
    `${map.machine}${source ? ` (${source})` : ''}: what the tests reach`,
    `  path tests: the ${map.pathTestPaths} generated paths of tests/machines/${map.machine}.paths.test.ts`,
    `  browser: ${
      map.browser
        ? `the ${map.browser.run} paths ${map.browser.file} runs (${map.browser.skipped} more listed there as not replayable)`
        : `${NO_BROWSER_REPLAY} (no tests/e2e/${map.machine}.model-paths.test.ts registered in tests/e2e/support/replays/index.ts)`
    }`,
    '',
    `States (${map.states.length})`,
    table([['state', 'path tests', browserColumn], ...map.states.map((state) => [state.state, mark(state.pathTests), browserMark(state.browser)])]),
    '',
    `Transitions (${map.transitions.length})`,
    table([
      ['source', 'event', 'target', 'path tests', browserColumn],
      ...map.transitions.map((transition) => [transition.source, transition.event, transition.target, mark(transition.pathTests), browserMark(transition.browser)]),
    ]),
    '',
    'Totals',
    table([
      ['', 'path tests', 'browser'],
      ['states', share(totals.states.pathTests, totals.states.all), browserTotal(totals.states.browser, totals.states.all)],
      ['transitions', share(totals.transitions.pathTests, totals.transitions.all), browserTotal(totals.transitions.browser, totals.transitions.all)],
    ]),
  ].join('\n');
};

/** What `npm run paths -- --all --coverage` prints: the totals of every machine, one row each. */
export const formatCoverageTotals = (maps: readonly CoverageMap[]): string =>
  table([
    ['machine', 'states: path tests', 'states: browser', 'transitions: path tests', 'transitions: browser'],
    ...maps.map((map) => {
      const totals = totalsOf(map);
      const browser = (reached: number, all: number) => (map.browser ? share(reached, all) : NO_BROWSER_REPLAY);
      return [
        map.machine,
        share(totals.states.pathTests, totals.states.all),
        browser(totals.states.browser, totals.states.all),
        share(totals.transitions.pathTests, totals.transitions.all),
        browser(totals.transitions.browser, totals.transitions.all),
      ];
    }),
  ]);
