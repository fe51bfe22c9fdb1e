/**
 * Helpers for server tests: one migrated database with the demo data per test file, and apps built on
 * it with whatever options a test needs. Not used by the running server.
 *
 * The database is in-memory PGlite, or, when TEST_DATABASE_URL names a PostgreSQL server (the vitest
 * project `unit-pg`, see scripts/with-postgres.sh), a database of its own on that server, created for
 * the test file and dropped when it closes. That variable is the one switch.
 *
 * Migrating and seeding an empty database takes seconds (PGlite's initdb alone is most of them), so a
 * test run does it once: the projects' global setup (tests/global-setup.ts) calls
 * `createSeededDatabase`, which dumps a seeded PGlite data directory to a file, or makes a seeded
 * PostgreSQL database to copy with `CREATE DATABASE … TEMPLATE`, and hands it to the test files
 * (vitest's provide/inject). Each file then starts from its own copy; without that setup (a file run
 * by another config) it migrates and seeds as before.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { createApp, type AppOptions } from './app';
import type { Db } from './db/db';
import { openDb } from './db/open';
import { prepareDatabase } from './setup/prepare';

/** A migrated, seeded database made once per test run, to start each test file's database from. */
export type SeededDatabase =
  /** A PGlite data-directory dump (tar) in this file. */
  | { kind: 'pglite'; file: string }
  /** A database on the TEST_DATABASE_URL server to copy (`CREATE DATABASE … TEMPLATE`); no one connects to it. */
  | { kind: 'postgres'; template: string };

declare module 'vitest' {
  interface ProvidedContext {
    seededDatabase?: SeededDatabase;
  }
}

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

/** A new database's name: only [a-z0-9_], safe to quote into DDL. */
const databaseName = (prefix: string) => `${prefix}_${process.pid}_${randomBytes(6).toString('hex')}`;

const databaseUrlOf = (serverUrl: string, name: string) => {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

/**
 * A new database on the test PostgreSQL server, so test files running in parallel never see each
 * other's rows: empty, or a copy of `template`. On PGlite nothing needs creating (every open is a
 * fresh in-memory database).
 */
export const createTestDatabase = async (template?: string): Promise<TestDatabase> => {
  const serverUrl = testServerUrl();
  if (!serverUrl) return { databaseUrl: undefined, drop: async () => {} };
  const name = databaseName('test');
  await adminQuery(serverUrl, template ? `create database "${name}" template "${template}"` : `create database "${name}"`);
  return {
    databaseUrl: databaseUrlOf(serverUrl, name),
    drop: () => adminQuery(serverUrl, `drop database if exists "${name}" with (force)`),
  };
};

/**
 * A database of its own (PGlite in memory, or a new PostgreSQL database); closing drops it. Empty, or
 * on PGlite started from `snapshot` (a data-directory dump).
 */
export const openTestDb = async (database?: TestDatabase, snapshot?: Blob): Promise<Db> => {
  database ??= await createTestDatabase();
  let db: Db;
  try {
    db = await openDb({ databaseUrl: database.databaseUrl, snapshot });
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

/**
 * Migrates and seeds a database once for a whole test run (tests/global-setup.ts): on PGlite a
 * data-directory dump in a temporary file, on the PostgreSQL server at `serverUrl` a database the test
 * databases are copied from. `remove` deletes it when the run ends.
 */
export const createSeededDatabase = async (serverUrl: string | undefined): Promise<{ seeded: SeededDatabase; remove: () => Promise<void> }> => {
  if (serverUrl) {
    const template = databaseName('test_seeded');
    await adminQuery(serverUrl, `create database "${template}"`);
    const remove = () => adminQuery(serverUrl, `drop database if exists "${template}" with (force)`);
    try {
      // Closed before any copy: PostgreSQL copies only a database no one is connected to.
      const db = await openDb({ databaseUrl: databaseUrlOf(serverUrl, template) });
      try {
        await prepareDatabase(db, { demo: true });
      } finally {
        await db.close();
      }
    } catch (error) {
      await remove();
      throw error;
    }
    return { seeded: { kind: 'postgres', template }, remove };
  }
  const { openPglite } = await import('./db/pglite.db');
  const directory = await mkdtemp(join(tmpdir(), 'nar-life-seeded-'));
  const remove = () => rm(directory, { recursive: true, force: true });
  try {
    const db = await openPglite();
    try {
      await prepareDatabase(db, { demo: true });
      const file = join(directory, 'pgdata.tar');
      await writeFile(file, new Uint8Array(await (await db.dumpDataDir()).arrayBuffer()));
      return { seeded: { kind: 'pglite', file }, remove };
    } finally {
      await db.close();
    }
  } catch (error) {
    await remove();
    throw error;
  }
};

/** The run's seeded database (tests/global-setup.ts), if this file runs under a project that made one. */
export const seededDatabase = (): SeededDatabase | undefined => inject('seededDatabase');

/** The seeded PGlite dump to start an in-memory database from, when the run made one. */
export const seededSnapshot = async (seeded = seededDatabase()): Promise<Blob | undefined> =>
  seeded?.kind === 'pglite' ? new Blob([new Uint8Array(await readFile(seeded.file))]) : undefined;

export const createTestServer = async (): Promise<TestServer> => {
  const seeded = seededDatabase();
  // A seeded database of the kind this file runs on (PGlite, or TEST_DATABASE_URL's server).
  const usable = seeded && (seeded.kind === 'postgres') === Boolean(testServerUrl()) ? seeded : undefined;
  const database = await createTestDatabase(usable?.kind === 'postgres' ? usable.template : undefined);
  const db = await openTestDb(database, await seededSnapshot(usable));
  try {
    if (!usable) await prepareDatabase(db, { demo: true });
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
