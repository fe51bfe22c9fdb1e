/**
 * The in-memory content cache (server/http/content-cache.ts): home, catalogue and site settings are
 * answered from memory with a strong ETag and 304, and a change made through any replica's database
 * connection reaches every replica within the freshness window (content_version, migration 005).
 */
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { tokenResponseSchema } from '../../contract/auth.schema';
import { homeSchema } from '../../contract/home.schema';
import { productDetailSchema, productListSchema } from '../../contract/insurance.schema';
import type { Db } from '../../server/db/db';
import { openDb } from '../../server/db/open';
import { DEFAULT_FRESH_FOR_MS } from '../../server/http/content-cache';
import { createTestServer, postJson, testDatabaseKind, type TestServer } from '../../server/testing';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 120_000 });

let server: TestServer;
/** A second connection to the same database, as another replica has (PostgreSQL); PGlite has one. */
let otherDb: Db;

beforeAll(async () => {
  server = await createTestServer();
  otherDb = server.databaseUrl ? await openDb({ databaseUrl: server.databaseUrl }) : server.db;
});
afterAll(async () => {
  if (otherDb !== server?.db) await otherDb?.close();
  await server?.close();
});

/** A database connection that records the SQL it runs. */
const recording = (db: Db) => {
  const statements: string[] = [];
  const wrapped: Db = {
    ...db,
    query: (sql, params) => {
      statements.push(sql);
      return db.query(sql, params);
    },
  };
  return { db: wrapped, statements };
};

/** A clock the test moves on; every replica reads it. */
const clock = () => {
  let now = 1_000_000;
  return { now: () => now, advance: (ms: number) => void (now += ms) };
};

const en = { 'Accept-Language': 'en' };

