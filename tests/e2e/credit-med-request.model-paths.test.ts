/**
 * The Credit Med request machine's generated paths (tests/machines/credit-med-request.model.ts, the
 * shortest path to every state) replayed in Chromium through the real wizard against the real server
 * (tests/e2e/support/path-replay.ts). The plan is support/replays/credit-med-request.paths.ts, the
 * adapter from events to the page object support/pages/credit-med-request.replay.ts (one path also
 * continued on another device from the server draft). See tests/README.md, "Browser replays".
 */
import { describeModelPaths } from './support/path-replay';
import { creditMedRequestReplay } from './support/pages/credit-med-request.replay';

describeModelPaths('credit-med-request', creditMedRequestReplay);
