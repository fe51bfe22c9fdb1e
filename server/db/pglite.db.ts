import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { lockDataDir } from './data-dir-lock';
import { PG_TYPES, parseDate, parseNumber, type Db, type Queryable } from './db';

const parsers = {
  [PG_TYPES.INT8]: parseNumber,
  [PG_TYPES.NUMERIC]: parseNumber,
  [PG_TYPES.DATE]: parseDate,
};

interface PgliteLike {
  query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
  exec(sql: string): Promise<unknown>;
}

const wrap = (target: PgliteLike): Queryable => ({
  query: async <T>(sql: string, params: readonly unknown[] = []) => {
    const result = await target.query<T>(sql, [...params]);
    return { rows: result.rows };
  },
  exec: async (sql: string) => {
    await target.exec(sql);
  },
});

/** PGlite's own: the data directory as a tar file, to start another database from (`snapshot`). */
export interface PgliteDb extends Db {
  dumpDataDir(): Promise<Blob>;
}

/**
 * Embedded PostgreSQL: files under `dataDir`, or in memory when no directory is given (tests). One
 * process at a time may open a directory (data-dir-lock.ts); a second one throws DataDirLockedError.
 * `snapshot` (in memory only) starts from a data directory `dumpDataDir` wrote instead of an empty
 * one: no initdb, and whatever the dumped database held (tests start from a seeded one, server/testing.ts).
 */
export const openPglite = async (dataDir?: string, snapshot?: Blob): Promise<PgliteDb> => {
  if (dataDir && snapshot) throw new Error('A PGlite snapshot is loaded in memory only, not into a data directory');
  if (dataDir) await mkdir(dataDir, { recursive: true });
  const lock = dataDir ? await lockDataDir(dataDir) : undefined;
  let pglite: PGlite;
  try {
    pglite = await PGlite.create(dataDir, { parsers, ...(snapshot ? { loadDataDir: snapshot } : {}) });
  } catch (error) {
    await lock?.release();
    throw error;
  }
  return {
    ...wrap(pglite),
    transaction: (fn) => pglite.transaction((tx) => fn(wrap(tx))),
    listen: async (channel, listener) => {
      const unlisten = await pglite.listen(channel, listener);
      return async () => {
        if (!pglite.closed) await unlisten();
      };
    },
    dumpDataDir: () => pglite.dumpDataDir('none'),
    close: async () => {
      if (!pglite.closed) await pglite.close();
      await lock?.release();
    },
  };
};
