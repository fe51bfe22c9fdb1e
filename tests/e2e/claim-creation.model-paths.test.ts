/**
 * The claim-creation machine's generated paths (tests/machines/claim-creation.model.ts, the shortest
 * path to every state) replayed in Chromium through the real claim wizard against the real server
 * (tests/e2e/support/path-replay.ts). The plan is support/replays/claim-creation.paths.ts, the
 * adapter from events to the page object support/pages/claim-creation.replay.ts. See tests/README.md,
 * "Browser replays".
 */
import { describeModelPaths } from './support/path-replay';
import { claimCreationReplay } from './support/pages/claim-creation.replay';

describeModelPaths('claim-creation', claimCreationReplay);
