import { request as httpRequest, Agent } from 'node:http';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { homeSchema } from '../../contract/home.schema';
import { tokenResponseSchema } from '../../contract/auth.schema';
import { startServer, type RunningServer } from '../../server/start';
import { createTestDatabase, seededDatabase, seededSnapshot, testServerUrl, type TestDatabase } from '../../server/testing';

// An embedded PostgreSQL per file and scrypt on purpose: generous limits for a busy CI machine.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 120_000 });

let dist: string;
let server: RunningServer;
/** In-memory PGlite, or a new database on the unit-pg project's PostgreSQL server. */
const databases: TestDatabase[] = [];
const newDatabase = async () => {
  const database = await createTestDatabase();
  databases.push(database);
  return database.databaseUrl ? { databaseUrl: database.databaseUrl } : {};
};

beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), 'server-start-'));
  await mkdir(join(dist, 'assets'));
  await writeFile(join(dist, 'index.html'), '<!doctype html><title>app</title>');
  server = await startServer({ distDir: dist, loginThrottle: { maxFailures: 2, windowSeconds: 60 }, ...(await newDatabase()) });
});
afterAll(async () => {
  await server?.close();
  for (const database of databases) await database.drop();
  await rm(dist, { recursive: true, force: true });
});

/** A GET over a kept-alive connection, the way a browser holds one open. */
const getKeptAlive = (url: string, agent: Agent) =>
  new Promise<number>((resolve, reject) => {
    httpRequest(url, { agent }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    }).on('error', reject).end();
  });

describe('startServer()', () => {
  it('listens on a free loopback port with a fresh, seeded in-memory database', async () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(server.port).toBeGreaterThan(0);
    const home = homeSchema.parse(await (await fetch(`${server.url}/api/home/`)).json());
    expect(home.products).toHaveLength(15);
  });

  it('serves the API, images and the SPA over real HTTP', async () => {
    const login = await fetch(`${server.url}/api/token/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'demo@example.com', password: 'demo1234' }),
    });
    const { access } = tokenResponseSchema.parse(await login.json());
    const profile = await fetch(`${server.url}/api/profile/`, { headers: { Authorization: `Bearer ${access}` } });
    expect(profile.status).toBe(200);
    expect((await fetch(`${server.url}/images/hero.svg`)).headers.get('Content-Type')).toMatch(/svg/);
    expect(await (await fetch(`${server.url}/user/contract/5`)).text()).toContain('<title>app</title>');
  });

  it('throttles by the socket address', async () => {
    const attempt = (password: string) =>
      fetch(`${server.url}/api/token/`, {
        method: 'POST',
        // Not trusted by default: the claimed address must not matter.
        headers: { 'X-Forwarded-For': `10.0.0.${Math.floor(Math.random() * 250)}` },
        body: JSON.stringify({ email: 'user2@example.com', password }),
      });
    expect((await attempt('wrong')).status).toBe(401);
    expect((await attempt('wrong')).status).toBe(401);
    expect((await attempt('user1234')).status).toBe(429);
    await server.db.query('delete from throttle_counters');
  });

  it('gives every start its own database and a working close()', async () => {
    const other = await startServer({ distDir: dist, ...(await newDatabase()) });
    expect(other.port).not.toBe(server.port);
    await other.db.query(`update products set name_mn = 'Өөрчлөгдсөн' where id = 100`);
    const mine = homeSchema.parse(await (await fetch(`${server.url}/api/home/`)).json());
    expect(mine.products.find((p) => p.id === 100)?.name).toBe('Амьдралын даатгал');

    const agent = new Agent({ keepAlive: true });
    expect(await getKeptAlive(`${other.url}/api/home/`, agent)).toBe(200);
    await other.close();
    await other.close();
    await expect(fetch(`${other.url}/api/home/`)).rejects.toThrow();
    agent.destroy();
  });

  it.skipIf(testServerUrl())('starts from a seeded snapshot as from a fresh seed: the same demo data, logins and products', async () => {
    // The run's global setup (tests/global-setup.ts) made the snapshot, the way the test servers start.
    expect(seededDatabase()?.kind).toBe('pglite');
    const snapshot = await seededSnapshot();
    const copy = await startServer({ distDir: dist, snapshot });
    try {
      const home = async (url: string) => homeSchema.parse(await (await fetch(`${url}/api/home/`)).json());
      expect(await home(copy.url)).toEqual(await home(server.url));
      const count = async (db: RunningServer['db'], table: string) => (await db.query<{ n: number }>(`select count(*)::int as n from ${table}`)).rows[0]?.n;
      for (const table of ['users', 'policies', 'claims', 'credit_med_pre_claims', 'schema_migrations']) {
        expect(await count(copy.db, table), table).toBe(await count(server.db, table));
      }
      const login = await fetch(`${copy.url}/api/token/`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: 'demo@example.com', password: 'demo1234' }),
      });
      expect(login.status).toBe(200);
      // A copy: what one server writes, the other does not see.
      await copy.db.query(`update products set name_mn = 'Өөрчлөгдсөн' where id = 100`);
      expect((await home(server.url)).products.find((p) => p.id === 100)?.name).toBe('Амьдралын даатгал');
    } finally {
      await copy.close();
    }
  });

  it('refuses a snapshot for a PostgreSQL server or a data directory', async () => {
    const snapshot = new Blob([]);
    await expect(startServer({ distDir: dist, databaseUrl: 'postgres://127.0.0.1:1/none', snapshot })).rejects.toThrow(/snapshot/);
    await expect(startServer({ distDir: dist, memory: false, dataDir: join(dist, 'data'), snapshot })).rejects.toThrow(/snapshot/);
  });
});
