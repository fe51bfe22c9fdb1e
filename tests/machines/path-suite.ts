/**
 * The standard path tests of a machine, for vitest: every generated path replays on the real
 * machine (with the model's invariants checked on each replay), and the paths cover every state
 * node and transition. A machine's `<name>.paths.test.ts` calls `describePaths` and adds its own
 * behaviour tests with `replayAll`.
 */
import { describe, expect, it } from 'vitest';
import { pathTitle } from './path-format.ts';
import {
  coverage,
  formatCoverage,
  generatePaths,
  replayPath,
  type MachinePath,
  type PathModel,
  type Replay,
} from './path-kit.ts';

export interface PathSuiteOptions {
  /** Assertions that must hold on every replayed path (spied calls, context along the steps). */
  invariants?: (replay: Replay) => void;
}

/** Generates the model's paths once and declares the replay and coverage tests; returns the paths. */
export const describePaths = (name: string, model: PathModel, options: PathSuiteOptions = {}): MachinePath[] => {
  const paths = generatePaths(model);
  describe(`${name} paths`, () => {
    it('generates paths', () => {
      expect(paths.length).toBeGreaterThan(0);
    });

    // Numbered as `npm run paths -- <name>` lists them.
    for (const [index, path] of paths.entries()) {
      it(`path #${index + 1} replays: ${pathTitle(path)}`, async () => {
        const replay = await replayPath(model, path);
        options.invariants?.(replay);
      });
    }

    it('covers every state and every transition', () => {
      const result = coverage(model.machine, paths);
      expect(result.complete, `uncovered parts of the ${name} machine:\n${formatCoverage(result)}`).toBe(true);
    });
  });
  return paths;
};

/** Replays the paths one after another (each on a fresh actor). */
export const replayAll = async (model: PathModel, paths: readonly MachinePath[]): Promise<Replay[]> => {
  const replays: Replay[] = [];
  for (const path of paths) replays.push(await replayPath(model, path));
  return replays;
};
