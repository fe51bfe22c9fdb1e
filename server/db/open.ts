import type { Db } from './db';

export interface OpenDbOptions {
  /** A PostgreSQL connection string; when set, the `pg` adapter is used. */
  databaseUrl?: string | undefined;
  /** The PGlite data directory; ignored with `databaseUrl`, in memory when neither is given. */
  dataDir?: string | undefined;
  /** In-memory PGlite only: start from this data-directory dump (`PgliteDb.dumpDataDir`) instead of an empty database. */
  snapshot?: Blob | undefined;
}

/** Opens the database the options point at; adapters load lazily so one never pulls in the other. */
export const openDb = async ({ databaseUrl, dataDir, snapshot }: OpenDbOptions = {}): Promise<Db> => {
  if (databaseUrl) {
    if (snapshot) throw new Error('A PGlite snapshot cannot be loaded into PostgreSQL');
    const { openPg } = await import('./pg.db');
    return openPg(databaseUrl);
  }
  const { openPglite } = await import('./pglite.db');
  return openPglite(dataDir, snapshot);
};
