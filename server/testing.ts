/**
 * Helpers for server tests: one migrated, seeded in-memory database per test file, and apps built on
 * it with whatever options a test needs. Not used by the running server.
 */
import { createApp, type AppOptions } from './app';
import type { Db } from './db/db';
import { migrate } from './db/migrate';
import { openPglite } from './db/pglite.db';
import { seedIfEmpty } from './db/seed';
import { syncInsurance } from './insurance/seed';

export const TEST_SECRET = 'test-secret-that-is-long-enough-for-hs256-0123456789';

export interface TestServer {
  db: Db;
  secret: string;
  /** An app on the shared database; options override the test defaults. */
  app: (options?: Partial<Omit<AppOptions, 'db'>>) => ReturnType<typeof createApp>;
  close: () => Promise<void>;
}

export const createTestServer = async (): Promise<TestServer> => {
  const db = await openPglite();
  await migrate(db);
  await seedIfEmpty(db);
  await syncInsurance(db);
  return {
    db,
    secret: TEST_SECRET,
    // Every test file makes many drafts from one address: the per-caller cap is lifted unless a test sets it.
    app: (options = {}) =>
      createApp({ db, secret: TEST_SECRET, distDir: '/nonexistent-dist', account: { exposeOutbox: true }, devTools: true, drafts: { perCaller: 100_000 }, ...options }),
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
