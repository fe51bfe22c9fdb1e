/**
 * Everything a start does to the database before it serves, the same for the server (server/start.ts)
 * and the server tests (server/testing.ts):
 * 1. the SQL migrations;
 * 2. reference data, in every mode: products and the catalogue, the site's content when it has none,
 *    the mining programme's roster, the Credit Med hospitals. Missing rows are added and existing ones
 *    kept, so a start never fails on, nor undoes, what an operator changed;
 * 3. in demo mode only, the demo data, when the database has no users yet.
 * Nothing here reads or writes per policy or per user of a database in use: the time a start takes
 * does not grow with the data.
 */
import { syncHospitals } from '../credit-med/cards';
import { syncInsurance } from '../insurance';
import { syncMining } from '../mining';
import type { Db } from '../db/db';
import { migrate } from '../db/migrate';
import { seedSiteContent } from '../home';
import { seedIfEmpty } from './demo-seed';

/** Reference data (step 2 above). */
export const syncReferenceData = async (db: Db): Promise<void> => {
  await syncInsurance(db);
  await seedSiteContent(db);
  await syncMining(db);
  await syncHospitals(db);
};

export const prepareDatabase = async (db: Db, { demo }: { demo: boolean }): Promise<void> => {
  await migrate(db);
  await syncReferenceData(db);
  if (demo) await seedIfEmpty(db);
};
