// Stryker's vitest runner (9.5.1) hands its per-test coverage and hit counts to the main process in
// `afterAll(({ meta }) => …)`, which Vitest 4.1 rejects (the suite task is now the hook's second
// argument; stryker-js#5928). Without them no mutant is covered or static, so mutants in module-level
// code, such as a machine's configuration, are never activated and wrongly survive. This setup file
// (after the runner's own) does the same hand-over the 4.1 way; remove it once the runner does.
import { afterAll, inject } from 'vitest';

// eslint-disable-next-line no-empty-pattern -- Vitest 4.1 reads the first argument for fixtures
afterAll(({}, suite) => {
  const ns = globalThis[inject('globalNamespace')];
  if (!ns) return;
  const meta = (suite.file ?? suite).meta;
  if (inject('mode') === 'mutant') meta.hitCount = ns.hitCount;
  else meta.mutantCoverage = ns.mutantCoverage;
});
