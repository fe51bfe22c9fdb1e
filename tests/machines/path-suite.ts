/**
 * The standard path tests of a machine, for vitest. Per input case, one test generates the paths and
 * replays every one on the real machine, the model's oracle (and the file's invariants) checked after
 * every step; one more test asserts the paths cover every state node and transition. A machine's
 * `<name>.paths.test.ts` calls `describePaths` and adds its own behaviour tests with `replayAll`.
 *
 * Paths are generated inside the tests (on first use, then kept for the file): a machine that breaks
 * generation fails a named test instead of the whole file, and a mutation tool running one test
 * sees that test generate, replay and check.
 */
import { describe, expect, it } from 'vitest';
import { createActor, toPromise, type AnyActorLogic } from 'xstate';
import { formatPath } from './path-format.ts';
import {
  coverage,
  formatCoverage,
  generatePathsFor,
  inputCasesOf,
  PathReplayError,
  replayPath,
  replayPaths,
  type InputCase,
  type MachinePath,
  type PathFailure,
  type PathModel,
  type Replay,
} from './path-kit.ts';

export interface PathSuiteOptions {
  /** Assertions that must hold on every replayed path (spied calls, context along the steps). */
  invariants?: (replay: Replay) => void;
}

export interface PathSuite {
  /** Every input case's paths, numbered as `npm run paths` numbers them; generated on first use. */
  paths: () => MachinePath[];
}

/** Generation of the largest models takes seconds (more under a mutation tool's instrumentation). */
const SUITE_TIMEOUT = 120_000;
/** A broken transition often fails most paths: a few show it. */
const STOP_AFTER = 3;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

const report = (model: PathModel, failures: readonly PathFailure[], offset: number, total: number, name: string): string =>
  [
    `${failures.length >= STOP_AFTER ? `the first ${STOP_AFTER}` : failures.length} of ${total} paths fail (\`npm run paths -- ${name}\` lists them by number):`,
    ...failures.map(({ number, path, error }) =>
      // A replay error shows the path up to the failing step; an invariant's shows no path.
      error instanceof PathReplayError
        ? `\npath #${number + offset}: ${messageOf(error)}`
        : `\npath #${number + offset}: ${messageOf(error)}\n\n${formatPath(model, path)}`,
    ),
  ].join('\n');

/** Declares the generation + replay tests and the coverage test; returns the paths, generated lazily. */
export const describePaths = (name: string, model: PathModel, options: PathSuiteOptions = {}): PathSuite => {
  const cases = inputCasesOf(model);
  const generated = new Map<InputCase<unknown>, MachinePath[]>();
  const pathsOf = (inputCase: InputCase<unknown>): MachinePath[] => {
    let paths = generated.get(inputCase);
    if (!paths) {
      paths = generatePathsFor(model, inputCase);
      generated.set(inputCase, paths);
    }
    return paths;
  };
  const all = () => cases.flatMap(pathsOf);

  describe(`${name} paths`, () => {
    for (const [caseIndex, inputCase] of cases.entries()) {
      const from = inputCase.label ? ` from "${inputCase.label}"` : '';
      it(
        `generates paths${from}, and each replays on the real machine with the oracle holding after every step`,
        async () => {
          let paths: MachinePath[];
          try {
            paths = pathsOf(inputCase);
          } catch (error) {
            throw new Error(`generating the paths${from} failed: ${messageOf(error)}`, { cause: error });
          }
          expect(paths.length, 'paths generated').toBeGreaterThan(0);
          const failures = await replayPaths(model, paths, { check: options.invariants, stopAfter: STOP_AFTER });
          if (failures.length > 0) {
            let offset = 0;
            try {
              offset = cases.slice(0, caseIndex).reduce((sum, earlier) => sum + pathsOf(earlier).length, 0);
            } catch {
              // numbered within this input case then
            }
            throw new Error(report(model, failures, offset, paths.length, name));
          }
        },
        SUITE_TIMEOUT,
      );
    }

    // The machine's own actors are placeholders the app replaces (`machine.provide`); one it forgets
    // must fail loudly, naming itself, rather than hang or answer something.
    it('has an actor the app forgot to provide reject with its name', async () => {
      for (const [src, logic] of Object.entries(model.machine.implementations.actors ?? {})) {
        if (model.actors?.[src]) continue;
        // A child machine (e.g. the code-verification step) is real logic, not a placeholder: its own
        // actors are, and its own model checks them.
        if ('root' in (logic as object)) continue;
        await expect(toPromise(createActor(logic as AnyActorLogic, { input: {} }).start()), src).rejects.toThrow(
          new RegExp(`^${src} is provided by the (app|page)$`),
        );
      }
    });

    it(
      'covers every state and every transition',
      () => {
        const result = coverage(model.machine, all());
        expect(result.complete, `uncovered parts of the ${name} machine:\n${formatCoverage(result)}`).toBe(true);
      },
      SUITE_TIMEOUT,
    );
  });
  return { paths: all };
};

/** Replays the paths one after another (each on a fresh actor). */
export const replayAll = async (model: PathModel, paths: readonly MachinePath[]): Promise<Replay[]> => {
  const replays: Replay[] = [];
  for (const path of paths) replays.push(await replayPath(model, path));
  return replays;
};
