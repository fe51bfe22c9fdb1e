/**
 * The reference API and web server: `/api/*` (SPEC section 7), `/images/*`, `/files/*` and the built
 * SPA on one origin. A Hono app on web-standard Request/Response, so it runs under Node
 * (server/start.ts) and, unchanged, on serverless and edge runtimes.
 */
import { compress } from 'hono/compress';
import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { errorKeys } from '../contract/error.schema';
import { type AccountOptions, accountRoutes, createOutboxSender, createVerifications, DEFAULT_CODE_OPTIONS } from './account';
import { documentRoutes } from './documents';
import { claimRoutes } from './claims';
import { authRoutes, createLoginThrottle, DEFAULT_THROTTLE, type ThrottleOptions } from './auth';
import type { Db } from './db/db';
import { homeRoutes } from './home';
import { type MiningOptions, miningRoutes, type MiningUploads } from './mining';
import { creditMedRequestRoutes } from './credit-med/request';
import { contractRoutes } from './contracts';
import { type FeeOptions, feeRoutes } from './fees';
import { type InsuranceDeps, insuranceRoutes } from './insurance';
import { paymentRoutes, sandboxRoutes } from './payments';
import type { AppEnv } from './http/env';
import { createContentCache, type ContentCacheOptions } from './http/content-cache';
import { errorBody, HttpError, notFound } from './http/errors';
import { noStoreByDefault, securityHeaders } from './http/security';
import { safeQuery } from './http/validate';
import { DEFAULT_DIST_DIR, staticRoutes } from './http/static';
import { claimUploads, deleteUploadsOf, temporaryUploadStore, type UploadDataStore, uploadRoutes } from './uploads';
// Credit Med card side (issue 13)
import { creditMedCardRoutes } from './credit-med/cards';
import { type FeedbackOptions, feedbackRoutes } from './feedback';
import { type NotificationOptions, notificationRoutes } from './notifications';

/**
 * An error for the log: its kind, code and stack frames, without any attached data. A database error
 * (a SQLSTATE code) is logged without its message, which can quote the values sent (personal data).
 */
export const describeError = (error: unknown): string => {
  if (!(error instanceof Error)) return typeof error;
  const code = (error as { code?: unknown }).code;
  const sqlState = typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
  const frames = (error.stack ?? '').split('\n').filter((line) => line.trimStart().startsWith('at ')).slice(0, 8).join('\n');
  const text = sqlState ? `database error (SQLSTATE ${sqlState})` : error.message;
  return `${error.name}: ${text}${frames ? `\n${frames}` : ''}`;
};

export interface AppOptions {
  db: Db;
  /** Signs access tokens (HS256); at least 32 random characters in production. */
  secret: string;
  /** The built SPA; defaults to dist/ at the project root. */
  distDir?: string;
  isDev?: boolean;
  /** How many proxies in front of the server append to X-Forwarded-For (0: use the socket address). */
  trustedProxies?: number;
  /** Seconds of Strict-Transport-Security on answers to HTTPS requests (default one year); 0 turns it off. */
  hstsMaxAge?: number;
  /** Failed-login limit per client address. */
  loginThrottle?: ThrottleOptions;
  /** Origins allowed to call /api/* from a browser when the SPA is served from another host (VITE_API_BASE). */
  corsOrigins?: readonly string[];
  /** Registration, recovery and settings: the SMS sender, the dev/test outbox, code limits. */
  account?: AccountOptions;
  /** Development and test tools: completing sandbox payments (/api/dev/payments/, /sandbox/dev/). Never in production. */
  devTools?: boolean;
  /** The in-memory copy of home, catalogue and settings: how often it checks the database's content version. */
  contentCache?: ContentCacheOptions;
  /** The upload store as the mining draft uses it (server/uploads/); by default the database's. */
  miningUploads?: MiningUploads;
  /** Mining registration: the start's look-up limits and how long a draft token lasts. */
  mining?: MiningOptions;
  /** /fee: the look-up limits. */
  fees?: FeeOptions;
  /** Where uploads are stored (server/uploads/store.ts); by default a fresh temporary directory, made on first use. */
  uploadStore?: UploadDataStore;
  /** The cap on new drafts per caller and how long untouched drafts are kept. */
  drafts?: InsuranceDeps['drafts'];
  /** Feedback (issue 14): when the reference insurer replies. */
  feedback?: FeedbackOptions;
  /** Notifications (issue 14): the event stream's keep-alive and the process's LISTEN fan-out. */
  notifications?: NotificationOptions;
}

/** What a browser on another origin sends and reads for resumable uploads (tus 1.0). */
const TUS_REQUEST_HEADERS = ['Tus-Resumable', 'Upload-Length', 'Upload-Offset', 'Upload-Metadata', 'Upload-Defer-Length', 'Upload-Concat', 'X-HTTP-Method-Override', 'X-Requested-With', 'X-Draft-Token'];
const TUS_RESPONSE_HEADERS = ['Location', 'Tus-Resumable', 'Tus-Version', 'Tus-Extension', 'Tus-Max-Size', 'Upload-Offset', 'Upload-Length', 'Upload-Metadata', 'Upload-Expires'];

