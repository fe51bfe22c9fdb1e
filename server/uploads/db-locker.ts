/**
 * The lock tus takes around every request on one upload (HEAD, PATCH, DELETE), shared by every
 * replica through PostgreSQL, so two PATCHes of one upload reaching two replicas at once run one
 * after the other.
 *
 * - PostgreSQL: a session-level `pg_try_advisory_lock(key)` on a connection of its own
 *   (`Db.acquireSession`) held for the lock's lifetime; `pg_advisory_unlock` and the connection goes
 *   back. If the connection dies, PostgreSQL drops the lock with the session and the holder is asked
 *   to stop. `key` is a stable signed 64-bit hash of 'tus-upload:<id>' (the migration lock is the
 *   small constant 724301, so the two never meet in practice: 1 in 2^64).
 * - Waiting, as tus's MemoryLocker: a request that finds the lock taken asks the holder to release it
 *   (tus then cancels the holder's request, which unlocks) and tries again until it holds the lock,
 *   its request is aborted or `acquireLockTimeout` passes (then tus's ERR_LOCK_TIMEOUT). The ask
 *   crosses replicas as a NOTIFY on the upload's own channel, which the holder LISTENs to.
 * - PGlite (no sessions: one connection in one process, its data directory used by that process
 *   only) keeps tus's MemoryLocker.
 */
import { createHash } from 'node:crypto';
import { ERRORS, MemoryLocker, type Lock, type Locker, type RequestRelease } from '@tus/server';
import type { Db, DbSession } from '../db/db';

export interface DbLockerOptions {
  /** How long a request waits for the lock before tus answers 500 (as MemoryLocker: 30 s). */
  acquireLockTimeout?: number;
  /** Pause between two attempts, each of which asks the holder again to release. */
  retryInterval?: number;
}

/** The advisory-lock key of an upload: a stable signed 64-bit hash, as a decimal string (`bigint`). */
export const uploadLockKey = (id: string): string =>
  createHash('sha256').update(`tus-upload:${id}`).digest().readBigInt64BE(0).toString();

/** The NOTIFY channel on which waiters ask the holder of `key` to release (a plain identifier). */
const releaseChannel = (key: string): string => `tus_upload_release_${BigInt.asUintN(64, BigInt(key)).toString(16)}`;

/** tus's locker for this database: advisory locks on PostgreSQL, in-process locks on PGlite. */
export const dbLocker = (db: Db, options: DbLockerOptions = {}): Locker =>
  db.acquireSession
    ? new PgAdvisoryLocker(db.acquireSession, options)
    : new MemoryLocker({ acquireLockTimeout: options.acquireLockTimeout ?? 30_000 });

export class PgAdvisoryLocker implements Locker {
  readonly timeout: number;
  readonly retryInterval: number;

  constructor(
    readonly acquireSession: () => Promise<DbSession>,
    options: DbLockerOptions = {},
  ) {
    this.timeout = options.acquireLockTimeout ?? 30_000;
    this.retryInterval = options.retryInterval ?? 100;
  }

  newLock(id: string): Lock {
    return new PgAdvisoryLock(uploadLockKey(id), this);
  }
}

/** Resolves after `ms`, or at once when `signal` aborts. */
const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });

class PgAdvisoryLock implements Lock {
  private held: DbSession | undefined;

  constructor(
    private readonly key: string,
    private readonly locker: PgAdvisoryLocker,
  ) {}

  async lock(stopSignal: AbortSignal, requestRelease: RequestRelease): Promise<void> {
    if (this.held) throw new Error('The lock is already held');
    const deadline = Date.now() + this.locker.timeout;
    const timedOut = () => stopSignal.aborted || Date.now() >= deadline;
    if (timedOut()) throw ERRORS.ERR_LOCK_TIMEOUT;

    const session = await this.session(stopSignal);
    const channel = releaseChannel(this.key);
    try {
      for (;;) {
        const { rows } = await session.query<{ locked: boolean }>('select pg_try_advisory_lock($1::bigint) as locked', [this.key]);
        if (rows[0]?.locked) break;
        // Taken (here or on another replica): ask its holder to let go, then try again.
        await session.query('select pg_notify($1, $2)', [channel, '']);
        if (timedOut()) throw ERRORS.ERR_LOCK_TIMEOUT;
        await pause(this.locker.retryInterval, stopSignal);
        if (timedOut()) throw ERRORS.ERR_LOCK_TIMEOUT;
      }
    } catch (error) {
      // The session may hold nothing, or a lock the failed round trip took: closing it frees both.
      session.release(true);
      throw error;
    }

    const askRelease = () => {
      void Promise.resolve()
        .then(requestRelease)
        .catch(() => {});
    };
    session.onNotification((from) => {
      if (from === channel) askRelease();
    });
    // The session (and so the lock) is gone: the request must stop writing.
    session.onLost(askRelease);
    this.held = session;
    try {
      // A waiter's ask sent before this LISTEN is repeated at its next attempt.
      await session.exec(`listen ${channel}`);
    } catch {
      // Without the LISTEN a waiter cannot ask, but it still gets the lock when this one unlocks.
    }
  }

  /** A session from the pool; a request stopped while the pool is busy gives it back when it comes. */
  private session(stopSignal: AbortSignal): Promise<DbSession> {
    const pending = this.locker.acquireSession();
    return new Promise<DbSession>((resolve, reject) => {
      const stop = () => {
        pending.then((session) => session.release(), () => {});
        reject(ERRORS.ERR_LOCK_TIMEOUT);
      };
      stopSignal.addEventListener('abort', stop, { once: true });
      pending.then(
        (session) => {
          stopSignal.removeEventListener('abort', stop);
          if (stopSignal.aborted) session.release();
          else resolve(session);
        },
        (error: unknown) => {
          stopSignal.removeEventListener('abort', stop);
          reject(error instanceof Error ? error : new Error(String(error)));
        },
      );
    });
  }

  async unlock(): Promise<void> {
    const session = this.held;
    if (!session) throw new Error('Releasing an unlocked lock!');
    this.held = undefined;
    try {
      await session.query('select pg_advisory_unlock($1::bigint)', [this.key]);
      await session.exec('unlisten *');
      session.release();
    } catch {
      // Closing the connection ends the session, which releases its advisory locks.
      session.release(true);
    }
  }
}
