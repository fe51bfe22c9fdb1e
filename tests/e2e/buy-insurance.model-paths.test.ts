/**
 * The buy-insurance machine's generated paths (tests/machines/buy-insurance.model.ts, the shortest
 * path to every state) replayed in Chromium through the real wizard against the real server
 * (tests/e2e/support/path-replay.ts). Which paths run, and which cannot, is the plan in
 * support/replays/buy-insurance.paths.ts (one path per target state, topped up for transitions); the
 * adapter from its events, actors and states to the page objects is support/pages/buy-insurance.replay.ts.
 * See tests/machines/README.md, "Replayed in the browser".
 */
import { describeModelPaths } from './support/path-replay';
import { buyInsuranceReplay } from './support/pages/buy-insurance.replay';

describeModelPaths('buy-insurance', buyInsuranceReplay);
