/**
 * Helpers for server tests: one migrated database with the demo data per test file, and apps built on
 * it with whatever options a test needs. Not used by the running server.
 *
 * The database is in-memory PGlite, or, when TEST_DATABASE_URL names a PostgreSQL server (the vitest
 * project `unit-pg`, see scripts/with-postgres.sh), a database of its own on that server, created for
 * the test file and dropped when it closes. That variable is the one switch.
 */
import { randomBytes } from 'node:crypto';
import { createApp, type AppOptions } from './app';
import type { Db } from './db/db';
import { openDb } from './db/open';
import { prepareDatabase } from './db/prepare';

export const TEST_SECRET = 'test-secret-that-is-long-enough-for-hs256-0123456789';

export interface TestServer {
  db: Db;
  /** The PostgreSQL database the tests run on (another connection can open it); undefined on PGlite. */
  databaseUrl: string | undefined;
  secret: string;
  /** An app on the shared database (or on `db` when given); options override the test defaults. */
  app: (options?: Partial<AppOptions>) => ReturnType<typeof createApp>;
  close: () => Promise<void>;
}

/** The PostgreSQL server the tests run on, or undefined for in-memory PGlite. */
export const testServerUrl = (): string | undefined => process.env.TEST_DATABASE_URL || undefined;

/** Which database the server tests run on, for test names and messages. */
export const testDatabaseKind = (): 'PostgreSQL' | 'PGlite' => (testServerUrl() ? 'PostgreSQL' : 'PGlite');

export interface TestDatabase {
  /** The new, empty database's connection string; undefined for in-memory PGlite. */
  databaseUrl: string | undefined;
  /** Drops the database (PostgreSQL); nothing to do for PGlite, which goes with its connection. */
  drop: () => Promise<void>;
}

const adminQuery = async (serverUrl: string, sql: string) => {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
};

/**
 * A new, empty database on the test PostgreSQL server, so test files running in parallel never see
 * each other's rows; on PGlite nothing needs creating (every open is a fresh in-memory database).
 */
export const createTestDatabase = async (): Promise<TestDatabase> => {
  const serverUrl = testServerUrl();
  if (!serverUrl) return { databaseUrl: undefined, drop: async () => {} };
  // Only [a-z0-9_]: safe to quote into DDL.
  const name = `test_${process.pid}_${randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    databaseUrl: url.toString(),
    drop: () => adminQuery(serverUrl, `drop database if exists "${name}" with (force)`),
  };
};

/** An empty database of its own (PGlite in memory, or a new PostgreSQL database); closing drops it. */
export const openTestDb = async (database?: TestDatabase): Promise<Db> => {
  database ??= await createTestDatabase();
  let db: Db;
  try {
    db = await openDb({ databaseUrl: database.databaseUrl });
  } catch (error) {
    await database.drop();
    throw error;
  }
  let closing: Promise<void> | undefined;
  return {
    ...db,
    close: () =>
      (closing ??= (async () => {
        await db.close();
        await database.drop();
      })()),
  };
};

export const createTestServer = async (): Promise<TestServer> => {
  const database = await createTestDatabase();
  const db = await openTestDb(database);
  try {
    // What a demo start does to its database (the reference insurer's moves are the tests' to run).
    await prepareDatabase(db, { demo: true });
  } catch (error) {
    await db.close();
    throw error;
  }
  return {
    db,
    databaseUrl: database.databaseUrl,
    secret: TEST_SECRET,
    // Tests change content with SQL and look at once: the content cache checks the version on every
    // request. Every test file makes many drafts from one address: the per-caller cap is lifted unless a test sets it.
    app: (options = {}) =>
      createApp({ db, secret: TEST_SECRET, distDir: '/nonexistent-dist', account: { exposeOutbox: true }, devTools: true, contentCache: { freshForMs: 0 }, drafts: { perCaller: 100_000 }, ...options }),
    close: () => db.close(),
  };
};

type Requester = { request: (path: string, init?: RequestInit) => Response | Promise<Response> };

/** POSTs a JSON body (or a raw string as is). */
export const postJson = (app: Requester, path: string, body: unknown, headers: Record<string, string> = {}) =>
  app.request(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
