/**
 * The payment-status machine's generated paths (tests/machines/payment-status.model.ts, one shortest
 * path per target state, topped up for transitions) replayed in Chromium through the real QR status
 * page against the real server. The plan is support/replays/payment-status.paths.ts; the adapter from
 * its events, actor and states to the page object is support/pages/payment-status.replay.ts.
 */
import { describeModelPaths } from './support/path-replay';
import { paymentStatusReplay } from './support/pages/payment-status.replay';

describeModelPaths('payment-status', paymentStatusReplay);
