/**
 * The order test files start in: the longest first, so that the two workers finish together instead of
 * one running a 10-minute file alone at the end. Vitest orders by the durations in its cache, which a
 * clean clone (CI) does not have: it then falls back to the files' sizes, and page-quality, the
 * longest browser file, is small and would start half-way through the run. The files below are the
 * longest measured (tests/README.md); they start first, in this order, the rest as vitest orders them.
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const LONGEST: readonly string[] = [
  // browser files
  'tests/e2e/page-quality.test.ts',
  'tests/e2e/buy-insurance.model-paths.test.ts',
  'tests/e2e/mining-registration.model-paths.test.ts',
  'tests/e2e/credit-med-request.model-paths.test.ts',
  'tests/e2e/credit-med-pre-claim.model-paths.test.ts',
  'tests/e2e/mining-registration.test.ts',
  'tests/e2e/claims.test.ts',
  'tests/e2e/fee-flow.model-paths.test.ts',
  'tests/e2e/payment-status.model-paths.test.ts',
  'tests/e2e/claim-creation.model-paths.test.ts',
  'tests/e2e/registration.model-paths.test.ts',
  'tests/e2e/credit-med-pre-claim.test.ts',
  'tests/e2e/upload-slot.test.ts',
  // server and machine files (they start from an empty database on purpose, or generate many paths)
  'tests/unit/server-db.test.ts',
  'tests/unit/server-start.test.ts',
  'tests/unit/server-throttle.test.ts',
  'tests/machines/claim-creation.paths.test.ts',
  'tests/machines/mining-registration.paths.test.ts',
];

const rankOf = (spec: TestSpecification): number => {
  const rank = LONGEST.findIndex((file) => spec.moduleId.endsWith(`/${file}`));
  return rank === -1 ? LONGEST.length : rank;
};

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    // Array.prototype.sort is stable: files of the same rank keep vitest's order.
    return sorted.sort((a, b) => rankOf(a) - rankOf(b));
  }
}
