/**
 * Content that changes rarely and is read on every page (GET /api/home/, the catalogue, the profile's
 * site settings), kept in memory per replica as the finished JSON, its gzip and a strong ETag.
 *
 * Invalidation holds across replicas: triggers bump `content_version` on any change to the content
 * tables (migration 005), and a replica reads that one row at most every `freshForMs` (one query
 * shared by all requests meanwhile); a new version drops everything it holds. So a change made
 * anywhere is served by every replica within `freshForMs` (1 s by default), and a request costs no
 * database round trip while the copy is fresh.
 */
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { Context } from 'hono';
import type { Queryable } from '../db/db';

export interface ContentCacheOptions {
  /** How long a read version is trusted before it is read again; 0 checks on every request. */
  freshForMs?: number;
  /** The clock (tests move it on). */
  now?: () => number;
}

export const DEFAULT_FRESH_FOR_MS = 1000;

export interface CachedContent<T = unknown> {
  /** What `load` returned (never modify it: every request shares it). */
  value: T;
  /** The JSON text. */
  body: string;
  /** Strong validator of the JSON text, the same on every replica (a hash of the bytes). */
  etag: string;
  /** The same bytes gzipped, made on first request by a client that accepts gzip. */
  gzip?: Uint8Array<ArrayBuffer>;
}

export interface ContentCache {
  /** The current version of the content, read from the database when the last read is stale. */
  version(): Promise<number>;
  /**
   * The content under `key` (e.g. 'home:en'), loaded with `load` when missing or older than the
   * database's version; `undefined` from `load` (e.g. an unknown product) is answered but not kept.
   */
  get<T>(key: string, load: () => Promise<T | undefined>): Promise<CachedContent<T> | undefined>;
}

const etagOf = (body: string) => `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;

export const createContentCache = (db: Queryable, { freshForMs = DEFAULT_FRESH_FOR_MS, now = Date.now }: ContentCacheOptions = {}): ContentCache => {
  let current: number | undefined;
  let checkedAt = 0;
  let reading: Promise<number> | undefined;
  const entries = new Map<string, CachedContent<unknown>>();
  const loading = new Map<string, Promise<CachedContent<unknown> | undefined>>();

  const read = async () => {
    try {
      const { rows } = await db.query<{ version: number }>('select version from content_version where id = 1');
      const version = rows[0]?.version ?? 0;
      if (version !== current) entries.clear();
      current = version;
      checkedAt = now();
      return version;
    } finally {
      reading = undefined;
    }
  };

  const version = async () => {
    if (current !== undefined && now() - checkedAt < freshForMs) return current;
    return (reading ??= read());
  };

  return {
    version,
    get: async <T>(key: string, load: () => Promise<T | undefined>) => {
      const seen = await version();
      const kept = entries.get(key) as CachedContent<T> | undefined;
      if (kept) return kept;
      // Requests that miss together under one version share one load.
      const loadKey = `${seen}:${key}`;
      const pending = loading.get(loadKey) as Promise<CachedContent<T> | undefined> | undefined;
      if (pending) return pending;
      // Started on the next microtask, so it is registered before it can finish.
      const loaded = Promise.resolve().then(async () => {
        try {
          const value = await load();
          if (value === undefined) return undefined;
          const body = JSON.stringify(value);
          const entry: CachedContent<T> = { value, body, etag: etagOf(body) };
          // Loaded under an older version than the one now held: answer it, but do not keep it.
          if (current === seen) entries.set(key, entry);
          return entry;
        } finally {
          loading.delete(loadKey);
        }
      });
      loading.set(loadKey, loaded);
      return loaded;
    },
  };
};

/** Whether If-None-Match names `etag` (weak comparison, as RFC 9110 prescribes for this header). */
export const matchesIfNoneMatch = (header: string | undefined, etag: string): boolean => {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
};

/** Whether Accept-Encoding allows gzip (named without q=0, or `*` without q=0). */
export const acceptsGzip = (header: string | undefined): boolean => {
  if (!header) return false;
  let star = false;
  for (const part of header.toLowerCase().split(',')) {
    const [coding = '', ...params] = part.split(';').map((piece) => piece.trim());
    const q = params.find((param) => param.startsWith('q='));
    const allowed = q === undefined || Number(q.slice(2)) > 0;
    if (coding === 'gzip' || coding === 'x-gzip') return allowed;
    if (coding === '*') star = allowed;
  }
  return star;
};

/**
 * Answers cached content: 304 when the client holds it already (If-None-Match), else the JSON, gzipped
 * once and kept when the client accepts gzip. The gzip variant has its own strong ETag. Public caches
 * may keep it `maxAge` seconds; Vary names the headers that select the variant.
 */
export const sendCached = (c: Context, entry: CachedContent, maxAge = 60): Response => {
  const gzip = acceptsGzip(c.req.header('accept-encoding'));
  const etag = gzip ? `${entry.etag.slice(0, -1)}-gz"` : entry.etag;
  const headers: Record<string, string> = {
    ETag: etag,
    'Cache-Control': `public, max-age=${maxAge}`,
    Vary: 'Accept-Language, Accept-Encoding',
  };
  if (matchesIfNoneMatch(c.req.header('if-none-match'), etag)) return c.body(null, 304, headers);
  headers['Content-Type'] = 'application/json; charset=UTF-8';
  if (!gzip) return c.body(entry.body, 200, headers);
  entry.gzip ??= new Uint8Array(gzipSync(entry.body));
  headers['Content-Encoding'] = 'gzip';
  return c.body(entry.gzip, 200, headers);
};
