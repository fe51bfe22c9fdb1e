// Mutation testing of the state machines (`npm run mutation`; not part of `npm test`).
// Mutants of machines/ are run against the machines vitest project (vitest.stryker.config.ts).
// Results: reports/mutation/ (html, json); the incremental file lets a rerun skip unchanged mutants.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  vitest: { configFile: 'vitest.stryker.config.ts', related: false },
  mutate: ['machines/**/*.ts'],
  coverageAnalysis: 'perTest',
  // A 2-core machine shared with others.
  concurrency: 2,
  incremental: true,
  incrementalFile: 'reports/stryker-incremental.json',
  reporters: ['html', 'clear-text', 'json', 'progress'],
  htmlReporter: { fileName: 'reports/mutation/mutation.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  tempDirName: '.stryker-tmp',
  // The sandbox needs the sources and tests, not the build, the data or the reports.
  ignorePatterns: ['dist', '.data', 'reports', 'docs/screenshots', 'tests/e2e'],
  cleanTempDir: true,
  thresholds: { high: 90, low: 80, break: null },
};
