/**
 * The registration machine's generated paths (tests/machines/registration.model.ts, the shortest path
 * to every state) replayed in Chromium through the real register page and code step against the real
 * server (tests/e2e/support/path-replay.ts). The plan is support/replays/registration.paths.ts; the
 * adapter from its events, actors and states to the page objects is support/pages/registration.replay.ts.
 */
import { describeModelPaths } from './support/path-replay';
import { registrationReplay } from './support/pages/registration.replay';

describeModelPaths('registration', registrationReplay);
