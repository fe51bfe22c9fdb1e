/**
 * Starts the whole server on a port: database (migrated, reference data synced, and in demo mode
 * seeded), API, images and SPA. Browser tests call `startServer({ demo: true })` for an in-memory
 * instance on a free port; server/main.ts calls it with the environment's settings.
 */
import { rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { createApp, type AppOptions } from './app';
import type { Db } from './db/db';
import { openDb } from './db/open';
import { prepareDatabase } from './setup/prepare';
import { startPreClaimProgress } from './credit-med/cards';
import { startDraftSweeper } from './mining';
import { startClaimReviewer } from './claims';
import { loadOrCreateSecret, randomSecret } from './secret';
import { fileUploadStore, startUploadSweeper, temporaryUploadStore, type UploadDataStore } from './uploads';
import { startFeedbackReplier } from './feedback';
import { startNotificationPruner } from './notifications';

export interface StartOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  host?: string;
  /** In-memory PGlite (default true): every start is a fresh database (seeded when `demo`). */
  memory?: boolean;
  /**
   * Demo mode (default false): the demo data (accounts with known passwords, their policies, claims,
   * Credit Med, feedback) is written into a database without users, and the reference insurer moves
   * things by itself (claims to review, pre-claims along their statuses, replies to feedback). Never
   * on a production database. Tests and `npm start` on the embedded database turn it on (server/main.ts).
   */
  demo?: boolean;
  /** Used when `memory` is false: PGlite lives in `<dataDir>/db`, the token secret in `<dataDir>/secret`. */
  dataDir?: string;
  /** A PostgreSQL server instead of PGlite. */
  databaseUrl?: string;
  /**
   * Tests: in-memory PGlite started from this data-directory dump of a database that is already
   * migrated and seeded (server/testing.ts makes one per test run), so nothing is migrated, seeded or
   * synced at start.
   */
  snapshot?: Blob;
  /** Token secret; by default random per start (memory) or kept in `<dataDir>/secret` (also with databaseUrl). */
  secret?: string;
  distDir?: string;
  isDev?: boolean;
  trustedProxies?: number;
  /** Seconds of Strict-Transport-Security on HTTPS answers (AppOptions.hstsMaxAge). */
  hstsMaxAge?: number;
  corsOrigins?: readonly string[];
  loginThrottle?: AppOptions['loginThrottle'];
  /**
   * Development and test tools under /api/dev/ (the SMS outbox and code clock, completing sandbox
   * payments) and /sandbox/dev/: tests and `npm run dev`, never `npm start`.
   */
  devTools?: boolean;
  /** The SMS outbox alone; `devTools` turns it on too. */
  exposeOutbox?: boolean;
  /**
   * Where uploads are stored: by default files under `<dataDir>/uploads`, or a temporary directory
   * removed at close when `memory` (server/main.ts passes S3 when configured).
   */
  uploadStore?: UploadDataStore;
}

export interface RunningServer {
  /** e.g. http://127.0.0.1:41234 (no trailing slash) */
  url: string;
  port: number;
  /** The server's database, for tests that arrange data directly. */
  db: Db;
  /** Stops accepting connections, drops open ones and closes the database; safe to call twice. */
  close(): Promise<void>;
}

export const startServer = async ({
  port = 0,
  host = '127.0.0.1',
  memory = true,
  demo = false,
  dataDir = '.data',
  databaseUrl,
  snapshot,
  secret,
  distDir,
  isDev = false,
  trustedProxies = 0,
  hstsMaxAge,
  corsOrigins = [],
  loginThrottle,
  devTools = false,
  exposeOutbox = devTools,
  uploadStore,
}: StartOptions = {}): Promise<RunningServer> => {
  const db = await openDb(databaseUrl ? { databaseUrl, snapshot } : { dataDir: memory ? undefined : join(dataDir, 'db'), snapshot });
  let server: Server | undefined;
  let temporaryUploads: string | undefined;
  // The stop functions of the background tasks (server/periodic.ts) started so far.
  const stops: (() => Promise<void>)[] = [];
  const stopBackground = async () => {
    await Promise.all(stops.map((stop) => stop()));
  };
  const removeTemporaryUploads = () => (temporaryUploads ? rm(temporaryUploads, { recursive: true, force: true }) : Promise.resolve());
  try {
    if (!snapshot) await prepareDatabase(db, { demo });
    // Replicas sharing one PostgreSQL must share TOKEN_SECRET too; a kept file only suits one machine.
    const tokenSecret = secret ?? (memory ? randomSecret() : await loadOrCreateSecret(dataDir));
    let store = uploadStore;
    if (!store && memory) {
      const temporary = temporaryUploadStore();
      temporaryUploads = temporary.directory;
      store = temporary.store;
    }
    store ??= fileUploadStore(join(dataDir, 'uploads'));
    // Sweeps of expired uploads and drafts, the notifications' retention rule; in demo mode the reference insurer's own moves too (claims
    // to review, pre-claims along their statuses, replies to feedback).
    stops.push(startUploadSweeper(db, store), startDraftSweeper(db), startNotificationPruner(db));
    if (demo) stops.push(startPreClaimProgress(db), startClaimReviewer(db), startFeedbackReplier(db));
    const app = createApp({
      db,
      secret: tokenSecret,
      isDev,
      trustedProxies,
      ...(hstsMaxAge === undefined ? {} : { hstsMaxAge }),
      corsOrigins,
      ...(distDir ? { distDir } : {}),
      ...(loginThrottle ? { loginThrottle } : {}),
      account: { exposeOutbox },
      devTools,
      uploadStore: store,
      // Development and browser-test servers make many drafts from one address; production keeps the cap.
      ...(devTools ? { drafts: { perCaller: 100_000 } } : {}),
    });
    const address = await new Promise<AddressInfo>((resolve, reject) => {
      const started = serve({ fetch: app.fetch, port, hostname: host }, (info) => resolve(info)) as Server;
      started.once('error', reject);
      server = started;
    });
    const urlHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
    let closing: Promise<void> | undefined;
    return {
      url: `http://${urlHost}:${address.port}`,
      port: address.port,
      db,
      close: () =>
        (closing ??= (async () => {
          await new Promise<void>((resolve) => {
            server?.close(() => resolve());
            server?.closeAllConnections();
          });
          await stopBackground();
          await db.close();
          await removeTemporaryUploads();
        })()),
    };
  } catch (error) {
    server?.close();
    await stopBackground();
    await db.close();
    await removeTemporaryUploads();
    throw error;
  }
};
