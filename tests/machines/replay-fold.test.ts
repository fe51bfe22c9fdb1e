/**
 * A browser replay folds a chosen path that another chosen path starts with into that one
 * (`foldPrefixes`, tests/e2e/support/replay-plan.ts): the longer path takes the same steps with the
 * same checks after each. Checked on the door (door.fixture.ts) and on every registered replay's real selection.
 */
import { describe, expect, it } from 'vitest';
import { formatEvent } from './path-format.ts';
import { doorModel } from './door.fixture.ts';
import { coverage, pathFromEvents, type MachinePath } from './path-kit.ts';
import { foldPrefixes, selectPaths, type ChosenPath } from '../e2e/support/replay-plan.ts';
import { browserReplays } from '../e2e/support/replays/index.ts';

const chosen = (number: number, ...types: string[]): ChosenPath => ({
  number,
  path: pathFromEvents(doorModel, types.map((type) => ({ type }))),
  title: types.join(' → '),
  target: '',
});

const eventsOf = (path: MachinePath) => path.steps.map((step) => formatEvent(step.event));

describe('foldPrefixes', () => {
  it('replays a path that another one starts with on that one’s way, and keeps paths that only share a start', () => {
    const open = chosen(1, 'open');
    const openLock = chosen(2, 'open', 'lock');
    const openClose = chosen(3, 'open', 'close');
    const knock = chosen(4, 'knock');
    const { run, folded } = foldPrefixes([open, openLock, openClose, knock]);
    expect(run.map((entry) => entry.number)).toEqual([2, 3, 4]);
    expect(folded).toBe(1);
    // The longest host takes it (ties: the generator's order).
    expect(run[0]?.alsoReplays?.map((entry) => entry.number)).toEqual([1]);
    expect(run[1]?.alsoReplays).toBeUndefined();
  });

  it('folds nothing when no path starts another', () => {
    const { run, folded } = foldPrefixes([chosen(1, 'open', 'lock'), chosen(2, 'knock', 'leave')]);
    expect(run.map((entry) => entry.number)).toEqual([1, 2]);
    expect(folded).toBe(0);
  });
});

// Generating a larger machine's shortest paths takes seconds (claim creation's about 5 on a busy machine).
const GENERATION_TIMEOUT = 60_000;

describe.each(Object.entries(browserReplays))('the %s replay’s selection', (_name, planOf) => {
  it('reaches the same states and transitions folded as unfolded, and each folded path is the start of its host', async () => {
    const plan = await planOf!();
    const selection = selectPaths(plan);
    const foldedPaths = selection.run.flatMap((entry) => entry.alsoReplays ?? []);
    expect(foldedPaths).toHaveLength(selection.folded);
    for (const host of selection.run) {
      for (const prefix of host.alsoReplays ?? []) {
        expect(prefix.path.input).toEqual(host.path.input);
        expect(eventsOf(host.path).slice(0, prefix.path.steps.length)).toEqual(eventsOf(prefix.path));
      }
    }
    const summary = (paths: MachinePath[]) => {
      const { states, transitions } = coverage(plan.model.machine, paths);
      return { states: states.missing, transitions: transitions.missing };
    };
    const kept = selection.run.map((entry) => entry.path);
    expect(summary(kept)).toEqual(summary([...kept, ...foldedPaths.map((entry) => entry.path)]));
  }, GENERATION_TIMEOUT);
});