export const createApp = ({
  db,
  secret,
  distDir = DEFAULT_DIST_DIR,
  isDev = false,
  trustedProxies = 0,
  hstsMaxAge,
  loginThrottle = DEFAULT_THROTTLE,
  corsOrigins = [],
  account = {},
  devTools = false,
  contentCache,
  uploadStore,
  miningUploads = {
    claim: (q, args) => claimUploads(q, args),
    deleteOf: async (owner) => {
      await deleteUploadsOf(db, owner);
    },
  },
  drafts,
  mining = {},
  fees = {},
  feedback = {},
  notifications = {},
}: AppOptions) => {
  if (!secret) throw new Error('createApp: a token secret is required');
  const app = new Hono<AppEnv>();
  const throttle = createLoginThrottle(db, loginThrottle);
  const content = createContentCache(db, contentCache);

  app.use('*', securityHeaders({ trustedProxies, ...(hstsMaxAge === undefined ? {} : { hstsMaxAge }) }));
  // Every answer may differ by Accept-Encoding. Said before the answer is made: compress adds the Vary
  // header otherwise, and adding a header to a finished answer rebuilds it as a full Response, which
  // cost a small JSON answer (a signed-in GET /api/profile/) half its speed.
  app.use('*', async (c, next) => {
    c.header('Vary', 'Accept-Encoding');
    await next();
  });
  // Scripts, styles, SVGs and JSON shrink to a quarter or less; tiny and binary answers are left alone.
  app.use('*', compress({ threshold: 1024 }));
  app.use('/api/*', noStoreByDefault);
  app.use('/api/*', safeQuery);
  if (corsOrigins.length > 0) {
    app.use(
      '/api/*',
      cors({
        origin: [...corsOrigins],
        allowHeaders: ['Authorization', 'Content-Type', 'Accept-Language', 'Idempotency-Key', 'X-Application-Key', 'X-Visitor-Key', ...TUS_REQUEST_HEADERS],
        exposeHeaders: TUS_RESPONSE_HEADERS,
        maxAge: 600,
      }),
    );
  }

  app.route('/api', authRoutes({ db, secret, throttle, trustedProxies, content }));
  app.route('/api', homeRoutes({ db, content }));
  // One sender for every flow that texts a phone, so the dev outbox shows them all.
  const sms = account.sms ?? createOutboxSender();
  const codeOptions = { ...DEFAULT_CODE_OPTIONS, ...account.codes };
  app.route('/api', accountRoutes({ db, secret, throttle, trustedProxies, ...account, sms }));
  app.route(
    '/api',
    miningRoutes({ db, secret, verifications: createVerifications({ db, secret, sms, options: codeOptions }), ttlSeconds: codeOptions.ttlSeconds, uploads: miningUploads, trustedProxies, ...mining }),
  );
  app.route('/api', creditMedRequestRoutes({ db, secret, verifications: createVerifications({ db, secret, sms, options: codeOptions }), ttlSeconds: codeOptions.ttlSeconds }));
  app.route('/api', insuranceRoutes({ db, secret, content, trustedProxies, ...(drafts ? { drafts } : {}) }));
  app.route('/api', paymentRoutes({ db, secret, devTools }));
  app.route('/api', contractRoutes({ db, secret }));
  app.route('/api', claimRoutes({ db, secret }));
  // The policy certificate, receipts and claim letters (PDF), and the public verification of their codes.
  app.route('/api', documentRoutes({ db, secret, ...(process.env.PUBLIC_URL ? { publicUrl: process.env.PUBLIC_URL } : {}) }));
  app.route(
    '/api',
    feeRoutes({ db, secret, verifications: createVerifications({ db, secret, sms, options: codeOptions }), ttlSeconds: codeOptions.ttlSeconds, trustedProxies, ...fees }),
  );
  app.route('/api', uploadRoutes({ db, secret, store: uploadStore ?? (() => temporaryUploadStore().store), corsOrigins }));
  // Credit Med card side (issue 13): card, hospitals, pre-claims, repayments.
  app.route('/api', creditMedCardRoutes({ db, secret }));
  app.route('/api', feedbackRoutes({ db, secret, ...feedback }));
  app.route('/api', notificationRoutes({ db, secret, ...notifications }));
  app.all('/api', () => {
    throw notFound();
  });
  app.all('/api/*', () => {
    throw notFound();
  });

  app.route('/', sandboxRoutes({ db, secret, devTools }));
  // A public page carries the answers of its first API reads, asked of this app in-process.
  const read = async (path: string, language: string) => {
    const response = await app.request(path, { headers: { 'Accept-Language': language } });
    return response.status === 200 ? ((await response.json()) as unknown) : undefined;
  };
  app.route('/', staticRoutes({ distDir, isDev, read }));

  app.notFound((c) =>
    c.req.path === '/api' || c.req.path.startsWith('/api/') ? c.json(errorBody(errorKeys.notFound), 404) : c.text('Not found', 404),
  );

  app.onError((error, c) => {
    if (error instanceof HttpError) return c.json(error.body, error.status, error.headers);
    // Never the error object itself: database errors carry the query's parameters (personal data).
    console.error(`[api] ${c.req.method} ${c.req.path} failed: ${describeError(error)}`);
    return c.json(errorBody(errorKeys.generic), 500);
  });

  return app;
};

export type App = ReturnType<typeof createApp>;
