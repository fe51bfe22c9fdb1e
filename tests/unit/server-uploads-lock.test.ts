import { MemoryLocker, type Lock } from '@tus/server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../server/app';
import type { Db } from '../../server/db/db';
import { prepareDatabase } from '../../server/setup/prepare';
import { TEST_SECRET } from '../../server/testing';
import { temporaryUploadStore } from '../../server/uploads/store';
import { tokenFor } from './support/purchase';
import { openDb } from '../../server/db/open';
import { openPglite } from '../../server/db/pglite.db';
import { PgAdvisoryLocker, dbLocker, uploadLockKey } from '../../server/uploads/db-locker';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

describe('the upload locker', () => {
  it('keys an upload by a stable signed 64-bit hash', () => {
    const key = uploadLockKey('abc');
    expect(key).toBe(uploadLockKey('abc'));
    expect(key).not.toBe(uploadLockKey('abd'));
    expect(BigInt.asIntN(64, BigInt(key))).toBe(BigInt(key));
  });

  it('stays in-process on PGlite (one process owns its data directory)', async () => {
    const db = await openPglite();
    try {
      expect(dbLocker(db)).toBeInstanceOf(MemoryLocker);
    } finally {
      await db.close();
    }
  });
});

/** Two replicas on one PostgreSQL: two Db pools, two lockers. */
describe.skipIf(!process.env.TEST_DATABASE_URL)('the upload locker on PostgreSQL', () => {
  let one: Db;
  let two: Db;

  beforeAll(async () => {
    one = await openDb({ databaseUrl: process.env.TEST_DATABASE_URL });
    two = await openDb({ databaseUrl: process.env.TEST_DATABASE_URL });
  });
  afterAll(async () => {
    await Promise.all([one?.close(), two?.close()]);
  });

  const running = () => new AbortController().signal;
  const settled = (promise: Promise<unknown>) => {
    const state = { done: false };
    promise.then(
      () => (state.done = true),
      () => (state.done = true),
    );
    return state;
  };

  it('makes the second replica wait until the first unlocks, asking the first to release', async () => {
    const lockerOne = dbLocker(one, { retryInterval: 20 });
    const lockerTwo = dbLocker(two, { retryInterval: 20 });
    expect(lockerOne).toBeInstanceOf(PgAdvisoryLocker);
    const id = `upload-${Date.now()}`;

    const first = lockerOne.newLock(id);
    const releaseFirst = vi.fn();
    await first.lock(running(), releaseFirst);

    const second = lockerTwo.newLock(id);
    const releaseSecond = vi.fn();
    const waiting = second.lock(running(), releaseSecond);
    const state = settled(waiting);

    // The holder on the other replica is asked to let go (NOTIFY), and the waiter still waits.
    await vi.waitFor(() => expect(releaseFirst).toHaveBeenCalled(), { timeout: 5_000 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(state.done).toBe(false);

    // Another upload is not blocked by it.
    const other = lockerTwo.newLock(`${id}-other`);
    await other.lock(running(), vi.fn());
    await other.unlock();

    await first.unlock();
    await waiting;
    expect(releaseSecond).not.toHaveBeenCalled();

    // Now the first replica is the one that waits.
    const again = lockerOne.newLock(id);
    const retry = again.lock(running(), vi.fn());
    await vi.waitFor(() => expect(releaseSecond).toHaveBeenCalled(), { timeout: 5_000 });
    await second.unlock();
    await retry;
    await again.unlock();
  });

  it('rejects a waiter whose request is stopped, and the lock stays usable', async () => {
    const lockerOne = dbLocker(one, { retryInterval: 20 });
    const lockerTwo = dbLocker(two, { retryInterval: 20 });
    const id = `upload-stop-${Date.now()}`;

    const holder = lockerOne.newLock(id);
    const releaseHolder = vi.fn();
    await holder.lock(running(), releaseHolder);

    const stop = new AbortController();
    const waiter: Lock = lockerTwo.newLock(id);
    const waiting = waiter.lock(stop.signal, vi.fn());
    await vi.waitFor(() => expect(releaseHolder).toHaveBeenCalled(), { timeout: 5_000 });
    stop.abort();
    await expect(waiting).rejects.toMatchObject({ status_code: 500, body: 'failed to acquire lock before timeout' });

    // An already stopped request is refused at once.
    await expect(lockerTwo.newLock(id).lock(AbortSignal.abort(), vi.fn())).rejects.toMatchObject({ status_code: 500 });

    await holder.unlock();
    const next = lockerTwo.newLock(id);
    await next.lock(running(), vi.fn());
    await next.unlock();
  });

  it('times out a waiter after acquireLockTimeout', async () => {
    const id = `upload-timeout-${Date.now()}`;
    const holder = dbLocker(one).newLock(id);
    await holder.lock(running(), vi.fn());
    const started = Date.now();
    await expect(dbLocker(two, { acquireLockTimeout: 300, retryInterval: 20 }).newLock(id).lock(running(), vi.fn())).rejects.toMatchObject({
      status_code: 500,
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
    await holder.unlock();
  });

  it('asks the holder to stop when its connection is lost (its lock went with the session)', async () => {
    const id = `upload-lost-${Date.now()}`;
    const holder = dbLocker(one).newLock(id);
    const releaseHolder = vi.fn();
    await holder.lock(running(), releaseHolder);
    const key = uploadLockKey(id);
    const unsigned = BigInt.asUintN(64, BigInt(key));
    await two.query(
      `select pg_terminate_backend(pid) from pg_locks
        where locktype = 'advisory' and objsubid = 1 and classid::bigint = $1 and objid::bigint = $2 and granted`,
      [(unsigned >> 32n).toString(), (unsigned & 0xffffffffn).toString()],
    );
    await vi.waitFor(() => expect(releaseHolder).toHaveBeenCalled(), { timeout: 5_000 });
    await holder.unlock();
    const next = dbLocker(two).newLock(id);
    await next.lock(running(), vi.fn());
    await next.unlock();
  });

  it('serves tus requests of one upload through two apps, each taking and giving back the lock', async () => {
    await prepareDatabase(one, { demo: true });
    const { store } = temporaryUploadStore();
    const appOf = (db: Db) => createApp({ db, secret: TEST_SECRET, distDir: '/nonexistent-dist', uploadStore: store });
    /** The db with its sessions counted: each lock tus takes is one. */
    const counted = (db: Db) => {
      const acquire = db.acquireSession;
      if (!acquire) throw new Error('no sessions on PostgreSQL');
      const sessions = vi.fn(acquire);
      return { db: { ...db, acquireSession: sessions }, sessions };
    };
    const [replicaOne, replicaTwo] = [counted(one), counted(two)];
    const [first, second] = [appOf(replicaOne.db), appOf(replicaTwo.db)];
    const auth = { Authorization: `Bearer ${await tokenFor(one, TEST_SECRET, 'demo@example.com')}`, 'Tus-Resumable': '1.0.0' };
    const body = Buffer.alloc(4096, 7);
    Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]).copy(body);
    const created = await first.request('/api/uploads/', {
      method: 'POST',
      headers: { ...auth, 'Upload-Length': String(body.length), 'Upload-Metadata': `kind ${Buffer.from('image').toString('base64')}` },
    });
    expect(created.status).toBe(201);
    const location = new URL(created.headers.get('location') ?? '', 'http://x').pathname;
    const half = await second.request(location, {
      method: 'PATCH',
      headers: { ...auth, 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
      body: body.subarray(0, 2048),
    });
    expect(half.status).toBe(204);
    const rest = await first.request(location, {
      method: 'PATCH',
      headers: { ...auth, 'Upload-Offset': '2048', 'Content-Type': 'application/offset+octet-stream' },
      body: body.subarray(2048),
    });
    expect(rest.status).toBe(204);
    const head = await second.request(location, { method: 'HEAD', headers: auth });
    expect(head.headers.get('upload-offset')).toBe(String(body.length));
    // Both apps locked through PostgreSQL (POST + PATCH on one, PATCH + HEAD on the other)…
    expect(replicaOne.sessions.mock.calls.length).toBeGreaterThanOrEqual(2);
    expect(replicaTwo.sessions.mock.calls.length).toBeGreaterThanOrEqual(2);
    // …and every lock went back: nothing of the upload is still locked.
    const { rows } = await one.query<{ n: number }>(`select count(*) as n from pg_locks where locktype = 'advisory' and granted`);
    expect(rows[0]?.n).toBe(0);
  });
});
