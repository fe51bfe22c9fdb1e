/**
 * The `machines` vitest project as Stryker runs it (`npm run mutation`, stryker.config.mjs): the path
 * and behaviour tests of tests/machines. Left out: catalog.test.ts and coverage-map.test.ts, which start the CLI in child
 * processes (they never see a mutant) and compare the generated statechart pages (any change of a
 * machine's configuration fails it, whether or not the behaviour is wrong).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { TestSequencer, TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';

/** Which file of machines/ holds each of Stryker's mutants (its instrumented code names them by id). */
let mutantFiles: Map<string, string> | undefined;
const fileOfMutant = (id: string): string | undefined => {
  if (!mutantFiles) {
    mutantFiles = new Map();
    for (const file of readdirSync('machines').filter((name) => name.endsWith('.ts'))) {
      for (const match of readFileSync(join('machines', file), 'utf8').matchAll(/stryMutAct_\w+\("(\d+)"\)/g)) {
        mutantFiles.set(match[1] ?? '', file);
      }
    }
  }
  return mutantFiles.get(id);
};

/**
 * A mutant of a machine's configuration (module-level code) runs every test file until one fails
 * (Stryker bails on the first failure), so the files likely to fail come first: load.test.ts (a
 * module that no longer loads), then the tests named after the mutated machine, then the smaller
 * files before the larger ones (the purchase wizard's generate paths for seconds).
 */
class LikelyFailuresFirst implements TestSequencer {
  shard(files: TestSpecification[]) {
    return files;
  }

  sort(files: TestSpecification[]) {
    const { activeMutant } = (files[0]?.project.getProvidedContext() ?? {}) as { activeMutant?: string };
    const mutated = activeMutant === undefined ? undefined : fileOfMutant(activeMutant)?.split('.')[0];
    const rank = (file: TestSpecification) => {
      const name = basename(file.moduleId);
      return name === 'load.test.ts' ? 0 : mutated && name.startsWith(`${mutated}.`) ? 1 : 2;
    };
    const size = (file: TestSpecification) => statSync(file.moduleId).size;
    return [...files].sort((a, b) => rank(a) - rank(b) || size(a) - size(b));
  }
}

export default defineConfig({
  test: {
    name: 'machines',
    // MUTATION_TESTS=tests/machines/alert.paths.test.ts,… narrows a run while iterating on one machine
    // (Stryker's own --testFiles would run static mutants without reloading them: false survivors).
    include: process.env.MUTATION_TESTS?.split(',') ?? ['tests/machines/**/*.test.ts'],
    exclude: ['tests/machines/catalog.test.ts', 'tests/machines/coverage-map.test.ts'],
    environment: 'node',
    setupFiles: ['vitest.stryker.setup.mjs'],
    sequence: { sequencer: LikelyFailuresFirst },
  },
});
