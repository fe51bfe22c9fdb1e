import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { hashPassword, verifyPassword } from '../../server/auth/password';
import type { Db } from '../../server/db/db';
import { loadMigrations, migrate } from '../../server/db/migrate';
import { openPglite } from '../../server/db/pglite.db';
import { DataDirLockedError } from '../../server/db/data-dir-lock';
import { prepareDatabase } from '../../server/setup/prepare';
import { seedDemoData, seedIfEmpty } from '../../server/setup/demo-seed';
import { DEMO_USER, PRODUCTS, SECOND_USER, SEED_USERS } from '../../server/db/seed-data';
import { CARD_SEED_USERS } from '../../server/credit-med/cards/seed';
import { openTestDb, testServerUrl } from '../../server/testing';

/** Every account the demo seed makes: the policyholders of seed-data.ts and Credit Med's card-error users. */
const DEMO_ACCOUNTS = [
  ...SEED_USERS.map((user) => ({ email: user.email, eligible: user.creditMedEligible, policies: user.policies.length })),
  ...Object.values(CARD_SEED_USERS).map((user) => ({ email: user.email, eligible: true, policies: 0 })),
];

// An embedded PostgreSQL per file and scrypt on purpose: generous limits for a busy CI machine.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 120_000 });

let db: Db;

beforeAll(async () => {
  db = await openTestDb();
  await prepareDatabase(db, { demo: true });
});
afterAll(() => db?.close());

