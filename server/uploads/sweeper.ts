/**
 * Deletes what nobody will use: uploads marked by `deleteUploadsOf` and uploads never claimed within
 * 24 hours (a page left half way, a replaced photo). Runs at start and on an interval; several
 * replicas sweeping at once is harmless (a file already gone is skipped, the row goes either way).
 */
import type { Db } from '../db/db';
import { startPeriodic } from '../periodic';
import type { UploadDataStore } from './store';
import { deleteUploadRow, UNCLAIMED_TTL_MS, uploadsToSweep } from './uploads.repo';

export const SWEEP_INTERVAL_MS = 10 * 60 * 1000;

/** One sweep: removes the files, then the rows; returns how many uploads it deleted. */
export const sweepUploads = async (db: Db, store: UploadDataStore, { now = new Date(), ttlMs = UNCLAIMED_TTL_MS } = {}): Promise<number> => {
  let deleted = 0;
  for (;;) {
    const ids = await uploadsToSweep(db, now, ttlMs);
    if (ids.length === 0) return deleted;
    for (const id of ids) {
      // An upload created but never written (or already removed) has no file: nothing to do.
      await store.remove(id).catch(() => {});
      await deleteUploadRow(db, id);
      deleted += 1;
    }
  }
};

/** Sweeps now and every `intervalMs`; the returned function stops it. Failures are logged, never thrown. */
export const startUploadSweeper = (db: Db, store: UploadDataStore, intervalMs = SWEEP_INTERVAL_MS): (() => Promise<void>) =>
  startPeriodic('uploads sweep', () => sweepUploads(db, store), intervalMs);
