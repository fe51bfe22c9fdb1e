/**
 * The account behind a signed-in request, kept in memory for a moment so a busy session's requests
 * cost no database round trip each (`/api/profile/` went from one PGlite query per request to one a
 * second per user).
 *
 * What that changes for revocation: a change made through this process (a new password, a new login
 * e-mail, a reset: `forgetUser`) is seen by the very next request; a change made elsewhere (another
 * replica, the database directly) is seen within `USER_FRESH_MS`, when the kept row is read again.
 * A read that was already under way when a row was forgotten is not kept, so it cannot bring the old
 * row back.
 */
import type { Queryable } from '../db/db';
import { findUserById, type UserRow } from './users.repo';

/** How long a user row read from the database is trusted. */
export const USER_FRESH_MS = 1000;
/** Beyond this many kept rows, the stale ones are dropped (a row is only ever reused by id). */
const SWEEP_ABOVE = 10_000;

interface Kept {
  row: UserRow;
  readAt: number;
}

interface Cache {
  rows: Map<number, Kept>;
  /** Bumped by every `forgetUser`: a read that began under an older generation is not kept. */
  generation: number;
}

/** One cache per database (a process may hold several, e.g. the tests' servers). */
const caches = new WeakMap<Queryable, Cache>();

const cacheOf = (db: Queryable): Cache => {
  let cache = caches.get(db);
  if (!cache) {
    cache = { rows: new Map(), generation: 0 };
    caches.set(db, cache);
  }
  return cache;
};

/** The user with this id, from memory when read less than `USER_FRESH_MS` ago. */
export const findFreshUser = async (db: Queryable, id: number, now: () => number = Date.now): Promise<UserRow | undefined> => {
  const cache = cacheOf(db);
  const kept = cache.rows.get(id);
  if (kept && now() - kept.readAt < USER_FRESH_MS) return kept.row;
  const generation = cache.generation;
  const readAt = now();
  const row = await findUserById(db, id);
  if (!row || cache.generation !== generation) {
    cache.rows.delete(id);
    return row;
  }
  if (cache.rows.size >= SWEEP_ABOVE) {
    for (const [key, entry] of cache.rows) if (readAt - entry.readAt >= USER_FRESH_MS) cache.rows.delete(key);
  }
  cache.rows.set(id, { row, readAt });
  return row;
};

/** Call after changing a user's row through `db` (committed): the next request reads it afresh. */
export const forgetUser = (db: Queryable, id: number) => {
  const cache = cacheOf(db);
  cache.generation += 1;
  cache.rows.delete(id);
};
