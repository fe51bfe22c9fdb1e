/**
 * The fee-flow machine's generated paths (tests/machines/fee-flow.model.ts, one shortest path per
 * target state, topped up for transitions) replayed in Chromium through /fee against the real server.
 * The plan is support/replays/fee-flow.paths.ts; the adapter from its events, actors and states to the
 * page objects is support/pages/fee-flow.replay.ts.
 */
import { describeModelPaths } from './support/path-replay';
import { feeFlowReplay } from './support/pages/fee-flow.replay';

describeModelPaths('fee-flow', feeFlowReplay);
