/**
 * `npm run serve` and `npm start` (compiled to dist-server/main.js by scripts/build-server.mjs) and
 * `npm run dev` (through tsx): the reference server configured from the environment.
 *   PORT (8080), HOST (127.0.0.1), DATA_DIR (.data; PGlite in .data/db, secret in .data/secret),
 *   DATABASE_URL (a PostgreSQL server instead of PGlite), DEMO (1/0: demo mode; by default on with
 *   the embedded PGlite, off with DATABASE_URL), TOKEN_SECRET (else kept in .data/secret),
 *   TRUST_PROXY (number of proxies appending to X-Forwarded-For; 'true' means 1), HSTS_MAX_AGE
 *   (seconds of Strict-Transport-Security on HTTPS answers, one year by default, 0 off), CORS_ORIGINS
 *   (comma-separated), DIST_DIR (dist), NODE_ENV=development for development caching.
 *   Uploads: files in DATA_DIR/uploads, or S3_BUCKET (+ S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID,
 *   S3_SECRET_ACCESS_KEY) for an S3-compatible store.
 */
import { DataDirLockedError } from './db/data-dir-lock';
import { startServer } from './start';
import { uploadStoreFromEnv } from './uploads';

const env = process.env;

const trustedProxies = (value: string | undefined): number => {
  if (!value || value === 'false') return 0;
  if (value === 'true') return 1;
  const hops = Number(value);
  if (!Number.isInteger(hops) || hops < 0) throw new Error(`TRUST_PROXY must be true, false or a number of proxies, got "${value}"`);
  return hops;
};

const parseHstsMaxAge = (value: string | undefined): number | undefined => {
  if (value === undefined || value.trim() === '') return undefined;
  const seconds = Number(value);
  if (!Number.isInteger(seconds) || seconds < 0) throw new Error(`HSTS_MAX_AGE must be a number of seconds (0 turns it off), got "${value}"`);
  return seconds;
};

const hstsMaxAge = parseHstsMaxAge(env.HSTS_MAX_AGE);

/**
 * Demo mode (demo data in an empty database, the reference insurer's automatic moves): DEMO=1 or
 * DEMO=0; unset, on with the embedded database (`npm start`) and off with DATABASE_URL (production).
 */
const demoMode = (value: string | undefined, databaseUrl: string | undefined): boolean => {
  if (value === undefined || value === '') return !databaseUrl;
  if (value === '1') return true;
  if (value === '0') return false;
  throw new Error(`DEMO must be 1 or 0, got "${value}"`);
};

const demo = demoMode(env.DEMO, env.DATABASE_URL);

const port = Number(env.PORT ?? 8080);
if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got "${env.PORT}"`);

if (env.TOKEN_SECRET !== undefined && env.TOKEN_SECRET.length < 32) {
  console.warn('[server] TOKEN_SECRET is shorter than 32 characters; use a long random value in production.');
}

const server = await startServer({
  port,
  host: env.HOST || '127.0.0.1',
  memory: false,
  dataDir: env.DATA_DIR || '.data',
  ...(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : {}),
  demo,
  ...(env.TOKEN_SECRET ? { secret: env.TOKEN_SECRET } : {}),
  ...(env.DIST_DIR ? { distDir: env.DIST_DIR } : {}),
  isDev: env.NODE_ENV === 'development',
  // `npm run dev` (DEV=1) lets developers read the codes sent to phones and complete sandbox payments;
  // `npm start` never does.
  devTools: env.DEV === '1',
  trustedProxies: trustedProxies(env.TRUST_PROXY),
  ...(hstsMaxAge === undefined ? {} : { hstsMaxAge }),
  corsOrigins: (env.CORS_ORIGINS ?? '').split(',').map((origin) => origin.trim()).filter(Boolean),
  // Files under DATA_DIR/uploads, or an S3-compatible bucket when S3_BUCKET is set.
  uploadStore: await uploadStoreFromEnv(env.DATA_DIR || '.data'),
}).catch((error: unknown) => {
  // Another process has the PGlite directory: say so plainly and stop, without a stack trace.
  if (error instanceof DataDirLockedError) {
    console.error(`[server] ${error.message}`);
    process.exit(1);
  }
  throw error;
});

console.log(
  `[server] listening on ${server.url} (${env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}${demo ? ', demo mode' : ''})`,
);

const stop = (signal: string) => {
  console.log(`[server] ${signal}: shutting down`);
  server.close().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error('[server] shutdown failed:', error);
      process.exit(1);
    },
  );
};
process.once('SIGINT', () => stop('SIGINT'));
process.once('SIGTERM', () => stop('SIGTERM'));
