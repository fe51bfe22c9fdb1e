import pg from 'pg';
import { PG_TYPES, parseDate, parseNumber, type Db, type DbSession, type Queryable } from './db';

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

/**
 * A session on its own client of `pool`. Its listeners are dropped on release, so a client that goes
 * back to the pool carries nothing of this session's callers.
 */
const session = async (pool: pg.Pool): Promise<DbSession> => {
  const client = await pool.connect();
  let onNotification: ((channel: string, payload: string) => void) | undefined;
  let onLost: ((error: Error) => void) | undefined;
  let released = false;
  const notification = (message: pg.Notification) => onNotification?.(message.channel, message.payload ?? '');
  const lost = (error: Error) => {
    const listener = onLost;
    onLost = undefined;
    listener?.(error);
  };
  client.on('notification', notification);
  client.on('error', lost);
  return {
    ...wrap(client),
    onNotification: (listener) => {
      onNotification = listener;
    },
    onLost: (listener) => {
      onLost = listener;
    },
    release: (broken = false) => {
      if (released) return;
      released = true;
      client.off('notification', notification);
      client.off('error', lost);
      client.release(broken || undefined);
    },
  };
};

/**
 * A real PostgreSQL server (DATABASE_URL): a connection pool, one pooled client per transaction.
 * Sessions (`acquireSession`, held as long as an upload lock) come from a second pool, so requests
 * holding them can never take the connections their own queries need.
 */
export const openPg = async (connectionString: string): Promise<Db> => {
  const pool = new pg.Pool({ connectionString, types, max: 10 });
  const sessions = new pg.Pool({ connectionString, types, max: 20, idleTimeoutMillis: 30_000 });
  // An idle client that loses its server must not crash the process; the next query reconnects.
  pool.on('error', (error) => console.error('[db] idle client error:', error.message));
  sessions.on('error', (error) => console.error('[db] idle session error:', error.message));
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
    acquireSession: () => session(sessions),
    close: async () => {
      await Promise.all([pool.end(), sessions.end()]);
    },
  };
};
