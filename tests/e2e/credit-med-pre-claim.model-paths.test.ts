/**
 * The Credit Med pre-claim machine's generated paths (tests/machines/credit-med-pre-claim.model.ts,
 * the shortest path to every state) replayed in Chromium through the real pre-claim and status pages
 * against the real server (tests/e2e/support/path-replay.ts). The plan is
 * support/replays/credit-med-pre-claim.paths.ts, the adapter from events to the page object
 * support/pages/credit-med-pre-claim.replay.ts. See tests/README.md, "Browser replays".
 */
import { describeModelPaths } from './support/path-replay';
import { creditMedPreClaimReplay } from './support/pages/credit-med-pre-claim.replay';

describeModelPaths('credit-med-pre-claim', creditMedPreClaimReplay);
