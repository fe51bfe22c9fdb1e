/**
 * The database seam of the reference API: a tiny interface with two adapters, embedded PGlite
 * (`pglite.db.ts`) and a real PostgreSQL server through `pg` (`pg.db.ts`). Both run the same SQL and
 * return the same JavaScript types: `date` as a 'YYYY-MM-DD' string, `bigint`/`numeric` as numbers,
 * `timestamptz` as a Date.
 */

export interface QueryResult<T> {
  rows: T[];
}

/** What a connection and a transaction both offer. */
export interface Queryable {
  /** One statement with `$1`-style parameters. */
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<QueryResult<T>>;
  /** One or more statements without parameters (migrations, DDL). */
  exec(sql: string): Promise<void>;
}

export interface Db extends Queryable {
  /** Runs `fn` in one transaction on one connection: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * A connection of its own, held until released, for session state such as advisory locks and
   * LISTEN (PostgreSQL only; PGlite is one connection in one process and has none).
   */
  acquireSession?: () => Promise<DbSession>;
  /**
   * LISTEN on `channel` in-process (PGlite, whose one connection delivers its own NOTIFYs once their
   * transaction commits); resolves to the function that stops listening. PostgreSQL listens through
   * `acquireSession` instead.
   */
  listen?: (channel: string, listener: (payload: string) => void) => Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** A dedicated connection (`Db.acquireSession`): its session lives until `release`. */
export interface DbSession extends Queryable {
  /** Called for each NOTIFY on a channel this session LISTENs to. */
  onNotification(listener: (channel: string, payload: string) => void): void;
  /** Called once if the connection fails while held (its session state, e.g. its locks, is gone). */
  onLost(listener: (error: Error) => void): void;
  /** Gives the connection back; `broken` closes it instead, ending the session and everything it held. */
  release(broken?: boolean): void;
}

/** Postgres type ids whose parsing both adapters align. */
export const PG_TYPES = { INT8: 20, NUMERIC: 1700, DATE: 1082 } as const;

/** Parses a bigint or numeric column to a number (money in MNT and counts stay far below 2^53). */
export const parseNumber = (value: string): number => Number(value);

/** Keeps a date column as its 'YYYY-MM-DD' text, free of any time zone. */
export const parseDate = (value: string): string => value;
