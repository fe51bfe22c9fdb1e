/** The mining area's background job: expired registration drafts go, with their images. */
import type { Db } from '../db/db';
import { startPeriodic } from '../periodic';
import { deleteUploadsOf } from '../uploads';
import { deleteExpiredDrafts, draftOwner } from './drafts.repo';
import type { MiningUploads } from './mining.routes';

/** Deletes expired drafts and their images; returns how many went. */
export const sweepExpiredDrafts = async (db: Db, uploads: Pick<MiningUploads, 'deleteOf'>): Promise<number> => {
  const ids = await deleteExpiredDrafts(db);
  for (const id of ids) await uploads.deleteOf(draftOwner(id));
  return ids.length;
};

/** Deletes expired drafts now and every hour (their uploads are marked; the upload sweeper removes the files). */
export const startDraftSweeper = (db: Db, intervalMs = 60 * 60 * 1000): (() => Promise<void>) => {
  const uploads = { deleteOf: async (owner: string) => void (await deleteUploadsOf(db, owner)) };
  return startPeriodic('mining draft sweep', () => sweepExpiredDrafts(db, uploads), intervalMs);
};
