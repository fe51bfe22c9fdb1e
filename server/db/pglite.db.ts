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

/**
 * Embedded PostgreSQL: files under `dataDir`, or in memory when no directory is given (tests). One
 * process at a time may open a directory (data-dir-lock.ts); a second one throws DataDirLockedError.
 */
export const openPglite = async (dataDir?: string): Promise<Db> => {
  if (dataDir) await mkdir(dataDir, { recursive: true });
  const lock = dataDir ? await lockDataDir(dataDir) : undefined;
  let pglite: PGlite;
  try {
    pglite = await PGlite.create(dataDir, { parsers });
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
    close: async () => {
      if (!pglite.closed) await pglite.close();
      await lock?.release();
    },
  };
};