describe(`content from memory (${testDatabaseKind()})`, () => {
  it('answers home with a strong ETag, 304 to If-None-Match, and no database query while fresh', async () => {
    const time = clock();
    const { db, statements } = recording(server.db);
    const app = server.app({ db, contentCache: { freshForMs: DEFAULT_FRESH_FOR_MS, now: time.now } });

    const first = await app.request('/api/home/', { headers: en });
    expect(first.status).toBe(200);
    const etag = first.headers.get('ETag') ?? '';
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{16,}"$/);
    expect(first.headers.get('Cache-Control')).toBe('public, max-age=60');
    expect(first.headers.get('Vary')).toBe('Accept-Language, Accept-Encoding');
    const body = await first.text();
    expect(homeSchema.parse(JSON.parse(body)).products.find((p) => p.id === 100)?.name).toBe('Life insurance');

    const queriesBefore = statements.length;
    const again = await app.request('/api/home/', { headers: { ...en, 'If-None-Match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('ETag')).toBe(etag);
    const repeated = await app.request('/api/home/', { headers: en });
    expect(await repeated.text()).toBe(body);
    expect(statements.slice(queriesBefore)).toEqual([]);

    // Mongolian is another representation with its own ETag.
    const mn = await app.request('/api/home/', { headers: { 'Accept-Language': 'mn', 'If-None-Match': etag } });
    expect(mn.status).toBe(200);
    expect(mn.headers.get('ETag')).not.toBe(etag);
  });

  it('loads once for requests that miss together', async () => {
    const { db, statements } = recording(server.db);
    const app = server.app({ db, contentCache: { freshForMs: DEFAULT_FRESH_FOR_MS } });
    const answers = await Promise.all(Array.from({ length: 5 }, () => app.request('/api/home/', { headers: en })));
    expect(new Set(await Promise.all(answers.map((answer) => answer.text()))).size).toBe(1);
    expect(statements.filter((sql) => sql.includes('from home_content'))).toHaveLength(1);
    expect(statements.filter((sql) => sql.includes('from content_version'))).toHaveLength(1);
  });

  it('sends the gzip it made once, under its own ETag, to clients that accept it', async () => {
    const app = server.app();
    const plain = await app.request('/api/home/', { headers: en });
    const zipped = await app.request('/api/home/', { headers: { ...en, 'Accept-Encoding': 'gzip, deflate, br' } });
    expect(zipped.headers.get('Content-Encoding')).toBe('gzip');
    const etag = zipped.headers.get('ETag') ?? '';
    expect(etag).not.toBe(plain.headers.get('ETag'));
    expect(etag).not.toMatch(/^W\//);
    expect(gunzipSync(Buffer.from(await zipped.arrayBuffer())).toString('utf8')).toBe(await plain.text());
    const again = await app.request('/api/home/', { headers: { ...en, 'Accept-Encoding': 'gzip', 'If-None-Match': etag } });
    expect(again.status).toBe(304);
    const refused = await app.request('/api/home/', { headers: { ...en, 'Accept-Encoding': 'gzip;q=0, identity' } });
    expect(refused.headers.get('Content-Encoding')).toBeNull();
  });

  it('lets two app instances on one database see each other’s change within the freshness window', async () => {
    const time = clock();
    const options = { contentCache: { freshForMs: DEFAULT_FRESH_FOR_MS, now: time.now } };
    const replicaA = server.app(options);
    const replicaB = server.app({ ...options, db: otherDb });
    const nameIn = async (app: typeof replicaA) => {
      const response = await app.request('/api/home/', { headers: en });
      return { etag: response.headers.get('ETag'), name: homeSchema.parse(await response.json()).products.find((p) => p.id === 100)?.name };
    };

    const before = await nameIn(replicaA);
    expect(await nameIn(replicaB)).toEqual(before);
    expect(before.name).toBe('Life insurance');
    const oldEtag = before.etag ?? '';

    // A change written through replica A's connection (any writer, even plain SQL, bumps the version).
    await server.db.query(`update products set name_en = 'Life cover' where id = 100`);
    try {
      // Within the window each replica may still answer its copy ...
      expect((await nameIn(replicaB)).name).toBe('Life insurance');
      // ... and once it has passed, both answer the change, under a new ETag.
      time.advance(DEFAULT_FRESH_FOR_MS);
      const afterA = await nameIn(replicaA);
      const afterB = await nameIn(replicaB);
      expect(afterA.name).toBe('Life cover');
      expect(afterB).toEqual(afterA);
      expect(afterB.etag).not.toBe(oldEtag);
      const revalidated = await replicaB.request('/api/home/', { headers: { ...en, 'If-None-Match': oldEtag } });
      expect(revalidated.status).toBe(200);
    } finally {
      await server.db.query(`update products set name_en = 'Life insurance' where id = 100`);
    }
    // The change back is seen by the other replica, through the other connection.
    time.advance(DEFAULT_FRESH_FOR_MS);
    expect((await nameIn(replicaB)).name).toBe('Life insurance');
  });

  it('caches the catalogue and drops it when a product changes', async () => {
    const time = clock();
    const options = { contentCache: { freshForMs: DEFAULT_FRESH_FOR_MS, now: time.now } };
    const replicaA = server.app(options);
    const replicaB = server.app({ ...options, db: otherDb });

    const list = await replicaB.request('/api/products/', { headers: en });
    const listEtag = list.headers.get('ETag') ?? '';
    expect(productListSchema.parse(await list.json()).products.some((p) => p.id === 129)).toBe(true);
    const detail = await replicaB.request('/api/products/129/', { headers: en });
    const detailEtag = detail.headers.get('ETag') ?? '';
    expect(productDetailSchema.parse(await detail.json()).id).toBe(129);
    expect((await replicaB.request('/api/products/129/', { headers: { ...en, 'If-None-Match': detailEtag } })).status).toBe(304);
    expect((await replicaB.request('/api/products/', { headers: { ...en, 'If-None-Match': listEtag } })).status).toBe(304);

    await replicaA.request('/api/products/', { headers: en });
    await server.db.query('update products set on_sale = false where id = 129');
    try {
      time.advance(DEFAULT_FRESH_FOR_MS);
      const changed = await replicaB.request('/api/products/', { headers: { ...en, 'If-None-Match': listEtag } });
      expect(changed.status).toBe(200);
      expect(productListSchema.parse(await changed.json()).products.some((p) => p.id === 129)).toBe(false);
      expect((await replicaB.request('/api/products/129/', { headers: { ...en, 'If-None-Match': detailEtag } })).status).toBe(404);
    } finally {
      await server.db.query('update products set on_sale = true where id = 129');
    }
  });

  it('answers the profile with the current user-manual links', async () => {
    const time = clock();
    const options = { contentCache: { freshForMs: DEFAULT_FRESH_FOR_MS, now: time.now } };
    const replicaA = server.app(options);
    const replicaB = server.app({ ...options, db: otherDb });
    const login = await postJson(replicaA, '/api/token/', { email: 'demo@example.com', password: 'demo1234' });
    const { access } = tokenResponseSchema.parse(await login.json());
    const documentOf = async () => {
      const response = await replicaB.request('/api/profile/', { headers: { Authorization: `Bearer ${access}` } });
      expect(response.headers.get('Cache-Control')).toBe('no-store');
      return ((await response.json()) as { user_manual_document: string }).user_manual_document;
    };
    const before = await documentOf();
    expect(before).toBe('/files/user-manual.pdf');
    await server.db.query(`update site_settings set value = '/files/manual-2.pdf' where key = 'user_manual_document'`);
    try {
      time.advance(DEFAULT_FRESH_FOR_MS);
      expect(await documentOf()).toBe('/files/manual-2.pdf');
    } finally {
      await server.db.query(`update site_settings set value = $1 where key = 'user_manual_document'`, [before]);
    }
  });
});