describe('migrations', () => {
  it('are numbered files applied in order and recorded', async () => {
    const files = await loadMigrations();
    expect(files[0]?.version).toBe('001');
    const { rows } = await db.query<{ version: string }>('select version from schema_migrations order by version');
    expect(rows.map((row) => row.version)).toEqual(files.map((file) => file.version));
  });

  it('apply nothing a second time', async () => {
    expect(await migrate(db)).toEqual([]);
  });

  it('roll a failing file back whole and stop there', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'migrations-'));
    const scratch = await openTestDb();
    try {
      await writeFile(join(dir, '001_ok.sql'), 'create table a (id int);');
      await writeFile(join(dir, '002_broken.sql'), 'create table b (id int); insert into nowhere values (1);');
      await writeFile(join(dir, '003_later.sql'), 'create table c (id int);');
      await expect(migrate(scratch, dir)).rejects.toThrow(/nowhere/);
      const { rows } = await scratch.query<{ version: string }>('select version from schema_migrations');
      expect(rows.map((row) => row.version)).toEqual(['001']);
      const tables = await scratch.query<{ name: string }>(
        `select table_name as name from information_schema.tables where table_name in ('a', 'b', 'c') order by 1`,
      );
      expect(tables.rows.map((row) => row.name)).toEqual(['a']);
    } finally {
      await scratch.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('refuse two files with the same number', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'migrations-'));
    try {
      await writeFile(join(dir, '001_one.sql'), 'select 1;');
      await writeFile(join(dir, '001_two.sql'), 'select 1;');
      await expect(loadMigrations(dir)).rejects.toThrow(/Duplicate migration version 001/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('seed', () => {
  it('runs only on an empty database', async () => {
    expect(await seedIfEmpty(db)).toBe(false);
    const { rows } = await db.query<{ n: number }>('select count(*)::int as n from users');
    expect(rows[0]?.n).toBe(DEMO_ACCOUNTS.length);
  });

  it('creates the demo users with hashed passwords and their policies', async () => {
    const { rows } = await db.query<{ email: string; password_hash: string; eligible: boolean; policies: number }>(
      `select u.email, u.password_hash, u.credit_med_eligible as eligible, count(p.id)::int as policies
         from users u left join policies p on p.user_id = u.id group by u.id order by u.email`,
    );
    expect(rows.map(({ email, eligible, policies }) => ({ email, eligible, policies }))).toEqual(
      [...DEMO_ACCOUNTS].sort((a, b) => (a.email < b.email ? -1 : 1)),
    );
    expect(rows.find((row) => row.email === DEMO_USER.email)).toMatchObject({ eligible: true, policies: 3 });
    expect(rows.find((row) => row.email === SECOND_USER.email)).toMatchObject({ eligible: false, policies: 1 });
    for (const row of rows) {
      expect(row.password_hash).toMatch(/^scrypt\$/);
      expect(row.password_hash).not.toContain(DEMO_USER.password);
    }
  });

  it('stores every product in both languages', async () => {
    const { rows } = await db.query<{ id: number; name_mn: string; name_en: string }>('select id, name_mn, name_en from products order by sort_order');
    expect(rows.map((row) => row.id)).toEqual(PRODUCTS.map((product) => product.id));
    for (const row of rows) expect(row.name_mn).not.toBe(row.name_en);
  });

  it('reads dates as plain YYYY-MM-DD strings and money as numbers', async () => {
    const { rows } = await db.query<{ start_date: unknown; fee_amount: unknown }>(
      `select start_date, fee_amount from policies where contract_number = $1`,
      [DEMO_USER.policies[0]?.contractNumber],
    );
    expect(rows[0]).toEqual({ start_date: DEMO_USER.policies[0]?.startDate, fee_amount: DEMO_USER.policies[0]?.feeAmount });
  });
});

describe('seeding', () => {
  it('is idempotent: a second run adds no product, box, user or policy', async () => {
    const counts = async () =>
      (
        await db.query<{ products: number; boxes: number; users: number; policies: number; partners: number }>(
          `select (select count(*)::int from products) as products, (select count(*)::int from home_boxes) as boxes,
                  (select count(*)::int from users) as users, (select count(*)::int from policies) as policies,
                  (select count(*)::int from partners) as partners`,
        )
      ).rows[0];
    const before = await counts();
    await db.transaction((tx) => seedDemoData(tx));
    expect(await counts()).toEqual(before);
    expect(before?.products).toBe(PRODUCTS.length);
  });
});

describe('the PGlite data directory', () => {
  it('is opened by one process at a time: a second open stops at once, naming the directory', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'pglite-lock-'));
    const dataDir = join(dir, 'db');
    const first = await openPglite(dataDir);
    try {
      await first.query('create table kept (id int)');
      await expect(openPglite(dataDir)).rejects.toThrow(DataDirLockedError);
      await expect(openPglite(dataDir)).rejects.toThrow(`The data directory ${dataDir} is in use by another server process (pid ${process.pid})`);
      // The first one is untouched by the refused attempt.
      expect((await first.query('select count(*)::int as n from kept')).rows).toEqual([{ n: 0 }]);
    } finally {
      await first.close();
    }
    // Closed, it can be opened again; a lock left by a process that died is taken over.
    const again = await openPglite(dataDir);
    await again.close();
    await writeFile(`${dataDir}.lock`, '999999999\n');
    const afterCrash = await openPglite(dataDir);
    expect((await afterCrash.query('select count(*)::int as n from kept')).rows).toEqual([{ n: 0 }]);
    await afterCrash.close();
    await rm(dir, { recursive: true, force: true });
    // Three PGlite opens of a new data directory (initdb each): over 30 s beside another test file on 2 cores.
  }, 120_000);
});

/** A server run as `npm start` runs it (server/main.ts), as pid 1 of a PID namespace of its own, as in a container. */
const startInContainer = (dataDir: string) => {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, NODE_ENV: 'production' };
  delete env.DATABASE_URL;
  const child = spawn('unshare', ['--pid', '--fork', '--mount-proc', process.execPath, '--import', 'tsx', 'server/main.ts'], {
    cwd: join(import.meta.dirname, '../..'),
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
  const started = new Promise<string>((done, fail) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const url = /listening on (http:\/\/\S+)/.exec(output)?.[1];
      if (url) done(url);
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    void exited.then((code) => fail(new Error(`the server exited (${code}) before listening:\n${output}`)));
  });
  started.catch(() => {});
  return { child, started, exited, output: () => output };
};

/** The host's pid of the namespace's pid 1 (the server), the child of `unshare --fork`. */
const serverPid = async (unshare: ChildProcess) => Number((await readFile(`/proc/${unshare.pid}/task/${unshare.pid}/children`, 'utf8')).trim().split(/\s+/)[0]);

const canUnshare = process.platform === 'linux' && !testServerUrl() && spawnSync('unshare', ['--pid', '--fork', '--mount-proc', 'true']).status === 0;

