/**
 * The `machines` vitest project as Stryker runs it (`npm run mutation`, stryker.config.mjs): the path
 * and behaviour tests of tests/machines. Left out: catalog.test.ts, which starts the CLI in child
 * processes (they never see a mutant) and compares the generated statechart pages (any change of a
 * machine's configuration fails it, whether or not the behaviour is wrong).
 */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'machines',
    // MUTATION_TESTS=tests/machines/alert.paths.test.ts,… narrows a run while iterating on one machine
    // (Stryker's own --testFiles would run static mutants without reloading them: false survivors).
    include: process.env.MUTATION_TESTS?.split(',') ?? ['tests/machines/**/*.test.ts'],
    exclude: ['tests/machines/catalog.test.ts'],
    environment: 'node',
    setupFiles: ['vitest.stryker.setup.mjs'],
  },
});
