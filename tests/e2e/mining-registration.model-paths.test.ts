/**
 * The mining registration machine's generated paths (tests/machines/mining-registration.model.ts, the
 * shortest path to every state) replayed in Chromium through the real wizard against the real server
 * (tests/e2e/support/path-replay.ts). The plan is support/replays/mining-registration.paths.ts, the
 * adapter from events to the page object support/pages/mining-registration.replay.ts (one path also
 * continued on another device from the server draft). See tests/README.md, "Browser replays".
 */
import { describeModelPaths } from './support/path-replay';
import { miningRegistrationReplay } from './support/pages/mining-registration.replay';

describeModelPaths('mining-registration', miningRegistrationReplay);