describe.skipIf(!canUnshare)('a server in a container (pid 1 of its own PID namespace, e.g. Docker)', () => {
  it('starts again after a kill -9, and a second live server on its data directory is still refused', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'pglite-container-'));
    const running: ChildProcess[] = [];
    try {
      const crashed = startInContainer(dir);
      running.push(crashed.child);
      await crashed.started;
      // The lock names pid 1, the pid the next start in a container has too.
      expect(await readFile(join(dir, 'db.lock'), 'utf8')).toBe('1\n');
      process.kill(await serverPid(crashed.child), 'SIGKILL');
      await crashed.exited;

      const restarted = startInContainer(dir);
      running.push(restarted.child);
      const url = await restarted.started;
      expect((await fetch(`${url}/api/home/`)).status).toBe(200);

      const second = startInContainer(dir);
      running.push(second.child);
      expect(await second.exited).toBe(1);
      expect(second.output()).toContain(`The data directory ${join(dir, 'db')} is in use by another server process (pid 1)`);
      // The refused one changed nothing: the running server still answers.
      expect((await fetch(`${url}/api/home/`)).status).toBe(200);
    } finally {
      for (const child of running) {
        if (child.exitCode === null && child.signalCode === null) {
          const pid = await serverPid(child).catch(() => 0);
          if (pid) process.kill(pid, 'SIGKILL');
          await new Promise((done) => child.once('exit', done));
        }
      }
      await rm(dir, { recursive: true, force: true });
    }
    // Three starts of the whole server, the first one creating the database: minutes on a busy machine.
  }, 600_000);
});

describe('transactions', () => {
  it('roll back everything when the callback throws', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.query(`update users set name = 'changed' where email = $1`, [DEMO_USER.email]);
        throw new Error('stop');
      }),
    ).rejects.toThrow('stop');
    const { rows } = await db.query<{ name: string }>('select name from users where email = $1', [DEMO_USER.email]);
    expect(rows[0]?.name).toBe(DEMO_USER.name);
  });
});

describe('password hashing', () => {
  it('salts every hash and verifies only the right password', async () => {
    const [first, second] = await Promise.all([hashPassword('Нууц үг 1'), hashPassword('Нууц үг 1')]);
    expect(first).not.toBe(second);
    expect(await verifyPassword('Нууц үг 1', first)).toBe(true);
    expect(await verifyPassword('Нууц үг 1', second)).toBe(true);
    expect(await verifyPassword('нууц үг 1', first)).toBe(false);
    expect(await verifyPassword('', first)).toBe(false);
  });

  it('treats a malformed or hostile stored hash as a mismatch', async () => {
    for (const stored of ['', 'plain', 'scrypt$1$8$1$c2FsdA$a2V5', 'scrypt$1099511627776$8$1$c2FsdHNhbHRzYWx0$a2V5a2V5a2V5a2V5a2V5a2V5', 'bcrypt$x']) {
      expect(await verifyPassword('x', stored), stored).toBe(false);
    }
  });
});

/** Runs against a real PostgreSQL server in the unit-pg project (TEST_DATABASE_URL), on a new database. */
describe.skipIf(!testServerUrl())('the pg adapter on PostgreSQL', () => {
  it('runs the same migrations, seed and types', async () => {
    const pg = await openTestDb();
    try {
      await prepareDatabase(pg, { demo: true });
      expect(await migrate(pg)).toEqual([]);
      const { rows } = await pg.query<{ start_date: unknown; fee_amount: unknown; n: unknown }>(
        `select start_date, fee_amount, (select count(*) from products) as n from policies where contract_number = $1`,
        [DEMO_USER.policies[0]?.contractNumber],
      );
      expect(rows[0]).toEqual({ start_date: DEMO_USER.policies[0]?.startDate, fee_amount: DEMO_USER.policies[0]?.feeAmount, n: 15 });
      await expect(pg.transaction(async (tx) => {
        await tx.query(`update users set name = 'x'`);
        throw new Error('stop');
      })).rejects.toThrow('stop');
      expect((await pg.query<{ name: string }>('select name from users where email = $1', [DEMO_USER.email])).rows[0]?.name).toBe(DEMO_USER.name);
    } finally {
      await pg.close();
    }
  });
});
