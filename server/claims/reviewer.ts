/** The claims area's background job in demo mode: the reference insurer's reviewer. */
import type { Db } from '../db/db';
import { startPeriodic } from '../periodic';
import { reviewReceivedClaims } from './claims.repo';

/** How long a sent claim waits in 'received' before the scripted reviewer moves it to 'review'. */
export const REVIEW_AFTER_MS = 4000;

/** The reference server's reviewer: every `intervalMs`, received claims older than `afterMs` move to review. */
export const startClaimReviewer = (db: Db, { afterMs = REVIEW_AFTER_MS, intervalMs = 2000 } = {}): (() => Promise<void>) =>
  startPeriodic('claim reviewer', () => reviewReceivedClaims(db, afterMs), intervalMs);
