import pg from 'pg';
import { PG_TYPES, parseDate, parseNumber, type Db, type Queryable } from './db';

const typeParsers: Record<number, (value: string) => unknown> = {
  [PG_TYPES.INT8]: parseNumber,
  [PG_TYPES.NUMERIC]: parseNumber,
  [PG_TYPES.DATE]: parseDate,
};

const types = {
  getTypeParser: (oid: number, format?: 'text' | 'binary') =>
    typeParsers[oid] ?? pg.types.getTypeParser(oid, format ?? 'text'),
};

interface PgLike {
  query(sql: string, params?: unknown[]): Promise<{ rows: unknown[] }>;
}

const wrap = (target: PgLike): Queryable => ({
  query: async <T>(sql: string, params: readonly unknown[] = []) => {
    const result = await target.query(sql, [...params]);
    return { rows: result.rows as T[] };
  },
  exec: async (sql: string) => {
    await target.query(sql);
  },
});

/** A real PostgreSQL server (DATABASE_URL): a connection pool, one pooled client per transaction. */
export const openPg = async (connectionString: string): Promise<Db> => {
  const pool = new pg.Pool({ connectionString, types, max: 10 });
  // An idle client that loses its server must not crash the process; the next query reconnects.
  pool.on('error', (error) => console.error('[db] idle client error:', error.message));
  await pool.query('select 1');
  return {
    ...wrap(pool),
    transaction: async (fn) => {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await fn(wrap(client));
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
};
