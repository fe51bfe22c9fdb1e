import { request as httpRequest, Agent } from 'node:http';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { homeSchema } from '../../contract/home.schema';
import { tokenResponseSchema } from '../../contract/auth.schema';
import { CARD_SEED_USERS } from '../../server/credit-med/cards/seed';
import { openDb } from '../../server/db/open';
import { startServer, type RunningServer, type StartOptions } from '../../server/start';
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
  server = await startServer({ distDir: dist, demo: true, loginThrottle: { maxFailures: 2, windowSeconds: 60 }, ...(await newDatabase()) });
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
  it('listens on a free loopback port with a fresh, seeded in-memory database (demo mode)', async () => {
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

  // It migrates a fresh database like the beforeAll's start, so it gets the same limit as that hook.
  it('gives every start its own database and a working close()', { timeout: 120_000 }, async () => {
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

/**
 * A database that outlives its server: a PGlite directory of its own, or a new PostgreSQL database.
 * `start` starts a server on it; `open` opens it directly (while no server has it: PGlite allows one
 * process) to arrange data or look at what a start did.
 */
const keptDatabase = async () => {
  const database = await createTestDatabase();
  databases.push(database);
  const dataDir = await mkdtemp(join(tmpdir(), 'server-start-data-'));
  return {
    start: (options: StartOptions) =>
      startServer({ distDir: dist, ...options, ...(database.databaseUrl ? { databaseUrl: database.databaseUrl } : { memory: false, dataDir }) }),
    open: () => openDb(database.databaseUrl ? { databaseUrl: database.databaseUrl } : { dataDir: join(dataDir, 'db') }),
    remove: () => rm(dataDir, { recursive: true, force: true }),
  };
};

const POLICIES = 40;

describe('a start on a database in use', () => {
  it('without the demo switch: migrations and reference data only, no per-policy work, no demo data, no automatic moves', async () => {
    const kept = await keptDatabase();
    try {
      // A production database: made by a start without demo mode, then filled by the operator.
      await (await kept.start({ demo: false })).close();
      const db = await kept.open();
      try {
        await db.query(`insert into partners (id, register, phone, name) values (300001, 'ЖЖ80010101', '99990001', 'Оператор Импорт')`);
        for (let n = 1; n <= POLICIES; n += 1) {
          await db.query(
            `insert into policies (partner_id, contract_number, product_id, start_date, end_date, fee_amount, fee_frequency, status)
             values (300001, $1, 100, '2020-01-01', '2039-12-31', 50000, 'monthly', 'active')`,
            [`IMP-${String(n).padStart(6, '0')}`],
          );
        }
        const userId = (
          await db.query<{ id: number }>(
            `insert into users (email, password_hash, name, partner_id, credit_med_eligible) values ('client@example.mn', 'x', 'Client', 300001, false) returning id`,
          )
        ).rows[0]?.id;
        // Feedback whose reply the reference insurer would write at once.
        await db.query(`insert into feedback (user_id, kind, text, reply_due_at) values ($1, 'question', 'Сайн уу?', now() - interval '1 hour')`, [userId]);
      } finally {
        await db.close();
      }

      const started = await kept.start({ demo: false });
      const home = homeSchema.parse(await (await fetch(`${started.url}/api/home/`)).json());
      const demoLogin = await fetch(`${started.url}/api/token/`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: 'demo@example.com', password: 'demo1234' }),
      });
      // close() waits for background work in progress, so whatever a start set going has run.
      await started.close();
      // Reference data is there; the demo accounts are not.
      expect(home.products).toHaveLength(15);
      expect(demoLogin.status).toBe(401);

      const after = await kept.open();
      try {
        const { rows } = await after.query<{ users: number; scheduled: number; payments: number; completed: number; replied: number }>(
          `select (select count(*)::int from users) as users,
                  (select count(distinct policy_id)::int from fee_schedule) as scheduled,
                  (select count(*)::int from policy_payments) as payments,
                  (select count(*)::int from policies where owner_name is not null or insured_register is not null) as completed,
                  (select count(*)::int from feedback where replied_at is not null) as replied`,
        );
        // The imported policies are as the operator left them: the start read or wrote none of them.
        expect(rows[0]).toEqual({ users: 1, scheduled: 0, payments: 0, completed: 0, replied: 0 });
      } finally {
        await after.close();
      }

      // The same database in demo mode: in use (it has users), so nothing is seeded, but the reference insurer replies.
      await (await kept.start({ demo: true })).close();
      const demo = await kept.open();
      try {
        const { rows } = await demo.query<{ users: number; replied: number }>(
          `select (select count(*)::int from users) as users, (select count(*)::int from feedback where replied_at is not null) as replied`,
        );
        expect(rows[0]).toEqual({ users: 1, replied: 1 });
      } finally {
        await demo.close();
      }
    } finally {
      await kept.remove();
    }
  }, 240_000);

  it("in demo mode, after an operator renamed a cm-* demo account: starts, and keeps the operator's change", async () => {
    const kept = await keptDatabase();
    try {
      const first = await kept.start({ demo: true });
      await first.db.query(`update users set email = 'renamed-by-operator@example.com' where email = $1`, [CARD_SEED_USERS.noActiveCard.email]);
      await first.close();

      const again = await kept.start({ demo: true });
      try {
        const { rows } = await again.db.query<{ email: string }>('select email from users where partner_id = $1 or email = $2 order by email', [
          CARD_SEED_USERS.noActiveCard.partnerId,
          CARD_SEED_USERS.noActiveCard.email,
        ]);
        expect(rows.map((row) => row.email)).toEqual(['renamed-by-operator@example.com']);
        const login = await fetch(`${again.url}/api/token/`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ email: 'demo@example.com', password: 'demo1234' }),
        });
        expect(login.status).toBe(200);
      } finally {
        await again.close();
      }
    } finally {
      await kept.remove();
    }
  }, 240_000);
});
